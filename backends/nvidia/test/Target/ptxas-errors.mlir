// How ptxas's failures reach the user.
//
// A ptxas that rejects the code shows its own message, verbatim, after
// the command that failed.
// REQUIRES: ptxas
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REJECT
// REJECT: trident-nvidia-translate: ptxas -arch=sm_90 failed (exit {{[0-9]+}}):
// REJECT-NEXT: ptxas {{.*}}kernel.ptx, line {{[0-9]+}}; error   : {{.*}}bogus_instruction

// ptxas missing: what was looked at and what to do.
// RUN: not env TRIDENT_PTXAS= CUDA_HOME=%t.nowhere PATH=%t.nowhere %trident_nvidia_translate %s --arch sm_90 --emit cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: trident-nvidia-translate: ptxas not found (looked at TRIDENT_PTXAS, CUDA_HOME/bin and PATH): install the CUDA toolkit or set TRIDENT_PTXAS; `--emit ptx` still gives the PTX

// TRIDENT_PTXAS that is not a program.
// RUN: env TRIDENT_PTXAS=%S not trident-nvidia-translate %s --arch sm_90 --emit cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOTEXEC
// NOTEXEC: trident-nvidia-translate: TRIDENT_PTXAS is '{{.*}}Target', which is not an executable file

// A ptxas (TRIDENT_PTXAS) that fails with its own words: passed on as written.
// RUN: printf '#!/bin/sh\necho "fake ptxas: line one" >&2\necho "fake ptxas: line two" >&2\nexit 3\n' > %t.fake-ptxas
// RUN: chmod +x %t.fake-ptxas
// RUN: env TRIDENT_PTXAS=%t.fake-ptxas not trident-nvidia-translate %s --arch sm_90 --emit cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=FAKE
// FAKE: trident-nvidia-translate: ptxas -arch=sm_90 failed (exit 3):
// FAKE-NEXT: fake ptxas: line one
// FAKE-NEXT: fake ptxas: line two

// The PTX itself is still produced without ptxas.
// RUN: env TRIDENT_PTXAS= CUDA_HOME=%t.nowhere PATH=%t.nowhere %trident_nvidia_translate %s --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX
// PTX: bogus_instruction.b32

module {
  llvm.func @broken() attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "bogus_instruction.b32 0;", "" : () -> ()
    llvm.return
  }
}

// Symbols NVPTX cannot print abort LLVM (a fatal error) and a libdevice name
// libdevice lacks would stay an undefined .extern in the PTX; the llir stage
// refuses both, naming the symbol (found by fuzzing: a mutated
// tt.extern_elementwise symbol). The kernel itself may have such a name too.
//
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit llir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// RUN: sed 's/__nv_e_xpf/my\/expf/' %s | not trident-nvidia-translate - --arch sm_90 --emit llir 2>&1 | FileCheck %s --check-prefix=SPELLING-CALL
// RUN: sed 's/__nv_e_xpf/__nv_expf/; s/vadd_kernel/vadd.kernel/' %s | not trident-nvidia-translate - --arch sm_90 --emit llir 2>&1 | FileCheck %s --check-prefix=SPELLING-KERNEL
// RUN: sed 's/__nv_e_xpf/__nv_expf/' %s | trident-nvidia-translate - --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// UNDEFINED: trident-nvidia-translate: the kernel calls '__nv_e_xpf', which libdevice does not define{{$}}
// SPELLING-CALL: trident-nvidia-translate: the kernel calls 'my/expf', a name PTX cannot spell (letters, digits, '_' and '$'){{$}}
// SPELLING-KERNEL: trident-nvidia-translate: the function 'vadd.kernel' has a name PTX cannot spell (letters, digits, '_' and '$'){{$}}
// PTX: .entry vadd_kernel

module {
  llvm.func @"__nv_e_xpf"(f32) -> f32
  llvm.func @"vadd_kernel"(%x: f32) attributes {nvvm.kernel} {
    %0 = llvm.call @"__nv_e_xpf"(%x) : (f32) -> f32
    llvm.return
  }
}

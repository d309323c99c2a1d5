// `trident compile --print-pipeline` for nvidia: the ttgir stage's passes
// with the compilation's options (the target's architecture, warps,
// stages); run by `trident-opt` on the ttir stage's output they reproduce
// `--emit ttgir` byte for byte. The llir stage's passes, run the same way on
// the ttgir stage's output, give the LLVM and NVVM dialects, which
// `trident-nvidia-translate` turns into the stage's LLVM IR (libdevice
// linked, optimised) and the ptx stage's PTX, byte for byte too. ptx and
// cubin are emitted by the target.
//
// RUN: trident compile --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --print-pipeline > %t.pipelines
// RUN: FileCheck %s --input-file=%t.pipelines
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit ttir -o %t.ttir.mlir
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit ttgir -o %t.ttgir.mlir
// RUN: sed -n 's/^ttgir: //p' %t.pipelines | tr -d '\n' | xargs -0 -I{} trident-opt --plugin %nvidia_plugin %t.ttir.mlir --pass-pipeline={} -o %t.ttgir.again.mlir
// RUN: cmp %t.ttgir.mlir %t.ttgir.again.mlir
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit llir -o %t.ll
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit ptx -o %t.ptx
// RUN: sed -n 's/^llir: //p' %t.pipelines | tr -d '\n' | xargs -0 -I{} trident-opt --plugin %nvidia_plugin %t.ttgir.mlir --pass-pipeline={} -o %t.llvm.mlir
// RUN: trident-nvidia-translate %t.llvm.mlir --arch sm_80 --emit llir -o %t.again.ll
// RUN: cmp %t.ll %t.again.ll
// RUN: trident-nvidia-translate %t.llvm.mlir --arch sm_80 --emit ptx -o %t.again.ptx
// RUN: cmp %t.ptx %t.again.ptx
// The same through the driver: the llir and ptx stages' emit steps alone.
// RUN: trident compile %t.llvm.mlir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit llir --emit-only -o %t.emitted.ll
// RUN: cmp %t.ll %t.emitted.ll
// RUN: trident compile %t.ll --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 8 --num-stages 2 --emit ptx --emit-only -o %t.emitted.ptx
// RUN: cmp %t.ptx %t.emitted.ptx
//
// Each stage is also a pipeline of its own, `nvidia-<stage>`, with the
// options of a compilation.
// RUN: trident-opt --plugin %nvidia_plugin %t.ttir.mlir --pass-pipeline='builtin.module(nvidia-ttgir{arch=sm_80 num-warps=8 num-stages=2})' -o %t.ttgir.named.mlir
// RUN: cmp %t.ttgir.mlir %t.ttgir.named.mlir
// RUN: not trident-opt --plugin %nvidia_plugin %t.ttir.mlir --pass-pipeline='builtin.module(nvidia-ttgir{arch=sm_1})' 2>&1 | FileCheck %s --check-prefix=BADARCH
// RUN: not trident-opt --plugin %nvidia_plugin %t.ttir.mlir --pass-pipeline='builtin.module(nvidia-llir{opt=fast=1})' 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADARCH: error: unknown nvidia architecture 'sm_1'
// BADOPT: error: target 'nvidia' has no option 'fast'

// CHECK: ttir: builtin.module(
// CHECK-NEXT: ttgir: builtin.module(convert-triton-to-tritongpu{num-ctas=1 num-warps=8 target=cuda:80 threads-per-warp=32},{{.*}}nvidia-accelerate-matmul{compute-capability=80}{{.*}}ttg-pipeline{num-stages=2}{{.*}})
// CHECK-NEXT: llir: builtin.module({{.*}}nvidia-convert-triton-gpu-to-llvm{compute-capability=80}{{.*}})
// CHECK-NEXT: ptx: (emitted by the target; not MLIR)
// CHECK-NEXT: cubin: (emitted by the target; not MLIR)

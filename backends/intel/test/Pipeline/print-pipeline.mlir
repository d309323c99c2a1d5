// `trident compile --print-pipeline` for intel: the ttgir stage's passes with
// the compilation's options (16 lanes a sub-group); run by `trident-opt` on
// the ttir stage's output they reproduce `--emit ttgir` byte for byte. The
// llir stage's passes, run the same way on the ttgir output, give the LLVM
// dialect; `trident compile --emit llir --emit-only` turns it into the
// stage's LLVM IR, and `--emit spirv --emit-only` that LLVM IR into the
// SPIR-V binary, byte for byte too.
//
// RUN: trident compile --plugin %intel_plugin --target intel --num-warps 8 --print-pipeline > %t.pipelines
// RUN: FileCheck %s --input-file=%t.pipelines
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --num-warps 8 --emit ttir -o %t.ttir.mlir
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --num-warps 8 --emit ttgir -o %t.ttgir.mlir
// RUN: sed -n 's/^ttgir: //p' %t.pipelines | tr -d '\n' | xargs -0 -I{} trident-opt --plugin %intel_plugin %t.ttir.mlir --pass-pipeline={} -o %t.ttgir.again.mlir
// RUN: cmp %t.ttgir.mlir %t.ttgir.again.mlir
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --num-warps 8 --emit llir -o %t.ll
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --num-warps 8 --emit spirv -o %t.spv
// RUN: sed -n 's/^llir: //p' %t.pipelines | tr -d '\n' | xargs -0 -I{} trident-opt --plugin %intel_plugin %t.ttgir.mlir --pass-pipeline={} -o %t.llvm.mlir
// RUN: trident compile %t.llvm.mlir --plugin %intel_plugin --target intel --num-warps 8 --emit llir --emit-only -o %t.again.ll
// RUN: cmp %t.ll %t.again.ll
// RUN: trident compile %t.ll --plugin %intel_plugin --target intel --num-warps 8 --emit spirv --emit-only -o %t.again.spv
// RUN: cmp %t.spv %t.again.spv

// CHECK: ttir: builtin.module(
// CHECK-NEXT: ttgir: builtin.module(intel-expand-libdevice,convert-triton-to-tritongpu{num-ctas=1 num-warps=8 target=xpu:{{[a-z0-9]+}} threads-per-warp=16},{{.*}})
// CHECK-NEXT: llir: builtin.module({{.*}}intel-convert-triton-gpu-to-llvm{{.*}})
// CHECK-NEXT: spirv: (emitted by the target; not MLIR)

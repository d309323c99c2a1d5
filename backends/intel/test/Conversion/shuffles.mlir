// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm %s | FileCheck %s

// Sub-group shuffles go through the upstream gpu dialect: the Intel
// TargetInfo emits gpu.shuffle and MLIR's GPU -> LLVM SPV patterns, in the
// same conversion, make them the OpenCL sub_group_shuffle* built-ins
// (convergent declarations), with the module's sub-group size as the width.
// 16-bit values travel in an i32. The SPIR-V target environment the
// patterns read is not left on the module.

// CHECK-NOT: spirv.target_env
// CHECK-DAG: llvm.func spir_funccc @_Z21sub_group_shuffle_xorfj(f32, i32) -> f32 attributes {convergent
// CHECK-DAG: llvm.func spir_funccc @_Z21sub_group_shuffle_xorij(i32, i32) -> i32 attributes {convergent
// CHECK-LABEL: llvm.func spir_kernelcc @sums(
// CHECK-SAME: intel_reqd_sub_group_size = 16 : i32
// CHECK-COUNT-4: llvm.call spir_funccc @_Z21sub_group_shuffle_xorfj(%{{.*}}, %{{.*}}) {{.*}}: (f32, i32) -> f32
// CHECK: %[[W:.*]] = llvm.zext %{{.*}} : i16 to i32
// CHECK: llvm.call spir_funccc @_Z21sub_group_shuffle_xorij(%[[W]], %{{.*}}) {{.*}}: (i32, i32) -> i32
// CHECK-NOT: gpu.shuffle

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @sums(%x: tensor<16xf32, #blocked>, %h: tensor<16xf16, #blocked>, %p: !tt.ptr<f32>, %q: !tt.ptr<f16>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<16xf32, #blocked>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    %t = "tt.reduce"(%h) <{axis = 0 : i32}> ({
    ^bb0(%a: f16, %b: f16):
      %c = arith.maximumf %a, %b : f16
      tt.reduce.return %c : f16
    }) : (tensor<16xf16, #blocked>) -> f16
    tt.store %q, %t : !tt.ptr<f16>
    tt.return
  }
}

// -----

// Sub-groups of 32 lanes: the width follows the module.
// CHECK-LABEL: llvm.func spir_kernelcc @sum32(
// CHECK-SAME: intel_reqd_sub_group_size = 32 : i32
// CHECK-COUNT-5: llvm.call spir_funccc @_Z21sub_group_shuffle_xorfj(
// CHECK-NOT: gpu.shuffle

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum32(%x: tensor<32xf32, #blocked>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32xf32, #blocked>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}

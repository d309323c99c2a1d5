// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm=lower-triton-gen=false %s | FileCheck %s
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm %s | FileCheck %s --check-prefix=BUILTIN

// tt.dot in the #ttg.intel_dpas layouts: one triton_gen.dpas per 8 x 16 tile
// of the result and K step, A packed into i16 per row, B into i32 per K
// pair (quad for i8), the accumulator chained through the K steps; then
// (second RUN line) the cl_intel_subgroup_matrix_multiply_accumulate
// built-in.

// One warp, one tile, two K steps of 16.
// CHECK-LABEL: llvm.func spir_kernelcc @one_tile(
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : f16 to i16
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: %[[D0:.*]] = triton_gen.dpas %{{.*}}, %{{.*}}, %{{.*}} {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
// CHECK: %[[D1:.*]] = triton_gen.dpas %[[D0]], %{{.*}}, %{{.*}} {precision = "f16", rc = 8 : i32}
// CHECK-NOT: triton_gen.dpas
// CHECK: llvm.extractelement %[[D1]]
// BUILTIN-LABEL: llvm.func spir_kernelcc @one_tile(
// BUILTIN-COUNT-2: llvm.call spir_funccc @_Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<8xi16>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
// BUILTIN-NOT: triton_gen

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [1, 1], repCluster = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @one_tile(%a: tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<8x16xf32, #dpas>) -> tensor<8x16xf32, #dpas> {
    %d = tt.dot %a, %b, %c : tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<8x16xf32, #dpas>
    tt.return %d : tensor<8x16xf32, #dpas>
  }
}

// -----

// Four warps over 64 x 64 with 2 x 2 tiles per warp: each warp holds 16 x 32
// of every 64 x 32 block, twice along N, so 8 tiles of two K steps.
// CHECK-LABEL: llvm.func spir_kernelcc @clustered(
// CHECK-COUNT-16: triton_gen.dpas {{.*}} {precision = "bf16", rc = 8 : i32}
// CHECK-NOT: triton_gen.dpas

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 2]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @clustered(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<64x64xf32, #dpas>) -> tensor<64x64xf32, #dpas> {
    %d = tt.dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<64x64xf32, #dpas>
    tt.return %d : tensor<64x64xf32, #dpas>
  }
}

// -----

// i8 into i32: two i8 per i16 of A, four per i32 of B, K steps of 32.
// CHECK-LABEL: llvm.func spir_kernelcc @int8(
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xi8> to i16
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: triton_gen.dpas %{{.*}}, %{{.*}}, %{{.*}} {precision = "s8", rc = 8 : i32} : (vector<8xi32>, vector<8xi16>, vector<8xi32>) -> vector<8xi32>
// CHECK-NOT: triton_gen.dpas
// BUILTIN-LABEL: llvm.func spir_kernelcc @int8(
// BUILTIN: llvm.call spir_funccc @_Z36intel_sub_group_i8_i8_matrix_mad_k32Dv8_sDv8_iS0_(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<8xi16>, vector<8xi32>, vector<8xi32>) -> vector<8xi32>

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, threadsPerWarp = 16, warpsPerCTA = [1, 1], repCluster = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @int8(%a: tensor<8x32xi8, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 2}>>, %b: tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 4}>>, %c: tensor<8x16xi32, #dpas>) -> tensor<8x16xi32, #dpas> {
    %d = tt.dot %a, %b, %c : tensor<8x32xi8, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 2}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 4}>> -> tensor<8x16xi32, #dpas>
    tt.return %d : tensor<8x16xi32, #dpas>
  }
}

// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %kernels/matmul_blockptr.ttir --plugin %intel_plugin --target intel --emit ttgir -o - | FileCheck %s --check-prefix=TTGIR
// RUN: trident compile %kernels/matmul_blockptr.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s

// A 64 x 64 x 32 f16 matmul (block pointers, f32 accumulator) on the matrix
// engine: intel-accelerate-matmul gives the dot the DPAS layouts in the
// ttgir stage, and each warp's 8 tiles of 8 x 16 make two K steps each of
// the cl_intel_subgroup_matrix_multiply_accumulate built-in per iteration
// of the K loop.

// TTGIR: #[[DPAS:.*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 2]}>
// TTGIR: ttg.local_load {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[DPAS]], kWidth = 1}>>
// TTGIR: ttg.local_load {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[DPAS]], kWidth = 2}>>
// TTGIR: tt.dot {{.*}} -> tensor<64x64xf32, #[[DPAS]]>

// CHECK-DAG: OpCapability Kernel
// CHECK-DAG: OpCapability Float16
// CHECK: OpEntryPoint Kernel %[[K:.*]] "matmul_blockptr_kernel"
// CHECK-DAG: OpExecutionMode %[[K]] SubgroupSize 16
// CHECK-DAG: %[[MAD:.*]] = OpFunction %v8float None %{{.*}}
// CHECK-DAG: OpName %[[MAD]] "_Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f"
// CHECK-DAG: OpDecorate %[[MAD]] LinkageAttributes "_Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f" Import
// CHECK: %[[K]] = OpFunction %void
// CHECK-COUNT-16: OpFunctionCall %v8float %[[MAD]] %{{.*}} %{{.*}} %{{.*}}
// CHECK-NOT: OpFunctionCall %v8float %[[MAD]]
// CHECK: OpFunctionEnd

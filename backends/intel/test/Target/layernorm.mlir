// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %kernels/layernorm.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s

// Layer norm: loops whose carried tensors are split per field (LLVM's
// SPIR-V target needs scalar phis), shuffle reductions, barriers around
// shared local memory, and the reciprocal square root from OpenCL.std.

// CHECK-DAG: OpCapability Kernel
// CHECK-DAG: OpCapability GroupNonUniformShuffle
// CHECK: %[[STD:.*]] = OpExtInstImport "OpenCL.std"
// CHECK: OpEntryPoint Kernel %[[K:.*]] "layernorm_fwd_kernel"
// CHECK-DAG: OpExecutionMode %[[K]] LocalSize 64 1 1
// CHECK-DAG: OpExecutionMode %[[K]] SubgroupSize 16
// CHECK: %[[K]] = OpFunction
// CHECK: OpPhi %float
// CHECK-DAG: OpGroupNonUniformShuffleXor %float %uint_3 %{{.*}} %uint_8
// CHECK-DAG: OpControlBarrier %uint_2 %uint_2
// CHECK-DAG: OpExtInst %float %[[STD]] sqrt
// CHECK: OpFunctionEnd

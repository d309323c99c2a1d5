// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --emit llir -o - | FileCheck %s --check-prefix=LLIR

// Shared local memory: an internal addrspace(3) array of the module's
// ttg.shared bytes (4 sub-groups x one f32 partial result).
// LLIR: @global_smem = internal addrspace(3) global [16 x i8] undef, align 16

// Row softmax: max and sum reductions by sub-group shuffles (xor 8, 4, 2, 1
// over 16 lanes), across sub-groups through shared local memory (a
// Workgroup variable) between work-group barriers; exp from OpenCL.std.

// CHECK-DAG: OpCapability Kernel
// CHECK-DAG: OpCapability GroupNonUniformShuffle
// CHECK: %[[STD:.*]] = OpExtInstImport "OpenCL.std"
// CHECK: OpEntryPoint Kernel %[[K:.*]] "softmax_kernel"
// CHECK-DAG: OpExecutionMode %[[K]] LocalSize 64 1 1
// CHECK-DAG: OpExecutionMode %[[K]] SubgroupSize 16
// CHECK: %global_smem = OpVariable %{{.*}} Workgroup
// CHECK: %[[K]] = OpFunction
// CHECK-DAG: OpGroupNonUniformShuffleXor %float %uint_3 %{{.*}} %uint_8
// CHECK-DAG: OpGroupNonUniformShuffleXor %float %uint_3 %{{.*}} %uint_1
// CHECK-DAG: OpControlBarrier %uint_2 %uint_2
// CHECK-DAG: OpExtInst %float %[[STD]] exp
// CHECK: OpFunctionEnd

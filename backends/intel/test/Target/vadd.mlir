// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %kernels/vadd.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s

// Vector add: an OpenCL kernel of 4 sub-groups of 16 lanes, ids from the
// work-item built-ins; the mask `offsets < n` differs per element, so each
// element is a predicated load (a branch around an OpLoad) and store.

// CHECK-DAG: OpCapability Kernel
// CHECK-DAG: OpCapability Addresses
// CHECK-NOT: OpCapability Shader
// CHECK: OpMemoryModel Physical64 OpenCL
// CHECK: OpEntryPoint Kernel %[[K:.*]] "vadd_kernel"
// CHECK-SAME: __spirv_BuiltInLocalInvocationId
// CHECK-SAME: __spirv_BuiltInWorkgroupId
// CHECK-DAG: OpExecutionMode %[[K]] LocalSize 64 1 1
// CHECK-DAG: OpExecutionMode %[[K]] SubgroupSize 16
// CHECK-DAG: OpDecorate %{{.*}} BuiltIn WorkgroupId
// CHECK: %[[K]] = OpFunction %void
// CHECK-COUNT-3: OpFunctionParameter %_ptr_CrossWorkgroup_float
// CHECK: OpLoad %v3ulong %__spirv_BuiltInWorkgroupId
// CHECK: OpBranchConditional
// CHECK: OpLoad %float %{{.*}} Aligned 4
// CHECK: OpFAdd %float
// CHECK: OpBranchConditional
// CHECK-NEXT: OpLabel
// CHECK-NEXT: OpStore %{{.*}} %{{.*}} Aligned 4
// CHECK: OpFunctionEnd

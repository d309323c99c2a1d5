// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %S/Inputs/libdevice.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s

// libdevice's math functions on intel: OpenCL.std extended instructions
// (powi is pown, ldexp keeps its int exponent, ilogb gives an int), and
// core instructions around them for the int-valued predicates (finite,
// isnan: OpUnordered, isinf, signbit) and round-to-nearest arithmetic. spirv-val accepts
// the module.

// CHECK-DAG: OpExtInst %{{.*}} pown %
// CHECK-DAG: OpExtInst %{{.*}} pow %
// CHECK-DAG: OpExtInst %{{.*}} ldexp
// CHECK-DAG: OpExtInst %{{.*}} ilogb
// CHECK-DAG: OpExtInst %{{.*}} fma
// CHECK-DAG: OpExtInst %{{.*}} rsqrt
// CHECK-DAG: OpExtInst %{{.*}} exp10
// CHECK-DAG: OpExtInst %{{.*}} sinpi
// CHECK-DAG: OpExtInst %{{.*}} cospi
// CHECK-DAG: OpExtInst %{{.*}} erfc
// CHECK-DAG: OpExtInst %{{.*}} hypot
// CHECK-DAG: OpExtInst %{{.*}} lgamma
// CHECK-DAG: OpExtInst %{{.*}} fdim
// CHECK-DAG: OpExtInst %{{.*}} fmod
// CHECK-DAG: OpUnordered
// CHECK-DAG: OpFOrdEqual
// CHECK-DAG: OpFOrdLessThan
// CHECK-DAG: OpSLessThan
// CHECK-NOT: OpFunctionCall

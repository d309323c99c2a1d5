// REQUIRES: intel-plugin, spirv-val, spirv-dis
// RUN: trident compile %kernels/bessel.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --implicit-check-not=OpFunctionCall

// libdevice's Bessel functions j0/j1/y0/y1/jn/yn and rcp64h on intel,
// computed by tt-expand-libdevice in f64 (the cpu target runs the same
// expansion against references: linalg-e2e-bessel): Hankel's expansions
// take cos and sin, the series log; jn and yn loop as far as the largest
// order of the work-group, found by a sub-group shuffle and a work-group
// exchange of the step counts (i64 s_max). No call is left.

// CHECK-DAG: OpCapability Float64
// CHECK-DAG: OpExtInst %double %{{.*}} cos %
// CHECK-DAG: OpExtInst %double %{{.*}} sin %
// CHECK-DAG: OpExtInst %double %{{.*}} log %
// CHECK-DAG: OpExtInst %ulong %{{.*}} s_max %
// CHECK-DAG: OpGroupNonUniformShuffleXor %ulong

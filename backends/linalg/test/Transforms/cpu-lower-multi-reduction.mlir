// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-lower-multi-reduction))' %s | FileCheck %s

// A 1-D reduction: one horizontal vector.reduction, not a scalar chain.
// CHECK-LABEL: func.func @row(
// CHECK-SAME:      %[[V:.*]]: vector<1024xf32>, %[[ACC:.*]]: f32
// CHECK:         %[[R:.*]] = vector.reduction <add>, %[[V]], %[[ACC]] : vector<1024xf32> into f32
// CHECK-NEXT:    return %[[R]]
func.func @row(%v: vector<1024xf32>, %acc: f32) -> f32 {
  %r = vector.multi_reduction <add>, %v, %acc [0] : vector<1024xf32> to f32
  return %r : f32
}

// Along the inner dimension of a 2-D vector: one vector.reduction per row.
// CHECK-LABEL: func.func @rows(
// CHECK-COUNT-4: vector.reduction <maxnumf>, {{.*}} : vector<16xf32> into f32
// CHECK-NOT:     vector.multi_reduction
func.func @rows(%m: vector<4x16xf32>, %acc: vector<4xf32>) -> vector<4xf32> {
  %r = vector.multi_reduction <maxnumf>, %m, %acc [1] : vector<4x16xf32> to vector<4xf32>
  return %r : vector<4xf32>
}

// Along the outer dimension: elementwise operations between rows.
// CHECK-LABEL: func.func @columns(
// CHECK-COUNT-4: arith.maxnumf {{.*}} : vector<16xf32>
// CHECK-NOT:     vector.reduction
// CHECK-NOT:     vector.multi_reduction
func.func @columns(%m: vector<4x16xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %r = vector.multi_reduction <maxnumf>, %m, %acc [0] : vector<4x16xf32> to vector<16xf32>
  return %r : vector<16xf32>
}

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

// Along the inner dimension of a 2-D vector: one horizontal reduction per
// row. A maxnumf (or minnumf) one is halved by hand, 16 -> 8 -> 4 -> 2 -> 1
// lanes, then combined with the row's accumulator: LLVM would reduce the
// last register lane by lane.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[M:.*]]: vector<4x16xf32>, %[[ACC:.*]]: vector<4xf32>
// CHECK:         %[[ROW:.*]] = vector.extract %[[M]][0] : vector<16xf32> from vector<4x16xf32>
// CHECK:         %[[A:.*]] = vector.extract %[[ACC]][0] : f32 from vector<4xf32>
// CHECK:         %[[LO8:.*]] = vector.extract_strided_slice %[[ROW]] {offsets = [0], sizes = [8], strides = [1]}
// CHECK:         %[[HI8:.*]] = vector.extract_strided_slice %[[ROW]] {offsets = [8], sizes = [8], strides = [1]}
// CHECK:         %[[M8:.*]] = arith.maxnumf %[[LO8]], %[[HI8]] : vector<8xf32>
// CHECK:         arith.maxnumf {{.*}} : vector<4xf32>
// CHECK:         arith.maxnumf {{.*}} : vector<2xf32>
// CHECK:         %[[M1:.*]] = arith.maxnumf {{.*}} : vector<1xf32>
// CHECK:         %[[S:.*]] = vector.extract %[[M1]][0] : f32 from vector<1xf32>
// CHECK:         arith.maxnumf %[[S]], %[[A]] : f32
// CHECK-NOT:     vector.reduction
// CHECK-NOT:     vector.multi_reduction
func.func @rows(%m: vector<4x16xf32>, %acc: vector<4xf32>) -> vector<4xf32> {
  %r = vector.multi_reduction <maxnumf>, %m, %acc [1] : vector<4x16xf32> to vector<4xf32>
  return %r : vector<4xf32>
}

// minnumf is halved too; a sum, and a maxnumf of a length that is not a
// power of two, stay horizontal reductions.
// CHECK-LABEL: func.func @kinds(
// CHECK:         arith.minnumf {{.*}} : vector<2xf32>
// CHECK:         vector.reduction <add>, {{.*}} : vector<16xf32> into f32
// CHECK:         vector.reduction <maxnumf>, {{.*}} : vector<12xf32> into f32
func.func @kinds(%v: vector<16xf32>, %w: vector<12xf32>) -> (f32, f32, f32) {
  %min = vector.reduction <minnumf>, %v : vector<16xf32> into f32
  %sum = vector.reduction <add>, %v : vector<16xf32> into f32
  %odd = vector.reduction <maxnumf>, %w : vector<12xf32> into f32
  return %min, %sum, %odd : f32, f32, f32
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

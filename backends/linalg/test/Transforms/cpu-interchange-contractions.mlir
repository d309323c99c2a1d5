// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-interchange-contractions))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-interchange-contractions{max-unrolled-reduction=64}))' %s | FileCheck %s --check-prefix=UNROLLED

// A matmul on buffers iterates (i, k, j): the loop over the result's
// contiguous dimension goes innermost.
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul(
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME:        ins(%arg0, %arg1 : memref<64x64xf16>, memref<64x64xf16>) outs(%arg2 : memref<64x64xf32>)
// CHECK:           arith.extf
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK-NOT:     linalg.matmul
// With a reduction of at most max-unrolled-reduction iterations, the order
// stays.
// UNROLLED-LABEL: func.func @matmul(
// UNROLLED:         linalg.matmul
func.func @matmul(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x64xf16>, memref<64x64xf16>) outs(%c : memref<64x64xf32>)
  return
}

// The default keeps a 32-step reduction (a matmul.ttir tile) in order.
// CHECK-LABEL: func.func @short_reduction(
// CHECK:         linalg.matmul
func.func @short_reduction(%a: memref<64x32xf16>, %b: memref<32x64xf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xf16>, memref<32x64xf16>) outs(%c : memref<64x64xf32>)
  return
}

// A dynamic reduction is interchanged.
// CHECK-LABEL: func.func @dynamic_reduction(
// CHECK:         iterator_types = ["parallel", "reduction", "parallel"]
func.func @dynamic_reduction(%a: memref<64x?xf32>, %b: memref<?x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x?xf32>, memref<?x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// Left alone: a row reduction (moving i inside would stride through %a),
// an op whose innermost loop is parallel, and ops on tensors.
// CHECK-LABEL: func.func @row_sum(
// CHECK:         iterator_types = ["parallel", "reduction"]
func.func @row_sum(%a: memref<64x128xf32>, %s: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<64x128xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %x, %acc : f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @elementwise(
// CHECK:         linalg.add
func.func @elementwise(%a: memref<64x32xf32>, %b: memref<64x32xf32>) {
  linalg.add ins(%a, %a : memref<64x32xf32>, memref<64x32xf32>) outs(%b : memref<64x32xf32>)
  return
}

// CHECK-LABEL: func.func @on_tensors(
// CHECK:         linalg.matmul
func.func @on_tensors(%a: tensor<8x64xf32>, %b: tensor<64x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x64xf32>, tensor<64x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

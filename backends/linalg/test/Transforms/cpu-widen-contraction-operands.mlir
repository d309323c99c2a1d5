// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-widen-contraction-operands))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-widen-contraction-operands{keep-bf16=true}))' %s | FileCheck %s --check-prefix=KEEP

// f16 tiles into an f32 accumulator: each tile extended once, then an f32
// matmul on the same accumulator.
// CHECK-LABEL: func.func @f16_into_f32(
// CHECK-SAME:      %[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x64xf16>, %[[C:.*]]: tensor<64x64xf32>
// CHECK:         %[[A32:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<64x32xf16>) outs(%{{.*}} : tensor<64x32xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         %[[B32:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<32x64xf16>) outs(%{{.*}} : tensor<32x64xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         linalg.matmul ins(%[[A32]], %[[B32]] : tensor<64x32xf32>, tensor<32x64xf32>) outs(%[[C]] : tensor<64x64xf32>)
func.func @f16_into_f32(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// Batched bf16, dynamic batch: the tiles keep their sizes.
// CHECK-LABEL: func.func @bf16_batched(
// CHECK:         %[[DIM:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x16x16xbf16>
// CHECK:         tensor.empty(%[[DIM]]) : tensor<?x16x16xf32>
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<?x16x16xf32>, tensor<?x16x16xf32>)
func.func @bf16_batched(%a: tensor<?x16x16xbf16>, %b: tensor<?x16x16xbf16>, %c: tensor<?x16x16xf32>) -> tensor<?x16x16xf32> {
  %d = linalg.batch_matmul ins(%a, %b : tensor<?x16x16xbf16>, tensor<?x16x16xbf16>) outs(%c : tensor<?x16x16xf32>) -> tensor<?x16x16xf32>
  return %d : tensor<?x16x16xf32>
}

// Left as they are: inputs as wide as the accumulator, an f16 accumulator,
// integers, and a matmul with its own indexing maps.
// CHECK-LABEL: func.func @unchanged(
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     arith.extf
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x8xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf16>, tensor<8x8xf16>) outs(%{{.*}} : tensor<8x8xf16>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xi8>, tensor<8x8xi8>) outs(%{{.*}} : tensor<8x8xi32>)
// CHECK:         linalg.matmul indexing_maps
// CHECK-SAME:      ins(%{{.*}}, %{{.*}} : tensor<8x8xf16>, tensor<8x8xf16>)
func.func @unchanged(%f: tensor<8x8xf32>, %h: tensor<8x8xf16>, %i: tensor<8x8xi8>, %acc32: tensor<8x8xf32>, %acc16: tensor<8x8xf16>, %acci: tensor<8x8xi32>) -> (tensor<8x8xf32>, tensor<8x8xf16>, tensor<8x8xi32>, tensor<8x8xf32>) {
  %0 = linalg.matmul ins(%f, %f : tensor<8x8xf32>, tensor<8x8xf32>) outs(%acc32 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.matmul ins(%h, %h : tensor<8x8xf16>, tensor<8x8xf16>) outs(%acc16 : tensor<8x8xf16>) -> tensor<8x8xf16>
  %2 = linalg.matmul ins(%i, %i : tensor<8x8xi8>, tensor<8x8xi8>) outs(%acci : tensor<8x8xi32>) -> tensor<8x8xi32>
  %3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
       ins(%h, %h : tensor<8x8xf16>, tensor<8x8xf16>) outs(%acc32 : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2, %3 : tensor<8x8xf32>, tensor<8x8xf16>, tensor<8x8xi32>, tensor<8x8xf32>
}

// A bf16 matmul into f32 is widened, unless keep-bf16 leaves it to the
// bf16 dot product; f16 and a batched bf16 matmul are widened either way.
// CHECK-LABEL: func.func @bf16_into_f32(
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x64xf32>)
// KEEP-LABEL:  func.func @bf16_into_f32(
// KEEP-SAME:       %[[A:.*]]: tensor<64x32xbf16>, %[[B:.*]]: tensor<32x64xbf16>, %[[C:.*]]: tensor<64x64xf32>
// KEEP-NOT:      arith.extf
// KEEP:          linalg.matmul ins(%[[A]], %[[B]] : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%[[C]] : tensor<64x64xf32>)
// KEEP-LABEL:  func.func @f16_and_batched(
// KEEP:          arith.extf %{{.*}} : f16 to f32
// KEEP:          linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x64xf32>)
// KEEP:          arith.extf %{{.*}} : bf16 to f32
// KEEP:          linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x16x16xf32>, tensor<2x16x16xf32>)
// An odd K, or rows of C that are not 16 lanes, is widened: the dot
// product could not take it.
// KEEP-LABEL:  func.func @bf16_not_for_the_dot_product(
// KEEP-COUNT-2:  arith.extf %{{.*}} : bf16 to f32
// KEEP:          linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x3xf32>, tensor<3x64xf32>)
// KEEP-COUNT-2:  arith.extf %{{.*}} : bf16 to f32
// KEEP:          linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x8xf32>)
func.func @bf16_into_f32(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

func.func @f16_and_batched(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                           %ba: tensor<2x16x16xbf16>, %bb: tensor<2x16x16xbf16>, %bc: tensor<2x16x16xf32>) -> (tensor<64x64xf32>, tensor<2x16x16xf32>) {
  %d = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = linalg.batch_matmul ins(%ba, %bb : tensor<2x16x16xbf16>, tensor<2x16x16xbf16>) outs(%bc : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  return %d, %e : tensor<64x64xf32>, tensor<2x16x16xf32>
}

func.func @bf16_not_for_the_dot_product(%a: tensor<64x3xbf16>, %b: tensor<3x64xbf16>, %c: tensor<64x64xf32>,
                                        %a2: tensor<64x32xbf16>, %b2: tensor<32x8xbf16>, %c2: tensor<64x8xf32>) -> (tensor<64x64xf32>, tensor<64x8xf32>) {
  %d = linalg.matmul ins(%a, %b : tensor<64x3xbf16>, tensor<3x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = linalg.matmul ins(%a2, %b2 : tensor<64x32xbf16>, tensor<32x8xbf16>) outs(%c2 : tensor<64x8xf32>) -> tensor<64x8xf32>
  return %d, %e : tensor<64x64xf32>, tensor<64x8xf32>
}

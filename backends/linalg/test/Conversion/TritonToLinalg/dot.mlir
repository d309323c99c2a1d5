// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// tt.dot becomes linalg.matmul / linalg.batch_matmul accumulating into c.

// CHECK-LABEL: func.func @dots(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: tensor<32x16xf16>, %[[B:[a-z0-9_]+]]: tensor<16x64xf16>, %[[C:[a-z0-9_]+]]: tensor<32x64xf32>,
// CHECK-SAME:    %[[BA:[a-z0-9_]+]]: tensor<2x8x4xf32>, %[[BB:[a-z0-9_]+]]: tensor<2x4x8xf32>, %[[BC:[a-z0-9_]+]]: tensor<2x8x8xf32>
// f16 inputs are extended to the f32 accumulator `c`, which the product is added to.
// CHECK:         %[[D:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<32x16xf16>, tensor<16x64xf16>) outs(%[[C]] : tensor<32x64xf32>) -> tensor<32x64xf32>
// CHECK:         %[[E:.*]] = linalg.batch_matmul ins(%[[BA]], %[[BB]] : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%[[BC]] : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
// CHECK:         return %[[D]], %[[E]]
tt.func public @dots(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>, %ba: tensor<2x8x4xf32>, %bb: tensor<2x4x8xf32>, %bc: tensor<2x8x8xf32>) -> (tensor<32x64xf32>, tensor<2x8x8xf32>) {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %e = tt.dot %ba, %bb, %bc : tensor<2x8x4xf32> * tensor<2x4x8xf32> -> tensor<2x8x8xf32>
  tt.return %d, %e : tensor<32x64xf32>, tensor<2x8x8xf32>
}

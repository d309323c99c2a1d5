// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// tt.scan becomes an scf.for over the scanned axis.

// A 1-D scan carries scalars.
// CHECK-LABEL: func.func @cumsum(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: tensor<64xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[FIRST:.*]] = tensor.extract %[[X]][%[[C0]]] : tensor<64xf32>
// CHECK:         %[[OUT0:.*]] = tensor.insert %[[FIRST]] into %{{.*}}[%[[C0]]] : tensor<64xf32>
// CHECK:         %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]], %[[OUT:.*]] = %[[OUT0]]) -> (f32, tensor<64xf32>)
// CHECK:           %[[E:.*]] = tensor.extract %[[X]][%[[I]]] : tensor<64xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK:           %[[NEXT:.*]] = tensor.insert %[[S]] into %[[OUT]][%[[I]]] : tensor<64xf32>
// CHECK:           scf.yield %[[S]], %[[NEXT]] : f32, tensor<64xf32>
// CHECK:         return %[[R]]#1
tt.func public @cumsum(%x: tensor<64xf32>) -> tensor<64xf32> {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// A scan of a 2-D tensor carries slices; reverse walks the axis backwards.
// CHECK-LABEL: func.func @rev_cumprod_2d(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: tensor<4x8xf32>
// CHECK:         %[[C7:.*]] = arith.constant 7 : index
// CHECK:         %[[LAST:.*]] = tensor.extract_slice %[[X]][0, %[[C7]]] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
// CHECK:         %[[OUT0:.*]] = tensor.insert_slice %[[LAST]] into %{{.*}}[0, %[[C7]]] [4, 1] [1, 1]
// CHECK:         %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[LAST]], %[[OUT:.*]] = %[[OUT0]]) -> (tensor<4xf32>, tensor<4x8xf32>)
// CHECK:           %[[POS:.*]] = arith.subi %{{.*}}, %[[I]] : index
// CHECK:           %[[CUR:.*]] = tensor.extract_slice %[[X]][0, %[[POS]]] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
// CHECK:           %[[P:.*]] = linalg.generic {{.*}} ins(%[[ACC]], %[[CUR]] : tensor<4xf32>, tensor<4xf32>)
// CHECK:             arith.mulf
// CHECK:           %[[NEXT:.*]] = tensor.insert_slice %[[P]] into %[[OUT]][0, %[[POS]]] [4, 1] [1, 1]
// CHECK:           scf.yield %[[P]], %[[NEXT]]
// CHECK:         return %[[R]]#1
tt.func public @rev_cumprod_2d(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  tt.return %r : tensor<4x8xf32>
}

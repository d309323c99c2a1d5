// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// tt.reduce becomes linalg.reduce with the combiner inlined.

// A combiner with a neutral element: the accumulator starts at it.
// CHECK-LABEL: func.func @sum_1d(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: tensor<128xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<f32>) -> tensor<f32>
// CHECK:         %[[R:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<128xf32>) outs(%[[INIT]] : tensor<f32>) dimensions = [0]
// CHECK:         %[[S:.*]] = tensor.extract %[[R]][] : tensor<f32>
// CHECK:         return %[[S]] : f32
tt.func public @sum_1d(%x: tensor<128xf32>) -> f32 {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %r : f32
}

// Any other combiner (here argmax on two operands): the accumulator starts
// at the first slice along the axis and the rest is reduced into it; the
// accumulator is the combiner's left operand.
// CHECK-LABEL: func.func @argmax_rows(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: tensor<4x16xf32>, %[[I:[a-z0-9_]+]]: tensor<4x16xi32>
// CHECK:         %[[X0:.*]] = tensor.extract_slice %[[X]][0, 0] [4, 1] [1, 1] : tensor<4x16xf32> to tensor<4xf32>
// CHECK:         %[[XR:.*]] = tensor.extract_slice %[[X]][0, 1] [4, 15] [1, 1] : tensor<4x16xf32> to tensor<4x15xf32>
// CHECK:         %[[I0:.*]] = tensor.extract_slice %[[I]][0, 0] [4, 1] [1, 1] : tensor<4x16xi32> to tensor<4xi32>
// CHECK:         %[[IR:.*]] = tensor.extract_slice %[[I]][0, 1] [4, 15] [1, 1] : tensor<4x16xi32> to tensor<4x15xi32>
// CHECK:         %[[R:.*]]:2 = linalg.reduce ins(%[[XR]], %[[IR]] : tensor<4x15xf32>, tensor<4x15xi32>) outs(%[[X0]], %[[I0]] : tensor<4xf32>, tensor<4xi32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[INI:.*]]: i32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i32) {
// CHECK-NEXT:        %[[GT:.*]] = arith.cmpf ogt, %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:        %[[V:.*]] = arith.select %[[GT]], %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:        %[[K:.*]] = arith.select %[[GT]], %[[ACCI]], %[[INI]] : i32
// CHECK-NEXT:        linalg.yield %[[V]], %[[K]] : f32, i32
// CHECK:         return %[[R]]#0, %[[R]]#1
tt.func public @argmax_rows(%x: tensor<4x16xf32>, %i: tensor<4x16xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %r:2 = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
  ^bb0(%v1: f32, %i1: i32, %v2: f32, %i2: i32):
    %gt = arith.cmpf ogt, %v1, %v2 : f32
    %v = arith.select %gt, %v1, %v2 : f32
    %k = arith.select %gt, %i1, %i2 : i32
    tt.reduce.return %v, %k : f32, i32
  }) : (tensor<4x16xf32>, tensor<4x16xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  tt.return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// Inductor's NaN-propagating maximum and minimum (`where(a > b | a != a, a,
// b)`, in either order of the or) reduce with arith.maximumf / minimumf from
// -inf / +inf, which the vectorizer keeps in vector registers.
// CHECK-LABEL: func.func @nan_max_rows(
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK:         linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<4x256xf32>) outs(%[[INIT]] : tensor<4xf32>) dimensions = [1]
tt.func public @nan_max_rows(%x: tensor<4x256xf32>) -> tensor<4xf32> {
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %nan = arith.cmpf une, %a, %a : f32
    %mask = arith.ori %gt, %nan : i1
    %v = arith.select %mask, %a, %b : f32
    tt.reduce.return %v : f32
  }) : (tensor<4x256xf32>) -> tensor<4xf32>
  tt.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @nan_min(
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         linalg.reduce { arith.minimumf } ins(%{{.*}} : tensor<128xf32>)
tt.func public @nan_min(%x: tensor<128xf32>) -> f32 {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %nan = arith.cmpf une, %a, %a : f32
    %lt = arith.cmpf olt, %a, %b : f32
    %mask = arith.ori %nan, %lt : i1
    %v = arith.select %mask, %a, %b : f32
    tt.reduce.return %v : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %r : f32
}

// Not the pattern (NaN test on the other operand): the general form.
// CHECK-LABEL: func.func @not_nan_max(
// CHECK-NOT:     arith.maximumf
// CHECK:         tensor.extract_slice
tt.func public @not_nan_max(%x: tensor<128xf32>) -> f32 {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %nan = arith.cmpf une, %b, %b : f32
    %mask = arith.ori %gt, %nan : i1
    %v = arith.select %mask, %a, %b : f32
    tt.reduce.return %v : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %r : f32
}

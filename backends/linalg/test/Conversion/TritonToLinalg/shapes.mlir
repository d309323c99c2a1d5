// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// Tensor creation and shape ops.

// CHECK-LABEL: func.func @create(
// CHECK-SAME:    %[[S:[a-z0-9_]+]]: f32
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         %[[SPLAT:.*]] = linalg.fill ins(%[[S]] : f32) outs(%[[E0]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[RANGE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xi32>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           %[[C4:.*]] = arith.constant 4 : i32
// CHECK:           %[[V:.*]] = arith.addi %[[I32]], %[[C4]] : i32
// CHECK:           linalg.yield %[[V]] : i32
// CHECK:         %[[ROW:.*]] = linalg.fill ins(%[[S]] : f32) {{.*}} -> tensor<1x8xf32>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[ROW]] {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK:         %[[BC:.*]] = linalg.broadcast ins(%[[FLAT]] : tensor<8xf32>) outs(%{{.*}} : tensor<4x8xf32>) dimensions = [0]
// CHECK:         %[[COL:.*]] = linalg.fill ins(%[[S]] : f32) {{.*}} -> tensor<4xf32>
// CHECK:         %[[EXP:.*]] = tensor.expand_shape %[[COL]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
// CHECK:         return %[[SPLAT]], %[[RANGE]], %[[BC]], %[[EXP]]
tt.func public @create(%s: f32) -> (tensor<4x8xf32>, tensor<8xi32>, tensor<4x8xf32>, tensor<4x1xf32>) {
  %t = tt.splat %s : f32 -> tensor<4x8xf32>
  %r = tt.make_range {end = 12 : i32, start = 4 : i32} : tensor<8xi32>
  %one = tt.splat %s : f32 -> tensor<1x8xf32>
  %b = tt.broadcast %one : tensor<1x8xf32> -> tensor<4x8xf32>
  %v = tt.splat %s : f32 -> tensor<4xf32>
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return %t, %r, %b, %e : tensor<4x8xf32>, tensor<8xi32>, tensor<4x8xf32>, tensor<4x1xf32>
}

// CHECK-LABEL: func.func @reshape_trans(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: tensor<4x8xf32>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]
// A reshape that is neither a collapse nor an expansion goes through 1-D.
// CHECK:         %[[F2:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[F2]] {{\[}}[0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
// CHECK:         return %[[FLAT]], %[[T]], %[[R]]
tt.func public @reshape_trans(%x: tensor<4x8xf32>) -> (tensor<32xf32>, tensor<8x4xf32>, tensor<2x16xf32>) {
  %f = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %g = tt.reshape %x : tensor<4x8xf32> -> tensor<2x16xf32>
  tt.return %f, %t, %g : tensor<32xf32>, tensor<8x4xf32>, tensor<2x16xf32>
}

// CHECK-LABEL: func.func @join_split_cat(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: tensor<8xf32>, %[[B:[a-z0-9_]+]]: tensor<8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x2xf32>
// CHECK:         %[[J0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x2xf32>
// CHECK:         %[[J:.*]] = tensor.insert_slice %[[B]] into %[[J0]][0, 1] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x2xf32>
// CHECK:         %[[L:.*]] = tensor.extract_slice %[[J]][0, 0] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8xf32>
// CHECK:         %[[R:.*]] = tensor.extract_slice %[[J]][0, 1] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8xf32>
// CHECK:         %[[C0:.*]] = tensor.insert_slice %[[L]] into %{{.*}}[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
// CHECK:         %[[C:.*]] = tensor.insert_slice %[[R]] into %[[C0]][8] [8] [1] : tensor<8xf32> into tensor<16xf32>
// CHECK:         return %[[J]], %[[R]], %[[C]]
tt.func public @join_split_cat(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8x2xf32>, tensor<8xf32>, tensor<16xf32>) {
  %j = tt.join %a, %b : tensor<8xf32> -> tensor<8x2xf32>
  %l, %r = tt.split %j : tensor<8x2xf32> -> tensor<8xf32>
  %c = tt.cat %l, %r : tensor<8xf32> -> tensor<16xf32>
  tt.return %j, %r, %c : tensor<8x2xf32>, tensor<8xf32>, tensor<16xf32>
}

// CHECK-LABEL: func.func @gather_hist_unsplat(
// CHECK-SAME:    %[[SRC:[a-z0-9_]+]]: tensor<4x8xf32>, %[[IDX:[a-z0-9_]+]]: tensor<4x2xi32>, %[[KEYS:[a-z0-9_]+]]: tensor<64xi32>, %[[ONE:[a-z0-9_]+]]: tensor<1x1xf32>
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[IDX]] : tensor<4x2xi32>) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK:         ^bb0(%[[K:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[ROW:.*]] = linalg.index 0 : index
// CHECK:           %[[COL:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK:           %[[V:.*]] = tensor.extract %[[SRC]][%[[ROW]], %[[COL]]] : tensor<4x8xf32>
// CHECK:           linalg.yield %[[V]] : f32
// CHECK:         %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<16xi32>
// CHECK:         %[[H:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZEROS]]) -> (tensor<16xi32>)
// CHECK:           %[[KEY:.*]] = tensor.extract %[[KEYS]][%[[I]]] : tensor<64xi32>
// CHECK:           scf.if %{{.*}} -> (tensor<16xi32>)
// CHECK:             %[[BIN:.*]] = arith.index_cast %[[KEY]] : i32 to index
// CHECK:             %[[COUNT:.*]] = tensor.extract %[[ACC]][%[[BIN]]] : tensor<16xi32>
// CHECK:             %[[INC:.*]] = arith.addi %[[COUNT]], %{{.*}} : i32
// CHECK:             tensor.insert %[[INC]] into %[[ACC]][%[[BIN]]] : tensor<16xi32>
// CHECK:         %[[U:.*]] = tensor.extract %[[ONE]][%{{.*}}, %{{.*}}] : tensor<1x1xf32>
// CHECK:         return %[[G]], %[[H]], %[[U]]
tt.func public @gather_hist_unsplat(%src: tensor<4x8xf32>, %idx: tensor<4x2xi32>, %keys: tensor<64xi32>, %one: tensor<1x1xf32>) -> (tensor<4x2xf32>, tensor<16xi32>, f32) {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  %h = tt.histogram %keys : tensor<64xi32> -> tensor<16xi32>
  %u = tt.unsplat %one : tensor<1x1xf32>
  tt.return %g, %h, %u : tensor<4x2xf32>, tensor<16xi32>, f32
}

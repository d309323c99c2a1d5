// RUN: trident-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @load_all_true
// CHECK: tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
tt.func @load_all_true(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %true = arith.constant dense<true> : tensor<64xi1>
  %x = tt.load %p, %true, %o : tensor<64x!tt.ptr<f32>>
  tt.return %x : tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @load_all_false
// CHECK-NOT: tt.load
// CHECK: tt.return %[[O:.*]] : tensor<64xf32>
tt.func @load_all_false(%p: tensor<64x!tt.ptr<f32>>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %false = arith.constant dense<false> : tensor<64xi1>
  %x = tt.load %p, %false, %o : tensor<64x!tt.ptr<f32>>
  tt.return %x : tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @store_masks
// CHECK-NEXT: tt.store %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @store_masks(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  %true = arith.constant dense<true> : tensor<64xi1>
  %false = arith.constant dense<false> : tensor<64xi1>
  tt.store %p, %v, %true : tensor<64x!tt.ptr<f32>>
  tt.store %p, %v, %false : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @shape_chains
// CHECK-SAME: (%[[S:.*]]: f32
// CHECK: %[[B:.*]] = tt.splat %[[S]] : f32 -> tensor<32x64xf32>
// CHECK: %[[E:.*]] = tt.splat %[[S]] : f32 -> tensor<32x1xf32>
// CHECK: %[[R:.*]] = tt.splat %[[S]] : f32 -> tensor<2048xf32>
// CHECK: %[[BB:.*]] = tt.broadcast %{{.*}} : tensor<1x64xf32> -> tensor<32x64xf32>
// CHECK: tt.return %[[B]], %[[E]], %[[R]], %[[BB]]
tt.func @shape_chains(%s: f32, %row: tensor<1x64xf32>) -> (tensor<32x64xf32>, tensor<32x1xf32>, tensor<2048xf32>, tensor<32x64xf32>) {
  %a = tt.splat %s : f32 -> tensor<32x1xf32>
  %b = tt.broadcast %a : tensor<32x1xf32> -> tensor<32x64xf32>
  %v = tt.splat %s : f32 -> tensor<32xf32>
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %r = tt.reshape %b : tensor<32x64xf32> -> tensor<2048xf32>
  %bb = tt.broadcast %row : tensor<1x64xf32> -> tensor<1x64xf32>
  %bbb = tt.broadcast %bb : tensor<1x64xf32> -> tensor<32x64xf32>
  tt.return %b, %e, %r, %bbb : tensor<32x64xf32>, tensor<32x1xf32>, tensor<2048xf32>, tensor<32x64xf32>
}

// -----

// CHECK-LABEL: tt.func @folds
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[X:.*]]: tensor<4x8xf32>, %[[BP:.*]]: !tt.ptr<tensor<4x8xf32>>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<7> : tensor<4x8xi32>
// CHECK: tt.return %[[P]], %[[X]], %[[BP]], %[[C]]
tt.func @folds(%p: tensor<64x!tt.ptr<f32>>, %x: tensor<4x8xf32>, %bp: !tt.ptr<tensor<4x8xf32>>) -> (tensor<64x!tt.ptr<f32>>, tensor<4x8xf32>, !tt.ptr<tensor<4x8xf32>>, tensor<4x8xi32>) {
  %zero = arith.constant dense<0> : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %q = tt.addptr %p, %zero : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %tt = tt.trans %t {order = array<i32: 1, 0>} : tensor<8x4xf32> -> tensor<4x8xf32>
  %a = tt.advance %bp, [%c0, %c0] : <tensor<4x8xf32>>
  %s = tt.splat %c7 : i32 -> tensor<4x8xi32>
  tt.return %q, %tt, %a, %s : tensor<64x!tt.ptr<f32>>, tensor<4x8xf32>, !tt.ptr<tensor<4x8xf32>>, tensor<4x8xi32>
}

// -----

// A splat of a 0-d constant folds to a splat constant.
// CHECK-LABEL: tt.func @splat_of_0d_constant
// CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<16xf32>
// CHECK: tt.return %[[C]]
tt.func @splat_of_0d_constant() -> tensor<16xf32> {
  %c0 = arith.constant dense<2.500000e+00> : tensor<f32>
  %c = tt.splat %c0 : tensor<f32> -> tensor<16xf32>
  tt.return %c : tensor<16xf32>
}

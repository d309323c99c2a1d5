// RUN: trident-opt %s -split-input-file -tt-reorder-broadcast | FileCheck %s

// CHECK-LABEL: tt.func @splat_elementwise
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[E:.*]] = math.exp %[[X]] : f32
// CHECK: %[[A:.*]] = arith.addf %[[E]], %[[Y]] : f32
// CHECK: %[[S:.*]] = tt.splat %[[A]] : f32 -> tensor<128xf32>
// CHECK: tt.return %[[S]]
tt.func @splat_elementwise(%x: f32, %y: f32) -> tensor<128xf32> {
  %a = tt.splat %x : f32 -> tensor<128xf32>
  %b = tt.splat %y : f32 -> tensor<128xf32>
  %e = math.exp %a : tensor<128xf32>
  %s = arith.addf %e, %b : tensor<128xf32>
  tt.return %s : tensor<128xf32>
}

// -----

// CHECK-LABEL: tt.func @splat_and_constant
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 3 : i32
// CHECK: %[[M:.*]] = arith.muli %[[X]], %[[C]] : i32
// CHECK: tt.splat %[[M]] : i32 -> tensor<64xi32>
tt.func @splat_and_constant(%x: i32) -> tensor<64xi32> {
  %a = tt.splat %x : i32 -> tensor<64xi32>
  %c = arith.constant dense<3> : tensor<64xi32>
  %m = arith.muli %a, %c : tensor<64xi32>
  tt.return %m : tensor<64xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_elementwise
// CHECK-SAME: (%[[R:.*]]: tensor<1x64xf32>, %[[S:.*]]: f32)
// CHECK: %[[NS:.*]] = tt.splat %[[S]] : f32 -> tensor<1x64xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[R]], %[[NS]] : tensor<1x64xf32>
// CHECK: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x64xf32> -> tensor<32x64xf32>
// CHECK: tt.return %[[B]]
tt.func @broadcast_elementwise(%row: tensor<1x64xf32>, %s: f32) -> tensor<32x64xf32> {
  %b = tt.broadcast %row : tensor<1x64xf32> -> tensor<32x64xf32>
  %k = tt.splat %s : f32 -> tensor<32x64xf32>
  %m = arith.mulf %b, %k : tensor<32x64xf32>
  tt.return %m : tensor<32x64xf32>
}

// -----

// Broadcasts from different shapes stay where they are.
// CHECK-LABEL: tt.func @broadcast_mixed_shapes
// CHECK: tt.broadcast
// CHECK: tt.broadcast
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<32x64xf32>
tt.func @broadcast_mixed_shapes(%row: tensor<1x64xf32>, %col: tensor<32x1xf32>) -> tensor<32x64xf32> {
  %a = tt.broadcast %row : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tt.broadcast %col : tensor<32x1xf32> -> tensor<32x64xf32>
  %s = arith.addf %a, %b : tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}

// -----

// Loads are not elementwise computations and are never moved.
// CHECK-LABEL: tt.func @no_side_effects_moved
// CHECK: tt.splat
// CHECK: tt.load
tt.func @no_side_effects_moved(%p: !tt.ptr<f32>) -> tensor<64xf32> {
  %a = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %l = tt.load %a : tensor<64x!tt.ptr<f32>>
  tt.return %l : tensor<64xf32>
}

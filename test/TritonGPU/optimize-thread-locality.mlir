// RUN: trident-opt %s -split-input-file -ttg-optimize-thread-locality | FileCheck %s

// Gathering along dimension 0, which the layout spreads over the 4 warps:
// the gather moves to a layout with dimension 0 in registers (64 rows over
// 32 lanes: 2 each) and lanes, and the warps along dimension 1.
// CHECK: #[[LOCAL:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @gather
// CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<64x32xf32, #{{.*}}> -> tensor<64x32xf32, #[[LOCAL]]>
// CHECK: %[[I:.*]] = ttg.convert_layout %{{.*}} : tensor<16x32xi32, #{{.*}}> -> tensor<16x32xi32, #[[LOCAL]]>
// CHECK: %[[G:.*]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32} : (tensor<64x32xf32, #[[LOCAL]]>, tensor<16x32xi32, #[[LOCAL]]>) -> tensor<16x32xf32, #[[LOCAL]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[G]] : tensor<16x32xf32, #[[LOCAL]]> -> tensor<16x32xf32, #{{.*}}>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather(%src: tensor<64x32xf32, #blocked>, %idx: tensor<16x32xi32, #blocked>) -> tensor<16x32xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, tensor<16x32xi32, #blocked>) -> tensor<16x32xf32, #blocked>
    tt.return %g : tensor<16x32xf32, #blocked>
  }
}

// -----

// Gathering along dimension 1, which is already inside each warp: nothing
// changes.
// CHECK-LABEL: tt.func @already_local
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_local(%src: tensor<64x32xf32, #blocked>, %idx: tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<64x32xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g : tensor<64x16xf32, #blocked>
  }
}

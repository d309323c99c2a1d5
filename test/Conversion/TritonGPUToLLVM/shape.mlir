// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// trans, reshape, join, split and cat move registers only; unsplat reads
// the one element every thread holds.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#pair = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: llvm.func @trans
// CHECK-SAME: (%[[X:.*]]: !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[E3:.*]] = llvm.extractvalue %[[X]][3]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]
tt.func public @trans(%x: tensor<4x32xf32, #blocked>) {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x32xf32, #blocked> -> tensor<32x4xf32, #t>
  tt.return
}

// CHECK-LABEL: llvm.func @reshape
// CHECK: llvm.insertvalue %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
tt.func public @reshape(%x: tensor<4x32xf32, #blocked>) {
  %0 = tt.reshape %x : tensor<4x32xf32, #blocked> -> tensor<128xf32, #flat>
  tt.return
}

// join interleaves: register 2i is lhs[i], 2i+1 is rhs[i]; split undoes it.
// CHECK-LABEL: llvm.func @join_split
// CHECK-SAME: (%[[L:.*]]: !llvm.struct<(f32, f32, f32, f32)>, %[[R:.*]]: !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: %[[L0:.*]] = llvm.extractvalue %[[L]][0]
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[J0:.*]] = llvm.insertvalue %[[L0]], %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[J1:.*]] = llvm.insertvalue %[[R0]], %[[J0]][1]
// CHECK: %[[J:.*]] = llvm.insertvalue %{{.*}}[7]
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[J]][0]
// CHECK: %[[S1:.*]] = llvm.extractvalue %[[J]][1]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32)>
tt.func public @join_split(%l: tensor<4x32xf32, #blocked>, %r: tensor<4x32xf32, #blocked>) {
  %0 = tt.join %l, %r : tensor<4x32xf32, #blocked> -> tensor<4x32x2xf32, #pair>
  %1, %2 = tt.split %0 : tensor<4x32x2xf32, #pair> -> tensor<4x32xf32, #blocked>
  tt.return
}

// cat concatenates each thread's registers.
// CHECK-LABEL: llvm.func @cat
// CHECK: llvm.insertvalue %{{.*}}[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
tt.func public @cat(%l: tensor<4x32xf32, #blocked>, %r: tensor<4x32xf32, #blocked>) {
  %0 = tt.cat %l, %r : tensor<4x32xf32, #blocked> -> tensor<8x32xf32, #blocked>
  tt.return
}

// CHECK-LABEL: llvm.func @unsplat
// CHECK-SAME: %[[T:[^:]*]]: !llvm.struct<(f32)>
// CHECK: %[[E:.*]] = llvm.extractvalue %[[T]][0]
// CHECK: llvm.return %[[E]] : f32
tt.func public @unsplat(%t: tensor<1x1xf32, #blocked>) -> f32 {
  %0 = tt.unsplat %t : tensor<1x1xf32, #blocked>
  tt.return %0 : f32
}

}

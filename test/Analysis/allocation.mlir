// RUN: trident-opt %s --ttg-allocate-shared-memory | FileCheck %s

// Offsets of shared-memory buffers (allocation.offset) and the total
// (ttg.shared on the module).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// The largest function decides: 64x128 f32 through shared memory.
// CHECK: module attributes {{{.*}}ttg.shared = 32768 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// A reduction split over 4 warps needs 4 slots of f32 per result; two of
// them reuse one buffer, one after the other.
// CHECK-LABEL: tt.func @reduce_across_warps
// CHECK: "tt.reduce"
// CHECK: }) {allocation.offset = 0 : i32}
// CHECK: "tt.reduce"
// CHECK: }) {allocation.offset = 0 : i32}
tt.func @reduce_across_warps(%x: tensor<512xf32, #blocked>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  tt.return
}

// Along dim 1 the warps do not split the axis: no scratch.
// CHECK-LABEL: tt.func @reduce_within_warps
// CHECK: "tt.reduce"
// CHECK-NOT: allocation.offset
// CHECK: tt.return
tt.func @reduce_within_warps(%x: tensor<4x128xf32, #rows>) {
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x128xf32, #rows>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #rows}>>
  tt.return
}

// Two reduced operands: an f16 region then an aligned f32 region.
// 64 results x 4 warps x 2 bytes = 512, then 64 x 4 x 4 = 1024.
// CHECK-LABEL: tt.func @reduce_two_operands
// CHECK: }) {allocation.offset = 0 : i32}
tt.func @reduce_two_operands(%x: tensor<64x128xf16, #cols>, %y: tensor<64x128xf32, #cols>) {
  %0:2 = "tt.reduce"(%x, %y) <{axis = 1 : i32}> ({
  ^bb0(%a: f16, %b: f32, %c: f16, %d: f32):
    %s = arith.addf %a, %c : f16
    %t = arith.addf %b, %d : f32
    tt.reduce.return %s, %t : f16, f32
  }) : (tensor<64x128xf16, #cols>, tensor<64x128xf32, #cols>) -> (tensor<64xf16, #ttg.slice<{dim = 1, parent = #cols}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #cols}>>)
  tt.return
}

// A conversion between threads needs the whole tensor (64x128 f32); one
// that keeps every element in its thread needs none.
// CHECK-LABEL: tt.func @convert
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
// CHECK-NOT: allocation.offset
// CHECK: tt.return
tt.func @convert(%x: tensor<64x128xf32, #rows>) {
  %0 = ttg.convert_layout %x : tensor<64x128xf32, #rows> -> tensor<64x128xf32, #cols>
  %1 = ttg.convert_layout %x : tensor<64x128xf32, #rows> -> tensor<64x128xf32, #rows>
  tt.return
}

// Buffers live at the same time get disjoint ranges; a buffer allocated
// after another's last use reuses its bytes.
// CHECK-LABEL: tt.func @explicit
// CHECK: %[[A:.*]] = ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: %[[B:.*]] = ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: %[[C:.*]] = ttg.local_alloc {allocation.offset = 0 : i32}
tt.func @explicit(%x: tensor<512xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %b : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %c = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %c : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  tt.return
}

// A buffer used inside a loop stays live until the loop ends.
// CHECK-LABEL: tt.func @loop
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: scf.for
// CHECK: }) {allocation.offset = 2048 : i32}
tt.func @loop(%x: tensor<512xf32, #blocked>, %n: index) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %q : f32
      tt.reduce.return %s : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  }
  tt.return
}

}

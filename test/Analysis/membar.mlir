// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers | FileCheck %s

// Barriers between shared-memory accesses that may conflict.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Two reductions share one scratch buffer: the second may not write before
// every thread has read the first's results.
// CHECK-LABEL: tt.func @two_reductions
// CHECK-NOT: gpu.barrier
// CHECK: "tt.reduce"
// CHECK: tt.reduce.return
// CHECK: gpu.barrier
// CHECK-NEXT: "tt.reduce"
// CHECK-NOT: gpu.barrier
// CHECK: tt.return
tt.func @two_reductions(%x: tensor<512xf32, #blocked>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  tt.return
}

// Write then read the same buffer: a barrier between (read-after-write);
// two reads need none; a write after them needs one (write-after-read);
// a write to another, live buffer needs none.
// CHECK-LABEL: tt.func @raw_war
// CHECK: ttg.local_store %{{.*}}, %[[A:.*]] :
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[B:.*]] :
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load %[[A]]
// CHECK-NEXT: ttg.local_load %[[A]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[A]]
// CHECK-NEXT: tt.return
tt.func @raw_war(%x: tensor<512xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %b : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #blocked>
  %1 = ttg.local_load %a : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #blocked>
  ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  tt.return
}

// In a loop, the store at the top of the body conflicts with the load of
// the previous iteration, so it needs a barrier too.
// CHECK-LABEL: tt.func @loop
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: }
tt.func @loop(%x: tensor<512xf32, #blocked>, %n: index) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
    %0 = ttg.local_load %a : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #blocked>
  }
  tt.return
}

// An existing barrier orders what came before it.
// CHECK-LABEL: tt.func @existing
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: gpu.barrier
// CHECK: tt.return
tt.func @existing(%x: tensor<512xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<512xf32, #blocked> -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
  gpu.barrier
  %0 = ttg.local_load %a : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #blocked>
  tt.return
}

}

// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-promote-tile-buffers))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-promote-tile-buffers{max-buffer-bytes=512}))' %s | FileCheck %s --check-prefix=SMALL
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-promote-tile-buffers{max-function-bytes=1024}))' %s | FileCheck %s --check-prefix=BUDGET

// A tile in straight-line code goes to the stack, at the function's start;
// its dealloc goes away.
// CHECK-LABEL: func.func @tile(
// CHECK-NEXT:    %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// CHECK-NOT:     memref.alloc()
// CHECK:         linalg.fill {{.*}} outs(%[[T]] : memref<256xf32>)
// CHECK:         memref.copy %[[T]], %arg0
// CHECK-NOT:     memref.dealloc
// SMALL-LABEL: func.func @tile(
// SMALL:         memref.alloc() : memref<256xf32>
func.func @tile(%out: memref<256xf32>) {
  %cst = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%t : memref<256xf32>)
  memref.copy %t, %out : memref<256xf32> to memref<256xf32>
  memref.dealloc %t : memref<256xf32>
  return
}

// A buffer that lives only within one iteration is hoisted out of the loop.
// CHECK-LABEL: func.func @per_iteration(
// CHECK-NEXT:    %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16x16xf32>
// CHECK:         scf.for
// CHECK-NOT:       memref.alloc
// CHECK:           %[[V:.*]] = memref.subview %[[T]]
// CHECK:           linalg.fill {{.*}} outs(%[[V]] :
func.func @per_iteration(%out: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<16x16xf32>
    %v = memref.subview %t[0, 0] [8, 16] [1, 1] : memref<16x16xf32> to memref<8x16xf32, strided<[16, 1]>>
    linalg.fill ins(%cst : f32) outs(%v : memref<8x16xf32, strided<[16, 1]>>)
    memref.copy %t, %out : memref<16x16xf32> to memref<16x16xf32>
  }
  return
}

// A buffer that one iteration passes to the next stays on the heap: one
// slot would be read and written by the same iteration.
// CHECK-LABEL: func.func @loop_carried(
// CHECK:         scf.for
// CHECK:           memref.alloc() : memref<64xf32>
// CHECK-NOT:     memref.alloca
func.func @loop_carried(%init: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (memref<64xf32>) {
    %t = memref.alloc() : memref<64xf32>
    memref.copy %acc, %t : memref<64xf32> to memref<64xf32>
    scf.yield %t : memref<64xf32>
  }
  %x = memref.load %r[%c0] : memref<64xf32>
  return %x : f32
}

// Outside loops a buffer may flow through an scf.if.
// CHECK-LABEL: func.func @through_if(
// CHECK-NEXT:    memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// CHECK-NOT:     memref.alloc()
func.func @through_if(%a: memref<64xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<64xf32>) {
    %t = memref.alloc() : memref<64xf32>
    memref.copy %a, %t : memref<64xf32> to memref<64xf32>
    scf.yield %t : memref<64xf32>
  } else {
    scf.yield %a : memref<64xf32>
  }
  %x = memref.load %r[%c0] : memref<64xf32>
  return %x : f32
}

// Returned, passed to a call, dynamic, or too large: the heap.
// CHECK-LABEL: func.func @returned(
// CHECK:         memref.alloc() : memref<64xf32>
// CHECK-NOT:     memref.alloca
func.func @returned() -> memref<64xf32> {
  %t = memref.alloc() : memref<64xf32>
  %v = memref.cast %t : memref<64xf32> to memref<?xf32>
  %w = memref.cast %v : memref<?xf32> to memref<64xf32>
  return %w : memref<64xf32>
}

func.func private @use(memref<64xf32>)

// CHECK-LABEL: func.func @called(
// CHECK:         memref.alloc() : memref<64xf32>
func.func @called() {
  %t = memref.alloc() : memref<64xf32>
  func.call @use(%t) : (memref<64xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @dynamic_or_large(
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:         memref.alloc() : memref<65536xf32>
// CHECK-NOT:     memref.alloca
func.func @dynamic_or_large(%n: index) {
  %cst = arith.constant 0.0 : f32
  %d = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%cst : f32) outs(%d : memref<?xf32>)
  %l = memref.alloc() : memref<65536xf32>
  linalg.fill ins(%cst : f32) outs(%l : memref<65536xf32>)
  return
}

// The stack budget of a function: the first 1024 bytes only.
// CHECK-LABEL: func.func @budget(
// CHECK-COUNT-2: memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// BUDGET-LABEL: func.func @budget(
// BUDGET-COUNT-1: memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// BUDGET-NOT:     memref.alloca
// BUDGET:         memref.alloc() : memref<256xf32>
func.func @budget(%o: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %a, %o : memref<256xf32> to memref<256xf32>
  memref.copy %b, %o : memref<256xf32> to memref<256xf32>
  return
}

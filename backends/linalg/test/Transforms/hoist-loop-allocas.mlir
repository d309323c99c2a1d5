// RUN: trident-opt --allow-unregistered-dialect --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-hoist-loop-allocas))' %s | FileCheck %s

// The temporaries of an unrolled 2-D transfer (convert-vector-to-scf puts
// them inside the loop that holds the transfer) move to the function's
// start, after the allocations already there, in program order.
// CHECK-LABEL: func.func @transfer_temporaries(
// CHECK-NEXT:    %[[TILE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<vector<4x8xf32>>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca() : memref<vector<8x4xf32>>
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
// CHECK:           vector.type_cast %[[A]]
// CHECK:           vector.type_cast %[[B]]
func.func @transfer_temporaries(%n: index, %v: vector<4x8xf32>, %w: vector<8x4xf32>) {
  %tile = memref.alloca() {alignment = 64 : i64} : memref<4x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloca() : memref<vector<4x8xf32>>
    memref.store %v, %a[] : memref<vector<4x8xf32>>
    %ca = vector.type_cast %a : memref<vector<4x8xf32>> to memref<4xvector<8xf32>>
    %row = memref.load %ca[%i] : memref<4xvector<8xf32>>
    vector.transfer_write %row, %tile[%i, %c0] {in_bounds = [true]} : vector<8xf32>, memref<4x8xf32>
    %b = memref.alloca() : memref<vector<8x4xf32>>
    memref.store %w, %b[] : memref<vector<8x4xf32>>
    %cb = vector.type_cast %b : memref<vector<8x4xf32>> to memref<8xvector<4xf32>>
    %col = memref.load %cb[%i] : memref<8xvector<4xf32>>
    "test.use"(%col) : (vector<4xf32>) -> ()
  }
  return
}

// Nested loops: the allocation leaves both.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    memref.alloca() : memref<16xf32>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-NOT:         memref.alloca
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = memref.alloca() : memref<16xf32>
      memref.store %f, %t[%j] : memref<16xf32>
      "test.use"(%t) : (memref<16xf32>) -> ()
    }
  }
  return
}

// A buffer that one iteration hands to the next (scf.yield) needs a slot per
// iteration: it stays in the loop. So does one with a dynamic size, and one
// passed to a call.
// CHECK-LABEL: func.func @stays(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
// CHECK:           memref.alloca() : memref<16xf32>
// CHECK:           scf.yield
// CHECK:         scf.for
// CHECK:           memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK:           memref.alloca() : memref<8xf32>
// CHECK:           func.call @sink
func.func private @sink(memref<8xf32>)
func.func @stays(%n: index, %init: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> (memref<16xf32>) {
    %t = memref.alloca() : memref<16xf32>
    memref.copy %prev, %t : memref<16xf32> to memref<16xf32>
    scf.yield %t : memref<16xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %d = memref.alloca(%i) : memref<?xf32>
    "test.use"(%d) : (memref<?xf32>) -> ()
    %s = memref.alloca() : memref<8xf32>
    func.call @sink(%s) : (memref<8xf32>) -> ()
  }
  return %r : memref<16xf32>
}

// Outside loops nothing moves.
// CHECK-LABEL: func.func @straight(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    memref.alloca() : memref<4xf32>
func.func @straight(%x: f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<4xf32>
  memref.store %x, %t[%c0] : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  return
}

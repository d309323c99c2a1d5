// RUN: trident-linalg-opt --linalg-triton-to-linalg -verify-diagnostics %s | FileCheck %s

// Debug ops, pointers through structured control flow, poison.

// CHECK-LABEL: func.func @asserts(
// CHECK-SAME:    %[[C:[a-z0-9_]+]]: i1, %[[T:[a-z0-9_]+]]: tensor<4x4xi1>
// CHECK:         cf.assert %[[C]], "scalar failed"
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[TRUE]] : i1) outs(%{{.*}} : tensor<i1>)
// CHECK:         %[[ALL:.*]] = linalg.reduce ins(%[[T]] : tensor<4x4xi1>) outs(%[[INIT]] : tensor<i1>) dimensions = [0, 1]
// CHECK:           arith.andi
// CHECK:         %[[OK:.*]] = tensor.extract %[[ALL]][] : tensor<i1>
// CHECK:         cf.assert %[[OK]], "tensor failed"
tt.func public @asserts(%c: i1, %t: tensor<4x4xi1>) {
  tt.assert %c, "scalar failed" : i1
  tt.assert %t, "tensor failed" : tensor<4x4xi1>
  tt.return
}

// CHECK-LABEL: func.func @print(
// CHECK-NEXT:    return
tt.func public @print(%x: tensor<4xf32>) {
  // expected-remark @below {{tt.print is dropped: the cpu target has no device print yet}}
  tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<4xf32>
  tt.return
}

// Pointers carried by scf.if and scf.while are i64 offsets.
// CHECK-LABEL: func.func @pointer_control_flow(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         %[[P:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK:         %[[R:.*]] = scf.while (%[[ARG:.*]] = %[[P]]) : (i64) -> i64 {
// CHECK:           %[[IX:.*]] = arith.index_cast %[[ARG]] : i64 to index
// CHECK:           memref.load %[[X]][%[[IX]]] : memref<?xf32>
// CHECK:         } do {
// CHECK:           arith.addi %{{.*}} : i64
// CHECK:           scf.yield %{{.*}} : i64
// CHECK:         %[[IX:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK:         memref.load %[[X]][%[[IX]]] : memref<?xf32>
tt.func public @pointer_control_flow(%x: !tt.ptr<f32>, %c: i1, %n: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %p = scf.if %c -> (!tt.ptr<f32>) {
    %q = tt.addptr %x, %n : !tt.ptr<f32>, i32
    scf.yield %q : !tt.ptr<f32>
  } else {
    scf.yield %x : !tt.ptr<f32>
  }
  %r = scf.while (%arg = %p) : (!tt.ptr<f32>) -> !tt.ptr<f32> {
    %v = tt.load %arg : !tt.ptr<f32>
    %zero = arith.constant 0.0 : f32
    %more = arith.cmpf olt, %v, %zero : f32
    scf.condition(%more) %arg : !tt.ptr<f32>
  } do {
  ^bb0(%arg: !tt.ptr<f32>):
    %next = tt.addptr %arg, %c1 : !tt.ptr<f32>, i32
    scf.yield %next : !tt.ptr<f32>
  }
  %v = tt.load %r : !tt.ptr<f32>
  tt.return %v : f32
}

// CHECK-LABEL: func.func private @unreachable_result(
// CHECK-NOT:     ub.poison
tt.func private @unreachable_result() -> tensor<4xf32> {
  %cst = arith.constant dense<0.0> : tensor<4xf32>
  tt.return %cst : tensor<4xf32>
^bb1:
  %0 = ub.poison : tensor<4xf32>
  tt.return %0 : tensor<4xf32>
}

// tl.debug_barrier and tl.assume: one thread runs a program, and a hint
// needs no code; both would stop bufferization (unknown memory effects).
// CHECK-LABEL: func.func @barrier_and_assume(
// CHECK-NOT:     gpu.barrier
// CHECK-NOT:     llvm.intr.assume
// CHECK:         return
tt.func public @barrier_and_assume(%n: i32) {
  %c0 = arith.constant 0 : i32
  %positive = arith.cmpi sgt, %n, %c0 : i32
  llvm.intr.assume %positive : i1
  gpu.barrier
  tt.return
}

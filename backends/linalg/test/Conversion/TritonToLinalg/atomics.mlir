// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// Atomics become one host atomic per element, under the mask; the old values
// form the result.

// CHECK-LABEL: func.func @tensor_rmw(
// CHECK-SAME:    %[[P:[a-z0-9_]+]]: memref<?xf32>, %[[Q:[a-z0-9_]+]]: memref<?xi32>, %[[V:[a-z0-9_]+]]: tensor<8xf32>, %[[K:[a-z0-9_]+]]: tensor<8xi32>, %[[M:[a-z0-9_]+]]: tensor<8xi1>
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<8xf32>
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[MI:.*]] = tensor.extract %[[M]][%[[I]]] : tensor<8xi1>
// CHECK:           %[[R:.*]] = scf.if %[[MI]] -> (f32) {
// CHECK:             %[[VI:.*]] = tensor.extract %[[V]][%[[I]]] : tensor<8xf32>
// CHECK:             %[[A:.*]] = memref.atomic_rmw addf %[[VI]], %[[P]][%{{.*}}] : (f32, memref<?xf32>) -> f32
// CHECK:             scf.yield %[[A]] : f32
// CHECK:           } else {
// CHECK:             scf.yield %{{.*}} : f32
// CHECK:           memref.store %[[R]], %[[OLD]][%[[I]]] : memref<8xf32>
// CHECK:         bufferization.to_tensor %[[OLD]] restrict writable
// xor has no native atomicrmw kind: a compare-and-swap loop.
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[KI:.*]] = tensor.extract %[[K]][%[[I]]] : tensor<8xi32>
// CHECK:           memref.generic_atomic_rmw %[[Q]][%{{.*}}] : memref<?xi32> {
// CHECK-NEXT:      ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:        %[[X:.*]] = arith.xori %[[CUR]], %[[KI]] : i32
// CHECK-NEXT:        memref.atomic_yield %[[X]] : i32
tt.func public @tensor_rmw(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %v: tensor<8xf32>, %k: tensor<8xi32>, %m: tensor<8xi1>) -> (tensor<8xf32>, tensor<8xi32>) {
  %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %pa = tt.addptr %ps, %range : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %pa, %v, %m : (tensor<8x!tt.ptr<f32>>, tensor<8xf32>, tensor<8xi1>) -> tensor<8xf32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %k : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  %oldx = tt.atomic_rmw xor, relaxed, gpu, %qa, %k : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>) -> tensor<8xi32>
  tt.return %old, %oldx : tensor<8xf32>, tensor<8xi32>
}

// CHECK-LABEL: func.func @scalar_atomics(
// CHECK-SAME:    %[[P:[a-z0-9_]+]]: memref<?xi32>, %[[V:[a-z0-9_]+]]: i32, %[[C:[a-z0-9_]+]]: i1
// CHECK:         %[[OLD:.*]] = scf.if %[[C]] -> (i32) {
// CHECK:           %[[A:.*]] = memref.atomic_rmw maxs %[[V]], %[[P]][%{{.*}}] : (i32, memref<?xi32>) -> i32
// CHECK:           scf.yield %[[A]] : i32
// CHECK:         %[[PREV:.*]] = memref.generic_atomic_rmw %[[P]][%{{.*}}] : memref<?xi32> {
// CHECK-NEXT:    ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpi eq, %[[CUR]], %{{.*}} : i32
// CHECK-NEXT:      %[[NEW:.*]] = arith.select %[[EQ]], %[[V]], %[[CUR]] : i32
// CHECK-NEXT:      memref.atomic_yield %[[NEW]] : i32
// CHECK:         return %[[OLD]], %[[PREV]] : i32, i32
tt.func public @scalar_atomics(%p: !tt.ptr<i32>, %v: i32, %c: i1) -> (i32, i32) {
  %old = tt.atomic_rmw max, acq_rel, gpu, %p, %v, %c : (!tt.ptr<i32>, i32, i1) -> i32
  %c0 = arith.constant 0 : i32
  %prev = tt.atomic_cas acq_rel, gpu, %p, %c0, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return %old, %prev : i32, i32
}

// -----

// Triton's float atomic max is integer atomics on the float buffer (signed
// max for the non-negative values, unsigned min for the negative ones): a
// compare-and-swap loop on the f32 elements that combines their bits.
// CHECK-LABEL: func.func @float_max_as_integers(
// CHECK-SAME:    %[[P:[a-z0-9_]+]]: memref<?xf32>, %[[V:[a-z0-9_]+]]: i32
// CHECK:         %[[RMW:.*]] = memref.generic_atomic_rmw %[[P]][%{{.*}}] : memref<?xf32> {
// CHECK:         ^bb0(%[[CUR:.*]]: f32):
// CHECK:           %[[BITS:.*]] = arith.bitcast %[[CUR]] : f32 to i32
// CHECK:           %[[MAX:.*]] = arith.maxsi %[[BITS]], %[[V]] : i32
// CHECK:           %[[NEW:.*]] = arith.bitcast %[[MAX]] : i32 to f32
// CHECK:           memref.atomic_yield %[[NEW]] : f32
// CHECK:         %[[OLD:.*]] = arith.bitcast %[[RMW]] : f32 to i32
// CHECK:         return %[[OLD]] : i32
tt.func public @float_max_as_integers(%a: !tt.ptr<f32>, %v: i32) -> i32 {
  %p = tt.bitcast %a : !tt.ptr<f32> -> !tt.ptr<i32>
  %old = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return %old : i32
}

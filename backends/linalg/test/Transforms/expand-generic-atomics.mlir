// RUN: trident-opt --plugin %linalg_plugin --linalg-expand-generic-atomics %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --linalg-expand-generic-atomics --linalg-define-atomic-helpers %s | FileCheck %s --check-prefix=DEFINED

// A compare-and-swap (tt.atomic_cas) on an i32 and an update of an f32 by
// any computation become loops around the helper's swap.

// One declaration per width, at the top of the module.
// CHECK:         func.func private @trident_cpu_cmpxchg_i32(!llvm.ptr, i32, i32) -> (i32, i1)
// CHECK-NOT:     func.func private @trident_cpu_cmpxchg_i32
// CHECK-LABEL: func.func @cas(
// CHECK-SAME:      %[[M:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[CMP:.*]]: i32, %[[VAL:.*]]: i32)
// CHECK:         %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK:         %[[FIRST:.*]] = llvm.load %[[P]] atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:         %[[OLD:.*]] = scf.while (%[[CUR:.*]] = %[[FIRST]]) : (i32) -> i32 {
// CHECK:           %[[EQ:.*]] = arith.cmpi eq, %[[CUR]], %[[CMP]] : i32
// CHECK:           %[[NEW:.*]] = arith.select %[[EQ]], %[[VAL]], %[[CUR]] : i32
// CHECK:           %[[SWAP:.*]]:2 = func.call @trident_cpu_cmpxchg_i32(%[[P]], %[[CUR]], %[[NEW]])
// CHECK:           %[[RETRY:.*]] = arith.xori %[[SWAP]]#1, %{{.*}} : i1
// CHECK:           scf.condition(%[[RETRY]]) %[[SWAP]]#0 : i32
// CHECK:         return %[[OLD]] : i32
// CHECK-NOT:     generic_atomic_rmw
func.func @cas(%m: memref<?xi32>, %i: index, %cmp: i32, %val: i32) -> i32 {
  %old = memref.generic_atomic_rmw %m[%i] : memref<?xi32> {
  ^bb0(%cur: i32):
    %eq = arith.cmpi eq, %cur, %cmp : i32
    %new = arith.select %eq, %val, %cur : i32
    memref.atomic_yield %new : i32
  }
  return %old : i32
}

// Floats are swapped as their bits.
// CHECK-LABEL: func.func @scale(
// CHECK:         scf.while
// CHECK:           arith.mulf
// CHECK:           arith.bitcast %{{.*}} : f32 to i32
// CHECK:           func.call @trident_cpu_cmpxchg_i32(
// CHECK:           arith.bitcast %{{.*}} : i32 to f32
func.func @scale(%m: memref<4x?xf32>, %i: index, %j: index, %s: f32) -> f32 {
  %old = memref.generic_atomic_rmw %m[%i, %j] : memref<4x?xf32> {
  ^bb0(%cur: f32):
    %new = arith.mulf %cur, %s : f32
    memref.atomic_yield %new : f32
  }
  return %old : f32
}

// The swap is defined by linalg-define-atomic-helpers.
// DEFINED-LABEL: func.func private @trident_cpu_cmpxchg_i32(
// DEFINED-SAME:      %[[P:.*]]: !llvm.ptr, %[[CMP:.*]]: i32, %[[NEW:.*]]: i32) -> (i32, i1)
// DEFINED-SAME:      llvm.linkage = #llvm.linkage<internal>
// DEFINED:         %[[R:.*]] = llvm.cmpxchg %[[P]], %[[CMP]], %[[NEW]] acq_rel monotonic
// DEFINED:         %[[SEEN:.*]] = llvm.extractvalue %[[R]][0]
// DEFINED:         %[[OK:.*]] = llvm.extractvalue %[[R]][1]
// DEFINED:         return %[[SEEN]], %[[OK]] : i32, i1

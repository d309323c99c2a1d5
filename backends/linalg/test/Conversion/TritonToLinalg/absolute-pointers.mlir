// RUN: trident-linalg-opt --linalg-triton-to-linalg -split-input-file %s | FileCheck %s

// A pointer whose buffer is only known at run time (a select of two
// buffers) is not an error: every pointer of the module becomes its
// absolute address / element size, the access without a buffer reads the
// address itself, and an access with a buffer subtracts the buffer's base.

// CHECK-LABEL: func.func @select_load(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: memref<?xf32>, %[[B:[a-z0-9_]+]]: memref<?xf32>, %[[OUT:[a-z0-9_]+]]: memref<?xf32>
// CHECK-DAG:     memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG:     memref.extract_aligned_pointer_as_index %[[B]]
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
// CHECK:         scf.for
// CHECK:           %[[RAW:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:           %[[BITS:.*]] = llvm.load %[[RAW]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:           arith.bitcast %[[BITS]] : i32 to f32
// The store through %out has a buffer: its index is the pointer minus the
// base of %out.
// CHECK:         memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK:         %[[BASE:.*]] = arith.divui %{{.*}}, %{{.*}} : i64
// CHECK:         scf.for
// CHECK:           arith.subi %{{.*}}, %[[BASE]] : i64
// CHECK:           memref.store %{{.*}}, %[[OUT]][%{{.*}}] : memref<?xf32>
tt.func public @select_load(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %out: !tt.ptr<f32>, %c: tensor<4xi1>, %i: tensor<4xi32>) {
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %qa = tt.addptr %pa, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %qb = tt.addptr %pb, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %p = arith.select %c, %qa, %qb : tensor<4xi1>, tensor<4x!tt.ptr<f32>>
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %qo = tt.addptr %po, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %qo, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// An address read from memory (int_to_ptr of a loaded integer), stored
// through: the store writes the address.

// CHECK-LABEL: func.func @address_from_memory(
// CHECK:         %[[ADDR:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xi64>
// CHECK:         %[[ELEM:.*]] = arith.divsi %[[ADDR]], %{{.*}} : i64
// CHECK:         %[[BYTES:.*]] = arith.muli %[[ELEM]], %{{.*}} : i64
// CHECK:         %[[PTR:.*]] = llvm.inttoptr %[[BYTES]] : i64 to !llvm.ptr
// CHECK:         llvm.store %{{.*}}, %[[PTR]] {alignment = 4 : i64} : i32, !llvm.ptr
tt.func public @address_from_memory(%table: !tt.ptr<i64>, %v: f32) {
  %addr = tt.load %table : !tt.ptr<i64>
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-streaming-stores{min-launch-bytes=16777216}))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-streaming-stores))' %s | FileCheck %s --check-prefix=OFF
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-streaming-stores{min-launch-bytes=1 register-bytes=32}))' %s | FileCheck %s --check-prefix=AVX2

// The row loop of a layer norm: 256 floats (1 KiB) a store, into the
// kernel's buffer. Non-temporal, one register at a time, when the row's
// first element is on a 64-byte line and the launch writes 16 MiB or more:
// 1 KiB x the programs (the first three grid arguments) x the loop's trips.
// CHECK-LABEL: func.func @row_loop(
// CHECK-SAME:      %[[Y:[^:]*]]: memref<?xf32>, %[[V:[^:]*]]: vector<256xf32>, %[[N:[^:]*]]: i32, %[[NX:[^:]*]]: i32, %[[NY:[^:]*]]: i32, %[[NZ:[^:]*]]: i32,
// CHECK:         scf.for %[[COL:.*]] = %[[LB:.*]] to %[[N]] step %[[STEP:.*]] : i32 {
// CHECK:           %[[VIEW:.*]] = memref.reinterpret_cast %[[Y]]
// CHECK:           %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[VIEW]]
// CHECK:           %[[POINTER:.*]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK:           %[[MISALIGNED:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// CHECK:           %[[ALIGNED:.*]] = arith.cmpi eq, %[[MISALIGNED]], %{{.*}} : index
// CHECK:           %[[BYTES:.*]] = arith.constant 1024 : index
// CHECK:           %[[PX:.*]] = arith.index_cast %[[NX]] : i32 to index
// CHECK:           arith.muli %[[BYTES]], %[[PX]] : index
// CHECK:           arith.index_cast %[[NY]] : i32 to index
// CHECK:           arith.index_cast %[[NZ]] : i32 to index
// CHECK:           %[[TRIPS:.*]] = arith.ceildivsi
// CHECK:           %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[TRIPS]] : index
// CHECK:           %[[LARGE:.*]] = arith.cmpi sge, %[[TOTAL]], %{{.*}} : index
// CHECK:           %[[STREAM:.*]] = arith.andi %[[ALIGNED]], %[[LARGE]] : i1
// CHECK:           scf.if %[[STREAM]] {
// CHECK:             %[[P0:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [16], strides = [1]} : vector<256xf32> to vector<16xf32>
// CHECK:             vector.store %[[P0]], %[[VIEW]][%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<?xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK-COUNT-15:    vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:           } else {
// CHECK-NEXT:        vector.transfer_write %[[V]], %[[VIEW]]
// AVX2-LABEL:    func.func @row_loop(
// AVX2:            scf.if
// AVX2-COUNT-32:     vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<?xf32, strided<[1], offset: ?>>, vector<8xf32>
// OFF-LABEL:     func.func @row_loop(
// OFF-NOT:         nontemporal
func.func @row_loop(%y: memref<?xf32>, %v: vector<256xf32>, %n: i32, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c256_i32 = arith.constant 256 : i32
  scf.for %col = %c0_i32 to %n step %c256_i32 : i32 {
    %offset = arith.index_cast %col : i32 to index
    %row = memref.reinterpret_cast %y to offset: [%offset], sizes: [256], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    vector.transfer_write %v, %row[%c0] {in_bounds = [true]} : vector<256xf32>, memref<?xf32, strided<[1], offset: ?>>
  }
  return
}

// Left alone: a store to a stack buffer, a masked one, one that may run out
// of bounds, one shorter than a line, and one along a strided dimension.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func @left_alone(%y: memref<?xf32>, %cols: memref<16x16xf32, strided<[1, 16]>>, %v: vector<256xf32>, %m: vector<256xi1>, %s: vector<8xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %tile = memref.alloca() : memref<256xf32>
  vector.transfer_write %v, %tile[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  vector.transfer_write %v, %y[%c0], %m {in_bounds = [true]} : vector<256xf32>, memref<?xf32>
  vector.transfer_write %v, %y[%c0] : vector<256xf32>, memref<?xf32>
  vector.store %s, %y[%c0] : memref<?xf32>, vector<8xf32>
  %col = vector.extract_strided_slice %v {offsets = [0], sizes = [16], strides = [1]} : vector<256xf32> to vector<16xf32>
  vector.transfer_write %col, %cols[%c0, %c0] {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<16xf32>, memref<16x16xf32, strided<[1, 16]>>
  return
}

// Left alone: a function with an atomic (it may publish its stores with
// it, which does not order non-temporal ones), one with a call, and one
// without the grid's arguments.
// CHECK-LABEL: func.func @with_atomic(
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func @with_atomic(%y: memref<?xf32>, %flag: memref<1xi32>, %v: vector<256xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  vector.transfer_write %v, %y[%c0] {in_bounds = [true]} : vector<256xf32>, memref<?xf32>
  %old = memref.atomic_rmw addi %one, %flag[%c0] : (i32, memref<1xi32>) -> i32
  return
}
// CHECK-LABEL: func.func @with_call(
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func private @helper()
func.func @with_call(%y: memref<?xf32>, %v: vector<256xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %y[%c0] {in_bounds = [true]} : vector<256xf32>, memref<?xf32>
  func.call @helper() : () -> ()
  return
}
// CHECK-LABEL: func.func @no_grid(
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func @no_grid(%y: memref<?xf32>, %v: vector<256xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %y[%c0] {in_bounds = [true]} : vector<256xf32>, memref<?xf32>
  return
}

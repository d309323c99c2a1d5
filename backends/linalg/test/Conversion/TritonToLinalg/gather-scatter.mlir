// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s
// RUN: trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: trident-linalg-opt --linalg-triton-to-linalg=structured=false %s | FileCheck %s --check-prefix=NOSTRUCT

// Accesses the analyses do not decode become loops of memref.load /
// memref.store on the pointer's buffer; pointers are i64 element offsets.

// CHECK-LABEL: func.func @embedding(
// CHECK-SAME:    %[[TABLE:[a-z0-9_]+]]: memref<?xf32>, %[[IDX:[a-z0-9_]+]]: memref<?xi32>, %[[OUT:[a-z0-9_]+]]: memref<?xf32>
// The index load itself is structured.
// CHECK:         memref.reinterpret_cast %[[IDX]] to offset: [0], sizes: [16], strides: [1]
// CHECK:         %[[ROWS:.*]] = bufferization.to_tensor
// CHECK:         %[[OFFS:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[ROWS]] : tensor<16xi64>, tensor<16xi32>)
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK:           arith.addi %{{.*}} : i64
// CHECK:         %[[MASK:.*]] = linalg.generic
// CHECK:           arith.cmpi slt
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<16xf32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[O:.*]] = tensor.extract %[[OFFS]][%[[I]]] : tensor<16xi64>
// CHECK:           %[[M:.*]] = tensor.extract %[[MASK]][%[[I]]] : tensor<16xi1>
// CHECK:           %[[V:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:             %[[IX:.*]] = arith.index_cast %[[O]] : i64 to index
// CHECK:             %[[L:.*]] = memref.load %[[TABLE]][%[[IX]]] : memref<?xf32>
// CHECK:             scf.yield %[[L]] : f32
// CHECK:           } else {
// CHECK:             scf.yield %{{.*}} : f32
// CHECK:           memref.store %[[V]], %[[BUF]][%[[I]]] : memref<16xf32>
// CHECK:         %[[VALS:.*]] = bufferization.to_tensor %[[BUF]] restrict writable
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[O:.*]] = tensor.extract %{{.*}}[%[[I]]] : tensor<16xi64>
// CHECK:           %[[E:.*]] = tensor.extract %[[VALS]][%[[I]]] : tensor<16xf32>
// CHECK:           %[[M:.*]] = tensor.extract %[[MASK]][%[[I]]] : tensor<16xi1>
// CHECK:           scf.if %[[M]] {
// CHECK:             %[[IX:.*]] = arith.index_cast %[[O]] : i64 to index
// CHECK:             memref.store %[[E]], %[[OUT]][%[[IX]]] : memref<?xf32>
// REMARK: remark: gather/scatter fallback: offsets loaded from memory (data-dependent addressing)
// REMARK: remark: gather/scatter fallback: offsets loaded from memory (data-dependent addressing)
// NOSTRUCT-LABEL: func.func @embedding(
// NOSTRUCT-NOT:     memref.reinterpret_cast
// NOSTRUCT-COUNT-2: memref.alloc() : memref<16x{{.*}}>
// NOSTRUCT-NOT:     memref.reinterpret_cast
tt.func public @embedding(%table: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>) {
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %pi = tt.splat %idx : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %ai = tt.addptr %pi, %range : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %rows = tt.load %ai : tensor<16x!tt.ptr<i32>>
  %pt = tt.splat %table : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %at = tt.addptr %pt, %rows : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %bound = arith.constant dense<100> : tensor<16xi32>
  %valid = arith.cmpi slt, %rows, %bound : tensor<16xi32>
  %v = tt.load %at, %valid, %zero : tensor<16x!tt.ptr<f32>>
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %ao = tt.addptr %po, %rows : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %ao, %v, %valid : tensor<16x!tt.ptr<f32>>
  tt.return
}

// A mask that is not a box (an `or` of two ranges): a masked scatter.
// CHECK-LABEL: func.func @or_mask(
// CHECK:         %[[MASK:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8xi1>, tensor<8xi1>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.ori
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[M:.*]] = tensor.extract %[[MASK]][%[[I]]] : tensor<8xi1>
// CHECK:           scf.if %[[M]] {
// CHECK:             memref.store
// REMARK: remark: gather/scatter fallback: a mask computed by 'arith.ori', which the analysis does not model
tt.func public @or_mask(%x: !tt.ptr<f32>, %a: i32, %b: i32, %v: tensor<8xf32>) {
  %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %sa = tt.splat %a : i32 -> tensor<8xi32>
  %sb = tt.splat %b : i32 -> tensor<8xi32>
  %lo = arith.cmpi slt, %range, %sa : tensor<8xi32>
  %hi = arith.cmpi sgt, %range, %sb : tensor<8xi32>
  %mask = arith.ori %lo, %hi : tensor<8xi1>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %p, %range : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %ptrs, %v, %mask : tensor<8x!tt.ptr<f32>>
  tt.return
}

// Scalar accesses: memref.load / memref.store, under scf.if for a mask.
// CHECK-LABEL: func.func @scalar_masked(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>, %[[I:[a-z0-9_]+]]: i32, %[[C:[a-z0-9_]+]]: i1
// CHECK:         %[[OTHER:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[EXT:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:         %[[OFF:.*]] = arith.addi %[[ZERO]], %[[EXT]] : i64
// CHECK:         %[[V:.*]] = scf.if %[[C]] -> (f32) {
// CHECK:           %[[IX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK:           %[[L:.*]] = memref.load %[[X]][%[[IX]]] : memref<?xf32>
// CHECK:           scf.yield %[[L]] : f32
// CHECK:         } else {
// CHECK:           scf.yield %[[OTHER]] : f32
// CHECK:         scf.if %[[C]] {
// CHECK:           memref.store %[[V]], %[[X]][%{{.*}}] : memref<?xf32>
tt.func public @scalar_masked(%x: !tt.ptr<f32>, %i: i32, %c: i1) {
  %p = tt.addptr %x, %i : !tt.ptr<f32>, i32
  %other = arith.constant 2.0 : f32
  %v = tt.load %p, %c, %other : !tt.ptr<f32>
  tt.store %x, %v, %c : !tt.ptr<f32>
  tt.return
}

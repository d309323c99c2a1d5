// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-forward-matmul-operands),canonicalize,cse)' %s | FileCheck %s

// A tile copied whole: the fill where K is partial and the copy run only
// when the copy's first chunk does not cover the tile with unit inner
// stride; the matmul reads the kernel's buffer through a view otherwise.
// CHECK-LABEL: func.func @one_copy(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<32x64xf32>, %[[C:.*]]: memref<64x64xf32>, %[[OFF:.*]]: index, %[[ROWS:.*]]: index, %[[COLS:.*]]: index, %[[S0:.*]]: index, %[[S1:.*]]: index
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[TILE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x32xf32>
// CHECK:         %[[PARTIAL:.*]] = arith.cmpi slt, %[[COLS]], %[[C32]] : index
// CHECK:         %[[FULL_M:.*]] = arith.cmpi eq, %[[ROWS]], %[[C64]] : index
// CHECK:         %[[FULL_K:.*]] = arith.cmpi eq, %[[COLS]], %[[C32]] : index
// CHECK:         %[[UNIT:.*]] = arith.cmpi eq, %[[S1]], %[[C1]] : index
// CHECK:         %[[FULL:.*]] = arith.andi %[[FULL_M]], %[[FULL_K]] : i1
// CHECK:         %[[IN_PLACE:.*]] = arith.andi %[[FULL]], %[[UNIT]] : i1
// CHECK:         %[[VIEW:.*]] = memref.reinterpret_cast %[[A]] to offset: [%[[OFF]]], sizes: [64, 32], strides: [%[[S0]], 1] : memref<?xf32> to memref<64x32xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[COPIES:.*]] = arith.xori %[[IN_PLACE]], %[[TRUE]] : i1
// CHECK:         %[[FILLS:.*]] = arith.andi %[[COPIES]], %[[PARTIAL]] : i1
// CHECK:         scf.if %[[FILLS]] {
// CHECK-NEXT:      linalg.fill
// CHECK:         scf.if %[[COPIES]] {
// CHECK-NEXT:      linalg.copy
// CHECK:         %[[CAST:.*]] = memref.cast %[[TILE]] : memref<64x32xf32> to memref<64x32xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[OPERAND:.*]] = arith.select %[[IN_PLACE]], %[[VIEW]], %[[CAST]] : memref<64x32xf32, strided<[?, 1], offset: ?>>
// CHECK:         linalg.matmul ins(%[[OPERAND]], %[[B]] : memref<64x32xf32, strided<[?, 1], offset: ?>>, memref<32x64xf32>) outs(%[[C]] : memref<64x64xf32>)
func.func @one_copy(%a: memref<?xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %off: index, %rows: index, %cols: index, %s0: index, %s1: index) {
  %zero = arith.constant 0.0 : f32
  %c32 = arith.constant 32 : index
  %tile = memref.alloca() {alignment = 64 : i64} : memref<64x32xf32>
  %partial = arith.cmpi slt, %cols, %c32 : index
  scf.if %partial {
    linalg.fill ins(%zero : f32) outs(%tile : memref<64x32xf32>)
  }
  %src = memref.reinterpret_cast %a to offset: [%off], sizes: [%rows, %cols], strides: [%s0, %s1] : memref<?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %dst = memref.subview %tile[0, 0] [%rows, %cols] [1, 1] : memref<64x32xf32> to memref<?x?xf32, strided<[32, 1]>>
  linalg.copy ins(%src : memref<?x?xf32, strided<[?, ?], offset: ?>>) outs(%dst : memref<?x?xf32, strided<[32, 1]>>)
  linalg.matmul ins(%tile, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// Rows that wrap around (`offs % M`): the copy runs chunk by chunk in a
// loop. In place when its first chunk (the loop's argument at its initial
// value, 0) covers the tile and the loop's condition is false after it.
// CHECK-LABEL: func.func @wrapping_rows(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<32x64xf32>, %[[C:.*]]: memref<64x64xf32>, %[[START:.*]]: index, %[[M:.*]]: index, %[[S0:.*]]: index
// CHECK:         %[[R0:.*]] = arith.remsi %[[START]], %[[M]] : index
// CHECK:         %[[LEFT:.*]] = arith.subi %[[M]], %[[R0]] : index
// CHECK:         %[[CHUNK:.*]] = arith.minsi %[[LEFT]], %{{.*}} : index
// CHECK:         %[[COVERS:.*]] = arith.cmpi eq, %[[CHUNK]], %[[C64:.*]] : index
// CHECK:         %[[OFF:.*]] = arith.muli %[[R0]], %[[S0]] : index
// CHECK:         %[[STOPS:.*]] = arith.cmpi sge, %[[CHUNK]], %[[C64]] : index
// CHECK:         %[[IN_PLACE:.*]] = arith.andi %[[COVERS]], %[[STOPS]] : i1
// CHECK:         %[[VIEW:.*]] = memref.reinterpret_cast %[[A]] to offset: [%[[OFF]]], sizes: [64, 32], strides: [%[[S0]], 1]
// CHECK:         %[[COPIES:.*]] = arith.xori %[[IN_PLACE]], %{{.*}} : i1
// CHECK:         scf.if %[[COPIES]] {
// CHECK-NEXT:      scf.while
// CHECK:         arith.select %[[IN_PLACE]], %[[VIEW]], %{{.*}} : memref<64x32xf32, strided<[?, 1], offset: ?>>
// CHECK:         linalg.matmul ins(%{{.*}}, %[[B]] : memref<64x32xf32, strided<[?, 1], offset: ?>>, memref<32x64xf32>)
func.func @wrapping_rows(%a: memref<?xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %start: index, %m: index, %s0: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tile = memref.alloca() {alignment = 64 : i64} : memref<64x32xf32>
  %end = scf.while (%row = %c0) : (index) -> index {
    %more = arith.cmpi slt, %row, %c64 : index
    scf.condition(%more) %row : index
  } do {
  ^bb0(%row: index):
    %global = arith.addi %start, %row : index
    %wrapped = arith.remsi %global, %m : index
    %left = arith.subi %m, %wrapped : index
    %room = arith.subi %c64, %row : index
    %chunk = arith.minsi %left, %room : index
    %offset = arith.muli %wrapped, %s0 : index
    %src = memref.reinterpret_cast %a to offset: [%offset], sizes: [%chunk, %c32], strides: [%s0, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %dst = memref.subview %tile[%row, 0] [%chunk, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1], offset: ?>>
    linalg.copy ins(%src : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%dst : memref<?x32xf32, strided<[32, 1], offset: ?>>)
    %next = arith.addi %row, %chunk : index
    scf.yield %next : index
  }
  linalg.matmul ins(%tile, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// Left alone: a tile something else reads (directly or through a cast), a
// tile written after its copy, a copy from something other than a view of a
// kernel buffer, and a chunk whose size is loaded from memory.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     scf.if
// CHECK-NOT:     memref.cast {{.*}} to memref<64x32xf32, strided<[?, 1], offset: ?>>
// CHECK-NOT:     arith.select
// CHECK:         return
func.func @left_alone(%a: memref<?xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %other: memref<64x32xf32>, %sizes: memref<2xindex>, %rows: index, %s0: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %src = memref.reinterpret_cast %a to offset: [0], sizes: [64, 32], strides: [%s0, 1] : memref<?xf32> to memref<64x32xf32, strided<[?, 1]>>

  // Read by a memref.load besides the matmul.
  %read = memref.alloca() : memref<64x32xf32>
  linalg.copy ins(%src : memref<64x32xf32, strided<[?, 1]>>) outs(%read : memref<64x32xf32>)
  linalg.matmul ins(%read, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  %x = memref.load %read[%c0, %c0] : memref<64x32xf32>

  // Read through a cast after the matmul.
  %aliased = memref.alloca() : memref<64x32xf32>
  %alias = memref.cast %aliased : memref<64x32xf32> to memref<?x32xf32>
  %dst5 = memref.subview %aliased[0, 0] [%rows, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1]>>
  %src5 = memref.reinterpret_cast %a to offset: [0], sizes: [%rows, 32], strides: [%s0, 1] : memref<?xf32> to memref<?x32xf32, strided<[?, 1]>>
  linalg.copy ins(%src5 : memref<?x32xf32, strided<[?, 1]>>) outs(%dst5 : memref<?x32xf32, strided<[32, 1]>>)
  linalg.matmul ins(%aliased, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  %y = memref.load %alias[%c0, %c0] : memref<?x32xf32>

  // A fill after the copy.
  %late = memref.alloca() : memref<64x32xf32>
  %dst1 = memref.subview %late[0, 0] [%rows, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1]>>
  %src1 = memref.reinterpret_cast %a to offset: [0], sizes: [%rows, 32], strides: [%s0, 1] : memref<?xf32> to memref<?x32xf32, strided<[?, 1]>>
  linalg.copy ins(%src1 : memref<?x32xf32, strided<[?, 1]>>) outs(%dst1 : memref<?x32xf32, strided<[32, 1]>>)
  linalg.fill ins(%zero : f32) outs(%late : memref<64x32xf32>)
  linalg.matmul ins(%late, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)

  // A copy from another buffer.
  %fromBuffer = memref.alloca() : memref<64x32xf32>
  %dst2 = memref.subview %fromBuffer[0, 0] [%rows, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1]>>
  %src2 = memref.subview %other[0, 0] [%rows, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1]>>
  linalg.copy ins(%src2 : memref<?x32xf32, strided<[32, 1]>>) outs(%dst2 : memref<?x32xf32, strided<[32, 1]>>)
  linalg.matmul ins(%fromBuffer, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)

  // A chunk size loaded from memory inside the loop.
  %loaded = memref.alloca() : memref<64x32xf32>
  %end = scf.while (%row = %c0) : (index) -> index {
    %more = arith.cmpi slt, %row, %rows : index
    scf.condition(%more) %row : index
  } do {
  ^bb0(%row: index):
    %chunk = memref.load %sizes[%c1] : memref<2xindex>
    %src3 = memref.reinterpret_cast %a to offset: [%row], sizes: [%chunk, 32], strides: [%s0, 1] : memref<?xf32> to memref<?x32xf32, strided<[?, 1], offset: ?>>
    %dst3 = memref.subview %loaded[%row, 0] [%chunk, 32] [1, 1] : memref<64x32xf32> to memref<?x32xf32, strided<[32, 1], offset: ?>>
    linalg.copy ins(%src3 : memref<?x32xf32, strided<[?, 1], offset: ?>>) outs(%dst3 : memref<?x32xf32, strided<[32, 1], offset: ?>>)
    %next = arith.addi %row, %chunk : index
    scf.yield %next : index
  }
  linalg.matmul ins(%loaded, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  %sum = arith.addf %x, %y : f32
  return %sum : f32
}

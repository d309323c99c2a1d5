// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-transpose-copies))' %s | FileCheck %s

// A 32 x 16 tile read from a column-major buffer: two 16 x 16 blocks, each
// read along the buffer's contiguous dimension (rows of the transposed
// view), transposed by one shuffle and inserted at its place.
// CHECK-LABEL: func.func @column_major(
// CHECK-SAME:      %[[B:.*]]: memref<32x16xf16, strided<[1, 32], offset: ?>>, %[[I:.*]]: index, %[[J:.*]]: index
// CHECK:         %[[ROWS:.*]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0) : memref<32x16xf16, strided<[1, 32], offset: ?>> to memref<16x32xf16, strided<[32, 1], offset: ?>>
// CHECK:         %[[B0:.*]] = vector.transfer_read %[[ROWS]][%[[J]], %[[I]]], %{{.*}} {in_bounds = [true, true]} : memref<16x32xf16, strided<[32, 1], offset: ?>>, vector<16x16xf16>
// CHECK:         %[[F0:.*]] = vector.shape_cast %[[B0]] : vector<16x16xf16> to vector<256xf16>
// CHECK:         %[[S0:.*]] = vector.shuffle %[[F0]], %[[F0]] [0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 1, 17,
// CHECK:         %[[T0:.*]] = vector.shape_cast %[[S0]] : vector<256xf16> to vector<16x16xf16>
// CHECK:         %[[R0:.*]] = vector.insert_strided_slice %[[T0]], %{{.*}} {offsets = [0, 0], strides = [1, 1]} : vector<16x16xf16> into vector<32x16xf16>
// CHECK:         %[[I16:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:         vector.transfer_read %[[ROWS]][%[[J]], %[[I16]]]
// CHECK:         %[[R1:.*]] = vector.insert_strided_slice %{{.*}}, %[[R0]] {offsets = [16, 0], strides = [1, 1]} : vector<16x16xf16> into vector<32x16xf16>
// CHECK:         return %[[R1]]
func.func @column_major(%b: memref<32x16xf16, strided<[1, 32], offset: ?>>, %i: index, %j: index) -> vector<32x16xf16> {
  %pad = arith.constant 0.0 : f16
  %v = vector.transfer_read %b[%i, %j], %pad {in_bounds = [true, true]} : memref<32x16xf16, strided<[1, 32], offset: ?>>, vector<32x16xf16>
  return %v : vector<32x16xf16>
}

// Left alone: a row-major buffer, a tile that 16 does not divide, a read
// that may run out of bounds, and a 1-D read.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     memref.transpose
// CHECK-NOT:     vector.shuffle
// CHECK-COUNT-4: vector.transfer_read
func.func @left_alone(%rows: memref<32x16xf32>, %cols: memref<24x16xf32, strided<[1, 24]>>, %c: memref<32x16xf32, strided<[1, 32]>>, %i: index) -> (vector<32x16xf32>, vector<24x16xf32>, vector<32x16xf32>, vector<16xf32>) {
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %rows[%i, %i], %pad {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %b = vector.transfer_read %cols[%i, %i], %pad {in_bounds = [true, true]} : memref<24x16xf32, strided<[1, 24]>>, vector<24x16xf32>
  %d = vector.transfer_read %c[%i, %i], %pad : memref<32x16xf32, strided<[1, 32]>>, vector<32x16xf32>
  %e = vector.transfer_read %c[%i, %i], %pad {in_bounds = [true]} : memref<32x16xf32, strided<[1, 32]>>, vector<16xf32>
  return %a, %b, %d, %e : vector<32x16xf32>, vector<24x16xf32>, vector<32x16xf32>, vector<16xf32>
}

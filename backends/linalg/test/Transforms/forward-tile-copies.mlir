// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-forward-tile-copies))' %s | FileCheck %s

// A masked block load (fill with `other` where partial, copy of the valid
// part) read by whole vector transfers: a read of the source where the copy
// was, unmasked when the block is whole and masked otherwise; a store of a
// leading slice: a write, split the same way.
// CHECK-LABEL: func.func @load_store(
// CHECK-SAME:      %[[SRC:.*]]: memref<?xf32, strided<[1], offset: ?>>, %[[DST:.*]]: memref<?xf32, strided<[1], offset: ?>>, %[[N:.*]]: index
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.copy
// CHECK:         %[[MASK:.*]] = vector.create_mask %[[N]] : vector<256xi1>
// CHECK:         %[[WHOLE:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK:         %[[X:.*]] = scf.if %[[WHOLE]] -> (vector<256xf32>) {
// CHECK:           %[[R1:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %[[OTHER:.*]] {in_bounds = [true]} : memref<?xf32, strided<[1], offset: ?>>, vector<256xf32>
// CHECK:           scf.yield %[[R1]]
// CHECK:         } else {
// CHECK:           %[[R2:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %[[OTHER]], %[[MASK]] {in_bounds = [true]} : memref<?xf32, strided<[1], offset: ?>>, vector<256xf32>
// CHECK:           scf.yield %[[R2]]
// CHECK:         }
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<256xf32>
// CHECK:         %[[Y:.*]] = arith.addf %[[X]], %[[X]] : vector<256xf32>
// CHECK:         vector.transfer_write %[[Y]], %[[EMPTY]]
// CHECK:         %[[MASK2:.*]] = vector.create_mask %[[N]] : vector<256xi1>
// CHECK:         %[[WHOLE2:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK:         scf.if %[[WHOLE2]] {
// CHECK:           vector.transfer_write %[[Y]], %[[DST]][%{{.*}}] {in_bounds = [true]} : vector<256xf32>, memref<?xf32, strided<[1], offset: ?>>
// CHECK:         } else {
// CHECK:           vector.transfer_write %[[Y]], %[[DST]][%{{.*}}], %[[MASK2]] {in_bounds = [true]} : vector<256xf32>, memref<?xf32, strided<[1], offset: ?>>
// CHECK:         }
// CHECK-NOT:     bufferization.materialize_in_destination
// CHECK:         return
func.func @load_store(%src: memref<?xf32, strided<[1], offset: ?>>, %dst: memref<?xf32, strided<[1], offset: ?>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %pad = ub.poison : f32
  %t = memref.alloc() : memref<256xf32>
  %partial = arith.cmpi slt, %n, %c256 : index
  scf.if %partial {
    linalg.fill ins(%one : f32) outs(%t : memref<256xf32>)
  }
  %v = memref.subview %t[0] [%n] [1] : memref<256xf32> to memref<?xf32, strided<[1]>>
  linalg.copy ins(%src : memref<?xf32, strided<[1], offset: ?>>) outs(%v : memref<?xf32, strided<[1]>>)
  %x = bufferization.to_tensor %t restrict writable : memref<256xf32> to tensor<256xf32>
  %r = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : tensor<256xf32>, vector<256xf32>
  %s = arith.addf %r, %r : vector<256xf32>
  %w = vector.transfer_write %s, %x[%c0] {in_bounds = [true]} : vector<256xf32>, tensor<256xf32>
  %slice = tensor.extract_slice %w[0] [%n] [1] : tensor<256xf32> to tensor<?xf32>
  bufferization.materialize_in_destination %slice in writable %dst : (tensor<?xf32>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  return
}

// A fill that linalg-cpu-vectorize already turned into a splat write; a 2-D
// tile whose rows are contiguous.
// CHECK-LABEL: func.func @splat_fill_2d(
// CHECK-SAME:      %[[SRC:.*]]: memref<?x?xf16, strided<[?, 1], offset: ?>>, %[[M:.*]]: index, %[[K:.*]]: index
// CHECK-NOT:     memref.alloc
// CHECK:         %[[MASK:.*]] = vector.create_mask %[[M]], %[[K]] : vector<4x8xi1>
// CHECK:         %[[ROWS:.*]] = arith.cmpi eq, %[[M]], %{{.*}} : index
// CHECK:         %[[COLS:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK:         %[[WHOLE:.*]] = arith.andi %[[ROWS]], %[[COLS]] : i1
// CHECK:         %[[X:.*]] = scf.if %[[WHOLE]]
// CHECK:           vector.transfer_read %[[SRC]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]}
// CHECK:         } else {
// CHECK:           vector.transfer_read %[[SRC]][%{{.*}}, %{{.*}}], %{{.*}}, %[[MASK]] {in_bounds = [true, true]}
// CHECK:         return %[[X]]
func.func @splat_fill_2d(%src: memref<?x?xf16, strided<[?, 1], offset: ?>>, %m: index, %k: index) -> vector<4x8xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant dense<0.0> : vector<4x8xf16>
  %pad = ub.poison : f16
  %t = memref.alloc() : memref<4x8xf16>
  vector.transfer_write %zero, %t[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf16>, memref<4x8xf16>
  %v = memref.subview %t[0, 0] [%m, %k] [1, 1] : memref<4x8xf16> to memref<?x?xf16, strided<[8, 1]>>
  linalg.copy ins(%src : memref<?x?xf16, strided<[?, 1], offset: ?>>) outs(%v : memref<?x?xf16, strided<[8, 1]>>)
  %x = bufferization.to_tensor %t restrict writable : memref<4x8xf16> to tensor<4x8xf16>
  %r = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x8xf16>, vector<4x8xf16>
  return %r : vector<4x8xf16>
}

// Left alone: a source whose inner stride is not 1, a tensor that a linalg
// op reads, and a store into a buffer with a dynamic inner stride.
// CHECK-LABEL: func.func @strided_source(
// CHECK:         memref.alloc
// CHECK:         linalg.copy
// CHECK:         bufferization.to_tensor
func.func @strided_source(%src: memref<?xf32, strided<[?], offset: ?>>, %n: index) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %pad = ub.poison : f32
  %t = memref.alloc() : memref<16xf32>
  %v = memref.subview %t[0] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
  linalg.copy ins(%src : memref<?xf32, strided<[?], offset: ?>>) outs(%v : memref<?xf32, strided<[1]>>)
  %x = bufferization.to_tensor %t restrict writable : memref<16xf32> to tensor<16xf32>
  %r = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : tensor<16xf32>, vector<16xf32>
  return %r : vector<16xf32>
}

// CHECK-LABEL: func.func @linalg_user(
// CHECK:         memref.alloc
// CHECK:         linalg.copy
// CHECK:         linalg.reduce
func.func @linalg_user(%src: memref<?xf32, strided<[1], offset: ?>>, %n: index) -> tensor<f32> {
  %t = memref.alloc() : memref<16xf32>
  %v = memref.subview %t[0] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
  linalg.copy ins(%src : memref<?xf32, strided<[1], offset: ?>>) outs(%v : memref<?xf32, strided<[1]>>)
  %x = bufferization.to_tensor %t restrict writable : memref<16xf32> to tensor<16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<16xf32>) outs(%i : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @strided_store(
// CHECK:         bufferization.materialize_in_destination
func.func @strided_store(%v: vector<16xf32>, %dst: memref<?xf32, strided<[?], offset: ?>>, %n: index) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<16xf32>
  %w = vector.transfer_write %v, %e[%c0] {in_bounds = [true]} : vector<16xf32>, tensor<16xf32>
  %slice = tensor.extract_slice %w[0] [%n] [1] : tensor<16xf32> to tensor<?xf32>
  bufferization.materialize_in_destination %slice in writable %dst : (tensor<?xf32>, memref<?xf32, strided<[?], offset: ?>>) -> ()
  return
}

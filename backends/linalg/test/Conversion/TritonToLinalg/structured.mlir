// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// Loads and stores whose pointer and mask the analyses decode become strided
// copies (step 2 of the pass).

// CHECK-LABEL: func.func @masked_1d(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>, %[[Y:[a-z0-9_]+]]: memref<?xf32>, %[[N:[a-z0-9_]+]]: i32
// CHECK-DAG:     %[[OTHER:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:         %[[START:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:         %[[LEN:.*]] = arith.maxsi
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<64xf32>
// CHECK:         %[[PARTIAL:.*]] = arith.cmpi slt, %[[LEN]], %{{.*}} : index
// CHECK:         scf.if %[[PARTIAL]] {
// CHECK-NEXT:      linalg.fill ins(%[[OTHER]] : f32) outs(%[[BUF]] : memref<64xf32>)
// CHECK:         %[[SRC:.*]] = memref.reinterpret_cast %[[X]] to offset: [%[[START]]], sizes: [%[[SIZE:.*]]], strides: [1]
// CHECK-SAME:      memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK:         %[[DST:.*]] = memref.subview %[[BUF]][0] [%[[SIZE]]] [1]
// CHECK:         linalg.copy ins(%[[SRC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK:         %[[V:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<64xf32> to tensor<64xf32>
// CHECK:         %[[OUT:.*]] = memref.reinterpret_cast %[[Y]] to offset: [%{{.*}}], sizes: [%[[SSIZE:.*]]], strides: [1]
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[V]][0] [%[[SSIZE]]] [1] : tensor<64xf32> to tensor<?xf32>
// CHECK:         bufferization.materialize_in_destination %[[SLICE]] in writable %[[OUT]]
// CHECK-NOT:     tt.
// 1-D masked load and store with `other`.
tt.func public @masked_1d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %c64 = arith.constant 64 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c64 : i32
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = tt.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %s, %range : tensor<64xi32>
  %bound = tt.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %bound : tensor<64xi32>
  %other = arith.constant dense<-1.0> : tensor<64xf32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ax = tt.addptr %px, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %ax, %mask, %other : tensor<64x!tt.ptr<f32>>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ay = tt.addptr %py, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %ay, %v, %mask : tensor<64x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: func.func @tile_2d(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf16>, %[[STRIDE:[a-z0-9_]+]]: i32
// CHECK:         %[[S:.*]] = arith.index_cast %[[STRIDE]] : i32 to index
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<16x32xf16>
// CHECK:         scf.if
// CHECK:           linalg.fill
// CHECK:         %[[SRC:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%[[R:.*]], %[[C:.*]]], strides: [%[[S]], 1]
// CHECK-SAME:      memref<?xf16> to memref<?x?xf16, strided<[?, 1]>>
// CHECK:         %[[DST:.*]] = memref.subview %[[BUF]][0, 0] [%[[R]], %[[C]]] [1, 1]
// CHECK:         linalg.copy ins(%[[SRC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK:         %[[V:.*]] = bufferization.to_tensor %[[BUF]]
// An unmasked store writes the whole tile (static sizes).
// CHECK:         %[[OUT:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [16, 32], strides: [%{{.*}}, 1]
// CHECK:         bufferization.materialize_in_destination %[[V]] in writable %[[OUT]]
// A 2-D tile with a row stride, masked in both dimensions.
tt.func public @tile_2d(%x: !tt.ptr<f16>, %stride: i32, %m: i32, %k: i32) {
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %st = tt.splat %stride : i32 -> tensor<16x1xi32>
  %rs = arith.muli %r, %st : tensor<16x1xi32>
  %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cb = tt.broadcast %c : tensor<1x32xi32> -> tensor<16x32xi32>
  %offs = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tt.splat %x : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  %a = tt.addptr %p, %offs : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
  %mb = tt.splat %m : i32 -> tensor<16x1xi32>
  %mr = arith.cmpi slt, %r, %mb : tensor<16x1xi32>
  %kb = tt.splat %k : i32 -> tensor<1x32xi32>
  %mc = arith.cmpi slt, %c, %kb : tensor<1x32xi32>
  %mrb = tt.broadcast %mr : tensor<16x1xi1> -> tensor<16x32xi1>
  %mcb = tt.broadcast %mc : tensor<1x32xi1> -> tensor<16x32xi1>
  %mask = arith.andi %mrb, %mcb : tensor<16x32xi1>
  %v = tt.load %a, %mask : tensor<16x32x!tt.ptr<f16>>
  tt.store %a, %v : tensor<16x32x!tt.ptr<f16>>
  tt.return
}

// The loop carries the pointer's offset (an index) instead of the pointers.
// CHECK-LABEL: func.func @loop_carried(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFF:.*]] = %[[C0]]) -> (tensor<8xf32>, index)
// CHECK:           memref.reinterpret_cast %[[X]] to offset: [%[[OFF]]], sizes: [8], strides: [1]
// CHECK:           linalg.copy
// CHECK:           linalg.generic
// CHECK:           %[[NEXT:.*]] = arith.addi %[[OFF]], %[[C8]] : index
// CHECK:           scf.yield %{{.*}}, %[[NEXT]] : tensor<8xf32>, index
// A pointer carried by scf.for and advanced by a constant step.
tt.func public @loop_carried(%x: !tt.ptr<f32>, %n: i32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %range : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a, %acc = %zero) -> (tensor<8x!tt.ptr<f32>>, tensor<8xf32>) : i32 {
    %v = tt.load %ptr : tensor<8x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<8xf32>
    %next = tt.addptr %ptr, %step : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    scf.yield %next, %s : tensor<8x!tt.ptr<f32>>, tensor<8xf32>
  }
  tt.return %res#1 : tensor<8xf32>
}

// CHECK-LABEL: func.func @wrapped(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>, %[[START:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32
// CHECK-DAG:     %[[S:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK-DAG:     %[[M:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<32xf32>
// CHECK:         scf.while (%[[T:.*]] = %{{.*}}) : (index) -> index {
// CHECK:           arith.cmpi slt, %[[T]], %{{.*}} : index
// CHECK:         } do {
// CHECK:         ^bb0(%[[T:.*]]: index):
// CHECK:           %[[X0:.*]] = arith.addi %[[S]], %[[T]] : index
// CHECK:           arith.remsi %[[X0]], %[[M]] : index
// CHECK:           %[[P:.*]] = arith.remsi %{{.*}}, %[[M]] : index
// CHECK:           %[[ROOM:.*]] = arith.subi %[[M]], %[[P]] : index
// CHECK:           %[[LEN:.*]] = arith.minsi %[[ROOM]], %{{.*}} : index
// CHECK:           %[[SRC:.*]] = memref.reinterpret_cast %[[X]] to offset: [%[[P]]], sizes: [%[[LEN]]], strides: [1]
// CHECK:           %[[DST:.*]] = memref.subview %[[BUF]][%[[T]]] [%[[LEN]]] [1]
// CHECK:           linalg.copy ins(%[[SRC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK:           %[[NEXT:.*]] = arith.addi %[[T]], %[[LEN]] : index
// CHECK:           scf.yield %[[NEXT]] : index
// CHECK:         bufferization.to_tensor %[[BUF]]
// Wrap-around: (start + arange) % n, copied segment by segment.
tt.func public @wrapped(%x: !tt.ptr<f32>, %start: i32, %n: i32) -> tensor<32xf32> {
  %range = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %s = tt.splat %start : i32 -> tensor<32xi32>
  %offs = arith.addi %s, %range : tensor<32xi32>
  %nb = tt.splat %n : i32 -> tensor<32xi32>
  %wrapped = arith.remsi %offs, %nb : tensor<32xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %a = tt.addptr %p, %wrapped : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %a : tensor<32x!tt.ptr<f32>>
  tt.return %v : tensor<32xf32>
}

// CHECK-LABEL: func.func @block_pointer(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<16x8xf32>
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      linalg.fill ins(%[[NAN]] : f32) outs(%[[BUF]] : memref<16x8xf32>)
// CHECK:         %[[SRC:.*]] = memref.reinterpret_cast %[[X]] to offset: [%{{.*}}], sizes: [%[[R:.*]], %[[C:.*]]], strides: [%{{.*}}, 1]
// CHECK:         %[[DST:.*]] = memref.subview %[[BUF]][%{{.*}}, %{{.*}}] [%[[R]], %[[C]]] [1, 1]
// CHECK:         linalg.copy ins(%[[SRC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// A block pointer with a boundary check on both dimensions, padded with NaN.
tt.func public @block_pointer(%x: !tt.ptr<f32>, %m: i64, %k: i64, %sm: i64, %o0: i32, %o1: i32) -> tensor<16x8xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %x, [%m, %k], [%sm, %c1], [%o0, %o1] {order = array<i32: 1, 0>} : <tensor<16x8xf32>>
  %c4 = arith.constant 4 : i32
  %c0 = arith.constant 0 : i32
  %next = tt.advance %bp, [%c0, %c4] : <tensor<16x8xf32>>
  %v = tt.load %next {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<16x8xf32>>
  tt.return %v : tensor<16x8xf32>
}

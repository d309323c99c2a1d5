// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// The calling convention: buffers for pointers, an element offset after each
// pointer of a device function, then num_programs x/y/z and program_id x/y/z.

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32> {tt.divisibility = 16 : i32},
// CHECK-SAME:    %[[N:[a-z0-9_]+]]: i32, %[[NX:[a-z0-9_]+]]: i32, %[[NY:[a-z0-9_]+]]: i32, %[[NZ:[a-z0-9_]+]]: i32,
// CHECK-SAME:    %[[PX:[a-z0-9_]+]]: i32, %[[PY:[a-z0-9_]+]]: i32, %[[PZ:[a-z0-9_]+]]: i32)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[SUM:.*]] = arith.addi %[[PY]], %[[NZ]] : i32
// CHECK:         %[[EXT:.*]] = arith.extsi %[[SUM]] : i32 to i64
// CHECK:         %[[OFF:.*]] = arith.addi %[[ZERO]], %[[EXT]] : i64
// CHECK:         %[[V:.*]] = call @helper(%[[X]], %[[OFF]], %[[N]], %[[NX]], %[[NY]], %[[NZ]], %[[PX]], %[[PY]], %[[PZ]])
// CHECK-SAME:      : (memref<?xf32>, i64, i32, i32, i32, i32, i32, i32, i32) -> f32
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[ZERO]] : i64 to index
// CHECK:         memref.store %[[V]], %[[X]][%[[IDX]]] : memref<?xf32>
// CHECK:         return
tt.func public @kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %pid = tt.get_program_id y : i32
  %num = tt.get_num_programs z : i32
  %sum = arith.addi %pid, %num : i32
  %p = tt.addptr %x, %sum : !tt.ptr<f32>, i32
  %v = tt.call @helper(%p, %n) : (!tt.ptr<f32>, i32) -> f32
  tt.store %x, %v : !tt.ptr<f32>
  tt.return
}

// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:    %[[B:[a-z0-9_]+]]: memref<?xf32>, %[[O:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i32,
// CHECK-SAME:    %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %[[PX:[a-z0-9_]+]]: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32) -> f32
// CHECK:         %[[EXT:.*]] = arith.extsi %[[PX]] : i32 to i64
// CHECK:         %[[OFF:.*]] = arith.addi %[[O]], %[[EXT]] : i64
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK:         %[[V:.*]] = memref.load %[[B]][%[[IDX]]] : memref<?xf32>
// CHECK:         return %[[V]] : f32
tt.func private @helper(%p: !tt.ptr<f32>, %n: i32) -> f32 {
  %pid = tt.get_program_id x : i32
  %q = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  %v = tt.load %q : !tt.ptr<f32>
  tt.return %v : f32
}

// A device function taking a tensor of pointers receives its offsets.
// CHECK-LABEL: func.func private @gather_helper(
// CHECK-SAME:    %[[B:[a-z0-9_]+]]: memref<?xf32>, %[[O:[a-z0-9_]+]]: tensor<4xi64>,
// CHECK:         scf.for
// CHECK:           tensor.extract %[[O]]
// CHECK:           memref.load %[[B]]
tt.func private @gather_helper(%p: tensor<4x!tt.ptr<f32>>) -> tensor<4xf32> {
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  tt.return %v : tensor<4xf32>
}

// An external declaration keeps its (converted) signature.
// CHECK-LABEL: func.func private @external(memref<?xi32>, i64, i32, i32, i32, i32, i32, i32)
tt.func private @external(%p: !tt.ptr<i32>)

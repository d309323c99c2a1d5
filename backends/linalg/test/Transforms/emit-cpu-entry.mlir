// RUN: trident-opt --plugin %linalg_plugin --linalg-emit-cpu-entry %s -split-input-file -verify-diagnostics | FileCheck %s

// A kernel with two buffers, a float, a flag and the six grid values gets an
// entry that loads each argument from its slot, builds the descriptors of the
// buffers, and calls it; the kernel becomes internal.

// CHECK-LABEL: func.func @scale(
// CHECK-SAME:      llvm.linkage = #llvm.linkage<internal>
// CHECK-LABEL: func.func @scale_trident_cpu_entry(
// CHECK-SAME:      %[[ARGS:.*]]: !llvm.ptr, %[[NPROG:.*]]: !llvm.ptr, %[[PID:.*]]: !llvm.ptr)
// CHECK:         %[[S0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[SLOT0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[P0:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[D0:.*]] = llvm.insertvalue %[[P0]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[P0]], %[[D0]][1]
// CHECK:         %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK:         %[[Y:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xf32>
// CHECK:         %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:         %[[BYTE:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:         %[[FLAG:.*]] = llvm.icmp "ne" %[[BYTE]]
// CHECK:         %[[GX:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:         llvm.getelementptr %[[PID]][2] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK:         %[[PZ:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:         call @scale(%[[X]], %[[Y]], %[[S]], %[[FLAG]], %[[GX]], {{.*}}, %[[PZ]])
// CHECK-NEXT:    return
func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %s: f32, %flag: i1,
                 %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  return
}

// -----

// A 2-D buffer with a static inner dimension: row-major strides.

// CHECK-LABEL: func.func @tile_trident_cpu_entry(
// CHECK:         llvm.mlir.constant(281474976710656 : i64) : i64
// CHECK:         llvm.mlir.constant(8 : i64) : i64
// CHECK:         to memref<?x8xf16>
func.func @tile(%t: memref<?x8xf16>, %gx: i32, %gy: i32, %gz: i32,
                %px: i32, %py: i32, %pz: i32) {
  return
}

// -----

// Private functions (device functions) get no entry.

// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:   helper_trident_cpu_entry
func.func private @helper(%gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32,
                          %pz: i32) {
  return
}

// -----

// expected-error @below {{does not end with the six i32 grid parameters}}
func.func @no_grid(%x: memref<?xf32>) {
  return
}

// -----

// expected-error @below {{parameter 0 has type 'memref<8x?xf32>': only the first dimension of a buffer parameter may be dynamic}}
func.func @inner_dynamic(%x: memref<8x?xf32>, %gx: i32, %gy: i32, %gz: i32,
                         %px: i32, %py: i32, %pz: i32) {
  return
}

// -----

// expected-error @below {{parameter 0 has type 'tensor<4xf32>': the runtime passes buffers and integer or float scalars only}}
func.func @tensor_param(%x: tensor<4xf32>, %gx: i32, %gy: i32, %gz: i32,
                        %px: i32, %py: i32, %pz: i32) {
  return
}

// -----

// expected-error @below {{returns 'i32': a kernel called by the cpu runtime returns nothing}}
func.func @result(%gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32,
                  %pz: i32) -> i32 {
  return %gx : i32
}

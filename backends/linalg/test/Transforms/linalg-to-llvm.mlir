// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(linalg-to-llvm)' %s | FileCheck %s

// The `llir` stage's pipeline on hand-written linalg (the calling convention of
// linalg-triton-to-linalg): everything ends in the LLVM dialect, the kernel is
// internal, the entry is exported, the elementwise op is vectorized, and its
// result is stored straight into %y (linalg-forward-tile-copies): no
// temporary buffer.

// CHECK-NOT:   memref.
// CHECK-NOT:   linalg.
// CHECK-NOT:   unrealized_conversion_cast
// CHECK-LABEL: llvm.func internal @scale(
// CHECK-NOT:     llvm.call @malloc
// CHECK:         %[[V:.*]] = llvm.fmul {{.*}} : vector<16xf32>
// CHECK-NOT:     llvm.call
// CHECK:         llvm.store %[[V]], %arg6
// CHECK-NOT:     llvm.call @free
// CHECK-LABEL: llvm.func @scale_trident_cpu_entry(
// CHECK-SAME:      %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK:         llvm.call @scale(
#map = affine_map<(d0) -> (d0)>
func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %s: f32, %flag: i1, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %a = memref.subview %x[0] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1]>>
  %t = bufferization.to_tensor %a restrict : memref<16xf32, strided<[1]>> to tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %b = memref.subview %y[0] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1]>>
  bufferization.materialize_in_destination %r in writable %b : (tensor<16xf32>, memref<16xf32, strided<[1]>>) -> ()
  return
}

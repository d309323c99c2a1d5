// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul{amx-bf16=true bf16-dot-product=true}))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul{amx-bf16=true prefetch-next-tile=true}),cse)' %s | FileCheck %s --check-prefix=PREFETCH

// With AMX, B is packed in pairs of rows as for the bf16 dot product, and
// each block of 2 x 2 tiles of C (32 x 32) is loaded, updated with two tiles
// of A and two of packed B per 32 of K, and stored.
// CHECK-LABEL: func.func @matmul_bf16(
// CHECK-SAME:      %[[A:.*]]: memref<64x32xbf16>, %[[B:.*]]: memref<32x64xbf16>, %[[C:.*]]: memref<64x64xf32>
// CHECK:         %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16x128xbf16>
// CHECK:         vector.interleave
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %c64 step %c32 {
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %c64 step %c32 {
// CHECK:             %[[I16:.*]] = arith.addi %[[I]], %c16
// CHECK:             %[[JP:.*]] = arith.muli %[[J]], %c2
// CHECK:             %[[J16:.*]] = arith.addi %[[J]], %c16
// CHECK:             %[[J16P:.*]] = arith.muli %[[J16]], %c2
// CHECK:             %[[C00:.*]] = amx.tile_load %[[C]][%[[I]], %[[J]]] : memref<64x64xf32> into !amx.tile<16x16xf32>
// CHECK:             %[[C01:.*]] = amx.tile_load %[[C]][%[[I]], %[[J16]]]
// CHECK:             %[[C10:.*]] = amx.tile_load %[[C]][%[[I16]], %[[J]]]
// CHECK:             %[[C11:.*]] = amx.tile_load %[[C]][%[[I16]], %[[J16]]]
// CHECK:             %[[PAIR:.*]] = arith.divui %[[K0:.*]], %c2
// CHECK:             %[[A0:.*]] = amx.tile_load %[[A]][%[[I]], %[[K0]]] : memref<64x32xbf16> into !amx.tile<16x32xbf16>
// CHECK:             %[[A1:.*]] = amx.tile_load %[[A]][%[[I16]], %[[K0]]]
// CHECK:             %[[B0:.*]] = amx.tile_load %[[P]][%[[PAIR]], %[[JP]]] : memref<16x128xbf16> into !amx.tile<16x32xbf16>
// CHECK:             %[[B1:.*]] = amx.tile_load %[[P]][%[[PAIR]], %[[J16P]]]
// CHECK:             %[[R00:.*]] = amx.tile_mulf %[[A0]], %[[B0]], %[[C00]] : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
// CHECK:             %[[R01:.*]] = amx.tile_mulf %[[A0]], %[[B1]], %[[C01]]
// CHECK:             %[[R10:.*]] = amx.tile_mulf %[[A1]], %[[B0]], %[[C10]]
// CHECK:             %[[R11:.*]] = amx.tile_mulf %[[A1]], %[[B1]], %[[C11]]
// CHECK:             amx.tile_store %[[C]][%[[I]], %[[J]]], %[[R00]] : memref<64x64xf32>, !amx.tile<16x16xf32>
// CHECK:             amx.tile_store %[[C]][%[[I]], %[[J16]]], %[[R01]]
// CHECK:             amx.tile_store %[[C]][%[[I16]], %[[J]]], %[[R10]]
// CHECK:             amx.tile_store %[[C]][%[[I16]], %[[J16]]], %[[R11]]
// CHECK-NOT:     linalg.matmul
// CHECK-NOT:     x86vector
// With prefetch-next-tile, each block prefetches its share of the next B
// tile, which the packing reads; A's tiles are read where they lie, without.
// PREFETCH-LABEL: func.func @matmul_bf16(
// PREFETCH-SAME:      %[[A:.*]]: memref<64x32xbf16>, %[[B:.*]]: memref<32x64xbf16>
// PREFETCH-NOT:       memref.prefetch %[[A]]
// PREFETCH:           memref.prefetch %[[B]]
// PREFETCH-NOT:       memref.prefetch %[[A]]
// PREFETCH:           amx.tile_load
func.func @matmul_bf16(%a: memref<64x32xbf16>, %b: memref<32x64xbf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xbf16>, memref<32x64xbf16>) outs(%c : memref<64x64xf32>)
  return
}

// A K of 512 is 16 steps of 32: two chunks of 8, each loading and storing
// its tiles of C. M = N = 16 take one tile of C a block.
// CHECK-LABEL: func.func @long_reduction(
// CHECK-SAME:      %[[A:.*]]: memref<16x512xbf16>, %[[B:.*]]: memref<512x16xbf16>, %[[C:.*]]: memref<16x16xf32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %c16 step %c16 {
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %c16 step %c16 {
// CHECK:             scf.for %[[K:.*]] = %{{.*}} to %c512 step %c256 {
// CHECK:               amx.tile_load %[[C]]
// CHECK-COUNT-8:       amx.tile_mulf
// CHECK-NOT:           amx.tile_mulf
// CHECK:               amx.tile_store %[[C]]
func.func @long_reduction(%a: memref<16x512xbf16>, %b: memref<512x16xbf16>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x512xbf16>, memref<512x16xbf16>) outs(%c : memref<16x16xf32>)
  return
}

// A forwarded view of the kernel's matrix (rows a dynamic stride apart) is
// read by tile loads where it lies.
// CHECK-LABEL: func.func @forwarded_a(
// CHECK-SAME:      %[[A:.*]]: memref<32x32xbf16, strided<[?, 1], offset: ?>>
// CHECK:         amx.tile_load %[[A]][%{{.*}}, %{{.*}}] : memref<32x32xbf16, strided<[?, 1], offset: ?>> into !amx.tile<16x32xbf16>
func.func @forwarded_a(%a: memref<32x32xbf16, strided<[?, 1], offset: ?>>, %b: memref<32x32xbf16>, %c: memref<32x32xf32>) {
  linalg.matmul ins(%a, %b : memref<32x32xbf16, strided<[?, 1], offset: ?>>, memref<32x32xbf16>) outs(%c : memref<32x32xf32>)
  return
}

// N = 48 is three tiles of C: blocks of 2 x 1 tiles, 32 rows by 16 columns.
// CHECK-LABEL: func.func @odd_tiles_wide(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c64 step %c32 {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %c48 step %c16 {
// CHECK-COUNT-2:     amx.tile_load %{{.*}} : memref<64x48xf32> into !amx.tile<16x16xf32>
// CHECK-COUNT-2:     amx.tile_mulf
// CHECK-NOT:         amx.tile_mulf
// CHECK-COUNT-2:     amx.tile_store
func.func @odd_tiles_wide(%a: memref<64x32xbf16>, %b: memref<32x48xbf16>, %c: memref<64x48xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xbf16>, memref<32x48xbf16>) outs(%c : memref<64x48xf32>)
  return
}

// AMX takes M and N multiples of 16 and K of 32: a K of 16 goes to the bf16
// dot product (here with bf16-dot-product), an N of 8 stays, and an f32
// matmul keeps its vector microkernel.
// CHECK-LABEL: func.func @not_for_tiles(
// CHECK-NOT:     amx.
// CHECK:         x86vector.avx512.dot
// CHECK-NOT:     amx.
// CHECK:         linalg.matmul
// CHECK-NOT:     amx.
// CHECK:         arith.mulf {{.*}} : vector<16xf32>
// CHECK-NOT:     amx.
// CHECK:         return
func.func @not_for_tiles(%a: memref<64x16xbf16>, %b: memref<16x64xbf16>, %c: memref<64x64xf32>,
                         %a2: memref<64x32xbf16>, %b2: memref<32x8xbf16>, %c2: memref<64x8xf32>,
                         %f: memref<64x32xf32>, %fb: memref<32x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x16xbf16>, memref<16x64xbf16>) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a2, %b2 : memref<64x32xbf16>, memref<32x8xbf16>) outs(%c2 : memref<64x8xf32>)
  linalg.matmul ins(%f, %fb : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

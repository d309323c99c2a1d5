// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul{vector-bits=256 vector-registers=16}))' %s | FileCheck %s --check-prefix=AVX2

// 512-bit registers, 32 of them: blocks of 8 rows x 2 vector<16xf32>, 16
// accumulators loaded from C once, a reduction loop carrying them, and per
// step two loads of a row of B and eight broadcasts of A.
// CHECK-LABEL: func.func @matmul_f32(
// CHECK-SAME:      %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x64xf32>, %[[C:.*]]: memref<64x64xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C64]] step %[[C8]] {
// CHECK:           scf.for %[[J:.*]] = %[[C0]] to %[[C64]] step %[[C32]] {
// CHECK:             %[[ACC0:.*]] = vector.load %[[C]][%[[I]], %[[J]]] : memref<64x64xf32>, vector<16xf32>
// CHECK-COUNT-15:    vector.load %[[C]]
// CHECK:             %[[R:.*]]:16 = scf.for %[[K:.*]] = %[[C0]] to %[[C32]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]], {{.*}}) -> (vector<16xf32>, {{.*}}) {
// CHECK:               %[[B0:.*]] = vector.load %[[B]][%[[K]], %[[J]]] : memref<32x64xf32>, vector<16xf32>
// CHECK:               %[[B1:.*]] = vector.load %[[B]][%[[K]], %{{.*}}] : memref<32x64xf32>, vector<16xf32>
// CHECK:               %[[A0:.*]] = memref.load %[[A]][%[[I]], %[[K]]] : memref<64x32xf32>
// CHECK:               %[[S0:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK:               %[[P:.*]] = arith.mulf %[[S0]], %[[B0]] : vector<16xf32>
// CHECK:               arith.addf %[[ACC]], %[[P]] : vector<16xf32>
// CHECK:               arith.mulf %[[S0]], %[[B1]] : vector<16xf32>
// CHECK-COUNT-7:       vector.broadcast
// CHECK:               scf.yield
// CHECK:             vector.store %[[R]]#0, %[[C]][%[[I]], %[[J]]] : memref<64x64xf32>, vector<16xf32>
// CHECK-COUNT-15:    vector.store
// CHECK-NOT:     linalg.matmul
// 256-bit registers, 16 of them: blocks of 4 rows x 2 vector<8xf32> (six
// rows would fit but do not divide 64).
// AVX2-LABEL: func.func @matmul_f32(
// AVX2:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4
// AVX2:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// AVX2-COUNT-8:     vector.load {{.*}} vector<8xf32>
// AVX2:             scf.for
// AVX2-NOT:     linalg.matmul
// AVX2-LABEL: func.func @matmul_f64(
// With prefetch-next-tile, each block of 8 rows prefetches into L2 its rows
// of the next A tile along K (columns 32 to 63: two lines a row), and each
// of the 16 blocks its 4 rows of the next B tile (rows 32 + 4 * (i / 8) and
// on), one line a register; none in the reduction.
// PREFETCH-LABEL: func.func @matmul_f32(
// PREFETCH-SAME:      %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x64xf32>
// PREFETCH:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C8:.*]] {
// PREFETCH-NEXT:      memref.prefetch %[[A]][%[[I]], %[[C32:.*]]], read, locality<2>, data : memref<64x32xf32>
// PREFETCH-NEXT:      memref.prefetch %[[A]][%[[I]], %[[C48:.*]]], read, locality<2>, data : memref<64x32xf32>
// PREFETCH-NEXT:      %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// PREFETCH-NEXT:      memref.prefetch %[[A]][%[[I1]], %[[C32]]]
// PREFETCH-NEXT:      memref.prefetch %[[A]][%[[I1]], %[[C48]]]
// PREFETCH-COUNT-12:  memref.prefetch %[[A]]
// PREFETCH:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C32]] {
// PREFETCH:             %[[BLOCK:.*]] = arith.divui %[[I]], %[[C8]] : index
// PREFETCH-NEXT:        %[[SHARE:.*]] = arith.muli %[[BLOCK]], %[[C4:.*]] : index
// PREFETCH-NEXT:        %[[ROW:.*]] = arith.addi %[[C32]], %[[SHARE]] : index
// PREFETCH-NEXT:        memref.prefetch %[[B]][%[[ROW]], %[[J]]], read, locality<2>, data : memref<32x64xf32>
// PREFETCH-COUNT-7:     memref.prefetch %[[B]]
// PREFETCH-NOT:         memref.prefetch
// PREFETCH:             scf.for
// PREFETCH-NOT:         memref.prefetch
// PREFETCH:             scf.yield
func.func @matmul_f32(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// f64: 8 lanes; a row of 16 is two registers, and of the block heights 6 is
// the largest that divides 12.
// CHECK-LABEL: func.func @matmul_f64(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// CHECK-COUNT-12:    vector.load {{.*}} vector<8xf64>
// CHECK-NOT:     linalg.matmul
func.func @matmul_f64(%a: memref<12x16xf64>, %b: memref<16x16xf64>, %c: memref<12x16xf64>) {
  linalg.matmul ins(%a, %b : memref<12x16xf64>, memref<16x16xf64>) outs(%c : memref<12x16xf64>)
  return
}

// A row of one register: blocks of 8 rows of 1.
// CHECK-LABEL: func.func @one_register_per_row(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// CHECK-COUNT-8:     vector.load {{.*}} vector<16xf32>
// CHECK:             scf.for
func.func @one_register_per_row(%a: memref<16x4xf32>, %b: memref<4x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x4xf32>, memref<4x16xf32>) outs(%c : memref<16x16xf32>)
  return
}

// A strided A is read element by element, so any layout will do.
// CHECK-LABEL: func.func @strided_a(
// CHECK:         memref.load %{{.*}} : memref<16x8xf32, strided<[1, 16]>>
// CHECK-NOT:     linalg.matmul
func.func @strided_a(%a: memref<16x8xf32, strided<[1, 16]>>, %b: memref<8x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x8xf32, strided<[1, 16]>>, memref<8x16xf32>) outs(%c : memref<16x16xf32>)
  return
}

// Left to the loop lowering: rows of C that are not whole registers, a B
// whose rows are not contiguous, mixed element types, dynamic shapes,
// tensors, and user-defined maps.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-6: linalg.matmul
// CHECK-NOT:     vector.load
func.func @left_alone(%a: memref<64x32xf32>, %b: memref<32x8xf32>, %c: memref<64x8xf32>,
                      %bt: memref<32x64xf32, strided<[1, 32]>>, %c64: memref<64x64xf32>,
                      %h: memref<64x32xf16>, %hb: memref<32x64xf16>,
                      %d: memref<?x32xf32>, %dc: memref<?x8xf32>,
                      %ta: tensor<64x32xf32>, %tb: tensor<32x64xf32>, %tc: tensor<64x64xf32>,
                      %b2: memref<64x32xf32>) -> tensor<64x64xf32> {
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x8xf32>) outs(%c : memref<64x8xf32>)
  linalg.matmul ins(%a, %bt : memref<64x32xf32>, memref<32x64xf32, strided<[1, 32]>>) outs(%c64 : memref<64x64xf32>)
  linalg.matmul ins(%h, %hb : memref<64x32xf16>, memref<32x64xf16>) outs(%c64 : memref<64x64xf32>)
  linalg.matmul ins(%d, %b : memref<?x32xf32>, memref<32x8xf32>) outs(%dc : memref<?x8xf32>)
  %r = linalg.matmul ins(%ta, %tb : tensor<64x32xf32>, tensor<32x64xf32>) outs(%tc : tensor<64x64xf32>) -> tensor<64x64xf32>
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                 affine_map<(d0, d1, d2) -> (d1, d2)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
                ins(%a, %b2 : memref<64x32xf32>, memref<64x32xf32>) outs(%c64 : memref<64x64xf32>)
  return %r : tensor<64x64xf32>
}

// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul{bf16-dot-product=true}))' %s | FileCheck %s --check-prefix=BF16
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-register-tile-matmul{prefetch-next-tile=true}),cse)' %s | FileCheck %s --check-prefix=PREFETCH

// With the bf16 dot product, B is packed at the start of the function (row
// k/2 interleaves rows k and k + 1), and each of the 16 reduction steps
// broadcasts a pair of A as one i32 and takes two elements of K per dot.
// BF16-LABEL: func.func @matmul_bf16(
// BF16-SAME:      %[[A:.*]]: memref<64x32xbf16>, %[[B:.*]]: memref<32x64xbf16>, %[[C:.*]]: memref<64x64xf32>
// BF16:         %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16x128xbf16>
// BF16:         scf.for %[[PAIR:.*]] = %{{.*}} to %c16 step %c1 {
// BF16:           %[[FIRST:.*]] = arith.muli %[[PAIR]], %c2
// BF16:           %[[SECOND:.*]] = arith.addi %[[FIRST]], %c1
// BF16:           scf.for %[[COL:.*]] = %{{.*}} to %c64 step %c16 {
// BF16:             %[[EVEN:.*]] = vector.load %[[B]][%[[FIRST]], %[[COL]]] : memref<32x64xbf16>, vector<16xbf16>
// BF16:             %[[ODD:.*]] = vector.load %[[B]][%[[SECOND]], %[[COL]]] : memref<32x64xbf16>, vector<16xbf16>
// BF16:             %[[BOTH:.*]] = vector.interleave %[[EVEN]], %[[ODD]] : vector<16xbf16> -> vector<32xbf16>
// BF16:             %[[PCOL:.*]] = arith.muli %[[COL]], %c2
// BF16:             vector.store %[[BOTH]], %[[P]][%[[PAIR]], %[[PCOL]]] : memref<16x128xbf16>, vector<32xbf16>
// BF16:         scf.for %[[I:.*]] = %{{.*}} to %c64 step %c8 {
// BF16:           scf.for %[[J:.*]] = %{{.*}} to %c64 step %c32 {
// BF16-COUNT-16:    vector.load %[[C]]
// BF16:             scf.for %[[K:.*]] = %{{.*}} to %c16 step %c1 iter_args(%[[ACC:[a-z0-9]+]] = {{.*}}) -> (vector<16xf32>,
// BF16:               %[[K2:.*]] = arith.muli %[[K]], %c2
// BF16:               %[[JP:.*]] = arith.muli %[[J]], %c2
// BF16:               %[[B0:.*]] = vector.load %[[P]][%[[K]], %[[JP]]] : memref<16x128xbf16>, vector<32xbf16>
// BF16:               vector.load %[[P]]
// BF16:               %[[PA:.*]] = vector.load %[[A]][%[[I]], %[[K2]]] : memref<64x32xbf16>, vector<2xbf16>
// BF16:               %[[W:.*]] = vector.bitcast %[[PA]] : vector<2xbf16> to vector<1xi32>
// BF16:               %[[E:.*]] = vector.extract %[[W]][0] : i32 from vector<1xi32>
// BF16:               %[[WS:.*]] = vector.broadcast %[[E]] : i32 to vector<16xi32>
// BF16:               %[[AS:.*]] = vector.bitcast %[[WS]] : vector<16xi32> to vector<32xbf16>
// BF16:               x86vector.avx512.dot %[[ACC]], %[[AS]], %[[B0]] : vector<32xbf16> -> vector<16xf32>
// BF16-COUNT-15:      x86vector.avx512.dot
// BF16:               scf.yield
// BF16-COUNT-16:    vector.store
// BF16-NOT:     linalg.matmul
// Without it (and in the runs above), a bf16 matmul is left alone.
// CHECK-LABEL: func.func @matmul_bf16(
// CHECK:         linalg.matmul
// CHECK-NOT:     x86vector
func.func @matmul_bf16(%a: memref<64x32xbf16>, %b: memref<32x64xbf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xbf16>, memref<32x64xbf16>) outs(%c : memref<64x64xf32>)
  return
}

// A packed B over 64 KiB (256 x 256 bf16: 128 KiB) goes on the heap, freed
// after the microkernel, not on the stack.
// BF16-LABEL: func.func @large_bf16(
// BF16-NOT:     memref.alloca
// BF16:         %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x512xbf16>
// BF16:         vector.interleave
// BF16:         scf.for
// BF16:           x86vector.avx512.dot
// BF16:         memref.dealloc %[[P]] : memref<128x512xbf16>
// BF16-NEXT:    return
func.func @large_bf16(%a: memref<16x256xbf16>, %b: memref<256x256xbf16>, %c: memref<16x256xf32>) {
  linalg.matmul ins(%a, %b : memref<16x256xbf16>, memref<256x256xbf16>) outs(%c : memref<16x256xf32>)
  return
}

// The dot product needs an even K and contiguous rows of A; an f16 matmul
// is not for it.
// BF16-LABEL: func.func @not_for_bf16_dot(
// BF16-COUNT-3:  linalg.matmul
// BF16-NOT:      x86vector
func.func @not_for_bf16_dot(%a: memref<64x3xbf16>, %b: memref<3x64xbf16>, %c: memref<64x64xf32>,
                            %as: memref<64x32xbf16, strided<[1, 64]>>, %b2: memref<32x64xbf16>,
                            %h: memref<64x32xf16>, %hb: memref<32x64xf16>) {
  linalg.matmul ins(%a, %b : memref<64x3xbf16>, memref<3x64xbf16>) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%as, %b2 : memref<64x32xbf16, strided<[1, 64]>>, memref<32x64xbf16>) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%h, %hb : memref<64x32xf16>, memref<32x64xf16>) outs(%c : memref<64x64xf32>)
  return
}

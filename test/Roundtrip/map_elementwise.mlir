// test/kernels/map_elementwise.ttir (tl.map_elementwise with a branch):
// round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/map_elementwise.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/map_elementwise.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: trident-opt %{kernels}/map_elementwise.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline keeps the region, its branch included.
// RUN: trident-opt %{kernels}/map_elementwise.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir

// CHECK-LABEL: tt.func public @map_kernel(
// CHECK:         %[[X:.*]] = tt.load
// CHECK:         %[[Y:.*]] = "tt.map_elementwise"(%[[X]]) <{pack = 1 : i32}> ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK:           scf.if
// CHECK:             arith.mulf %[[A]], %[[A]] : f32
// CHECK:             arith.negf %[[A]] : f32
// CHECK:           tt.map_elementwise.return
// CHECK:         tt.store %{{.*}}, %[[Y]], %{{.*}} : tensor<256x!tt.ptr<f32>>

// test/kernels/div_rows.ttir (one row of 64 divided by its own divisor): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/div_rows.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/div_rows.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/div_rows.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/div_rows.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline keeps what the cpu target's passes work on.
// RUN: trident-opt %{kernels}/div_rows.ttir --trident-ttir | FileCheck %s

// One scalar divisor per program, splat over the row.
// CHECK-LABEL: tt.func public @div_rows_kernel(
// CHECK:         %[[XS:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK:         %[[D:.*]] = tt.load %{{.*}} : !tt.ptr<f32>
// CHECK:         %[[DS:.*]] = tt.splat %[[D]] : f32 -> tensor<64xf32>
// CHECK:         %[[Q:.*]] = arith.divf %[[XS]], %[[DS]] : tensor<64xf32>
// CHECK:         tt.store %{{.*}}, %[[Q]] : tensor<64x!tt.ptr<f32>>

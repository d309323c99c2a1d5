// test/kernels/exp_range.ttir (tl.exp and tl.math.exp2 of one load): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/exp_range.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/exp_range.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations and the bytecode form survive a round trip.
// RUN: trident-opt %{kernels}/exp_range.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/exp_range.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline keeps both functions of the one masked load, each stored
// under the same mask.
// RUN: trident-opt %{kernels}/exp_range.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR

// TTIR-LABEL: tt.func public @exp_range(
// TTIR:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1024xi32>
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %[[MASK]] : tensor<1024x!tt.ptr<f32>>
// TTIR:         %[[E:.*]] = math.exp %[[X]] : tensor<1024xf32>
// TTIR:         tt.store %{{.*}}, %[[E]], %[[MASK]]
// TTIR:         %[[E2:.*]] = math.exp2 %[[X]] : tensor<1024xf32>
// TTIR:         tt.store %{{.*}}, %[[E2]], %[[MASK]]
// TTIR-NEXT:    tt.return

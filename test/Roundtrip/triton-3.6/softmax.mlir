// The Triton 3.6 reference kernel shared/kernels/triton-3.6/softmax.ttir (row softmax),
// printed by Triton after its TTIR pipeline: round trip, then trident-ttir again.
// REQUIRES: shared-kernels
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{shared_kernels}/softmax.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{shared_kernels}/softmax.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{shared_kernels}/softmax.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{shared_kernels}/softmax.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{shared_kernels}/softmax.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @row_softmax(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<4096x!tt.ptr<f32>>
// TTIR:         "tt.reduce"(%[[X]]) <{axis = 0 : i32}> ({
// TTIR:           arith.maxnumf
// TTIR:         }) : (tensor<4096xf32>) -> f32
// TTIR:         %[[E:.*]] = math.exp %{{.*}} : tensor<4096xf32>
// TTIR:         "tt.reduce"(%[[E]]) <{axis = 0 : i32}> ({
// TTIR:           arith.addf
// TTIR:         }) : (tensor<4096xf32>) -> f32
// TTIR:         arith.divf %[[E]], %{{.*}} : tensor<4096xf32>
// TTIR:         tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<4096x!tt.ptr<f32>>

// CLEAN-NOT: tt.call

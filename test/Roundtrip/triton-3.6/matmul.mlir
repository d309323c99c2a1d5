// The Triton 3.6 reference kernel shared/kernels/triton-3.6/matmul.ttir (pointer-loop matmul),
// printed by Triton after its TTIR pipeline: round trip, then trident-ttir again.
// REQUIRES: shared-kernels
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{shared_kernels}/matmul.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{shared_kernels}/matmul.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{shared_kernels}/matmul.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{shared_kernels}/matmul.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{shared_kernels}/matmul.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @matmul(
// TTIR:         %[[LOOP:.*]]:3 = scf.for {{.*}} -> (tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>, tensor<128x256xf32>)
// TTIR:           %[[A:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>>
// TTIR:           %[[B:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x256x!tt.ptr<f16>>
// TTIR:           tt.dot %[[A]], %[[B]], %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
// TTIR:           scf.yield
// TTIR:         arith.truncf %[[LOOP]]#2 : tensor<128x256xf32> to tensor<128x256xf16>
// TTIR:         tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x256x!tt.ptr<f16>>

// CLEAN-NOT: tt.call

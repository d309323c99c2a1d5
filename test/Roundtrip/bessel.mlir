// test/kernels/bessel.ttir (libdevice's Bessel functions and rcp64h on f64 and f32): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/bessel.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/bessel.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// The bytecode form round-trips too.
// RUN: trident-opt %{kernels}/bessel.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces.
// RUN: trident-opt %{kernels}/bessel.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR

// Every call stays a tt.extern_elementwise with its types (the targets
// expand them); the integer orders come first.
// TTIR-LABEL: tt.func public @bessel_kernel(
// TTIR:         symbol = "__nv_j0"} : (tensor<64xf64>) -> tensor<64xf64>
// TTIR:         tt.extern_elementwise %{{.*}}, %{{.*}} {{.*}}symbol = "__nv_jn"} : (tensor<64xi32>, tensor<64xf64>) -> tensor<64xf64>
// TTIR:         symbol = "__nv_rcp64h"} : (tensor<64xf64>) -> tensor<64xf64>
// TTIR:         symbol = "__nv_ynf"} : (tensor<64xi32>, tensor<64xf32>) -> tensor<64xf32>

// test/kernels/libdevice.ttir (libdevice functions on f32 and f64): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/libdevice.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/libdevice.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// The bytecode form round-trips too.
// RUN: trident-opt %{kernels}/libdevice.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces.
// RUN: trident-opt %{kernels}/libdevice.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR

// Every libdevice call stays a tt.extern_elementwise with its types.
// TTIR-LABEL: tt.func public @libdevice_kernel(
// TTIR:         tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_powif"} : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
// TTIR:         symbol = "__nv_finitef"} : (tensor<64xf32>) -> tensor<64xi32>
// TTIR:         symbol = "__nv_cyl_bessel_i1"} : (tensor<64xf64>) -> tensor<64xf64>

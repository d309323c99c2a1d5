// test/kernels/extern_asm.ttir (extern_elementwise, inline asm, print): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/extern_asm.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/extern_asm.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/extern_asm.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/extern_asm.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/extern_asm.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @extern_asm_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// TTIR:         %[[E:.*]] = tt.extern_elementwise %[[X]] {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32>) -> tensor<64xf32>
// TTIR:         %[[B:.*]] = tt.bitcast %[[X]] : tensor<64xf32> -> tensor<64xi32>
// TTIR:         %[[M:.*]] = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[B]] : tensor<64xi32> -> tensor<64xi32>
// TTIR:         tt.print " bits: " {hex = false, isSigned = array<i32: 1>} : %[[M]] : tensor<64xi32>
// TTIR:         tt.store %{{.*}}, %[[E]], %{{.*}} : tensor<64x!tt.ptr<f32>>
// TTIR:         tt.store %{{.*}}, %[[M]], %{{.*}} : tensor<64x!tt.ptr<i32>>

// CLEAN-NOT: arith.extsi

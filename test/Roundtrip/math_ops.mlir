// test/kernels/math_ops.ttir (math functions): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/math_ops.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/math_ops.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/math_ops.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/math_ops.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/math_ops.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @math_ops_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
// TTIR:         %[[Y:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
// TTIR:         %[[Z:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
// TTIR:         math.exp %[[Y]] : tensor<128xf32>
// TTIR:         math.exp2 %[[Y]] : tensor<128xf32>
// TTIR:         math.log %[[X]] : tensor<128xf32>
// TTIR:         math.log2 %[[X]] : tensor<128xf32>
// TTIR:         math.sin %[[Y]] : tensor<128xf32>
// TTIR:         math.cos %[[Y]] : tensor<128xf32>
// TTIR:         math.sqrt %[[X]] : tensor<128xf32>
// TTIR:         math.rsqrt %[[X]] : tensor<128xf32>
// TTIR:         math.erf %[[Y]] : tensor<128xf32>
// TTIR:         math.floor %[[Y]] : tensor<128xf32>
// TTIR:         math.ceil %[[Y]] : tensor<128xf32>
// TTIR:         math.absf %[[Y]] : tensor<128xf32>
// TTIR:         math.fma %[[X]], %[[Y]], %[[Z]] : tensor<128xf32>
// TTIR:         arith.maxnumf %[[Y]], %[[Z]] : tensor<128xf32>
// TTIR:         arith.minnumf %[[Y]], %[[Z]] : tensor<128xf32>
// TTIR:         tt.precise_divf %[[Y]], %[[X]] : tensor<128xf32>

// CLEAN-NOT: arith.extsi
// CLEAN-NOT: i64

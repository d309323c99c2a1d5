// test/kernels/gelu.ttir (GELU, tanh form): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/gelu.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/gelu.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/gelu.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/gelu.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/gelu.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @gelu_kernel(
// TTIR:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1024xi32>
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %[[MASK]], %{{.*}} : tensor<1024x!tt.ptr<f32>>
// x + 0.044715 x^3, times sqrt(2 / pi), times -2.
// TTIR:         arith.mulf %[[X]], %{{.*}} : tensor<1024xf32>
// TTIR:         arith.addf %[[X]], %{{.*}} : tensor<1024xf32>
// tanh(t) = 2 / (1 + exp(-2 t)) - 1.
// TTIR:         %[[E:.*]] = math.exp %{{.*}} : tensor<1024xf32>
// TTIR:         %[[D:.*]] = arith.addf %[[E]], %{{.*}} : tensor<1024xf32>
// TTIR:         arith.divf %{{.*}}, %[[D]] : tensor<1024xf32>
// 0.5 x (1 + tanh).
// TTIR:         %[[H:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<1024xf32>
// TTIR:         %[[Y:.*]] = arith.mulf %[[H]], %{{.*}} : tensor<1024xf32>
// TTIR:         tt.store %{{.*}}, %[[Y]], %[[MASK]] : tensor<1024x!tt.ptr<f32>>
// TTIR-NEXT:    tt.return

// The frontend's unused integer-overflow checks are dead code.
// CLEAN-NOT: arith.extsi
// CLEAN-NOT: i64

// test/kernels/call.ttir (tt.call of private helpers): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/call.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/call.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/call.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/call.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/call.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @call_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// row_stats: mean, then the variance of the masked, centred row.
// TTIR:         "tt.reduce"(%[[X]]) <{axis = 0 : i32}>
// TTIR:           arith.addf
// TTIR:         arith.sitofp %{{.*}} : i32 to f32
// TTIR:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<256xi1>, tensor<256xf32>
// TTIR:         "tt.reduce"
// TTIR:         math.sqrt %{{.*}} : f32
// normalize: (x - mean) * rstd.
// TTIR:         %[[Y:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<256xf32>
// TTIR:         tt.store %{{.*}}, %[[Y]], %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR-NEXT:    tt.return

// Every helper is inlined and then dropped.
// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
// CLEAN-NOT: ub.poison

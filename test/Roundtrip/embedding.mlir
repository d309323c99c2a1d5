// test/kernels/embedding.ttir (embedding lookup): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/embedding.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/embedding.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/embedding.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/embedding.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/embedding.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @embedding_kernel(
// TTIR:         %[[TMASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<16xi32>
// TTIR:         %[[IDS:.*]] = tt.load %{{.*}}, %[[TMASK]], %{{.*}} : tensor<16x!tt.ptr<i32>>
// Row addresses from the loaded ids: ids[:, None] * dim.
// TTIR:         %[[ROW:.*]] = tt.expand_dims %[[IDS]] {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
// TTIR:         %[[ROFF:.*]] = arith.muli %[[ROW]], %{{.*}} : tensor<16x1xi32>
// TTIR:         tt.addptr %{{.*}}, %[[ROFF]] : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
// TTIR:         scf.for
// TTIR:           %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x64xi1>
// TTIR:           %[[ROWS:.*]] = tt.load %{{.*}}, %[[MASK]], %{{.*}} : tensor<16x64x!tt.ptr<f32>>
// TTIR:           tt.store %{{.*}}, %[[ROWS]], %[[MASK]] : tensor<16x64x!tt.ptr<f32>>

// CLEAN-NOT: arith.extsi
// CLEAN-NOT: i64

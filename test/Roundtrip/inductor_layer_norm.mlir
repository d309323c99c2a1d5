// test/kernels/inductor_layer_norm.ttir (Inductor's layer norm of two rows of 512 per program): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/inductor_layer_norm.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/inductor_layer_norm.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/inductor_layer_norm.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/inductor_layer_norm.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline keeps what the cpu target's passes work on.
// RUN: trident-opt %{kernels}/inductor_layer_norm.ttir --trident-ttir | FileCheck %s

// The row mask is one tensor of i1, selected with twice and storing under it.
// CHECK-LABEL: tt.func public @triton_per_fused_native_layer_norm_0(
// CHECK:         %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<2x1xi1> -> tensor<2x512xi1>
// CHECK:         arith.select %[[MASK]], %{{.*}}, %{{.*}} : tensor<2x512xi1>, tensor<2x512xf32>
// CHECK:         "tt.reduce"
// CHECK:         arith.select %[[MASK]], %{{.*}}, %{{.*}} : tensor<2x512xi1>, tensor<2x512xf32>
// CHECK:         "tt.reduce"
// CHECK:         tt.extern_elementwise %{{.*}} {{{.*}}symbol = "__nv_rsqrtf"}
// CHECK:         tt.store %{{.*}}, %{{.*}}, %[[MASK]] : tensor<2x512x!tt.ptr<f32>>

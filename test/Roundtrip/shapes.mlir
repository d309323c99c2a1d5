// test/kernels/shapes.ttir (shape and data-movement ops): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/shapes.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/shapes.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/shapes.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/shapes.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/shapes.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @shapes_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}} : tensor<16x32x!tt.ptr<f32>>
// TTIR:         %[[XT:.*]] = tt.trans %[[X]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
// TTIR:         tt.store %{{.*}}, %[[XT]] : tensor<32x16x!tt.ptr<f32>>
// TTIR:         tt.reshape %[[X]] allow_reorder : tensor<16x32xf32> -> tensor<512xf32>
// TTIR:         "tt.reduce"
// TTIR:         %[[V:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
// TTIR:         %[[J:.*]] = tt.join %[[V]], %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
// TTIR:         tt.reshape %[[J]] : tensor<64x2xf32> -> tensor<128xf32>
// TTIR:         tt.split %[[J]] : tensor<64x2xf32> -> tensor<64xf32>
// TTIR:         tt.cat %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<128xf32>
// TTIR:         tt.gather %[[V]][%{{.*}}] {axis = 0 : i32} : (tensor<64xf32>, tensor<32xi32>) -> tensor<32xf32>
// TTIR:         tt.histogram %{{.*}} : tensor<64xi32> -> tensor<32xi32>
// TTIR:         %[[CORNER:.*]] = tt.load %{{.*}} : tensor<1x1x!tt.ptr<f32>>
// TTIR:         tt.unsplat %[[CORNER]] : tensor<1x1xf32>
// TTIR:         tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
// TTIR:         tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
// TTIR:         tt.get_num_programs x : i32

// CLEAN-NOT: tt.call

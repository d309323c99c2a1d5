// test/kernels/broadcast_mul_reduce.ttir (a 32 x 64 tile of X Y as sums of broadcast products): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/broadcast_mul_reduce.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/broadcast_mul_reduce.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/broadcast_mul_reduce.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/broadcast_mul_reduce.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline keeps what the cpu target's passes work on.
// RUN: trident-opt %{kernels}/broadcast_mul_reduce.ttir --trident-ttir | FileCheck %s

// tt-combine makes the sum of broadcast products a dot, and accumulates the
// loop's running sum in it.
// CHECK-LABEL: tt.func public @broadcast_mul_reduce_kernel(
// CHECK:         scf.for {{.*}} iter_args(%[[SUM:[^ ]*]] = %{{.*}}, 
// CHECK:           %[[X:.*]] = tt.load %{{.*}} : tensor<32x16x!tt.ptr<f32>>
// CHECK:           %[[Y:.*]] = tt.load %{{.*}} : tensor<16x64x!tt.ptr<f32>>
// CHECK-NOT:       tt.reduce
// CHECK:           tt.dot %[[X]], %[[Y]], %[[SUM]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK-NOT:       tt.reduce
// CHECK:         tt.store

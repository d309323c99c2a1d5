// test/kernels/atomics.ttir (atomic read-modify-write and compare-and-swap): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/atomics.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/atomics.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/atomics.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/atomics.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/atomics.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @atomics_kernel(
// TTIR-DAG:     %[[TRUE:.*]] = arith.constant true
// TTIR:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<256xi32>
// TTIR:         %[[V:.*]] = tt.load %{{.*}}, %[[MASK]], %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:         %[[K:.*]] = tt.load %{{.*}}, %[[MASK]], %{{.*}} : tensor<256x!tt.ptr<i32>>
// TTIR:         tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %[[V]], %[[MASK]] : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
// TTIR:         tt.atomic_rmw max, relaxed, gpu, %{{.*}}, %[[K]], %[[MASK]] : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
// TTIR:         %[[TICKET:.*]] = tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %[[TRUE]] : (!tt.ptr<i32>, i32, i1) -> i32
// TTIR:         %[[OLD:.*]] = tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
// TTIR:         tt.store %{{.*}}, %[[OLD]] : !tt.ptr<i32>
// TTIR:         tt.atomic_rmw exch, release, sys, %{{.*}}, %[[TICKET]], %[[TRUE]] : (!tt.ptr<i32>, i32, i1) -> i32
// TTIR-NEXT:    tt.return

// CLEAN-NOT: arith.extsi

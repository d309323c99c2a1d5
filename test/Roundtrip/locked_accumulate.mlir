// test/kernels/locked_accumulate.ttir (tutorial 05's spin lock): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/locked_accumulate.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR, and so does the bytecode form.
// RUN: trident-opt %{kernels}/locked_accumulate.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: trident-opt %{kernels}/locked_accumulate.ttir --verify-roundtrip -o %t.4.mlir
//
// The TTIR pipeline keeps the lock's order: the loads of the count and of
// the partial row stay after the acquiring loop, the store before the
// releasing exchange; nothing is hoisted out of the critical section.
// RUN: trident-opt %{kernels}/locked_accumulate.ttir --trident-ttir | FileCheck %s

// CHECK-LABEL: tt.func public @locked_accumulate(
// CHECK:         %[[ROW:.*]] = tt.load %{{.*}} : tensor<256x!tt.ptr<f32>>
// CHECK:         scf.while : () -> () {
// CHECK-NEXT:      %[[OLD:.*]] = tt.atomic_cas acq_rel, gpu, %[[LOCK:.*]], %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT:      %[[BUSY:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i32
// CHECK-NEXT:      scf.condition(%[[BUSY]])
// CHECK:         %[[SEEN:.*]] = tt.load %[[COUNT:.*]] : !tt.ptr<i32>
// CHECK:         %[[SUM:.*]] = scf.if
// CHECK:           tt.atomic_rmw exch, acq_rel, gpu, %[[COUNT]]
// CHECK:         } else {
// CHECK-NEXT:      %[[PARTIAL:.*]] = tt.load %[[ACC:.*]] : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:      arith.addf %[[ROW]], %[[PARTIAL]]
// CHECK:         tt.store %[[ACC]], %[[SUM]]
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    tt.atomic_rmw exch, acq_rel, gpu, %[[LOCK]], %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i1) -> i32
// CHECK-NEXT:    tt.return

// REQUIRES: nvidia-plugin

// A batched f32 matmul with input_precision = "ieee" (FMA dots, operands read
// through shared memory), a 3-D grid and a masked and an unmasked load
// (test/kernels/regression/bmm_f32_ieee.ttir): ttg-pipeline crashed on it in
// every run, building the copies' bound check from the scf.for it had just
// replaced. Both loads are now copied two iterations ahead, and the copies
// started in the loop compare with the loop's upper bound. Freed heap memory
// is filled with a pattern (MALLOC_PERTURB_), so that a read of it shows.

// RUN: env MALLOC_PERTURB_=165 trident compile %kernels/regression/bmm_f32_ieee.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o %t.ttgir
// RUN: FileCheck %s < %t.ttgir
// CHECK-LABEL: tt.func public @bmm_kernel
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x32x16xf32
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x16x32xf32
// CHECK: ttg.async_copy_global_to_local {{.*}} mask {{.*}} other
// CHECK: ttg.async_commit_group
// CHECK: scf.for %[[K:[^ ]*]] = %{{.*}} to %[[UB:[^ ]*]] step %{{[^ ]*}} iter_args
// CHECK-NEXT: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[K]], %c2_i32 : i32
// CHECK-NEXT: arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32
// CHECK: ttg.async_copy_global_to_local {{.*}} mask {{.*}} other
// CHECK: ttg.async_copy_global_to_local
// CHECK: tt.dot {{.*}} : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[P:[^ ]*]]}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #[[P]]}>> -> tensor<32x32xf32, #[[P]]>
// CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 0 : i32}

// In the PTX, asynchronous copies, the batch from %ctaid.z and f32 FMAs.
// RUN: env MALLOC_PERTURB_=90 trident compile %kernels/regression/bmm_f32_ieee.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry bmm_kernel(
// PTX-DAG: %ctaid.z
// PTX-DAG: cp.async.ca.shared.global
// PTX-DAG: fma.rn.f32

// REQUIRES: nvidia-plugin, shared-repro

// The reproducer of a nondeterministic compile (shared/repro, an operator
// library's fp16 matmul): for sm_90 with 4 warps its TTGIR differed from run
// to run (the in-loop copies' check read `arith.cmpi ult, %142, %c2_i32`
// instead of `arith.cmpi slt, %142, %24`) or the compiler crashed, because
// ttg-pipeline read the predicate and the bound from the scf.for it had just
// erased. Three runs, two with freed heap memory filled with a pattern, give
// the same TTGIR and PTX, and the check compares with the loop's bound.

// RUN: env MALLOC_PERTURB_=165 trident compile %{shared_repro}/nondeterministic_matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 4 --emit ttgir -o %t.1.ttgir
// RUN: env MALLOC_PERTURB_=90 trident compile %{shared_repro}/nondeterministic_matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 4 --emit ttgir -o %t.2.ttgir
// RUN: trident compile %{shared_repro}/nondeterministic_matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 4 --emit ttgir -o %t.3.ttgir
// RUN: diff %t.1.ttgir %t.2.ttgir
// RUN: diff %t.1.ttgir %t.3.ttgir
// RUN: FileCheck %s < %t.1.ttgir
// CHECK-LABEL: tt.func public @mm_kernel_general
// CHECK: scf.for %[[K:[^ ]*]] = %{{.*}} to %[[UB:[^ ]*]] step %c64_i32 iter_args
// CHECK-NEXT: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[K]], %c128_i32 : i32
// CHECK-NEXT: arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32

// RUN: env MALLOC_PERTURB_=165 trident compile %{shared_repro}/nondeterministic_matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 4 --emit ptx -o %t.1.ptx
// RUN: trident compile %{shared_repro}/nondeterministic_matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 4 --emit ptx -o %t.2.ptx
// RUN: diff %t.1.ptx %t.2.ptx

// REQUIRES: nvidia-plugin

// upstream's test_dot_mulbroadcasted (test/kernels/broadcast_mul_reduce.ttir
// is its kernel: `tl.sum(x * y)` combined into a tt.dot in a K loop) wants
// the pipelined loop to wait with `ttg.async_wait %tokens {num = 2 : i32}`:
// each of the loop's two loads committed as a group of its own, and the
// wait naming the groups. With 3 stages, the wait at the top of an
// iteration leaves the two groups of the next iteration in flight.

// RUN: trident compile %kernels/broadcast_mul_reduce.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s
// The prologue's copies for iterations 0 and 1; the loop carries the groups
// of iteration 1.
// CHECK: %[[A0:.*]] = ttg.async_copy_global_to_local
// CHECK-NEXT: ttg.async_commit_group tokens %[[A0]]
// CHECK: %[[B0:.*]] = ttg.async_copy_global_to_local
// CHECK-NEXT: ttg.async_commit_group tokens %[[B0]]
// CHECK: %[[A:.*]] = ttg.async_copy_global_to_local
// CHECK-NEXT: %[[GA:.*]] = ttg.async_commit_group tokens %[[A]]
// CHECK: %[[B:.*]] = ttg.async_copy_global_to_local
// CHECK-NEXT: %[[GB:.*]] = ttg.async_commit_group tokens %[[B]]
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[CA:[^ ]*]] = %[[GA]], %[[CB:[^ ]*]] = %[[GB]])
// CHECK-NEXT: ttg.async_wait %[[CA]], %[[CB]] {num = 2 : i32}
// CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 0 : i32}

// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// Atomics: one update per element, masked by branches.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: llvm.func @rmw_masked
// CHECK: %[[M0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i1, i1)>
// CHECK: llvm.cond_br %[[M0]], ^[[THEN:.*]], ^[[AFTER:.*]](%{{.*}} : f32)
// CHECK: ^[[THEN]]:
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, f32
// CHECK: llvm.br ^[[AFTER]](%[[OLD]] : f32)
// CHECK: ^[[AFTER]](%{{.*}}: f32):
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, f32
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.return
tt.func public @rmw_masked(%p: tensor<64x!tt.ptr<f32>, #blocked>, %v: tensor<64xf32, #blocked>, %m: tensor<64xi1, #blocked>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xf32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xf32, #blocked>
  tt.return
}

// Unmasked integer atomics need no branch; orderings and operations map.
// CHECK-LABEL: llvm.func @rmw_kinds
// CHECK-NOT: llvm.cond_br
// CHECK-COUNT-2: llvm.atomicrmw max %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK-COUNT-2: llvm.atomicrmw umin %{{.*}}, %{{.*}} release : !llvm.ptr<1>, i32
// CHECK-COUNT-2: llvm.atomicrmw xchg %{{.*}}, %{{.*}} acquire : !llvm.ptr<1>, i32
tt.func public @rmw_kinds(%p: tensor<64x!tt.ptr<i32>, #blocked>, %v: tensor<64xi32, #blocked>) {
  %0 = tt.atomic_rmw max, relaxed, gpu, %p, %v : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
  %1 = tt.atomic_rmw umin, release, cta, %p, %v : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
  %2 = tt.atomic_rmw exch, acquire, sys, %p, %v : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
  tt.return
}

// A scalar atomic whose old value is used: thread 0 updates and shares it.
// CHECK-LABEL: llvm.func @scalar_cas
// CHECK: %[[TID:.*]] = llvm.call @test_thread_id()
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: llvm.cond_br %[[FIRST]]
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr<1>, i32
// CHECK: llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.call @test_store_shared_i32(%{{.*}}, %{{.*}}, %[[FIRST]])
// CHECK-NEXT: llvm.call @test_barrier()
// CHECK-NEXT: %[[T:.*]] = llvm.mlir.constant(true)
// CHECK-NEXT: %[[OLD:.*]] = llvm.call @test_load_shared_i32(%{{.*}}, %[[T]])
// CHECK: llvm.return %[[OLD]] : i32
tt.func public @scalar_cas(%p: !tt.ptr<i32>, %c: i32, %v: i32) -> i32 {
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return %0 : i32
}

}

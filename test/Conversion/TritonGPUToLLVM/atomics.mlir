// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm -split-input-file | FileCheck %s

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

// -----

// A row sum (axis 0 reduced) in the slice layout that tt.reduce leaves: the
// 4 lanes along dim 0 hold the same elements. Only one of them updates each
// element; its old value goes through shared memory to the others, as
// test_tensor_atomic_rmw stores them (RETURN_VAL).
#dup = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @sliced_old_values
// CHECK: %[[UNIQUE:.*]] = llvm.icmp "eq"
// CHECK: %[[P0:.*]] = llvm.and %[[UNIQUE]], %{{.*}} : i1
// CHECK: llvm.cond_br %[[P0]]
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, f16
// CHECK: ^{{.*}}(%[[OLD0:.*]]: f16):
// CHECK: %[[P1:.*]] = llvm.and %[[UNIQUE]], %{{.*}} : i1
// CHECK: llvm.cond_br %[[P1]]
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, f16
// CHECK: ^{{.*}}(%[[OLD1:.*]]: f16):
// CHECK-NOT: llvm.atomicrmw
// CHECK: %[[S0:.*]] = llvm.getelementptr %{{.*}} -> !llvm.ptr<3>, f16
// CHECK: %[[S1:.*]] = llvm.getelementptr %{{.*}} -> !llvm.ptr<3>, f16
// CHECK: llvm.call @test_store_shared_f16(%[[S0]], %[[OLD0]], %[[UNIQUE]])
// CHECK: llvm.call @test_store_shared_f16(%[[S1]], %[[OLD1]], %[[UNIQUE]])
// CHECK: llvm.call @test_barrier()
// CHECK: %[[R0:.*]] = llvm.call @test_load_shared_f16(%[[S0]]
// CHECK: %[[R1:.*]] = llvm.call @test_load_shared_f16(%[[S1]]
// CHECK: llvm.insertvalue %[[R0]]
// CHECK: llvm.insertvalue %[[R1]]
tt.func public @sliced_old_values(%p: tensor<16x!tt.ptr<f16>, #ttg.slice<{dim = 0, parent = #b2}>>, %v: tensor<16xf16, #ttg.slice<{dim = 0, parent = #b2}>>, %m: tensor<16xi1, #ttg.slice<{dim = 0, parent = #b2}>>) -> tensor<16xf16, #ttg.slice<{dim = 0, parent = #b2}>> {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<16x!tt.ptr<f16>, #ttg.slice<{dim = 0, parent = #b2}>>, tensor<16xf16, #ttg.slice<{dim = 0, parent = #b2}>>, tensor<16xi1, #ttg.slice<{dim = 0, parent = #b2}>>) -> tensor<16xf16, #ttg.slice<{dim = 0, parent = #b2}>>
  tt.return %0 : tensor<16xf16, #ttg.slice<{dim = 0, parent = #b2}>>
}

// f64 and 64-bit integer adds (an unsigned add is the same add).
// CHECK-LABEL: llvm.func @wide_adds
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, f64
// CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, i64
tt.func public @wide_adds(%pf: !tt.ptr<f64>, %vf: f64, %pi: !tt.ptr<i64>, %vi: i64) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %pf, %vf : (!tt.ptr<f64>, f64) -> f64
  %1 = tt.atomic_rmw add, acq_rel, gpu, %pi, %vi : (!tt.ptr<i64>, i64) -> i64
  tt.return
}

// Duplicated elements whose old values are used, in 32 lanes over 16
// elements (was refused before): the same shared-memory hand-off.
// CHECK-LABEL: llvm.func @duplicated_old_values
// CHECK: llvm.atomicrmw add
// CHECK: llvm.call @test_store_shared_i32
// CHECK: llvm.call @test_barrier()
// CHECK: llvm.call @test_load_shared_i32
tt.func public @duplicated_old_values(%p: tensor<16x!tt.ptr<i32>, #dup>, %v: tensor<16xi32, #dup>) -> tensor<16xi32, #dup> {
  %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<16x!tt.ptr<i32>, #dup>, tensor<16xi32, #dup>) -> tensor<16xi32, #dup>
  tt.return %0 : tensor<16xi32, #dup>
}

// Compare-and-swap of floats: llvm.cmpxchg takes integers, so the bits of
// the compare and new values are swapped and the old bits cast back.
// CHECK-LABEL: llvm.func @cas_floats
// CHECK: %[[C:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[P:.*]] = llvm.cmpxchg %{{.*}}, %[[C]], %[[V]] acq_rel acquire : !llvm.ptr<1>, i32
// CHECK: %[[O:.*]] = llvm.extractvalue %[[P]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.bitcast %[[O]] : i32 to f32
// CHECK: llvm.bitcast %{{.*}} : f16 to i16
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr<1>, i16
// CHECK: llvm.bitcast %{{.*}} : i16 to f16
// CHECK: llvm.bitcast %{{.*}} : bf16 to i16
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} monotonic monotonic : !llvm.ptr<1>, i16
// CHECK: llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr<1>, i64
// CHECK: llvm.bitcast %{{.*}} : i64 to f64
tt.func public @cas_floats(%p: tensor<32x!tt.ptr<f32>, #b1>, %c: tensor<32xf32, #b1>, %v: tensor<32xf32, #b1>,
                           %ph: tensor<32x!tt.ptr<f16>, #b1>, %h: tensor<32xf16, #b1>,
                           %pb: tensor<32x!tt.ptr<bf16>, #b1>, %b: tensor<32xbf16, #b1>,
                           %pd: !tt.ptr<f64>, %d: f64) -> (tensor<32xf32, #b1>, tensor<32xf16, #b1>, tensor<32xbf16, #b1>) {
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (tensor<32x!tt.ptr<f32>, #b1>, tensor<32xf32, #b1>, tensor<32xf32, #b1>) -> tensor<32xf32, #b1>
  %1 = tt.atomic_cas acq_rel, gpu, %ph, %h, %h : (tensor<32x!tt.ptr<f16>, #b1>, tensor<32xf16, #b1>, tensor<32xf16, #b1>) -> tensor<32xf16, #b1>
  %2 = tt.atomic_cas relaxed, gpu, %pb, %b, %b : (tensor<32x!tt.ptr<bf16>, #b1>, tensor<32xbf16, #b1>, tensor<32xbf16, #b1>) -> tensor<32xbf16, #b1>
  %3 = tt.atomic_cas acq_rel, gpu, %pd, %d, %d : (!tt.ptr<f64>, f64, f64) -> f64
  tt.return %0, %1, %2 : tensor<32xf32, #b1>, tensor<32xf16, #b1>, tensor<32xbf16, #b1>
}
}

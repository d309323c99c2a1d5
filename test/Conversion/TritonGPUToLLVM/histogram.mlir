// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.histogram: ballots over the bits of each value, popcounts of the bins
// each lane owns, shared-memory atomics across warps.

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {

// 64 values (one per thread) into 32 bins: one bin per lane.
// CHECK-LABEL: llvm.func @bins32
// CHECK-SAME: %[[X:[^:]*]]: !llvm.struct<(i32)>
// CHECK: %[[V:.*]] = llvm.extractvalue %[[X]][0]
// Counted: in [0, 32).
// CHECK: %[[IN:.*]] = llvm.icmp "ult" %[[V]], %{{.*}} : i32
// CHECK: %[[C:.*]] = llvm.call @test_ballot_i32(%[[IN]])
// One ballot per bit of the bin index.
// CHECK-COUNT-5: llvm.call @test_ballot_i32
// CHECK-NOT: llvm.call @test_ballot_i32
// CHECK: %[[N:.*]] = llvm.intr.ctpop(%{{.*}}) : (i32) -> i32
// CHECK: %[[COUNT:.*]] = llvm.add %{{.*}}, %[[N]] : i32
// The 32 bins zeroed (64 threads: one store each, the upper half masked),
// then a barrier.
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[ZBIN:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.call @test_store_shared_i32(%{{.*}}, %{{.*}}, %[[ZBIN]])
// CHECK-NEXT: llvm.call @test_barrier()
// Each lane adds its count to its bin.
// CHECK: llvm.atomicrmw add %{{.*}}, %[[COUNT]] monotonic : !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.call @test_barrier()
// CHECK: llvm.call @test_load_shared_i32
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.return
tt.func public @bins32(%x: tensor<64xi32, #b1>) -> tensor<32xi32, #b1> {
  %h = tt.histogram %x : tensor<64xi32, #b1> -> tensor<32xi32, #b1>
  tt.return %h : tensor<32xi32, #b1>
}

// 128 masked i16 values (two per thread) into 128 bins: four per lane, so
// four popcounts and four atomics per thread; values are sign-extended.
// CHECK-LABEL: llvm.func @bins128
// CHECK: %[[V0:.*]] = llvm.sext %{{.*}} : i16 to i32
// CHECK: %[[IN0:.*]] = llvm.icmp "ult" %[[V0]], %{{.*}} : i32
// CHECK: %[[CM0:.*]] = llvm.and %[[IN0]], %{{.*}} : i1
// CHECK: llvm.call @test_ballot_i32(%[[CM0]])
// CHECK-COUNT-7: llvm.call @test_ballot_i32
// CHECK-COUNT-4: llvm.intr.ctpop
// CHECK: llvm.sext %{{.*}} : i16 to i32
// CHECK-COUNT-8: llvm.call @test_ballot_i32
// CHECK-COUNT-4: llvm.intr.ctpop
// CHECK: llvm.call @test_barrier()
// CHECK-COUNT-4: llvm.atomicrmw add
// CHECK-NEXT: llvm.call @test_barrier()
tt.func public @bins128(%x: tensor<128xi16, #b2>, %m: tensor<128xi1, #b2>) -> tensor<128xi32, #b1> {
  %h = tt.histogram %x, %m : tensor<128xi16, #b2> -> tensor<128xi32, #b1>
  tt.return %h : tensor<128xi32, #b1>
}

}

// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.scan: in the thread, across lanes (shuffleIdx), across warps (shared
// memory) and across chunks of registers.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {

// 256 elements: 2 registers x 32 lanes x 2 warps = 128, so two chunks.
// CHECK-LABEL: llvm.func @cumsum
// In the thread: register 1 after register 0, in each chunk.
// CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK: llvm.add %[[R0]], %[[R1]] : i32
// CHECK: llvm.add %[[R2]], %[[R3]] : i32
// Across 32 lanes: 5 steps per chunk, then the prefix and the warp total.
// CHECK-COUNT-14: llvm.call @test_shuffle_idx_i32
// CHECK-NOT: llvm.call @test_shuffle_idx_i32
// Warp totals of both chunks through shared memory.
// CHECK-COUNT-2: llvm.call @test_store_shared_i32
// CHECK: llvm.call @test_barrier()
// CHECK-COUNT-4: llvm.call @test_load_shared_i32
// CHECK: llvm.return
tt.func public @cumsum(%x: tensor<256xi32, #blocked>) {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
  tt.return
}

// A reverse scan along rows, each row in one warp: registers from the last, lanes from the
// highest (source lane = lane + step), no shared memory.
// CHECK-LABEL: llvm.func @reverse
// CHECK: %[[A2:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[A3:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK: %[[M:.*]] = llvm.intr.maxnum(%[[A3]], %[[A2]])
// CHECK: llvm.intr.maxnum(%[[M]], %{{.*}})
// CHECK: %[[ORDER:.*]] = llvm.sub %{{.*}}, %{{.*}} : i32
// CHECK: %[[EXISTS:.*]] = llvm.icmp "uge" %[[ORDER]]
// CHECK: %[[UP:.*]] = llvm.add %[[LANE:.*]], %{{.*}} : i32
// CHECK: %[[SRC:.*]] = llvm.select %[[EXISTS]], %[[UP]], %[[LANE]] : i1, i32
// CHECK: llvm.call @test_shuffle_idx_f32(%{{.*}}, %[[SRC]])
// CHECK-NOT: test_barrier
// CHECK: llvm.return
tt.func public @reverse(%x: tensor<2x128xf32, #rows>) {
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<2x128xf32, #rows>) -> tensor<2x128xf32, #rows>
  tt.return
}

}

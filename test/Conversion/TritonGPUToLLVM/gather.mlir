// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.gather within a warp (shuffles from the source registers that may hold
// the element, a select by register) or, when warps split the axis, through
// the op's scratch buffer: the source stored, a barrier, each result
// element loaded at its source coordinates.

#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Along axis 1 of a 16x16 f32 source: the axis is in 4 registers and 4
// lanes of a warp. Each result element: 4 shuffles to the lane the layout's
// inverse gives, 3 selects by the register it gives; no shared memory.
// CHECK-LABEL: llvm.func @in_warp
// CHECK-SAME: %[[SRC:[^:]*]]: !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: @test_store_shared
// CHECK-NOT: @test_barrier
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[SRC]][0]
// CHECK: %[[S3:.*]] = llvm.extractvalue %[[SRC]][3]
// CHECK: %[[V0:.*]] = llvm.call @test_shuffle_idx_f32(%[[S0]], %[[LANE:.*]]) :
// CHECK: %[[V1:.*]] = llvm.call @test_shuffle_idx_f32(%{{.*}}, %[[LANE]]) :
// CHECK: %[[R1:.*]] = llvm.select %{{.*}}, %[[V1]], %[[V0]] : i1, f32
// CHECK: llvm.call @test_shuffle_idx_f32(%{{.*}}, %[[LANE]]) :
// CHECK: llvm.select
// CHECK: %[[V3:.*]] = llvm.call @test_shuffle_idx_f32(%[[S3]], %[[LANE]]) :
// CHECK: %[[R3:.*]] = llvm.select %{{.*}}, %[[V3]], %{{.*}} : i1, f32
// CHECK-COUNT-12: llvm.call @test_shuffle_idx_f32
// CHECK-NOT: @test_shuffle_idx_f32
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[0]
// CHECK-NOT: @test_barrier
// CHECK: llvm.return
tt.func public @in_warp(%src: tensor<16x16xf32, #rows>, %idx: tensor<16x16xi32, #rows>) -> tensor<16x16xf32, #rows> {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x16xf32, #rows>, tensor<16x16xi32, #rows>) -> tensor<16x16xf32, #rows>
  tt.return %g : tensor<16x16xf32, #rows>
}

// Along axis 0, which the two warps split: 4 stores, a barrier, 4 loads at
// (0 * 16 + index) * 16 + column.
// CHECK-LABEL: llvm.func @across_warps
// CHECK-SAME: %[[IDX:[^:]*]]: !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-4: llvm.call @test_store_shared_f32
// CHECK-NOT: llvm.call @test_store_shared_f32
// CHECK: llvm.call @test_barrier()
// CHECK: %[[I0:.*]] = llvm.extractvalue %[[IDX]][0]
// CHECK: %[[ROW:.*]] = llvm.add %{{.*}}, %[[I0]] : i32
// CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK-NEXT: %[[ROWS:.*]] = llvm.mul %[[ROW]], %[[C16]] : i32
// CHECK-NEXT: %[[AT:.*]] = llvm.add %[[ROWS]], %{{.*}} : i32
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.call @test_load_shared_f32(%[[P]]
// CHECK-COUNT-3: llvm.call @test_load_shared_f32
// CHECK-NOT: llvm.call @test_load_shared_f32
// CHECK-NOT: @test_shuffle_idx
// CHECK: llvm.return
tt.func public @across_warps(%src: tensor<16x16xf32, #rows>, %idx: tensor<16x16xi32, #rows>) -> tensor<16x16xf32, #rows> {
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16x16xf32, #rows>, tensor<16x16xi32, #rows>) -> tensor<16x16xf32, #rows>
  tt.return %g : tensor<16x16xf32, #rows>
}

// i64 indices are truncated; i1 elements travel as bytes. 16 elements on
// 64 threads: lanes 16..31 and warp 1 hold copies and do not store.
// CHECK-LABEL: llvm.func @bools
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[COPY:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.icmp "eq" %[[COPY]], %{{.*}} : i32
// CHECK: %[[B:.*]] = llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.call @test_store_shared_i8(%{{.*}}, %[[B]], %{{.*}})
// CHECK: llvm.call @test_barrier()
// CHECK: %[[T:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[L:.*]] = llvm.call @test_load_shared_i8
// CHECK: llvm.trunc %[[L]] : i8 to i1
tt.func public @bools(%src: tensor<16xi1, #b1>, %idx: tensor<64xi64, #b1>) -> tensor<64xi1, #b1> {
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16xi1, #b1>, tensor<64xi64, #b1>) -> tensor<64xi1, #b1>
  tt.return %g : tensor<64xi1, #b1>
}

// Within a warp, booleans are shuffled as i32.
// CHECK-LABEL: llvm.func @bools_in_warp
// CHECK: %[[Z:.*]] = llvm.zext %{{.*}} : i1 to i32
// CHECK: %[[X:.*]] = llvm.call @test_shuffle_idx_i32(%[[Z]], %{{.*}})
// CHECK: llvm.trunc %[[X]] : i32 to i1
// CHECK-NOT: @test_barrier
// CHECK: llvm.return
tt.func public @bools_in_warp(%src: tensor<16x16xi1, #rows>, %idx: tensor<16x16xi32, #rows>) -> tensor<16x16xi1, #rows> {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x16xi1, #rows>, tensor<16x16xi32, #rows>) -> tensor<16x16xi1, #rows>
  tt.return %g : tensor<16x16xi1, #rows>
}

}

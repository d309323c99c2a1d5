// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.gather: the source into the op's scratch buffer, a barrier, each
// result element loaded at its source coordinates.

#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Along axis 1 of an 8x16 f32 source: 4 stores, then 4 loads at
// row * 16 + index.
// CHECK-LABEL: llvm.func @rows
// CHECK-SAME: %[[IDX:[^:]*]]: !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-4: llvm.call @test_store_shared_f32
// CHECK-NOT: llvm.call @test_store_shared_f32
// CHECK: llvm.call @test_barrier()
// CHECK: %[[I0:.*]] = llvm.extractvalue %[[IDX]][0]
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK: %[[ROW:.*]] = llvm.mul %{{.*}}, %[[C16]] : i32
// CHECK-NEXT: %[[AT:.*]] = llvm.add %[[ROW]], %[[I0]] : i32
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.call @test_load_shared_f32(%[[P]]
// CHECK-COUNT-3: llvm.call @test_load_shared_f32
// CHECK-NOT: llvm.call @test_load_shared_f32
// CHECK: llvm.return
tt.func public @rows(%src: tensor<8x16xf32, #rows>, %idx: tensor<8x16xi32, #rows>) -> tensor<8x16xf32, #rows> {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x16xf32, #rows>, tensor<8x16xi32, #rows>) -> tensor<8x16xf32, #rows>
  tt.return %g : tensor<8x16xf32, #rows>
}

// i64 indices are truncated; i1 elements travel as bytes. 16 elements on
// 32 lanes: lanes 16..31 hold copies and do not store.
// CHECK-LABEL: llvm.func @bools
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[COPY:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.icmp "eq" %[[COPY]], %{{.*}} : i32
// CHECK: %[[B:.*]] = llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.call @test_store_shared_i8(%{{.*}}, %[[B]], %[[W]])
// CHECK: llvm.call @test_barrier()
// CHECK: %[[T:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[L:.*]] = llvm.call @test_load_shared_i8
// CHECK: llvm.trunc %[[L]] : i8 to i1
tt.func public @bools(%src: tensor<16xi1, #b1>, %idx: tensor<32xi64, #b1>) -> tensor<32xi1, #b1> {
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16xi1, #b1>, tensor<32xi64, #b1>) -> tensor<32xi1, #b1>
  tt.return %g : tensor<32xi1, #b1>
}

}

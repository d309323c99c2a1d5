// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// broadcast, expand_dims and convert_layout.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// A row vector (slice of dim 0) expanded to 1x32, then broadcast to 4x32:
// each thread's 4 registers are its 4 columns, the same in every row.
// CHECK-LABEL: llvm.func @expand_broadcast
// CHECK-SAME: (%[[ROW:.*]]: !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[ROW]][0]
// CHECK: %[[E3:.*]] = llvm.extractvalue %[[ROW]][3]
// CHECK: %[[X:.*]] = llvm.insertvalue %[[E3]], %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[B3:.*]] = llvm.extractvalue %[[X]][3]
// CHECK: llvm.insertvalue %[[B0]], %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertvalue %[[B3]], %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: llvm.return
tt.func public @expand_broadcast(%row: tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
  %0 = tt.expand_dims %row {axis = 0 : i32} : tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xf32, #blocked>
  %1 = tt.broadcast %0 : tensor<1x32xf32, #blocked> -> tensor<4x32xf32, #blocked>
  tt.return
}

// A conversion that keeps every element in its thread is free.
// CHECK-LABEL: llvm.func @convert_same
// CHECK-NOT: test_barrier
// CHECK: llvm.return
tt.func public @convert_same(%x: tensor<4x32xf32, #blocked>) {
  %0 = ttg.convert_layout %x : tensor<4x32xf32, #blocked> -> tensor<4x32xf32, #blocked>
  tt.return
}

// Between threads (4 consecutive columns per thread to 4 columns 8 apart):
// every thread writes its 4 consecutive elements as one vector into the
// scratch buffer (contiguous along the columns), a barrier, then reads its
// 4 new elements one by one.
// CHECK-LABEL: llvm.func @convert_transposed
// CHECK: llvm.mlir.addressof @global_smem
// CHECK: llvm.call @test_store_shared_v4f32
// CHECK-NOT: test_store_shared
// CHECK: llvm.call @test_barrier()
// CHECK-COUNT-4: llvm.call @test_load_shared_f32
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
tt.func public @convert_transposed(%x: tensor<4x32xf32, #blocked>) {
  %0 = ttg.convert_layout %x : tensor<4x32xf32, #blocked> -> tensor<4x32xf32, #t>
  tt.return
}

// Booleans travel as i8.
// CHECK-LABEL: llvm.func @convert_i1
// CHECK-COUNT-4: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.call @test_barrier()
// CHECK-COUNT-4: llvm.trunc %{{.*}} : i8 to i1
tt.func public @convert_i1(%x: tensor<4x32xi1, #blocked>) {
  %0 = ttg.convert_layout %x : tensor<4x32xi1, #blocked> -> tensor<4x32xi1, #t>
  tt.return
}

}

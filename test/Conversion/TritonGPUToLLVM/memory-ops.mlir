// RUN: trident-opt %s --split-input-file --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// ttg.local_alloc with a source, then ttg.local_load in another layout: the
// buffer is the shared-memory array at its offset; 8 consecutive f16 of a
// row are one vector store (one writer per element), a barrier, then each
// register of the column layout is one scalar load (a thread's 8 registers,
// 4 rows by 2 columns, are not contiguous in the buffer).
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [0, 1]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @alloc_load
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.call @test_store_shared_v8f16(%[[P]], %{{.*}}, %{{.*}}) : (!llvm.ptr<3>, vector<8xf16>, i1) -> ()
// CHECK-NOT: test_store_shared
// CHECK: llvm.call @test_barrier()
// CHECK-COUNT-8: llvm.call @test_load_shared_f16(
// CHECK-NOT: test_load_shared
// CHECK: llvm.return
tt.func public @alloc_load(%x: tensor<8x32xf16, #b>) -> tensor<8x32xf16, #t> {
  %a = ttg.local_alloc %x : (tensor<8x32xf16, #b>) -> !ttg.memdesc<8x32xf16, #s, #smem>
  %y = ttg.local_load %a : !ttg.memdesc<8x32xf16, #s, #smem> -> tensor<8x32xf16, #t>
  tt.return %y : tensor<8x32xf16, #t>
}
}

// -----

// A mutable buffer without a source: ttg.local_store writes it, the load
// reads it in the same layout (4 contiguous i32 per thread: vectors both
// ways), local_dealloc leaves nothing behind. A layout that broadcasts
// (more threads than elements) lets only one thread of each group write.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @store_load
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[WRITER:.*]] = llvm.icmp "eq"
// CHECK: llvm.call @test_store_shared_v4i32(%{{.*}}, %{{.*}}, %[[WRITER]]) : (!llvm.ptr<3>, vector<4xi32>, i1) -> ()
// CHECK-NOT: test_store_shared
// CHECK: llvm.call @test_barrier()
// CHECK: llvm.call @test_load_shared_v4i32(
// CHECK-NOT: test_load_shared
// CHECK-NOT: local_dealloc
// CHECK: llvm.return
tt.func public @store_load(%x: tensor<4x32xi32, #b>) -> tensor<4x32xi32, #b> {
  %m = ttg.local_alloc : () -> !ttg.memdesc<4x32xi32, #s, #smem, mutable>
  ttg.local_store %x, %m : tensor<4x32xi32, #b> -> !ttg.memdesc<4x32xi32, #s, #smem, mutable>
  %y = ttg.local_load %m : !ttg.memdesc<4x32xi32, #s, #smem, mutable> -> tensor<4x32xi32, #b>
  ttg.local_dealloc %m : !ttg.memdesc<4x32xi32, #s, #smem, mutable>
  tt.return %y : tensor<4x32xi32, #b>
}
}

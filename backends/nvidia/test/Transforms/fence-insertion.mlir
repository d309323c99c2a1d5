// nvidia-fence-insertion: a fence.proxy.async after every register-to-shared
// store into a buffer a warp-group dot reads (local_alloc with a source,
// local_store through a view), and none after asynchronous copies or stores
// into buffers no dot reads.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-fence-insertion %s | FileCheck %s
// CHECK-LABEL: tt.func public @staged(
// CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK: ttg.local_store %{{.*}}, %[[VIEW:.*]] :
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK: ttg.local_store %{{.*}}, %[[OTHER:.*]] :
// CHECK-NEXT: ttng.warp_group_dot
// CHECK-LABEL: tt.func public @copied(
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @staged(%x: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %slots = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %b = ttg.memdesc_index %slots[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %unread = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %unread : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  tt.func public @copied(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait {num = 0 : i32}
    %d = ttng.warp_group_dot %a, %a, %c : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

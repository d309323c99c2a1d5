// nvidia-fence-insertion: a fence.proxy.async after every register-to-shared
// store into a buffer a warp-group dot reads (local_alloc with a source,
// local_store through a view), and none after asynchronous copies (cp.async)
// or stores into buffers no dot reads. An asynchronous copy whose source
// holds fewer than 4 bytes per thread along the buffer's contiguous
// dimension is lowered to shared stores, not cp.async: it gets a fence.
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
// CHECK-LABEL: tt.func public @copied_bytes(
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[A:.*]] :
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[B:.*]] :
// CHECK-NEXT: ttg.async_commit_group
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#kcols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#kmajor = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#rows8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#mma32 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
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
  // i8 rows loaded 8 wide along N, staged K-major (transposed): one byte
  // per piece; loaded 8 wide along K into the same layout: 8 bytes.
  tt.func public @copied_bytes(%pn: tensor<64x64x!tt.ptr<i8>, #blocked>, %pk: tensor<64x64x!tt.ptr<i8>, #kcols>, %c: tensor<64x64xi32, #mma32>) -> tensor<64x64xi32, #mma32> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #kmajor, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pn, %a : tensor<64x64x!tt.ptr<i8>, #blocked> -> <64x64xi8, #kmajor, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #kmajor, #smem, mutable>
    %u = ttg.async_copy_global_to_local %pk, %b : tensor<64x64x!tt.ptr<i8>, #kcols> -> <64x64xi8, #kmajor, #smem, mutable>
    %g = ttg.async_commit_group tokens %t, %u
    %w = ttg.async_wait {num = 0 : i32}
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #rows8, #smem, mutable>
    %d = ttng.warp_group_dot %x, %a, %c : !ttg.memdesc<64x64xi8, #rows8, #smem, mutable> * !ttg.memdesc<64x64xi8, #kmajor, #smem, mutable> -> tensor<64x64xi32, #mma32>
    %e = ttng.warp_group_dot %x, %b, %d : !ttg.memdesc<64x64xi8, #rows8, #smem, mutable> * !ttg.memdesc<64x64xi8, #kmajor, #smem, mutable> -> tensor<64x64xi32, #mma32>
    tt.return %e : tensor<64x64xi32, #mma32>
  }
}

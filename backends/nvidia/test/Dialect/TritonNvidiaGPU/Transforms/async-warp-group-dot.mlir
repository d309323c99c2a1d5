// nvidia-async-warp-group-dot: in a pipelined loop, the warp-group dot
// becomes asynchronous. Accumulating into the carried value itself (a
// matmul), it is waited for with one dot pending right after it; when the
// carried value is read first (attention rescales it), that read waits for
// the previous iteration's dot. The refills of its operand slots move after
// the wait; the last dot is waited for after the loop. A dot whose result
// has another use, or that reads a buffer the loop also writes with a plain
// store, stays synchronous.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-async-warp-group-dot %s | FileCheck %s
//
// The waits count as reads of the dot's buffers, so barrier insertion puts a
// barrier between each wait and the refills after it (another warp group's
// dot may still read the slot before its own wait):
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-async-warp-group-dot --ttg-allocate-shared-memory --ttg-insert-barriers %s | FileCheck %s --check-prefix=BAR
// BAR-LABEL: tt.func public @pipelined(
// BAR: ttng.warp_group_dot_wait {{.*}}pendings = 1
// BAR: gpu.barrier
// BAR-NEXT: ttg.async_copy_global_to_local
// BAR-LABEL: tt.func public @rescaled(
// BAR: ttng.warp_group_dot_wait {{.*}}pendings = 0
// BAR: gpu.barrier
// BAR-NEXT: ttg.async_copy_global_to_local
//
// And the result lowers (the register operand of @registers_a is not among
// the values a wait ties):
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-async-warp-group-dot --ttg-allocate-shared-memory --ttg-insert-barriers --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @registers_a(
// LLVM: "wgmma.wait_group.sync.aligned 1;"
// LLVM: "wgmma.wait_group.sync.aligned 0;"
// CHECK-LABEL: tt.func public @pipelined(
// CHECK: %[[LOOP:[0-9]+]]:3 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[READ:.*]] = %{{.*}}, %[[WRITE:.*]] = %{{.*}})
// CHECK: ttg.async_wait {num = 1 : i32}
// CHECK: %[[A:.*]] = ttg.memdesc_index %{{.*}}[%[[READ]]]
// CHECK: %[[B:.*]] = ttg.memdesc_index %{{.*}}[%[[READ]]]
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[ACC]] {{{.*}}isAsync = true}
// CHECK: %[[R:[0-9]+]]:3 = ttng.warp_group_dot_wait %[[D]], %[[A]], %[[B]] {pendings = 1 : i32}
// CHECK: ttg.memdesc_index %{{.*}}[%[[WRITE]]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.memdesc_index %{{.*}}[%[[WRITE]]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_commit_group
// CHECK: scf.yield %[[R]]#0,
// CHECK: %[[DONE:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK: tt.return %[[DONE]]

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pipelined(%pa: tensor<64x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x64x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %as = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %read = %c0, %write = %c1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %w = ttg.async_wait {num = 1 : i32}
      %wa = ttg.memdesc_index %as[%write] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %ta = ttg.async_copy_global_to_local %pa, %wa : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %wb = ttg.memdesc_index %bs[%write] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %tb = ttg.async_copy_global_to_local %pb, %wb : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %ta, %tb
      %a = ttg.memdesc_index %as[%read] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %bs[%read] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d, %write, %read : tensor<64x64xf32, #mma>, i32, i32
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// CHECK-LABEL: tt.func public @rescaled(
// CHECK: %[[LOOP:[0-9]+]]:3 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[READ:.*]] = %{{.*}}, %[[WRITE:.*]] = %{{.*}})
// CHECK: ttg.async_wait {num = 1 : i32}
// CHECK: %[[READY:[0-9]+]]:2 = ttng.warp_group_dot_wait %[[ACC]], %{{.*}} {pendings = 0 : i32}
// CHECK: ttg.memdesc_index %{{.*}}[%[[WRITE]]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_commit_group
// CHECK: %[[SCALED:.*]] = arith.mulf %[[READY]]#0, %{{.*}}
// CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[SCALED]] {{{.*}}isAsync = true}
// CHECK-NOT: warp_group_dot_wait
// CHECK: scf.yield %[[D]],
// CHECK: ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rescaled(%p: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %pv: tensor<64x64x!tt.ptr<f16>, #blocked>, %scale: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %vs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %read = %c0, %write = %c1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %w = ttg.async_wait {num = 1 : i32}
      %wv = ttg.memdesc_index %vs[%write] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %tv = ttg.async_copy_global_to_local %pv, %wv : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %tv
      %v = ttg.memdesc_index %vs[%read] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %scaled = arith.mulf %acc, %scale : tensor<64x64xf32, #mma>
      %d = ttng.warp_group_dot %p, %v, %scaled : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d, %write, %read : tensor<64x64xf32, #mma>, i32, i32
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Accumulating in place with A in registers: the wait ties the result and B.
// CHECK-LABEL: tt.func public @registers_a(
// CHECK: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: ttng.warp_group_dot_wait %[[D]], %{{[0-9]+}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @registers_a(%p: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %pv: tensor<64x64x!tt.ptr<f16>, #blocked>, %out: tensor<64x64x!tt.ptr<f32>, #mma>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %vs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %read = %c0, %write = %c1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %w = ttg.async_wait {num = 1 : i32}
      %wv = ttg.memdesc_index %vs[%write] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %tv = ttg.async_copy_global_to_local %pv, %wv : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %tv
      %v = ttg.memdesc_index %vs[%read] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %p, %v, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d, %write, %read : tensor<64x64xf32, #mma>, i32, i32
    }
    %w0 = ttg.async_wait {num = 0 : i32}
    tt.store %out, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func public @result_used_in_loop(
// CHECK-NOT: isAsync = true
// CHECK-NOT: warp_group_dot_wait
// CHECK-LABEL: tt.func public @stored_operand(
// CHECK-NOT: isAsync = true
// CHECK-NOT: warp_group_dot_wait
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @result_used_in_loop(%out: tensor<64x64x!tt.ptr<f32>, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %as, %as, %acc : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      tt.store %out, %d : tensor<64x64x!tt.ptr<f32>, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  tt.func public @stored_operand(%x: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      ttg.local_store %x, %as : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %as, %as, %acc : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// REQUIRES: nvidia-plugin
// RUN: trident-opt --plugin %nvidia_plugin %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin %s | trident-opt --plugin %nvidia_plugin | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin %s --mlir-print-op-generic | trident-opt --plugin %nvidia_plugin | FileCheck %s

// Every ttng operation in its upstream Triton 3.6 syntax: parsed, verified
// and printed back the same.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @warp_group_dot
  tt.func @warp_group_dot(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, %c: tensor<64x64xf32, #mma>, %useC: i1) -> tensor<64x64xf32, #mma> {
    // CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    // The default inputPrecision (ieee), maxNumImpreciseAcc and isAsync are
    // not printed; useC follows the accumulator.
    // CHECK: %[[E:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[D]], %{{.*}} : !ttg.memdesc
    %e = ttng.warp_group_dot %a, %b, %d, %useC {inputPrecision = 2 : i32, isAsync = false} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    // CHECK: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[E]], %{{.*}}, %{{.*}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    %w:3 = ttng.warp_group_dot_wait %e, %a, %b {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    // CHECK: %[[R:.*]] = ttng.warp_group_dot_wait %[[W]]#0 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %r = ttng.warp_group_dot_wait %w#0 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    // CHECK: tt.return %[[R]]
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: tt.func @warp_group_dot_register_a
  tt.func @warp_group_dot_register_a(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: tt.func @fence
  tt.func @fence() {
    // CHECK: ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = false}
    // CHECK: ttng.fence_async_shared {bCluster = true}
    ttng.fence_async_shared {bCluster = true}
    tt.return
  }

  // CHECK-LABEL: tt.func @barriers
  tt.func @barriers(%phase: i32, %p: i1, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
    // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[BARL:.*]], #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.barrier_expect %[[BAR]], 16384, %{{.*}} : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.barrier_expect %bar, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.wait_barrier %[[BAR]], %{{.*}} : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.wait_barrier %[[BAR]], %{{.*}}, %{{.*}} deps %{{.*}} : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %p deps %buf : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.arrive_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.arrive_barrier %[[BAR]], 2, %{{.*}} : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.arrive_barrier %bar, 2, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.inval_barrier %[[BAR]] : !ttg.memdesc<1xi64, #[[BARL]], #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: tt.func @tma
  tt.func @tma(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF:.*]], %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]], %{{.*}}, %{{.*}} cacheModifier = cg evictionPolicy = evict_last {multicast} : !tt.tensordesc
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p cacheModifier = cg evictionPolicy = evict_last {multicast} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // Triton's frontend spells integer blocks with their sign; buffers are
  // signless.
  // CHECK-LABEL: tt.func @tma_signed
  tt.func @tma_signed(%desc: !tt.tensordesc<tensor<128x64xsi16, #shared>>, %x: i32, %y: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xi16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local {{.*}} : !tt.tensordesc<tensor<128x64xsi16, #shared>>, {{.*}} -> !ttg.memdesc<128x64xi16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xsi16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xi16, #shared, #smem, mutable>
    tt.return
  }
}

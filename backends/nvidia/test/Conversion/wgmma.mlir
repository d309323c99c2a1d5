// ttng.warp_group_dot as wgmma: one m64nNk16 instruction per warp group,
// tile and 16 of K, between wgmma.fence and wgmma.commit_group, with both
// operands read from shared memory through matrix descriptors. A is K-major
// (SBO = 8 rows of 128 bytes = 1024 >> 4 = 64, LBO unused = 1, 128-byte
// swizzle = mode 1: 0x4000004000010000); B is N-major (`imm-trans-b` 1,
// SBO = 8 rows of K, LBO = 0 with a single 64-wide swizzle row:
// 0x4000004000000000). A synchronous dot waits for its group with the
// accumulators tied through the wait; ttng.warp_group_dot_wait and
// ttng.fence_async_shared lower to wgmma.wait_group and fence.proxy.async.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-LABEL: llvm.func @sync_dot(
// CHECK: llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;"
// CHECK-DAG: llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;"
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $31}, $32, $33, 1, 1, 1, 0, 1;", "=f,{{.*}},=f,l,l,0,1,{{.*}},31"
// CHECK-COUNT-3: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK: "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},0,1,
// CHECK: llvm.return

// The next K step starts 32 bytes (16 f16) further along A's rows: +2 in
// the descriptor's address field; B's, 16 rows of 128 bytes further: +128.
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s --check-prefix=STEP
// STEP-LABEL: llvm.func @sync_dot(
// STEP-DAG: llvm.mlir.constant(2 : i64) : i64
// STEP-DAG: llvm.mlir.constant(128 : i64) : i64

// The PTX of the first kernel, for sm_90a.
// RUN: sed '/^\/\/ -----/,$d' %s | trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --nvidia-llir | trident-nvidia-translate --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX
// PTX: .target sm_90a
// PTX: fence.proxy.async.shared::cta;
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sync_dot(%xp: !tt.ptr<f16>, %yp: !tt.ptr<f16>, %out: !tt.ptr<f32>) {
    %xs = tt.splat %xp : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %x = tt.load %xs : tensor<64x64x!tt.ptr<f16>, #blocked>
    %ys = tt.splat %yp : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %y = tt.load %ys : tensor<64x64x!tt.ptr<f16>, #blocked>
    %c = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// An asynchronous dot leaves the wait to ttng.warp_group_dot_wait, which
// ties the values it waits for through wgmma.wait_group.
// CHECK-LABEL: llvm.func @async_dot(
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK-NOT: wgmma.wait_group.sync.aligned 0;
// CHECK: "wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},0,1,

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_dot(%xp: !tt.ptr<f16>, %yp: !tt.ptr<f16>, %out: !tt.ptr<f32>) {
    %xs = tt.splat %xp : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %x = tt.load %xs : tensor<64x64x!tt.ptr<f16>, #blocked>
    %ys = tt.splat %yp : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %y = tt.load %ys : tensor<64x64x!tt.ptr<f16>, #blocked>
    %c = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %p, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Operand A in registers (attention's second dot): four packed f16x2
// registers per instruction instead of a descriptor, no `imm-trans-a`. The
// fence takes the 32 accumulators and A's 16 registers (4 K steps) tied, so
// nothing computing them can sink below it (ptxas would then add a
// warpgroup.arrive before each wgmma), and the wgmmas read its results.
// CHECK-LABEL: llvm.func @registers_a(
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: %[[FENCE:.*]] = llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "{{(=f,){32}(=r,){16}0}},1,{{.*}},47" {{.*}} -> !llvm.struct<({{(f32, ){32}(i32, ){15}i32}})>
// CHECK: llvm.extractvalue %[[FENCE]][32]
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, 1, 1, 1, 1;", "=f,{{.*}},=f,r,r,r,r,l,0,1,
// CHECK-COUNT-3: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;"

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @registers_a(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// wgmma's matrix descriptors for the other shared layouts (64- and 32-byte
// swizzles, an M-major A), each expected value worked out from the PTX ISA's
// descriptor format: start address >> 4 in bits 0-13, LBO >> 4 in 16-29,
// SBO >> 4 in 32-45, the swizzle mode in 62-63 (1: 128 bytes, 2: 64, 3: 32).
//
// K-major A with a 64-byte swizzle (rows of 32 f16): SBO = 8 rows of 64 bytes
// = 512 >> 4 = 32, LBO unused = 1, mode 2: 0x8000002000010000; the second
// step of K starts 32 bytes further, +2. B is N-major with a 128-byte swizzle
// (rows of 64 f16), one swizzle row wide: SBO = 8 rows of K of 128 bytes =
// 64, LBO 0, mode 1: 0x4000004000000000; its K step is 16 rows: +128.
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-LABEL: llvm.func @swizzle64(
// CHECK-DAG: llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $32, $33, 1, 1, 1, 0, 1;"
// CHECK-DAG: llvm.mlir.constant(2 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(128 : i64) : i64
// CHECK: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzle64(%a: !ttg.memdesc<64x32xf16, #s64, #smem>, %b: !ttg.memdesc<32x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #s64, #smem> * !ttg.memdesc<32x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// K-major A with a 32-byte swizzle (rows of 16 f16): SBO = 8 rows of 32
// bytes = 256 >> 4 = 16, LBO 1, mode 3: 0xC000001000010000.
// CHECK-LABEL: llvm.func @swizzle32(
// CHECK-DAG: llvm.mlir.constant(-4611685949707845632 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $32, $33, 1, 1, 1, 0, 1;"
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzle32(%a: !ttg.memdesc<64x16xf16, #s32, #smem>, %b: !ttg.memdesc<16x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x16xf16, #s32, #smem> * !ttg.memdesc<16x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// An M-major A (transposed: M contiguous, 128-byte swizzle, 64 of M = one
// swizzle row): the same descriptor as the N-major B, 0x4000004000000000,
// and `imm-trans-a` 1.
// CHECK-LABEL: llvm.func @m_major_a(
// CHECK: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $32, $33, 1, 1, 1, 1, 1;"
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s128t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @m_major_a(%a: !ttg.memdesc<64x16xf16, #s128t, #smem>, %b: !ttg.memdesc<16x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x16xf16, #s128t, #smem> * !ttg.memdesc<16x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

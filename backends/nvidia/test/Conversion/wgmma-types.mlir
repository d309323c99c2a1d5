// ttng.warp_group_dot on tf32, s8 and fp8 operands: K-major descriptors
// only (no `imm-trans`), 32 bytes of K per instruction (8 f32, 32 i8 or
// fp8: +2 in the descriptors' address field per step), tf32 and fp8 with
// the operands' scales (`1, 1`) and f32 accumulators, s8 without them and
// with s32 accumulators. f16 operands into an f16 accumulator: N / 4 f16x2
// registers per m64nN tile, adjacent columns packed in pairs.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s --check-prefix=STEP

// CHECK-LABEL: llvm.func @tf32(
// CHECK: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;"
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, $1, {{.*}}, $31}, $32, $33, 1, 1, 1;", "=f,{{.*}},=f,l,l,0,1,{{.*}},31"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK: "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},0,1,
// STEP-LABEL: llvm.func @tf32(
// STEP: llvm.mlir.constant(2 : i64) : i64

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32(%a: !ttg.memdesc<64x32xf32, #sa, #smem>, %b: !ttg.memdesc<32x64xf32, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #sa, #smem> * !ttg.memdesc<32x64xf32, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// CHECK-LABEL: llvm.func @s8(
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0, $1, {{.*}}, $31}, $32, $33, 1;", "=r,{{.*}},=r,l,l,0,1,{{.*}},31" {{.*}} -> !llvm.struct<({{(i32, ){31}i32}})>
// CHECK-COUNT-1: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;", "=r,{{.*}},0,1,
// STEP-LABEL: llvm.func @s8(
// STEP: llvm.mlir.constant(2 : i64) : i64

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @s8(%a: !ttg.memdesc<64x64xi8, #sa, #smem>, %b: !ttg.memdesc<64x64xi8, #sb, #smem>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xi8, #sa, #smem> * !ttg.memdesc<64x64xi8, #sb, #smem> -> tensor<64x64xi32, #mma>
    tt.return %d : tensor<64x64xi32, #mma>
  }
}

// -----

// A tf32 A in registers (kWidth 1): four f32 registers per instruction.
// CHECK-LABEL: llvm.func @tf32_registers_a(
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, 1, 1, 1;", "=f,{{.*}},=f,r,r,r,r,l,0,1,
// CHECK-COUNT-3: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_registers_a(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: !ttg.memdesc<32x64xf32, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * !ttg.memdesc<32x64xf32, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// e4m3 and e5m2: k32, f32 accumulators, K-major, the operands' scales.
// CHECK-LABEL: llvm.func @e4m3(
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0, $1, {{.*}}, $31}, $32, $33, 1, 1, 1;", "=f,{{.*}},=f,l,l,0,1,{{.*}},31"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},0,1,
// STEP-LABEL: llvm.func @e4m3(
// STEP: llvm.mlir.constant(2 : i64) : i64

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e4m3(%a: !ttg.memdesc<64x128xf8E4M3FN, #sa, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x128xf8E4M3FN, #sa, #smem> * !ttg.memdesc<128x64xf8E4M3FN, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// CHECK-LABEL: llvm.func @e5m2(
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2 {$0, {{.*}}, $31}, $32, $33, 1, 1, 1;"
// CHECK-COUNT-1: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// CHECK-NOT: wgmma.mma_async

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2(%a: !ttg.memdesc<64x64xf8E5M2, #sa, #smem>, %b: !ttg.memdesc<64x64xf8E5M2, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf8E5M2, #sa, #smem> * !ttg.memdesc<64x64xf8E5M2, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// An fp8 A in registers (kWidth 4): four bytes per register.
// CHECK-LABEL: llvm.func @e4m3_registers_a(
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, 1, 1, 1;", "=f,{{.*}},=f,r,r,r,r,l,0,1,
// CHECK-COUNT-1: wgmma.mma_async
// CHECK-NOT: wgmma.mma_async

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e4m3_registers_a(%a: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x64xf8E4M3FN, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x64xf8E4M3FN, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// f16 into f16: 64 x 64 tiles of 16 f16x2 registers, each packing columns
// (2j, 2j + 1) of wgmma's order; the fence, the instructions (k16, with
// imm-trans: B is N-major) and the wait all take the packed registers.
// CHECK-LABEL: llvm.func @f16_acc(
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "=r,{{.*}},0,1,{{.*}},15" {{.*}} -> !llvm.struct<({{(i32, ){15}i32}})>
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {$0, $1, {{.*}}, $15}, $16, $17, 1, 1, 1, 0, 1;", "=r,{{.*}},=r,l,l,0,1,{{.*}},15" {{.*}} -> !llvm.struct<({{(i32, ){15}i32}})>
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;", "=r,{{.*}},0,1,{{.*}},15" {{.*}} -> !llvm.struct<({{(i32, ){15}i32}})>
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_acc(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #mma>
    tt.return %d : tensor<64x64xf16, #mma>
  }
}

// -----

// An asynchronous f16-accumulator dot: ttng.warp_group_dot_wait packs the
// 32 f16 elements into 16 registers for its tied asm and unpacks them.
// CHECK-LABEL: llvm.func @f16_acc_async(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16
// CHECK: "wgmma.commit_group.sync.aligned;"
// CHECK-NOT: wgmma.wait_group
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 1;", "=r,{{.*}},0,1,{{.*}},15" {{.*}} -> !llvm.struct<({{(i32, ){15}i32}})>
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_acc_async(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf16, #mma>
    tt.return %r : tensor<64x64xf16, #mma>
  }
}

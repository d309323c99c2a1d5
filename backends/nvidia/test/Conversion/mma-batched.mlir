// A batched (3-D) tt.dot in the rank-3 mma.sync layouts: each batch index
// is a 2-D dot of its own, one `mma.sync` per 16x8 tile and step of K of
// each batch index that the thread holds, fed from that index's operand
// registers alone. With one warp and a batch of 2, batch index 1 is the
// upper half of every register list: registers 8-15 of A (16 x 16 f16), 4-7
// of B (16 x 8) and of the accumulator.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm --split-input-file %s 2>&1 | FileCheck %s
//
// A batched result narrower than one 16x8 tile is refused in one line that
// names the batch index too.
// RUN: not trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %S/Inputs/mma-small-batched.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: mma v2 accumulator layout without a full 16x8 tile at (0, 0, 0)

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @batched_f16(
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A8:.*]] = llvm.extractvalue %arg0[8]
// CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %arg1[4]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK-DAG: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK-DAG: %[[C4:.*]] = llvm.extractvalue %arg2[4]
// CHECK-DAG: %[[C7:.*]] = llvm.extractvalue %arg2[7]
// CHECK: llvm.insertelement %[[A0]]
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, %[[C0]], %{{.*}}, %{{.*}}, %[[C3]] :
// CHECK: llvm.insertelement %[[A8]]
// CHECK: llvm.insertelement %[[B4]]
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, %[[C4]], %{{.*}}, %{{.*}}, %[[C7]] :
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @batched_f16(%a: tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x16x8xf32, #mma>) -> tensor<2x16x8xf32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x16x8xf32, #mma>
  tt.return %d : tensor<2x16x8xf32, #mma>
}

// 2 batch indices x 2 tiles of N x 2 steps of K.
// CHECK-LABEL: llvm.func @batched_f16_acc(
// CHECK-COUNT-8: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0,$1}, {$2,$3,$4,$5}, {$6,$7}, {$8,$9};"
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @batched_f16_acc(%a: tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x16x16xf16, #mma>) -> tensor<2x16x16xf16, #mma> {
  %d = tt.dot %a, %b, %c : tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x16x16xf16, #mma>
  tt.return %d : tensor<2x16x16xf16, #mma>
}

// 2 batch indices x 2 steps of K (8 each).
// CHECK-LABEL: llvm.func @batched_tf32(
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @batched_tf32(%a: tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<2x16x8xf32, #mma>) -> tensor<2x16x8xf32, #mma> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x16x8xf32, #mma>
  tt.return %d : tensor<2x16x8xf32, #mma>
}

// 2 batch indices x 2 steps of K (32 each).
// CHECK-LABEL: llvm.func @batched_s8(
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @batched_s8(%a: tensor<2x16x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<2x64x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<2x16x8xi32, #mma>) -> tensor<2x16x8xi32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<2x16x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<2x64x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<2x16x8xi32, #mma>
  tt.return %d : tensor<2x16x8xi32, #mma>
}
}

// -----

// Two warps along the batch, a batch of 4: each warp holds two batch
// indices (2 x 1 tile x 1 step of K).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @batched_warps(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @batched_warps(%a: tensor<4x16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<4x16x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<4x16x8xf32, #mma>) -> tensor<4x16x8xf32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<4x16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<4x16x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<4x16x8xf32, #mma>
  tt.return %d : tensor<4x16x8xf32, #mma>
}
}

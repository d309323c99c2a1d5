// tt.dot of f64 into f64 with the mma.sync layouts (operands of kWidth 1),
// on sm_80: one inline `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64` per 8x8 half
// of each 16x8 tile of the result and 4-wide step of K, one f64 register
// of A, one of B and two of the accumulator, tied to the result. Lane 0's
// registers (see MmaFragments.h): A's 0 and 1 are rows 0 and 8 of the first
// step of K, 2 and 3 those of the second; B's 0 and 1 the two steps; the
// accumulator's 0-1 are the upper half's c0 c1, 2-3 the lower half's.
//
// On sm_90 (SM90 lines) the same registers feed one m16n8kK per 16x8 tile,
// K the largest of 16, 8 and 4 that divides the dot's: A's registers of
// rows 0 and 8 for each step of 4 along K, B's of each step, the four of
// the accumulator.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm=compute-capability=80 --split-input-file %s 2>&1 | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm=compute-capability=90 --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM90

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// One 16x8 tile, K = 8: 2 halves x 2 steps, each half's accumulator
// chained through both steps.
// CHECK-LABEL: llvm.func @f64_16x8x8(
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1]
// CHECK-DAG: %[[C2:.*]] = llvm.extractvalue %arg2[2]
// CHECK-DAG: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK: %[[U0:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0,$1}, {$2}, {$3}, {$4,$5};", "=d,=d,d,d,0,1" %[[A0]], %[[B0]], %[[C0]], %[[C1]] : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>
// CHECK: %[[U0X:.*]] = llvm.extractvalue %[[U0]][0]
// CHECK: %[[U0Y:.*]] = llvm.extractvalue %[[U0]][1]
// CHECK: %[[U1:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A2]], %[[B1]], %[[U0X]], %[[U0Y]]
// CHECK: %[[L0:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A1]], %[[B0]], %[[C2]], %[[C3]]
// CHECK: %[[L0X:.*]] = llvm.extractvalue %[[L0]][0]
// CHECK: %[[L0Y:.*]] = llvm.extractvalue %[[L0]][1]
// CHECK: llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A3]], %[[B1]], %[[L0X]], %[[L0Y]]
// CHECK-NOT: mma.sync
// CHECK: llvm.return
// SM90-LABEL: llvm.func @f64_16x8x8(
// SM90-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// SM90-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// SM90-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// SM90-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// SM90-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// SM90-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// SM90-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// SM90-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1]
// SM90-DAG: %[[C2:.*]] = llvm.extractvalue %arg2[2]
// SM90-DAG: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// SM90: llvm.inline_asm "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=d,=d,=d,=d,d,d,d,d,d,d,0,1,2,3" %[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[B0]], %[[B1]], %[[C0]], %[[C1]], %[[C2]], %[[C3]] : (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) -> !llvm.struct<(f64, f64, f64, f64)>
// SM90-NOT: mma.sync
// SM90: llvm.return
tt.func public @f64_16x8x8(%a: tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
  %d = tt.dot %a, %b, %c : tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
  tt.return %d : tensor<16x8xf64, #mma>
}

// K = 4, one step: A's 16 x 4 holds each element twice (registers 2 and 3
// repeat 0 and 1); 2 instructions.
// CHECK-LABEL: llvm.func @f64_k4(
// CHECK-COUNT-2: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK-NOT: mma.sync
// CHECK: llvm.return
// SM90-LABEL: llvm.func @f64_k4(
// SM90-COUNT-1: mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$0,$1,$2,$3}, {$4,$5}, {$6}, {$7,$8,$9,$10};
// SM90-NOT: mma.sync
// SM90: llvm.return
tt.func public @f64_k4(%a: tensor<16x4xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<4x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
  %d = tt.dot %a, %b, %c : tensor<16x4xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<4x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
  tt.return %d : tensor<16x8xf64, #mma>
}

// 32 x 16 x 16 on one warp: 4 x 2 halves-tiles of 8x8 x 4 steps of K.
// CHECK-LABEL: llvm.func @f64_32x16x16(
// CHECK-COUNT-32: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK-NOT: mma.sync
// CHECK: llvm.return
// SM90-LABEL: llvm.func @f64_32x16x16(
// SM90-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {$0,$1,$2,$3}, {$4,$5,$6,$7,$8,$9,$10,$11}, {$12,$13,$14,$15}, {$16,$17,$18,$19};
// SM90-NOT: mma.sync
// SM90: llvm.return
tt.func public @f64_32x16x16(%a: tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x16xf64, #mma>) -> tensor<32x16xf64, #mma> {
  %d = tt.dot %a, %b, %c : tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf64, #mma>
  tt.return %d : tensor<32x16xf64, #mma>
}
}

// -----

// Batched: a batch of 2 on one warp, 16 x 8 x 8 each: 2 x 2 halves x 2
// steps. Batch index 1 is the upper half of every register list: A's 4-7,
// B's 2-3, the accumulator's 4-7.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @f64_batched(
// CHECK-DAG: %[[A4:.*]] = llvm.extractvalue %arg0[4]
// CHECK-DAG: %[[B2:.*]] = llvm.extractvalue %arg1[2]
// CHECK-DAG: %[[C4:.*]] = llvm.extractvalue %arg2[4]
// CHECK-DAG: %[[C5:.*]] = llvm.extractvalue %arg2[5]
// CHECK-COUNT-4: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK: llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A4]], %[[B2]], %[[C4]], %[[C5]]
// CHECK-COUNT-3: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK-NOT: mma.sync
// CHECK: llvm.return
// SM90-LABEL: llvm.func @f64_batched(
// SM90-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64
// SM90-NOT: mma.sync
// SM90: llvm.return
tt.func public @f64_batched(%a: tensor<2x16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<2x8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<2x16x8xf64, #mma>) -> tensor<2x16x8xf64, #mma> {
  %d = tt.dot %a, %b, %c : tensor<2x16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x16x8xf64, #mma>
  tt.return %d : tensor<2x16x8xf64, #mma>
}
}

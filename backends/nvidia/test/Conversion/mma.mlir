// tt.dot with the mma.sync layouts: one inline `mma.sync ... m16n8k16` per
// 16x8 tile of the result and 16-wide step of K (here 2 tiles x 2 steps),
// the accumulator tied to the result; the operands packed as f16 pairs.
// f32 operands (tf32 precision) take m16n8k8, one f32 per register; i8
// operands m16n8k32 into s32 accumulators, four per register. An f16
// accumulator is two f16x2 registers: {c0, c1} and {c2, c3}, packed before
// the instruction and unpacked after it.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm --split-input-file %s 2>&1 | FileCheck %s
//
// A result narrower than one 16x8 tile is refused in one line.
// RUN: not trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %S/Inputs/mma-small.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: mma v2 accumulator layout without a full 16x8 tile at (0, 0)
// So is an f32 dot at ieee precision (nvidia-accelerate-matmul leaves those
// on the FMA path).
// RUN: not trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %S/Inputs/mma-ieee.mlir 2>&1 | FileCheck %s --check-prefix=IEEE
// IEEE: error: mma.sync reads f32 operands as tf32: it cannot honour inputPrecision = ieee

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @dot16x16x32
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @dot16x16x32(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf32, #mma>
  tt.return %d : tensor<16x16xf32, #mma>
}
// CHECK-LABEL: llvm.func @tf32_16x16x16
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @tf32_16x16x16(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x16xf32, #mma>
  tt.return %d : tensor<16x16xf32, #mma>
}

// CHECK-LABEL: llvm.func @s8_16x16x64
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=r,=r,=r,=r,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: mma.sync
// CHECK: llvm.return
tt.func public @s8_16x16x64(%a: tensor<16x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x16xi32, #mma>) -> tensor<16x16xi32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<16x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x16xi32, #mma>
  tt.return %d : tensor<16x16xi32, #mma>
}

// CHECK-LABEL: llvm.func @f16_acc_16x16x32
// CHECK: %[[C01:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: %[[C23:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: %[[MMA:.*]] = llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0,$1}, {$2,$3,$4,$5}, {$6,$7}, {$8,$9};", "=r,=r,r,r,r,r,r,r,0,1" {{.*}}, %[[C01]], %[[C23]] : (i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32)>
// CHECK-COUNT-3: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// CHECK-NOT: mma.sync
// CHECK: %[[R:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: llvm.extractelement %[[R]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.return
tt.func public @f16_acc_16x16x32(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf16, #mma>) -> tensor<16x16xf16, #mma> {
  %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf16, #mma>
  tt.return %d : tensor<16x16xf16, #mma>
}
}

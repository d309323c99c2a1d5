// tt.dot with the mma.sync layouts: one inline `mma.sync ... m16n8k16` per
// 16x8 tile of the result and 16-wide step of K (here 2 tiles x 2 steps),
// the accumulator tied to the result; the operands packed as f16 pairs.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm --split-input-file %s 2>&1 | FileCheck %s
//
// A result narrower than one 16x8 tile is refused in one line.
// RUN: not trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %S/Inputs/mma-small.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: mma v2 accumulator layout without a full 16x8 tile at (0, 0)

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
}

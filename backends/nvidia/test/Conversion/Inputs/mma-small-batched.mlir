// A batched 2 x 8 x 8 result in the rank-3 mma.sync layout: each batch index
// is smaller than one 16x8 tile (used by ../mma-batched.mlir).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @small(%a: tensor<2x8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x8x8xf32, #mma>) -> tensor<2x8x8xf32, #mma> {
  %d = tt.dot %a, %b, %c : tensor<2x8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x8x8xf32, #mma>
  tt.return %d : tensor<2x8x8xf32, #mma>
}
}

// tt.print kernels for simt-print.mlir: 8 elements on one warp of 32 lanes
// (lanes 8..31 hold copies and print them too, as on a GPU).
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @print_kernel(%x: !tt.ptr<i32>, %f: !tt.ptr<f32>) {
  %o = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
  %xp = tt.addptr %xs, %o : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
  %v = tt.load %xp : tensor<8x!tt.ptr<i32>, #b>
  %fs = tt.splat %f : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #b>
  %fp = tt.addptr %fs, %o : tensor<8x!tt.ptr<f32>, #b>, tensor<8xi32, #b>
  %w = tt.load %fp : tensor<8x!tt.ptr<f32>, #b>
  %u = arith.trunci %v : tensor<8xi32, #b> to tensor<8xi8, #b>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %v : tensor<8xi32, #b>
  tt.print " u8: " {hex = false, isSigned = array<i32: 0>} : %u : tensor<8xi8, #b>
  tt.print " f: " {hex = false, isSigned = array<i32: 0, 0>} : %w, %v : tensor<8xf32, #b>, tensor<8xi32, #b>
  tt.print " bits: " {hex = true, isSigned = array<i32: 0>} : %w : tensor<8xf32, #b>
  tt.print " done" {hex = false, isSigned = array<i32>}
  tt.return
}
}

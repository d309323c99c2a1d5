// RUN: trident-opt %s --test-convert-tritongpu-to-llvm -split-input-file -verify-diagnostics

// What the generic lowering does not lower is reported, not miscompiled.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @fp8(%x: f32) {
  %a = tt.splat %x : f32 -> tensor<32xf32, #blocked>
  // fp8 conversions need the target's instructions.
  // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
  %b = tt.fp_to_fp %a, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E5M2, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @rtz(%x: f32) {
  %a = tt.splat %x : f32 -> tensor<32xf32, #blocked>
  // Round-toward-zero truncation is a target instruction too.
  // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
  %b = tt.fp_to_fp %a, rounding = rtz : tensor<32xf32, #blocked> -> tensor<32xf16, #blocked>
  tt.return
}
}

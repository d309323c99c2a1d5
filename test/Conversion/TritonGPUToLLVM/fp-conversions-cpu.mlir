// The numbers of FloatConversions.h (fp-conversions.mlir checks its IR):
// scalar tt.fp_to_fp lowered by the core, compiled for the host and
// compared with Inputs/fp_conversions_main.c's reference.
//
// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O1 -filetype=obj %t.ll -o %t.o
// RUN: clang -O1 -w %S/Inputs/fp_conversions_main.c %t.o -lm -o %t
// RUN: %t | FileCheck %s
// CHECK: checked 3000000, bad 0

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @e5_rtne(%x: f32) -> f8E5M2 {
  %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
  tt.return %y : f8E5M2
}
tt.func @e5_rtz(%x: f32) -> f8E5M2 {
  %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E5M2
  tt.return %y : f8E5M2
}
tt.func @e4_rtne(%x: f32) -> f8E4M3FN {
  %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
  tt.return %y : f8E4M3FN
}
tt.func @e4_rtz(%x: f32) -> f8E4M3FN {
  %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
  tt.return %y : f8E4M3FN
}
tt.func @h_rtz(%x: f32) -> f16 {
  %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
  tt.return %y : f16
}
tt.func @b_rtz(%x: f32) -> bf16 {
  %y = tt.fp_to_fp %x, rounding = rtz : f32 -> bf16
  tt.return %y : bf16
}
tt.func @e5_up(%x: f8E5M2) -> f32 {
  %y = tt.fp_to_fp %x : f8E5M2 -> f32
  tt.return %y : f32
}
tt.func @e4_up(%x: f8E4M3FN) -> f32 {
  %y = tt.fp_to_fp %x : f8E4M3FN -> f32
  tt.return %y : f32
}
tt.func @d_e5(%x: f64) -> f8E5M2 {
  %y = tt.fp_to_fp %x, rounding = rtne : f64 -> f8E5M2
  tt.return %y : f8E5M2
}
}

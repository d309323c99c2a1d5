// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --verify-diagnostics --intel-convert-triton-gpu-to-llvm %s

// What the intel target cannot provide is one error, before any rewrite.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @asm(%x: i32) -> i32 {
  // expected-error @+1 {{'tt.elementwise_inline_asm' is another target's assembly ("mov.b32 $0, $1;"), which the intel target cannot compile}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @not_libdevice(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.extern_elementwise' calls 'my_exp', which the intel target does not provide (it has libdevice's __nv_* math functions, as OpenCL built-ins)}}
  %y = tt.extern_elementwise %x {libname = "mine", libpath = "/lib/mine.bc", pure = true, symbol = "my_exp"} : (f32) -> f32
  tt.return %y : f32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @unknown(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.extern_elementwise' calls '__nv_nosuchf', which the intel target does not provide (no OpenCL built-in computes it)}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_nosuchf"} : (f32) -> f32
  tt.return %y : f32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @half(%x: f16) -> f16 {
  // expected-error @+1 {{'tt.extern_elementwise' calls '__nv_expf', on f16: the intel target has libdevice's math on f32 and f64 only}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (f16) -> f16
  tt.return %y : f16
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @arity(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.extern_elementwise' calls '__nv_powf', with 1 operands, but it takes 2}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (f32) -> f32
  tt.return %y : f32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @directed(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.extern_elementwise' calls '__nv_fadd_rz', which intel-expand-libdevice computes: run it before this pass (the intel target's ttgir stage does)}}
  %y = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_rz"} : (f32, f32) -> f32
  tt.return %y : f32
}
}

// -----

// A directed rounding called with the wrong number of operands: the types
// are the problem, not the rounding.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
tt.func public @directed_wrong_arity(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.extern_elementwise' calls '__nv_fadd_rz', with 1 operands, but it takes 2}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_rz"} : (f32) -> f32
  tt.return %y : f32
}
}

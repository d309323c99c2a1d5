// REQUIRES: nvidia-plugin
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --verify-diagnostics --nvidia-convert-triton-gpu-to-llvm %s

// Assembly that LLVM's NVPTX back end would abort on (a fatal error in its
// assembly printer; found by fuzzing) is one error before the conversion.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @dollar_without_number(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.u32 $k;" cannot be emitted: '$k' names no operand (write $0, $1, ... or $$ for a dollar)}}
  %y = tt.elementwise_inline_asm "mov.u32 $k;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @operand_out_of_range(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $2;" cannot be emitted: '$2' names no operand: the op has 2}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $2;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @constraints_miscount(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $1;" cannot be emitted: constraints '=r,r,r' name 3 operands, but the op has 2 (its results, then its arguments)}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @braced_and_dollar(%x: i32) -> i32 {
  // The braced form, a literal dollar and a clobber are fine.
  %y = tt.elementwise_inline_asm "mov.b32 ${0}, $1; // $$" {constraints = "=r,r,~{memory}", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @dollar_at_end(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $1; $" cannot be emitted: '$' ends the assembly}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1; $" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @brace_not_closed(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 ${0, $1;" cannot be emitted: '${0' is not closed}}
  %y = tt.elementwise_inline_asm "mov.b32 ${0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @constraints_do_not_parse(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $1;" cannot be emitted: constraints '=r,{r' do not parse}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,{r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

// Codes NVPTX has no register for (its instruction selection used to end the
// process: "couldn't allocate output register for constraint 'p'", "unknown
// asm constraint 'z'"; found by fuzzing, test/fuzz/crashes/inline-asm-*).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @unknown_output_code(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $1;" cannot be emitted: constraint code 't' (in '=rtp,r') is not one NVPTX takes: registers b, c, h, r, l, q, f, d, N, and the immediates n, i as inputs}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=rtp,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @unknown_input_code(%x: i32) -> i32 {
  // expected-error @+1 {{inline assembly "mov.b32 $0, $1;" cannot be emitted: constraint code 'z' (in '=r,z') is not one NVPTX takes}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,z", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

// -----

// An immediate is an input only; an input may be tied to an output.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @immediate_output(%x: i32) -> i32 {
  // expected-error @+1 {{constraint code 'n' (in '=n,0') is not one NVPTX takes}}
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=n,0", packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return %y : i32
}
}

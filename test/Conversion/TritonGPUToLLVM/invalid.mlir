// RUN: trident-opt %s --test-convert-tritongpu-to-llvm -split-input-file -verify-diagnostics

// What the generic lowering does not lower is reported, not miscompiled.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @fp8_fnuz(%x: f32) {
  %a = tt.splat %x : f32 -> tensor<32xf32, #blocked>
  // The fp8 formats converted in software are f8E5M2 and f8E4M3FN.
  // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
  %b = tt.fp_to_fp %a, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E5M2FNUZ, #blocked>
  tt.return
}
}

// -----

// A reduction across warps needs its scratch buffer placed first
// (ttg-allocate-shared-memory); this RUN line does not run it.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @unallocated_reduce(%x: tensor<128xf32, #blocked>) {
  // expected-error @+1 {{failed to legalize operation 'tt.reduce'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32, #blocked>) -> f32
  tt.return
}
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @unallocated_convert(%x: tensor<4x32xf32, #a>) {
  // expected-error @+1 {{failed to legalize operation 'ttg.convert_layout'}}
  %0 = ttg.convert_layout %x : tensor<4x32xf32, #a> -> tensor<4x32xf32, #b>
  tt.return
}
}

// -----

// Transposing without changing the layout moves elements between threads:
// a ttg.convert_layout is needed, and this is not lowered.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @trans_across_threads(%x: tensor<32x32xf32, #blocked>) {
  // expected-error @+1 {{failed to legalize operation 'tt.trans'}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @histogram_unallocated(%x: tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked> {
  // Its bins live in shared memory: ttg-allocate-shared-memory must run first.
  // expected-error @+1 {{failed to legalize operation 'tt.histogram'}}
  %h = tt.histogram %x : tensor<32xi32, #blocked> -> tensor<32xi32, #blocked>
  tt.return %h : tensor<32xi32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#other = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.shared = 256 : i32} {
tt.func public @gather_layouts(%src: tensor<64xf32, #blocked>, %idx: tensor<64xi32, #other>) -> tensor<64xf32, #blocked> {
  // The indices and the result must have one layout: the verifier says so
  // before the lowering sees it.
  // expected-error @+1 {{'tt.gather' op expects the result in the layout of the indices}}
  %g = tt.gather %src[%idx] {axis = 0 : i32, allocation.offset = 0 : i32} : (tensor<64xf32, #blocked>, tensor<64xi32, #other>) -> tensor<64xf32, #blocked>
  tt.return %g : tensor<64xf32, #blocked>
}
}

// -----

// Two CTAs hold the same elements: one of them updates memory, and the other
// cannot read its old value from its own shared memory.
#cga = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @cluster_old_values(%p: tensor<32x!tt.ptr<i32>, #cga>, %v: tensor<32xi32, #cga>) -> tensor<32xi32, #cga> {
  // expected-error @+2 {{failed to legalize operation 'tt.atomic_rmw'}}
  // expected-error @+1 {{cannot lower tt.atomic_rmw: its old values are used, but its layout repeats elements across the CTAs of a cluster, which cannot share them}}
  %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #cga>, tensor<32xi32, #cga>) -> tensor<32xi32, #cga>
  tt.return %0 : tensor<32xi32, #cga>
}
}

// -----

// tt.map_elementwise: a pack wider than a thread's registers of the result.
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @map_too_wide(%x: tensor<32xf32, #one>) -> tensor<32xf32, #one> {
  // expected-error @+2 {{'tt.map_elementwise' packs 2 elements, but each thread holds 1 of the result in its layout; give the tensor a layout with a multiple of 2 elements per thread}}
  // expected-error @+1 {{failed to legalize operation 'tt.map_elementwise'}}
  %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %b, %a : f32, f32
  }) : (tensor<32xf32, #one>) -> tensor<32xf32, #one>
  tt.return %r : tensor<32xf32, #one>
}
}

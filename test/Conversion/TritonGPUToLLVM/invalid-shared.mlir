// RUN: trident-opt %s --ttg-allocate-shared-memory --test-convert-tritongpu-to-llvm -split-input-file -verify-diagnostics

// Shared-memory accesses the generic lowering refuses, with the reason.
// (A window at an origin that is not a multiple of its extent, which the
// lowering would refuse too, is already rejected by the verifier.)

// An asynchronous copy fills masked-off elements with zeros: a non-zero
// `other` cannot be honoured.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @copy_other(%p: tensor<8x32x!tt.ptr<f16>, #blocked>, %m: tensor<8x32xi1, #blocked>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<8x32xf16, #shared, #smem, mutable>
  %one = arith.constant dense<1.000000e+00> : tensor<8x32xf16, #blocked>
  // expected-error @+2 {{ttg.async_copy_global_to_local: only a zero 'other' can be lowered (masked-off elements are filled with zeros)}}
  // expected-error @+1 {{failed to legalize operation 'ttg.async_copy_global_to_local'}}
  %t = ttg.async_copy_global_to_local %p, %buf mask %m other %one : tensor<8x32x!tt.ptr<f16>, #blocked> -> <8x32xf16, #shared, #smem, mutable>
  tt.return
}
}


// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm --verify-diagnostics %s -o /dev/null

// A tt.dot in the #ttg.intel_dpas layouts that triton_gen.dpas cannot
// compute is one error saying why, before anything is rewritten.

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 8, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @simd8(%a: tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<8x8xf32, #dpas>) -> tensor<8x8xf32, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: triton_gen.dpas runs on sub-groups of 16 lanes: the layout needs executionSize = 16 and threadsPerWarp = 16 in a module of 16 lanes}}
    %d = tt.dot %a, %b, %c : tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<8x8xf32, #dpas>
    tt.return %d : tensor<8x8xf32, #dpas>
  }
}

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 1, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @tf32(%a: tensor<8x8xf32, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 1}>>, %c: tensor<8x16xf32, #dpas>) -> tensor<8x16xf32, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: DPAS multiplies f16, bf16 or i8 operands of one type}}
    %d = tt.dot %a, %b, %c : tensor<8x8xf32, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 1}>> -> tensor<8x16xf32, #dpas>
    tt.return %d : tensor<8x16xf32, #dpas>
  }
}

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @f16_acc(%a: tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<8x16xf16, #dpas>) -> tensor<8x16xf16, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: DPAS accumulates f16/bf16 into f32}}
    %d = tt.dot %a, %b, %c : tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<8x16xf16, #dpas>
    tt.return %d : tensor<8x16xf16, #dpas>
  }
}

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @ops_per_chan(%a: tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 2}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 4}>>, %c: tensor<8x16xf32, #dpas>) -> tensor<8x16xf32, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: the layout has opsPerChan = 4 but f16 needs 2}}
    %d = tt.dot %a, %b, %c : tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 2}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 4}>> -> tensor<8x16xf32, #dpas>
    tt.return %d : tensor<8x16xf32, #dpas>
  }
}

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @short_k(%a: tensor<8x8xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<8x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<8x16xf32, #dpas>) -> tensor<8x16xf32, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: K = 8 is not a multiple of the instruction's 16}}
    %d = tt.dot %a, %b, %c : tensor<8x8xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<8x16xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<8x16xf32, #dpas>
    tt.return %d : tensor<8x16xf32, #dpas>
  }
}

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @narrow(%a: tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>, %c: tensor<8x8xf32, #dpas>) -> tensor<8x8xf32, #dpas> {
    // expected-error @+1 {{cannot lower this tt.dot to DPAS: the tensor is smaller than one instruction's tile: lane 8 does not hold its own column}}
    %d = tt.dot %a, %b, %c : tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>> -> tensor<8x8xf32, #dpas>
    tt.return %d : tensor<8x8xf32, #dpas>
  }
}

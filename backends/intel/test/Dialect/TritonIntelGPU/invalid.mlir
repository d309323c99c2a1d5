// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %s -split-input-file -verify-diagnostics

// Every diagnostic of #ttg.intel_dpas: its keys, its verifier and the
// dot-operand layouts of it.

// expected-error @+1 {{#ttg.intel_dpas: missing key 'opsPerChan'}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: unexpected key 'instrShape'}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], instrShape = [8, 16]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: 'repeatCount' must be a non-negative integer}}
#dpas = #ttg.intel_dpas<{repeatCount = -8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: 'warpsPerCTA' must be an array of non-negative integers}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = 4}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: 'C' is [8, 16] but the other keys give the tile [8, 32]}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [1, 2], C = [8, 16]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: repeatCount must be 1, 2, 4 or 8, got 3}}
#dpas = #ttg.intel_dpas<{repeatCount = 3, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: systolicDepth must be 8, got 4}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 4, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: executionSize must be 8 or 16, got 32}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 32, opsPerChan = 2, threadsPerWarp = 32, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: opsPerChan must be 1 (tf32), 2 (f16, bf16) or 4 (i8), got 8}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 8, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: threadsPerWarp must be a power of two holding whole rows of A (16 lanes) and of C (8 lanes), got 8}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 8, opsPerChan = 2, threadsPerWarp = 8, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: repeatCount 1 is smaller than the rows one sub-group of 32 lanes covers}}
#dpas = #ttg.intel_dpas<{repeatCount = 1, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 32, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: warpsPerCTA must have rank 2 or 3 (with a batch dimension), got rank 1}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: warpsPerCTA must hold powers of two, got [3, 1]}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [3, 1]}>

// -----

// expected-error @+1 {{#ttg.intel_dpas: repCluster must hold 2 powers of two (the rank of warpsPerCTA), got [1, 1, 1]}}
#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [1, 1, 1]}>

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{a dot operand A of #ttg.intel_dpas with opsPerChan = 2 needs kWidth = 1, got 2}}
#a = #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 2}>

// -----

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, threadsPerWarp = 16, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{a dot operand B of #ttg.intel_dpas with opsPerChan = 4 needs kWidth = 4, got 2}}
#b = #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>

// REQUIRES: nvidia-plugin
// RUN: trident-opt --plugin %nvidia_plugin %s -split-input-file -verify-diagnostics

// Every diagnostic of the nvidia layouts and of the ttng operations.

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#ttg.nvidia_mma: missing key 'versionMajor'}}
#mma = #ttg.nvidia_mma<{versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: missing key 'warpsPerCTA'}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: missing key 'instrShape'}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: unexpected key 'isTransposed'}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16], isTransposed = false}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: 'versionMajor' must be a non-negative integer}}
#mma = #ttg.nvidia_mma<{versionMajor = -3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: 'warpsPerCTA' must be an array of non-negative integers}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = 4, instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: CTAsPerCGA, CTASplitNum and CTAOrder must be given together}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: CTAsPerCGA, CTASplitNum and CTAOrder must have the rank of the layout (2)}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: versionMajor must be 2 (mma.sync) or 3 (wgmma), got 1}}
#mma = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: warpsPerCTA must hold powers of two, got [3, 1]}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 2 has rank 2 or 3 (with a batch dimension), got rank 4}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 2, 2], instrShape = [1, 1, 16, 8]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 2: instrShape must be [16, 8] (or [1, 16, 8] with a batch dimension), got [16, 16]}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 3 has rank 2, got rank 3}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 3: instrShape must be [16, N, K] with N a power of two from 8 to 256 and K 8, 16 or 32, got [16, 64]}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 3: warpsPerCTA[0] must be a multiple of 4 (a warp group), got 2}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 64, 16]}>

// -----

//===----------------------------------------------------------------------===//
// Dot operands of #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{a dot operand of #ttg.nvidia_mma needs kWidth (the K elements a thread holds)}}
#a = #ttg.dot_op<{opIdx = 0, parent = #mma}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{a dot operand of #ttg.nvidia_mma needs a power-of-two kWidth of at most 16, got 3}}
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 3}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{a dot operand of #ttg.nvidia_mma version 3 must have opIdx 0: wgmma reads only A from registers}}
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#ttg.nvmma_shared: missing key 'swizzlingByteWidth'}}
#shared = #ttg.nvmma_shared<{transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'transposed' must be true or false}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 0, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'rank' is 3 but the CTA-layout keys have rank 2}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'rank' must be positive}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, rank = 0}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, got 16}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: elementBitWidth must be a power of two from 4 to 64, got 12}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 12}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: fp4Padded needs swizzlingByteWidth = 128 and elementBitWidth = 8}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, fp4Padded = true}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: the layout needs a rank}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, CTAsPerCGA = [], CTASplitNum = [], CTAOrder = []}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: a swizzled layout needs rank 2 or more, got rank 1}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 1}>

// -----

//===----------------------------------------------------------------------===//
// tt.dot on mma operands
//===----------------------------------------------------------------------===//

// The accumulator's layout must be the operands' parent.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #blocked>) {
    // expected-error @+1 {{'tt.dot' op expects operand a in #ttg.dot_op<{opIdx = 0}> of the accumulator's layout #ttg.blocked}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #blocked>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// ttng.warp_group_dot
//===----------------------------------------------------------------------===//

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs a result with a version-3 #ttg.nvidia_mma layout (wgmma), got 'tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs operand a in shared memory to have a #ttg.nvmma_shared layout, got '!ttg.memdesc<64x64xf16, #ttg.swizzled_shared}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #swizzled, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op operand a: a buffer of shape [64, 32] cannot have layout #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>: the contiguous dimension must hold at least one 128-byte swizzle row (64 elements of 16 bits), got 32}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x16xf16, #shared, #smem>, %b: !ttg.memdesc<4x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op operand b: a buffer of shape [4, 64] cannot have layout #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>: a TMA block must hold at least 8 x 16 elements, got 4 x 16}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<4x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<64x64xf16, #blocked>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs operand a in registers to have the layout #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = ...}>, got 'tensor<64x64xf16, #ttg.blocked}}
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #blocked> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs operand a in registers to have kWidth 2 (32 bits per thread along K), got 4}}
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs operand b to have a #ttg.nvmma_shared layout, got '!ttg.memdesc<64x64xf16, #ttg.swizzled_shared}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #swizzled, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<128x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs a: MxK, b: KxN and c: MxN, got '!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>', '!ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>' and 'tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>'}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<32x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<32x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs M a multiple of 64 and N a multiple of 8, got 'tensor<32x64xf32}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<32x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<32x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xbf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs operands of the same element type (or two fp8 types), got 'f16' and 'bf16'}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op needs a non-negative maxNumImpreciseAcc, got -1}}
    %d = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = -1 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// ttng.warp_group_dot_wait
//===----------------------------------------------------------------------===//

module {
  tt.func @f() {
    // expected-error @+1 {{'ttng.warp_group_dot_wait' op needs at least one value to wait for}}
    "ttng.warp_group_dot_wait"() <{pendings = 0 : i32}> : () -> ()
    tt.return
  }
}

// -----

module {
  tt.func @f(%x: tensor<64xf32>) {
    // expected-error @+1 {{'ttng.warp_group_dot_wait' op needs a non-negative number of pending dots, got -1}}
    %r = ttng.warp_group_dot_wait %x {pendings = -1 : i32} : tensor<64xf32>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Mbarriers
//===----------------------------------------------------------------------===//

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%bar: !ttg.memdesc<2xi32, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.init_barrier' op needs an mbarrier of type !ttg.memdesc<1xi64, ...> (one i64 per CTA), got '!ttg.memdesc<2xi32}}
    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi32, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.init_barrier' op needs an arrival count of at least 1, got 0}}
    ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.barrier_expect' op needs a non-negative byte count, got -16}}
    ttng.barrier_expect %bar, -16, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.arrive_barrier' op needs an arrival count of at least 1, got 0}}
    ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32} {
  tt.func @f(%bar: !ttg.memdesc<4xi64, #bar, #smem, mutable>, %phase: i32) {
    // expected-error @+1 {{'ttng.wait_barrier' op needs an mbarrier of type !ttg.memdesc<1xi64, ...> (one i64 per CTA), got '!ttg.memdesc<4xi64}}
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<4xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op needs one coordinate per dimension of the block 'tensor<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>' (2), got 1}}
    ttng.async_tma_copy_global_to_local %desc[%x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot write into the immutable buffer '!ttg.memdesc<128x64xf16}}
    ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op copies the block 'tensor<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>' so the buffer must hold the same elements, got '!ttg.memdesc<64x64xf16}}
    ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op needs a buffer with a #ttg.nvmma_shared layout, got '!ttg.memdesc<128x64xf16, #ttg.swizzled_shared}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op needs a buffer whose layout is not transposed, got '!ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #shared64, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op needs the layout of the buffer to match the descriptor's, got #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}> and #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared64, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<8x32xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<8x32xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op the buffer: a buffer of shape [8, 32] cannot have layout}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<8x32xf16, #shared>>, !ttg.memdesc<8x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<128x64xi8, #fp4>>, %x: i32, %buf: !ttg.memdesc<128x64xi8, #fp4, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot store a fp4Padded buffer, got '!ttg.memdesc<128x64xi8}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xi8, #fp4>>, !ttg.memdesc<128x64xi8, #fp4, #smem, mutable>
    tt.return
  }
}

// -----

module {
  tt.func @f() {
    // expected-error @+1 {{'ttng.async_tma_store_wait' op needs a non-negative number of pending stores, got -1}}
    ttng.async_tma_store_wait {pendings = -1 : i32}
    tt.return
  }
}

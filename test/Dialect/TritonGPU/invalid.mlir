// RUN: trident-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of the ttg layouts, types, operations and module
// attributes.

//===----------------------------------------------------------------------===//
// Blocked layouts
//===----------------------------------------------------------------------===//

// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same rank, got 2, 2, 2 and 1}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0]}>

// -----

// expected-error @+1 {{sizePerThread must hold powers of two, got [1, 3]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{threadsPerWarp must hold powers of two, got [6, 8]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [6, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{warpsPerCTA must hold powers of two, got [0, 1]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [0, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{order must be a permutation of 0..2 (exclusive), got [1, 1]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// expected-error @+1 {{the layout covers 2147483648 elements along dimension 0, more than 2^30}}
#blocked = #ttg.blocked<{sizePerThread = [1073741824, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: unexpected key 'warpsPerCGA'}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCGA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: missing 'threadsPerWarp'}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: expected an array of integers for 'order', got 1 : i64}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = 1}>

// -----

// expected-error @+1 {{#ttg.blocked: CTAsPerCGA, CTASplitNum and CTAOrder must be given together}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1]}>

// -----

// expected-error @+1 {{CTASplitNum [4, 1] must not exceed CTAsPerCGA [2, 1]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [4, 1], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'CGALayout' and CTAsPerCGA, CTASplitNum and CTAOrder cannot be given together}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: each basis of 'CGALayout' must be an array of 2 integers, got [1]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// expected-error @+1 {{#ttg.blocked: expected an array of bases for 'CGALayout', got 2 : i64}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = 2}>

// -----

// A basis that moves in two dimensions is no split of one dimension.
// expected-error @+1 {{#ttg.blocked: 'CGALayout' [[1, 1]] is not a CTA layout that CTAsPerCGA, CTASplitNum and CTAOrder can describe}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>

// -----

// Splits of dimension 0 interleaved with splits of dimension 1.
// expected-error @+1 {{#ttg.blocked: 'CGALayout' [[1, 0], [0, 1], [2, 0]] is not a CTA layout that CTAsPerCGA, CTASplitNum and CTAOrder can describe}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 1], [2, 0]]}>

// -----

//===----------------------------------------------------------------------===//
// Slice, dot-operand and linear layouts
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{slice dim 2 must be less than the parent rank 2}}
#slice = #ttg.slice<{dim = 2, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{the parent of a slice layout must have rank 2 or more, got 1}}
#slice = #ttg.slice<{dim = 0, parent = #blocked}>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: the parent must be a distributed layout, got #ttg.swizzled_shared}}
#slice = #ttg.slice<{dim = 0, parent = #shared}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: expected both 'dim' and 'parent'}}
#slice = #ttg.slice<{parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{the opIdx of a dot operand layout must be 0 or 1, got 2}}
#dot = #ttg.dot_op<{opIdx = 2, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{kWidth must be 0 (absent) when the parent is a blocked layout, got 2}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{the parent of a dot operand layout must be a distributed layout, got #ttg.swizzled_shared}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #shared}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{the parent of a dot operand layout must have rank 2 or 3, got 1}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #blocked}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 0, parent = #blocked}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#slice3 = #ttg.slice<{dim = 0, parent = #blocked3}>
// expected-error @+1 {{the parent of a dot operand layout must be a blocked layout or a matrix-instruction layout, got #ttg.slice}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #slice3}>

// -----

// expected-error @+1 {{each basis of a distributed layout must move along at most one dimension, but a basis of 'lane' is [1, 1]}}
#linear = #ttg.linear<{register = [[0, 1]], lane = [[1, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: missing the bases of 'block'}}
#linear = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = []}>

// -----

// expected-error @+1 {{#ttg.linear: every basis must have 2 values (one per dimension), but a basis of 'lane' has 1}}
#linear = #ttg.linear<{register = [[0, 1]], lane = [[2]], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: cannot infer the rank of a layout without bases}}
#linear = #ttg.linear<{register = [], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: unexpected key 'offset'}}
#linear = #ttg.linear<{register = [[1]], lane = [], warp = [], block = [], offset = []}>

// -----

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

// expected-error @+1 {{vec, perPhase and maxPhase must be positive powers of two, got 3, 1 and 8}}
#shared = #ttg.swizzled_shared<{vec = 3, perPhase = 1, maxPhase = 8, order = [1, 0]}>

// -----

// expected-error @+1 {{order must be a permutation of 0..2 (exclusive), got [0, 2]}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 2]}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: missing 'maxPhase'}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: expected a non-negative integer for 'vec', got -2}}
#shared = #ttg.swizzled_shared<{vec = -2, perPhase = 1, maxPhase = 1, order = [1, 0]}>

// -----

// expected-error @+1 {{intervals must be powers of two, got [24]}}
#shared = #ttg.padded_shared<[24:+4] {order = [1, 0], shape = [64, 64]}>

// -----

// expected-error @+1 {{paddings must be powers of two, got [3]}}
#shared = #ttg.padded_shared<[32:+3] {order = [1, 0], shape = [64, 64]}>

// -----

// expected-error @+1 {{intervals must be distinct, got [32, 32]}}
#shared = #ttg.padded_shared<[32:+4, 32:+8] {order = [1, 0], shape = [64, 64]}>

// -----

// expected-error @+1 {{the linear component must be a bijection (no broadcasting, every element placed once)}}
#shared = #ttg.padded_shared<[32:+4] {offset = [[0, 1], [0, 0], [1, 0]], block = []}>

// -----

// expected-error @+1 {{#ttg.padded_shared: 'order' and 'shape' must have the same rank (1 or more), got 2 and 1}}
#shared = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64]}>

// -----

// expected-error @+1 {{#ttg.padded_shared: expected either 'offset' (and 'block') bases or 'order' and 'shape'}}
#shared = #ttg.padded_shared<[32:+4] {order = [1, 0]}>

// -----

// expected-error @+1 {{the alignment must be a positive power of two, got 12}}
#shared = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 12>

// -----

// expected-error @+1 {{#ttg.shared_linear: the alignment goes after the bases: <{offset = [...]}, alignment = N>}}
#shared = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], alignment = 16}>

// -----

// expected-error @+1 {{apart from zero (broadcast) bases, the layout must place every element exactly once}}
#shared = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]]}, alignment = 16>

// -----

// A layout whose plugin is not loaded.
// expected-error @+1 {{unknown ttg layout '#ttg.nvidia_mma': load the plugin that provides it (e.g. --plugin PATH)}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>

// -----

//===----------------------------------------------------------------------===//
// Memory descriptors
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{a memory descriptor needs a memory layout, not the distributed layout #ttg.blocked}}
tt.func @f(%m: !ttg.memdesc<64x64xf16, #blocked, #smem>)

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the shape [64, 128] exceeds the allocation shape [64, 64]}}
tt.func @f(%m: !ttg.memdesc<64x128xf16, #shared, #smem, 64x64>)

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the layout has rank 3 but the memory descriptor only has rank 2}}
tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem>)

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memory descriptor dimensions must be positive, got 0, 64}}
tt.func @f(%m: !ttg.memdesc<0x64xf16, #shared, #smem>)

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{expected '>' after the allocation shape}}
tt.func @f(%m: !ttg.memdesc<32x64xf16, #shared, #smem, 64x64, mutable>)

// -----

//===----------------------------------------------------------------------===//
// Tensor layouts
//===----------------------------------------------------------------------===//

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64x64xf16, #shared>) {
    // expected-error @+1 {{the layout of 'tensor<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>' must be a distributed layout}}
    %0 = ttg.convert_layout %x : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64xf16, #blocked1>) {
    // expected-error @+1 {{has rank 2 but the tensor has rank 1}}
    %0 = ttg.convert_layout %x : tensor<64xf16, #blocked1> -> tensor<64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{spreads it over 64 lanes but ttg.threads-per-warp is 32}}
    %0 = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{spreads it over 8 warps but ttg.num-warps is 4}}
    %0 = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64x48xf16, #blocked>) {
    // expected-error @+1 {{cannot describe the tensor: dimension sizes must be powers of two (up to 2^30), got 48}}
    %0 = ttg.convert_layout %x : tensor<64x48xf16, #blocked> -> tensor<64x48xf16, #blocked>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'ttg.num-warps' must be a positive integer, got 0 : i32}}
module attributes {"ttg.num-warps" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.threads-per-warp' must be a positive integer, got "32"}}
module attributes {"ttg.threads-per-warp" = "32"} {
}

// -----

// expected-error @+1 {{'ttg.shared' must be a non-negative integer, got -1 : i32}}
module attributes {ttg.shared = -1 : i32} {
}

// -----

// expected-error @+1 {{'ttg.target' must be a string naming the target, got 90 : i32}}
module attributes {ttg.target = 90 : i32} {
}

// -----

module {
  // expected-error @+1 {{carries 'ttg.num-ctas', which is only allowed on a module}}
  tt.func @f() attributes {"ttg.num-ctas" = 1 : i32} {
    tt.return
  }
}

// -----

module {
  tt.func @f() {
    // expected-error @+1 {{carries 'ttg.num-warps', which is only allowed on a module or a function}}
    %c = arith.constant {"ttg.num-warps" = 4 : i32} 0 : i32
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @f(%x: tensor<64x64xf16>) {
  // expected-error @+1 {{the source and the result must both have a layout, got 'tensor<64x64xf16>' and 'tensor<64x64xf16, #ttg.blocked}}
  %0 = ttg.convert_layout %x : tensor<64x64xf16> -> tensor<64x64xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{cannot copy into the immutable buffer '!ttg.memdesc<128x64xf16, #ttg.swizzled_shared}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{the source shape [128, 64] differs from the destination shape [64, 64]}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<128x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%p: tensor<128x64x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{the source points to 'f32' but the destination holds 'f16'}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<128x64x!tt.ptr<f32>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{contiguity must be positive, got 0}}
  %t = ttg.async_copy_global_to_local %p, %buf {contiguity = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{the number of outstanding groups must be non-negative, got -1}}
  %w = ttg.async_wait {num = -1 : i32}
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f() {
  // expected-error @+1 {{an uninitialized buffer must be mutable, got '!ttg.memdesc<128x64xf16, #ttg.swizzled_shared}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{the source shape [128, 64] differs from the buffer shape [64, 64]}}
  %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{the source holds 'f16' but the buffer holds 'f32'}}
  %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f() {
  // expected-error @+1 {{the alignment must be a positive power of two, got 24}}
  %a = ttg.local_alloc {alignment = 24 : i32} : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f() {
  // expected-error @+1 {{an allocation cannot be a window of a larger buffer}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x64>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%x: tensor<2x64x64xf16, #blocked>) {
  // expected-error @+1 {{the layout of the buffer has rank 2 but the source has rank 3}}
  %a = ttg.local_alloc %x : (tensor<2x64x64xf16, #blocked>) -> !ttg.memdesc<2x64x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{the result shape [64, 64] differs from the buffer shape [128, 64]}}
  %x = ttg.local_load %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%x: tensor<128x64xf16, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{cannot store into the immutable buffer '!ttg.memdesc<128x64xf16, #ttg.swizzled_shared}}
  ttg.local_store %x, %m : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<4xi64, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{cannot index a buffer of rank 1}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<4xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{the result shape [64, 64] must be the source shape without its first dimension [128, 64]}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{the result must be mutable like the source, got '!ttg.memdesc<128x64xf16}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{the result layout #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}> differs from the source layout #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable, 4x128x64>, %i: i32) {
  // expected-error @+1 {{cannot index a window of a larger buffer}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable, 4x128x64> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{expected 2 offsets (one per dimension), got 1}}
  %0 = ttg.memdesc_subslice %m[0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{the window at offsets [0, 64] with shape [64, 32] does not fit in the source shape [64, 64]}}
  %0 = ttg.memdesc_subslice %m[0, 64] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{offset 16 along dimension 1 is not a multiple of the window size 32}}
  %0 = ttg.memdesc_subslice %m[0, 16] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{the result must keep the allocation shape [64, 64], got '!ttg.memdesc<64x32xf16}}
  %0 = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{order must be a permutation of 0..2 (exclusive), got [1, 1]}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 1>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{the result shape must be [32, 64] (the source shape permuted by the order), got [64, 32]}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{is not the transposed source layout}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64xi32, #shared, #smem>) {
  // expected-error @+1 {{: the numbers of elements differ}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<64xi32, #shared, #smem> -> !ttg.memdesc<4x8xi32, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64xi32, #shared, #smem>) {
  // expected-error @+1 {{does not describe the memory of the source layout}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<64xi32, #shared, #smem> -> !ttg.memdesc<4x16xi32, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<64xi32, #shared, #smem>) {
  // expected-error @+1 {{the result of a reshape is a whole buffer and must not carry another allocation shape}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<64xi32, #shared, #smem> -> !ttg.memdesc<4x16xi32, #shared1, #smem, 8x16>
  tt.return
}

// -----

// The result layout must describe the result: this padded layout is for
// 64x64 buffers only.
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<4096xf16, #flat, #smem>) {
  // expected-error @+1 {{the result layout #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}> cannot describe '!ttg.memdesc<32x128xf16, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>, #ttg.shared_memory>': the layout describes a buffer of another shape}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<4096xf16, #flat, #smem> -> !ttg.memdesc<32x128xf16, #padded, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @f(%m: !ttg.memdesc<32xi32, #shared, #smem, 64>) {
  // expected-error @+1 {{cannot reinterpret a window of a larger buffer}}
  %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<32xi32, #shared, #smem, 64> -> !ttg.memdesc<64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%p: tensor<64x32xi8, #blocked>) {
    // expected-error @+1 {{the result must hold bf16 or f16, got 'f32'}}
    %0 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%p: tensor<64x32xi8, #blocked>) {
    // expected-error @+1 {{axis 2 is out of range for rank 2}}
    %0 = ttg.fp4_to_fp %p {axis = 2 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%p: tensor<64x32xi8, #blocked>) {
    // expected-error @+1 {{the result shape must be the source shape [64, 32] with dimension 0 doubled, got [64, 64]}}
    %0 = ttg.fp4_to_fp %p {axis = 0 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
    tt.return
  }
}

// -----

tt.func @f() {
  // expected-error @+1 {{the alignment must be a positive power of two, got 6}}
  %p = ttg.global_scratch_alloc {alignment = 6 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition #0 runs on 3 warps, which is not a power of two}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%arg0: i32) num_warps(3) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition region #0 has 0 arguments but there are 1 captures}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition region #0 argument #0 has type 'i64' but the capture has type 'i32'}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%arg0: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  %0 = ttg.warp_specialize(%a)
  default {
    // expected-error @+1 {{value #0 has type 'i32' but the ttg.warp_specialize result has type 'i64'}}
    ttg.warp_yield %a : i32
  } : (i32) -> i64
  tt.return
}

// -----

tt.func @f(%a: i32) {
  ttg.warp_specialize(%a)
  default {
    // expected-error @+1 {{cannot be nested inside another ttg.warp_specialize}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%iv: i32, %ub: i32, %step: i32) {
  // expected-error @+1 {{stage 3 must be between 0 and maxStage 2}}
  %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 3 : i32 -> i1
  tt.return
}

// -----

tt.func @f(%p: i1) {
  // expected-error @+1 {{ttg.mask.return returns ('i32') but the op has results ('i64')}}
  %m = "ttg.mask"(%p) ({
    %c = arith.constant 1 : i32
    ttg.mask.return %c : i32
  }) : (i1) -> i64
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// tt.gather with layouts
//===----------------------------------------------------------------------===//

// The result is read off the indices element by element: it has their layout.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_result_layout(%src: tensor<64x32xf32, #rows>, %idx: tensor<16x32xi32, #rows>) -> tensor<16x32xf32, #cols> {
    // expected-error @+1 {{'tt.gather' op expects the result in the layout of the indices 'tensor<16x32xi32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>>', but got 'tensor<16x32xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>>'}}
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x32xf32, #rows>, tensor<16x32xi32, #rows>) -> tensor<16x32xf32, #cols>
    tt.return %g : tensor<16x32xf32, #cols>
  }
}

// -----

//===----------------------------------------------------------------------===//
// tt.join and tt.dot with layouts
//===----------------------------------------------------------------------===//

// Each thread must hold both elements of a pair.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_layout(%a: tensor<64xf32, #b1>) {
    // expected-error @+1 {{'tt.join' op expected result encoding #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}> (or one equivalent to it) but got 'tensor<64x2xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>>'}}
    %j = tt.join %a, %a : tensor<64xf32, #b1> -> tensor<64x2xf32, #b2>
    tt.return
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_no_encoding(%a: tensor<64xf32, #b1>) {
    // expected-error @+1 {{'tt.join' op expects operands and result to all have an encoding or none to have one}}
    %j = tt.join %a, %a : tensor<64xf32, #b1> -> tensor<64x2xf32>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operand_layout(%a: tensor<16x16xf32, #b>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>>, %c: tensor<16x16xf32, #b>) {
    // expected-error @+1 {{'tt.dot' op expects operand a in #ttg.dot_op<{opIdx = 0}> of the accumulator's layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, but got #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf32, #b> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>> -> tensor<16x16xf32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operand_index(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>>, %c: tensor<16x16xf32, #b>) {
    // expected-error @+1 {{'tt.dot' op expects operand b in #ttg.dot_op<{opIdx = 1}> of the accumulator's layout}}
    %d = tt.dot %a, %a, %c : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>> -> tensor<16x16xf32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operand_parent(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #b2}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>>, %c: tensor<16x16xf32, #b>) {
    // expected-error @+1 {{'tt.dot' op expects operand a in #ttg.dot_op<{opIdx = 0}> of the accumulator's layout}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #b2}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>> -> tensor<16x16xf32, #b>
    tt.return
  }
}

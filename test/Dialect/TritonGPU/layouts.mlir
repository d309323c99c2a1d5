// RUN: trident-opt %s | FileCheck %s
// RUN: trident-opt %s | trident-opt | FileCheck %s
// RUN: trident-opt %s --mlir-print-op-generic | trident-opt | FileCheck %s

// The vendor-neutral layouts, in upstream Triton 3.6 syntax. The printer
// names the aliases as upstream does (#blocked, #linear, #shared, #smem), and
// drops the CTA keys of a single-CTA layout.

// CHECK-DAG: #[[BLOCKED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[CGA:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// CHECK-DAG: #[[ONECTA:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[LINEAR:linear[0-9]*]] = #ttg.linear<{register = {{\[}}[0, 1], [0, 2]], lane = {{\[}}[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[8, 0], [16, 0]], block = []}>
// CHECK-DAG: #[[CGA_BCAST:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 4], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
// CHECK-DAG: #[[CGA_LEAD:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// CHECK-DAG: #[[SWIZZLED_CGA_BASES:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
// CHECK-DAG: #[[SWIZZLED:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[SWIZZLED_CGA:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [0, 1]}>
// CHECK-DAG: #[[PADDED:shared[0-9]*]] = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
// CHECK-DAG: #[[PADDED_BASES:shared[0-9]*]] = #ttg.padded_shared<[64:+4, 128:+8] {offset = {{\[}}[1], [2], [4], [8], [64], [128], [16], [32]], block = []}>
// CHECK-DAG: #[[PADDED_ID:shared[0-9]*]] = #ttg.padded_shared<[16:+2] {order = [0, 1], shape = [32, 8]}>
// CHECK-DAG: #[[SLINEAR:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[}}[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
// CHECK-DAG: #[[SLINEAR_BLOCK:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[}}[0, 1], [1, 0]], block = {{\[}}[2, 0]]}, alignment = 32>
// CHECK-DAG: #[[SMEM:smem]] = #ttg.shared_memory

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked_cga = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// Upstream 3.6 spells a CTA layout as the bases of the CGA's block
// dimension; read into CTAsPerCGA/CTASplitNum/CTAOrder. [[1, 0]] is
// #blocked_cga; a zero basis shares a piece between CTAs; broadcast bases
// before any split belong to a dimension without splits.
#blocked_cga_bases = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked_cga_bcast = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [0, 0]]}>
#blocked_cga_lead = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>
#swizzled_cga_bases = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CGALayout = [[0, 1]]}>
#blocked_onecta = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#swizzled_cga = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [0, 1]}>
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#padded_bases = #ttg.padded_shared<[64:+4, 128:+8] {offset = [[1], [2], [4], [8], [64], [128], [16], [32]], block = []}>
// Bases that happen to be an identity placement print in the short form.
#padded_id = #ttg.padded_shared<[16:+2] {offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1], [0, 2], [0, 4]]}>
#shared_linear = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
#shared_linear_block = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[2, 0]]}, alignment = 32>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @distributed
  // CHECK-SAME: tensor<128x64xf16, #[[BLOCKED]]>
  // CHECK-SAME: tensor<64x32xf16, #[[CGA]]>
  // CHECK-SAME: tensor<256xf32, #[[ONECTA]]>
  // CHECK-SAME: tensor<32x16xf32, #[[LINEAR]]>
  // Slice and dot-operand layouts are printed inline, as upstream.
  // CHECK-SAME: tensor<128xf16, #ttg.slice<{dim = 1, parent = #[[BLOCKED]]}>>
  // CHECK-SAME: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[BLOCKED]]}>>
  // CHECK-SAME: tensor<64x32xf16, #[[CGA]]>
  // CHECK-SAME: tensor<64x32xf16, #[[CGA_BCAST]]>
  // CHECK-SAME: tensor<64x32xf16, #[[CGA_LEAD]]>
  // CHECK-SAME: !ttg.memdesc<64x64xf16, #[[SWIZZLED_CGA_BASES]], #[[SMEM]]>
  tt.func @distributed(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x32xf16, #blocked_cga>, %c: tensor<256xf32, #blocked_onecta>, %d: tensor<32x16xf32, #linear>, %e: tensor<128xf16, #ttg.slice<{dim = 1, parent = #blocked}>>, %f: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %g: tensor<64x32xf16, #blocked_cga_bases>, %h: tensor<64x32xf16, #blocked_cga_bcast>, %i: tensor<64x32xf16, #blocked_cga_lead>, %j: !ttg.memdesc<64x64xf16, #swizzled_cga_bases, #smem>) {
    tt.return
  }

  // CHECK-LABEL: tt.func @shared
  // CHECK-SAME: !ttg.memdesc<64x64xf16, #[[SWIZZLED]], #[[SMEM]]>
  // CHECK-SAME: !ttg.memdesc<2x64x64xf16, #[[SWIZZLED_CGA]], #[[SMEM]], mutable>
  // CHECK-SAME: !ttg.memdesc<64x64xf16, #[[PADDED]], #[[SMEM]], mutable>
  // CHECK-SAME: !ttg.memdesc<256xf16, #[[PADDED_BASES]], #[[SMEM]]>
  // CHECK-SAME: !ttg.memdesc<32x8xf16, #[[PADDED_ID]], #[[SMEM]]>
  // CHECK-SAME: !ttg.memdesc<4x4xf32, #[[SLINEAR]], #[[SMEM]]>
  // CHECK-SAME: !ttg.memdesc<4x2xf32, #[[SLINEAR_BLOCK]], #[[SMEM]]>
  // The allocation shape is printed when the view is a window of it.
  // CHECK-SAME: !ttg.memdesc<32x64xf16, #[[SWIZZLED]], #[[SMEM]], mutable, 64x64>
  // CHECK-SAME: !ttg.async.token
  tt.func @shared(%a: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %b: !ttg.memdesc<2x64x64xf16, #swizzled_cga, #smem, mutable>, %c: !ttg.memdesc<64x64xf16, #padded, #smem, mutable>, %d: !ttg.memdesc<256xf16, #padded_bases, #smem>, %e: !ttg.memdesc<32x8xf16, #padded_id, #smem>, %f: !ttg.memdesc<4x4xf32, #shared_linear, #smem>, %g: !ttg.memdesc<4x2xf32, #shared_linear_block, #smem>, %h: !ttg.memdesc<32x64xf16, #swizzled, #smem, mutable, 64x64>, %t: !ttg.async.token) {
    tt.return
  }
}

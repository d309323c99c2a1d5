// REQUIRES: nvidia-plugin
// RUN: trident-opt --plugin %nvidia_plugin %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin %s | trident-opt --plugin %nvidia_plugin | FileCheck %s

// #ttg.nvidia_mma and #ttg.nvmma_shared, added to ttg by the plugin: every
// key upstream prints, the aliases upstream uses (#mma, #shared), and their
// use as the parent of dot operand and slice layouts.

// CHECK-DAG: #[[MMA2:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[MMA3:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[MMAB:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-DAG: #[[MMACTA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[SH:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SHT:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[SHFP4:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
// CHECK-DAG: #[[SHR3:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-DAG: #[[SHCTA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>

#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmab = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// Keys in another order, and the default CTA layout spelled out: printed in
// upstream's order, the default omitted.
#mmad = #ttg.nvidia_mma<{instrShape = [16, 64, 16], warpsPerCTA = [4, 1], versionMinor = 0, versionMajor = 3, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#mmacta = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sht = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#shfp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#shr3 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, rank = 3}>
#shcta = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// Upstream 3.6's CGALayout key: the same layouts as #mmacta and #shcta.
#mmacga = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 128, 16]}>
#shcga = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
// Without elementBitWidth (upstream does not require it): 16 bits.
#shnobits = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>
// `transposed` defaults to false.
#shdef = #ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @mma
  // CHECK-SAME: tensor<32x32xf32, #[[MMA2]]>
  // CHECK-SAME: tensor<128x64xf32, #[[MMA3]]>
  // CHECK-SAME: tensor<4x16x8xf32, #[[MMAB]]>
  // CHECK-SAME: tensor<128x64xf32, #[[MMA3]]>
  tt.func @mma(%a: tensor<32x32xf32, #mma2>, %b: tensor<128x64xf32, #mma3>, %c: tensor<4x16x8xf32, #mmab>, %d: tensor<128x64xf32, #mmad>) {
    tt.return
  }

  // CHECK-LABEL: tt.func @operands
  // CHECK-SAME: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA2]], kWidth = 2}>>
  // CHECK-SAME: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA2]], kWidth = 2}>>
  // CHECK-SAME: tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMA3]], kWidth = 4}>>
  tt.func @operands(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>, %c: tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 4}>>) {
    tt.return
  }

  // A row reduction of an accumulator gives a slice of it.
  // CHECK-LABEL: tt.func @slice
  tt.func @slice(%acc: tensor<128x64xf32, #mma3>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma3}>> {
    // CHECK: tt.reduce
    // CHECK: -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[MMA3]]}>>
    %r = "tt.reduce"(%acc) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %s = arith.maxnumf %l, %rr : f32
      tt.reduce.return %s : f32
    }) : (tensor<128x64xf32, #mma3>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma3}>>
    // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[MMA3]]}>> -> tensor<128x1xf32, #[[MMA3]]>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma3}>> -> tensor<128x1xf32, #mma3>
    tt.return %r : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma3}>>
  }

  // CHECK-LABEL: tt.func @shared
  // CHECK-SAME: !ttg.memdesc<3x128x64xf16, #[[SH]], #smem, mutable>
  // CHECK-SAME: !ttg.memdesc<64x64xf8E5M2, #[[SHT]], #smem>
  // CHECK-SAME: !ttg.memdesc<128x64xi8, #[[SHFP4]], #smem>
  // CHECK-SAME: !ttg.memdesc<2x16x16xf16, #[[SHR3]], #smem>
  // CHECK-SAME: !ttg.memdesc<128x64xf16, #[[SH]], #smem>
  // CHECK-SAME: !ttg.memdesc<128x64xf16, #[[SH]], #smem>
  tt.func @shared(%a: !ttg.memdesc<3x128x64xf16, #sh, #smem, mutable>, %b: !ttg.memdesc<64x64xf8E5M2, #sht, #smem>, %c: !ttg.memdesc<128x64xi8, #shfp4, #smem>, %d: !ttg.memdesc<2x16x16xf16, #shr3, #smem>, %e: !ttg.memdesc<128x64xf16, #shdef, #smem>, %f: !ttg.memdesc<128x64xf16, #shnobits, #smem>) {
    tt.return
  }

  // CHECK-LABEL: tt.func @cta
  // CHECK-SAME: tensor<256x128xf32, #[[MMACTA]]>
  // CHECK-SAME: !ttg.memdesc<256x64xf16, #[[SHCTA]], #smem>
  // CHECK-SAME: tensor<256x128xf32, #[[MMACTA]]>
  // CHECK-SAME: !ttg.memdesc<256x64xf16, #[[SHCTA]], #smem>
  tt.func @cta(%a: tensor<256x128xf32, #mmacta>, %b: !ttg.memdesc<256x64xf16, #shcta, #smem>, %c: tensor<256x128xf32, #mmacga>, %d: !ttg.memdesc<256x64xf16, #shcga, #smem>) {
    tt.return
  }
}

// RUN: trident-opt %s | FileCheck %s
// RUN: trident-opt %s | trident-opt | FileCheck %s

// Layouts that are not built into the core, registered at run time through
// the ttg layout registry (TritonGPUDialect::registerLayout). The test
// layouts come from test/lib/TestLayouts, which trident-opt links when the
// tests are built; a vendor plugin registers its layouts the same way.

// A matrix-instruction layout gets the alias #mma (MmaEncodingTrait); the
// test shared layout asked for the alias #tshared when it was registered.
// CHECK-DAG: #[[MMA:mma]] = #ttg.test_mma<{warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #[[TSHARED:tshared]] = #ttg.test_shared<{order = [1, 0]}>

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.test_mma<{warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.test_shared<{order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @plugin
  tt.func @plugin(%acc: tensor<128x64xf32, #mma>, %x: tensor<64x64xf16, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    // CHECK: arith.truncf %{{.*}} : tensor<128x64xf32, #[[MMA]]> to tensor<128x64xf16, #[[MMA]]>
    %h = arith.truncf %acc : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    // A dot operand whose parent is a plugin layout.
    // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf16, #[[MMA]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
    %a = ttg.convert_layout %h : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // A slice of a plugin layout.
    // CHECK: tt.reduce
    // CHECK: -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[MMA]]}>>
    %r = "tt.reduce"(%acc) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      tt.reduce.return %s : f32
    }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    // A plugin shared layout in a memory descriptor.
    // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #[[TSHARED]], #smem>
    %m = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %a : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

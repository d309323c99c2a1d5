// RUN: trident-opt %s -split-input-file -ttg-reduce-data-duplication | FileCheck %s

// The A operand of an FMA dot whose warps split the result along N needs
// rows held by other warps: it goes through shared memory, unswizzled, in
// the source's order.
// CHECK: #[[SHARED:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK: #[[SMEM:.*]] = #ttg.shared_memory
// CHECK-LABEL: tt.func @cross_warps
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[M:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x32xf16, #{{.*}}>) -> !ttg.memdesc<64x32xf16, #[[SHARED]], #[[SMEM]]>
// CHECK: %[[A:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x32xf16, #[[SHARED]], #[[SMEM]]> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}}>>
// CHECK: tt.return %[[A]]
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cross_warps(%a: tensor<64x32xf16, #src>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> {
    %c = ttg.convert_layout %a : tensor<64x32xf16, #src> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    tt.return %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
  }
}

// -----

// Each warp already holds its rows of A (the warps split M only): the
// conversion stays inside warps and is left alone. Conversions to other
// layouts are not touched either.
// CHECK-LABEL: tt.func @within_warps
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}}>>
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x32xf16, #{{[a-z0-9]+}}>
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @within_warps(%a: tensor<64x32xf16, #src>) -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, tensor<64x32xf16, #other>) {
    %c = ttg.convert_layout %a : tensor<64x32xf16, #src> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = ttg.convert_layout %a : tensor<64x32xf16, #src> -> tensor<64x32xf16, #other>
    tt.return %c, %d : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, tensor<64x32xf16, #other>
  }
}

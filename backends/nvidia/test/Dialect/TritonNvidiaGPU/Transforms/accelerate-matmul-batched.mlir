// nvidia-accelerate-matmul on batched (3-D) dots, B x M x K times B x K x N:
// every operand type of the 2-D mma.sync path moves to the rank-3 mma.sync
// layouts, the batch dimension outermost (instrShape = [1, 16, 8]), on
// sm_80 and on sm_90 alike (wgmma has no batched form). The warps go to the
// batch first, as many as it has indices, then over each index's M x N as
// a 2-D dot's do. f32 dots at ieee precision, and dots whose M x N has no
// whole 16x8 tile, stay on the core's FMA dot.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=80 %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=90 %s | FileCheck %s

// 4 warps: a batch of 2 takes two (the other two split N: 32 / 8 columns
// against 32 / 16 rows), a batch of 8 all four, a batch of 1 none.
// CHECK-DAG: #[[B2:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]}>
// CHECK-DAG: #[[B8:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-DAG: #[[B1:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func public @f16_batch2(
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[B2]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[B2]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #[[B2]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<2x32x32xf32, #[[B2]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<2x32x32xf32, #[[B2]]> -> tensor<2x32x32xf32, #blocked>
// CHECK: tt.return %[[R]]
// CHECK-NOT: warp_group_dot
// CHECK-LABEL: tt.func public @f16_batch8(
// CHECK: tt.dot {{.*}} -> tensor<8x32x32xf32, #[[B8]]>
// CHECK-LABEL: tt.func public @f16_batch1(
// CHECK: tt.dot {{.*}} -> tensor<1x64x64xf32, #[[B1]]>
// f16 accumulators, tf32 (kWidth 1), i8 (kWidth 4), and fp8 converted to
// f16 first.
// CHECK-LABEL: tt.func public @f16_acc(
// CHECK: tt.dot {{.*}} : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[B2]], kWidth = 2}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[B2]], kWidth = 2}>> -> tensor<2x32x32xf16, #[[B2]]>
// CHECK-LABEL: tt.func public @tf32_dot(
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[B2]], kWidth = 1}>> * tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #[[B2]], kWidth = 1}>> -> tensor<2x32x32xf32, #[[B2]]>
// CHECK-LABEL: tt.func public @i8_dot(
// CHECK: tt.dot {{.*}} : tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #[[B2]], kWidth = 4}>> * tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #[[B2]], kWidth = 4}>> -> tensor<2x32x32xi32, #[[B2]]>
// CHECK-LABEL: tt.func public @fp8_dot(
// CHECK: %[[AH:.*]] = tt.fp_to_fp %{{.*}} : tensor<2x32x32xf8E4M3FN, #blocked> -> tensor<2x32x32xf16, #blocked>
// CHECK: %[[BH:.*]] = tt.fp_to_fp %{{.*}} : tensor<2x32x32xf8E4M3FN, #blocked> -> tensor<2x32x32xf16, #blocked>
// CHECK: %[[A:.*]] = ttg.convert_layout %[[AH]] : {{.*}} -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[B2]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %[[BH]] : {{.*}} -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[B2]], kWidth = 2}>>
// CHECK: tt.dot %[[A]], %[[B]], {{.*}} -> tensor<2x32x32xf32, #[[B2]]>
// tf32x3: three tf32 dots of split operands, each batched.
// CHECK-LABEL: tt.func public @tf32x3_dot(
// CHECK-COUNT-3: tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<2x32x32xf32, #[[B2]]>
// CHECK-NOT: tt.dot
// Left to the FMA dot: ieee f32, and M = 8.
// CHECK-LABEL: tt.func public @ieee_dot(
// CHECK: tt.dot {{.*}} -> tensor<2x32x32xf32, #blocked>
// CHECK-LABEL: tt.func public @small_m(
// CHECK: tt.dot {{.*}} -> tensor<2x8x32xf32, #blocked>

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_batch2(%a: tensor<2x32x32xf16, #blocked>, %b: tensor<2x32x32xf16, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
  tt.func public @f16_batch8(%a: tensor<8x32x32xf16, #blocked>, %b: tensor<8x32x32xf16, #blocked>, %c: tensor<8x32x32xf32, #blocked>) -> tensor<8x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<8x32x32xf16, #blocked> -> tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<8x32x32xf16, #blocked> -> tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x32x32xf32, #blocked>
    tt.return %d : tensor<8x32x32xf32, #blocked>
  }
  tt.func public @f16_batch1(%a: tensor<1x64x32xf16, #blocked>, %b: tensor<1x32x64xf16, #blocked>, %c: tensor<1x64x64xf32, #blocked>) -> tensor<1x64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<1x64x32xf16, #blocked> -> tensor<1x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<1x32x64xf16, #blocked> -> tensor<1x32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<1x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<1x32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<1x64x64xf32, #blocked>
    tt.return %d : tensor<1x64x64xf32, #blocked>
  }
  tt.func public @f16_acc(%a: tensor<2x32x32xf16, #blocked>, %b: tensor<2x32x32xf16, #blocked>, %c: tensor<2x32x32xf16, #blocked>) -> tensor<2x32x32xf16, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf16, #blocked>
    tt.return %d : tensor<2x32x32xf16, #blocked>
  }
  tt.func public @tf32_dot(%a: tensor<2x32x32xf32, #blocked>, %b: tensor<2x32x32xf32, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
  tt.func public @i8_dot(%a: tensor<2x32x32xi8, #blocked>, %b: tensor<2x32x32xi8, #blocked>, %c: tensor<2x32x32xi32, #blocked>) -> tensor<2x32x32xi32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xi8, #blocked> -> tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xi8, #blocked> -> tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xi32, #blocked>
    tt.return %d : tensor<2x32x32xi32, #blocked>
  }
  tt.func public @fp8_dot(%a: tensor<2x32x32xf8E4M3FN, #blocked>, %b: tensor<2x32x32xf8E4M3FN, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf8E4M3FN, #blocked> -> tensor<2x32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf8E4M3FN, #blocked> -> tensor<2x32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
  tt.func public @tf32x3_dot(%a: tensor<2x32x32xf32, #blocked>, %b: tensor<2x32x32xf32, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32x3 : tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
  tt.func public @ieee_dot(%a: tensor<2x32x32xf32, #blocked>, %b: tensor<2x32x32xf32, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
  tt.func public @small_m(%a: tensor<2x8x32xf16, #blocked>, %b: tensor<2x32x32xf16, #blocked>, %c: tensor<2x8x32xf32, #blocked>) -> tensor<2x8x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x8x32xf16, #blocked> -> tensor<2x8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x8x32xf32, #blocked>
    tt.return %d : tensor<2x8x32xf32, #blocked>
  }
}

// -----

// One warp holds the whole batch.
// CHECK: #[[W1:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func public @one_warp(
// CHECK: tt.dot {{.*}} -> tensor<8x32x32xf32, #[[W1]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_warp(%a: tensor<8x32x32xf16, #blocked>, %b: tensor<8x32x32xf16, #blocked>, %c: tensor<8x32x32xf32, #blocked>) -> tensor<8x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<8x32x32xf16, #blocked> -> tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<8x32x32xf16, #blocked> -> tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x32x32xf32, #blocked>
    tt.return %d : tensor<8x32x32xf32, #blocked>
  }
}

// -----

// 8 warps, a batch of 2: two along the batch, the other four over a 16 x 16
// problem (one 16-row tile: two along N, then the rest along M, holding
// copies).
// CHECK: #[[W8:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2, 2], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func public @eight_warps(
// CHECK: tt.dot {{.*}} -> tensor<2x16x16xf32, #[[W8]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @eight_warps(%a: tensor<2x16x16xf16, #blocked>, %b: tensor<2x16x16xf16, #blocked>, %c: tensor<2x16x16xf32, #blocked>) -> tensor<2x16x16xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x16x16xf16, #blocked> -> tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x16x16xf16, #blocked> -> tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x16x16xf32, #blocked>
    tt.return %d : tensor<2x16x16xf32, #blocked>
  }
}

// -----

// Chained batched dots (batched attention): past the batch's warps the
// rest go along M, as for 2-D chained dots, so that each warp holds whole
// rows of the first result for the second to read.
// CHECK: #[[CH:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func public @chained(
// CHECK: tt.dot {{.*}} -> tensor<2x32x32xf32, #[[CH]]>
// CHECK: tt.dot {{.*}} -> tensor<2x32x32xf32, #[[CH]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @chained(%a: tensor<2x32x32xf16, #blocked>, %b: tensor<2x32x32xf16, #blocked>, %v: tensor<2x32x32xf16, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %s = tt.dot %a1, %b1, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    %p = arith.truncf %s : tensor<2x32x32xf32, #blocked> to tensor<2x32x32xf16, #blocked>
    %p1 = ttg.convert_layout %p : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %v1 = ttg.convert_layout %v : tensor<2x32x32xf16, #blocked> -> tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %o = tt.dot %p1, %v1, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %o : tensor<2x32x32xf32, #blocked>
  }
}

// -----

// A batched f64 dot (test_dot3d's float64 cases) takes mma.sync m8n8k4 in
// the rank-3 layouts, operands with kWidth 1, on sm_80 and sm_90 alike; two
// warps go to a batch of 4.
// CHECK: #[[F64:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func public @f64_batched(
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[F64]], kWidth = 1}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #[[F64]], kWidth = 1}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<4x32x32xf64, #blocked> -> tensor<4x32x32xf64, #[[F64]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<4x32x32xf64, #[[F64]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<4x32x32xf64, #[[F64]]> -> tensor<4x32x32xf64, #blocked>
// CHECK-NOT: warp_group_dot

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_batched(%a: tensor<4x32x32xf64, #blocked>, %b: tensor<4x32x32xf64, #blocked>, %c: tensor<4x32x32xf64, #blocked>) -> tensor<4x32x32xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<4x32x32xf64, #blocked> -> tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<4x32x32xf64, #blocked> -> tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x32x32xf64, #blocked>
    tt.return %d : tensor<4x32x32xf64, #blocked>
  }
}

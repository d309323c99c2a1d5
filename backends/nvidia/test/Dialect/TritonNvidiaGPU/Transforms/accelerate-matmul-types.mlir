// nvidia-accelerate-matmul on the other operand types the tensor cores
// take: f32 at tf32 precision (mma.sync m16n8k8 / wgmma k8, operands with
// kWidth 1), tf32x3 (three tf32 dots), i8 into i32 (m16n8k32 / wgmma k32,
// kWidth 4), f64 into f64 (m8n8k4 on every architecture, kWidth 1). wgmma
// transposes only 16-bit operands: tf32 and i8 ones are staged K-major (A
// not transposed, B transposed) whatever their producer's order.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=80 %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=90 %s | FileCheck %s --check-prefix=SM90

// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @tf32_dot(
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// CHECK: ttg.convert_layout %{{.*}} -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>>
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// SM90-DAG: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// SM90-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// SM90-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// SM90-LABEL: tt.func public @tf32_dot(
// SM90: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x32xf32, #[[SA]], #smem>
// SM90: %[[B:.*]] = ttg.local_alloc %{{.*}} : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #[[SB]], #smem>
// SM90: ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} {inputPrecision = 0 : i32{{.*}}} : {{.*}} -> tensor<64x64xf32, #[[WG]]>
// SM90-NOT: tt.dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// tf32x3: a = aBig + aSmall (aBig rounded to tf32), b likewise; the small
// products first from zero, NaNs of their sum (from infinite operands)
// zeroed, then the large product, then c.
// CHECK-LABEL: tt.func public @tf32x3_dot(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
// CHECK-DAG: %[[ABIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[A:.*]] : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked>
// CHECK-DAG: %[[ASMALL:.*]] = arith.subf %[[A]], %[[ABIG]] : tensor<64x32xf32, #blocked>
// CHECK-DAG: %[[BBIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {{.*}} %[[B:.*]] : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #blocked>
// CHECK-DAG: %[[BSMALL:.*]] = arith.subf %[[B]], %[[BBIG]] : tensor<32x64xf32, #blocked>
// CHECK: %[[D1:.*]] = tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[R1:.*]] = ttg.convert_layout %[[D1]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK: %[[D2:.*]] = tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[R2:.*]] = ttg.convert_layout %[[D2]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[R2]], %[[R2]] : tensor<64x64xf32, #blocked>
// CHECK: %[[MASKED:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[R2]]
// CHECK: %[[D3:.*]] = tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[R3:.*]] = ttg.convert_layout %[[D3]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK: %[[SUM:.*]] = arith.addf %[[R3]], %{{.*}} : tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[SUM]]
// CHECK-NOT: tf32x3
// On sm_90 the three are warp-group dots; each operand part is staged once.
// SM90-LABEL: tt.func public @tf32x3_dot(
// SM90: %[[SMALL_A:.*]] = ttg.local_alloc
// SM90: %[[BIG_B:.*]] = ttg.local_alloc
// SM90: ttng.warp_group_dot %[[SMALL_A]], %[[BIG_B]]
// SM90: %[[BIG_A:.*]] = ttg.local_alloc
// SM90: %[[SMALL_B:.*]] = ttg.local_alloc
// SM90: ttng.warp_group_dot %[[BIG_A]], %[[SMALL_B]]
// SM90-NOT: ttg.local_alloc
// SM90: ttng.warp_group_dot %[[BIG_A]], %[[BIG_B]]
// SM90-NOT: tt.dot
// SM90: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32x3_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// i8 into i32, with a B loaded N-contiguous: staged K-major all the same on
// sm_90 (a transposed buffer, 64 of K = 64 bytes: 64-byte swizzle).
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @i8_dot(
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xi32, #[[MMA]]>
// SM90-DAG: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// SM90-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// SM90-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// SM90-LABEL: tt.func public @i8_dot(
// SM90: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xi8, #[[SA]], #smem>
// SM90: %[[B:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xi8, #[[SB]], #smem>
// SM90: ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} -> tensor<64x64xi32, #[[WG]]>
// SM90-NOT: tt.dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @i8_dot(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x64xi8, #blocked>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// Left alone: an i8 dot with K = 16, less than one m16n8k32 step; an f32
// dot at ieee precision, written out.
// CHECK-LABEL: tt.func public @left_alone(
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<64x64xi32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
// SM90-LABEL: tt.func public @left_alone(
// SM90-NOT: warp_group_dot
// SM90: tt.dot {{.*}} -> tensor<64x64xi32, #blocked>
// SM90: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @left_alone(%a: tensor<64x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>, %x: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %y: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %z: tensor<64x64xf32, #blocked>) -> (tensor<64x64xi32, #blocked>, tensor<64x64xf32, #blocked>) {
    %d = tt.dot %a, %b, %c : tensor<64x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    %e = tt.dot %x, %y, %z, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d, %e : tensor<64x64xi32, #blocked>, tensor<64x64xf32, #blocked>
  }
}

// -----

// Chained tf32 dots (the first result is the second's A): on sm_90 the
// second reads its A from registers, in the accumulator's dot-operand
// layout of kWidth 1; on sm_80 both keep all warps along M.
// CHECK: #[[CHAIN:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @tf32_chained(
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[CHAIN]]>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[CHAIN]]>
// SM90: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// SM90-LABEL: tt.func public @tf32_chained(
// SM90: ttng.warp_group_dot {{.*}} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[WG]], kWidth = 1}>> * !ttg.memdesc<32x64xf32
// SM90: %[[P:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[WG]], kWidth = 1}>>
// SM90: ttng.warp_group_dot %[[P]], {{.*}} -> tensor<64x64xf32, #[[WG]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_chained(%q: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %s = tt.dot %q, %k, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %sa = ttg.convert_layout %s : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %sa, %v, %c, inputPrecision = tf32 : tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %o : tensor<64x64xf32, #blocked>
  }
}

// -----

// f16 into f16: m16n8k16 / wgmma k16 with an f16 accumulator (kWidth 2);
// wgmma stages the f16 operands in their producer's order.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @f16_acc(
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: ttg.convert_layout %{{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xf16, #[[MMA]]>
// CHECK: tt.dot {{.*}}, %[[C]] : {{.*}} -> tensor<64x64xf16, #[[MMA]]>
// SM90-DAG: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// SM90-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// SM90-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// SM90-LABEL: tt.func public @f16_acc(
// SM90: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x32xf16, #[[SA]], #smem>
// SM90: %[[B:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x64xf16, #[[SB]], #smem>
// SM90: ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} -> tensor<64x64xf16, #[[WG]]>
// SM90-NOT: tt.dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_acc(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf16, #blocked>
  }
}

// -----

// bf16x3: a0 = bf16(a), a1 = bf16(a - a0), b likewise; a1 b0 and a0 b1
// from zero, NaNs of their sum zeroed, then a0 b0, then c: three bf16 dots
// (k16, kWidth 2).
// CHECK-LABEL: tt.func public @bf16x3_dot(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
// CHECK-DAG: %[[A0:.*]] = arith.truncf %[[A:.*]] : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
// CHECK-DAG: %[[A0F:.*]] = arith.extf %[[A0]] : tensor<64x32xbf16, #blocked> to tensor<64x32xf32, #blocked>
// CHECK-DAG: %[[AR:.*]] = arith.subf %[[A]], %[[A0F]] : tensor<64x32xf32, #blocked>
// CHECK-DAG: %[[A1:.*]] = arith.truncf %[[AR]] : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
// CHECK-DAG: %[[CA0:.*]] = ttg.convert_layout %[[A0]] : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-DAG: %[[CA1:.*]] = ttg.convert_layout %[[A1]] : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-DAG: %[[B0:.*]] = arith.truncf %[[B:.*]] : tensor<32x64xf32, #blocked> to tensor<32x64xbf16, #blocked>
// CHECK-DAG: %[[CB0:.*]] = ttg.convert_layout %[[B0]] : tensor<32x64xbf16, #blocked> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-DAG: %[[CB1:.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xbf16, #blocked> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[X1:.*]] = ttg.convert_layout %[[CA1]] : {{.*}} -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[Y1:.*]] = ttg.convert_layout %[[CB0]] : {{.*}} -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: tt.dot %[[X1]], %[[Y1]], {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[X2:.*]] = ttg.convert_layout %[[CA0]] : {{.*}} -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[Y2:.*]] = ttg.convert_layout %[[CB1]] : {{.*}} -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %[[D2:.*]] = tt.dot %[[X2]], %[[Y2]], {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[R2:.*]] = ttg.convert_layout %[[D2]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[R2]], %[[R2]] : tensor<64x64xf32, #blocked>
// CHECK: %[[MASKED:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[R2]]
// CHECK: %[[M:.*]] = ttg.convert_layout %[[MASKED]] : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
// CHECK: %[[D3:.*]] = tt.dot {{.*}}, %[[M]] : tensor<64x32xbf16, {{.*}} -> tensor<64x64xf32, #mma>
// CHECK: %[[R3:.*]] = ttg.convert_layout %[[D3]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK: %[[SUM:.*]] = arith.addf %[[R3]], %{{.*}} : tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[SUM]]
// CHECK-NOT: bf16x3
// On sm_90: three warp-group dots; each operand part staged once.
// SM90-LABEL: tt.func public @bf16x3_dot(
// SM90: %[[SMALL_A:.*]] = ttg.local_alloc {{.*}} -> !ttg.memdesc<64x32xbf16
// SM90: %[[BIG_B:.*]] = ttg.local_alloc {{.*}} -> !ttg.memdesc<32x64xbf16
// SM90: ttng.warp_group_dot %[[SMALL_A]], %[[BIG_B]]
// SM90: %[[BIG_A:.*]] = ttg.local_alloc
// SM90: %[[SMALL_B:.*]] = ttg.local_alloc
// SM90: ttng.warp_group_dot %[[BIG_A]], %[[SMALL_B]]
// SM90-NOT: ttg.local_alloc
// SM90: ttng.warp_group_dot %[[BIG_A]], %[[BIG_B]]
// SM90-NOT: tt.dot
// SM90: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16x3_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = bf16x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// bf16x6: three parts each (a2 = bf16(a - a0 - a1)); a1 b1, a2 b0, a0 b2,
// a1 b0, a0 b1 from zero, NaNs zeroed, then a0 b0, then c.
// CHECK-LABEL: tt.func public @bf16x6_dot(
// CHECK: %[[A0:.*]] = arith.truncf %[[A:.*]] : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
// CHECK: %[[CA0:.*]] = ttg.convert_layout %[[A0]]
// CHECK: %[[A0F:.*]] = arith.extf %[[A0]]
// CHECK: %[[AR1:.*]] = arith.subf %[[A]], %[[A0F]]
// CHECK: %[[A1:.*]] = arith.truncf %[[AR1]]
// CHECK: %[[CA1:.*]] = ttg.convert_layout %[[A1]]
// CHECK: %[[A1F:.*]] = arith.extf %[[A1]]
// CHECK: %[[AR2:.*]] = arith.subf %[[AR1]], %[[A1F]]
// CHECK: %[[A2:.*]] = arith.truncf %[[AR2]]
// CHECK: %[[CA2:.*]] = ttg.convert_layout %[[A2]]
// CHECK: %[[B0:.*]] = arith.truncf %{{.*}} : tensor<32x64xf32, #blocked> to tensor<32x64xbf16, #blocked>
// CHECK: %[[CB0:.*]] = ttg.convert_layout %[[B0]]
// CHECK: %[[CB1:.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xbf16, #blocked>
// CHECK: %[[CB2:.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xbf16, #blocked>
// CHECK: ttg.convert_layout %[[CA1]] :
// CHECK-NEXT: ttg.convert_layout %[[CB1]] :
// CHECK: tt.dot
// CHECK: ttg.convert_layout %[[CA2]] :
// CHECK-NEXT: ttg.convert_layout %[[CB0]] :
// CHECK: tt.dot
// CHECK: ttg.convert_layout %[[CA0]] :
// CHECK-NEXT: ttg.convert_layout %[[CB2]] :
// CHECK: tt.dot
// CHECK: ttg.convert_layout %[[CA1]] :
// CHECK-NEXT: ttg.convert_layout %[[CB0]] :
// CHECK: tt.dot
// CHECK: ttg.convert_layout %[[CA0]] :
// CHECK-NEXT: ttg.convert_layout %[[CB1]] :
// CHECK: %[[D5:.*]] = tt.dot
// CHECK: %[[R5:.*]] = ttg.convert_layout %[[D5]]
// CHECK: arith.cmpf uno, %[[R5]], %[[R5]]
// CHECK: arith.select
// CHECK: ttg.convert_layout %[[CA0]] :
// CHECK-NEXT: ttg.convert_layout %[[CB0]] :
// CHECK: tt.dot
// CHECK: arith.addf
// CHECK-NOT: tt.dot
// SM90-LABEL: tt.func public @bf16x6_dot(
// SM90-COUNT-6: ttng.warp_group_dot
// SM90-NOT: ttng.warp_group_dot
// SM90-NOT: tt.dot
// SM90: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16x6_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = bf16x6 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// fp8 into f32: on sm_90 with M = 64, wgmma k32 with both operands staged
// K-major; on sm_80 (and for M < 64 on sm_90) the operands are converted
// to f16 (tt.fp_to_fp, exact) for m16n8k16.
// CHECK-LABEL: tt.func public @fp8_dot(
// CHECK: %[[AH:.*]] = tt.fp_to_fp %{{.*}} : tensor<64x64xf8E4M3FN, #blocked> -> tensor<64x64xf16, #blocked>
// CHECK: %[[BH:.*]] = tt.fp_to_fp %{{.*}} : tensor<64x64xf8E4M3FN, #blocked> -> tensor<64x64xf16, #blocked>
// CHECK: %[[A:.*]] = ttg.convert_layout %[[AH]] : {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %[[BH]] : {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: tt.dot %[[A]], %[[B]], {{.*}} -> tensor<64x64xf32, #mma>
// CHECK-LABEL: tt.func public @fp8_dot_small(
// CHECK: tt.fp_to_fp %{{.*}} : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf16, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<32x64xf32, #mma{{[0-9]*}}>
// SM90-DAG: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// SM90-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// SM90-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// SM90-LABEL: tt.func public @fp8_dot(
// SM90-NOT: tt.fp_to_fp
// SM90: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xf8E4M3FN, #[[SA]], #smem>
// SM90: %[[B:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xf8E4M3FN, #[[SB]], #smem>
// SM90: ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} -> tensor<64x64xf32, #[[WG]]>
// SM90-NOT: tt.dot
// SM90-LABEL: tt.func public @fp8_dot_small(
// SM90-NOT: warp_group_dot
// SM90: tt.fp_to_fp %{{.*}} : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf16, #blocked>
// SM90: tt.fp_to_fp %{{.*}} : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf16, #blocked>
// SM90: tt.dot {{.*}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[V2:mma[0-9]*]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[V2]], kWidth = 2}>> -> tensor<32x64xf32, #[[V2]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_dot(%a: tensor<64x64xf8E4M3FN, #blocked>, %b: tensor<64x64xf8E4M3FN, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xf8E4M3FN, #blocked> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xf8E4M3FN, #blocked> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func public @fp8_dot_small(%a: tensor<32x32xf8E5M2, #blocked>, %b: tensor<32x64xf8E5M2, #blocked>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}

// -----

// Two dots of the same operand in two loops (attention's queries in its two
// stages): each loop stages its own copy; a buffer staged in the first loop
// does not dominate the second.
// SM90-LABEL: tt.func public @same_operand_two_loops(
// SM90: scf.for
// SM90: ttg.local_alloc %[[Q:[^ ]*]] : (tensor<64x64xf16, #blocked>)
// SM90: ttng.warp_group_dot
// SM90: scf.for
// SM90: ttg.local_alloc %[[Q]] : (tensor<64x64xf16, #blocked>)
// SM90: ttng.warp_group_dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @same_operand_two_loops(%q: tensor<64x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
    %qa = ttg.convert_layout %q : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %kb = ttg.convert_layout %k : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %first = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %d = tt.dot %qa, %kb, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    %second = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %first) -> (tensor<64x64xf32, #blocked>) : i32 {
      %d = tt.dot %qa, %kb, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    tt.return %second : tensor<64x64xf32, #blocked>
  }
}

// -----

// f64 x f64 -> f64 takes mma.sync m8n8k4 on sm_80 and on sm_90 alike
// (wgmma has no f64 form): the version-2 layouts, operands with kWidth 1
// (one f64 register along K), whatever the warps (4 here: no wgmma either
// way). K = 4 is a whole instruction step.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @f64_dot(
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xf64, #blocked> -> tensor<64x64xf64, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<64x64xf64, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<64x64xf64, #[[MMA]]> -> tensor<64x64xf64, #blocked>
// CHECK-LABEL: tt.func public @f64_k4(
// CHECK: tt.dot {{.*}} : tensor<16x4xf64, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 1}>> * tensor<4x8xf64, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 1}>> -> tensor<16x8xf64, #
// Left to the FMA dot: M = 8 (no whole 16x8 tile) and f64 x f64 -> f32.
// CHECK-LABEL: tt.func public @f64_left_alone(
// CHECK: tt.dot {{.*}} -> tensor<8x64xf64, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
// SM90: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// SM90-LABEL: tt.func public @f64_dot(
// SM90-NOT: ttng.warp_group_dot
// SM90-NOT: ttg.local_alloc
// SM90: tt.dot {{.*}} : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<64x64xf64, #[[MMA]]>
// SM90-NOT: ttng.warp_group_dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_dot(%a: tensor<64x32xf64, #blocked>, %b: tensor<32x64xf64, #blocked>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf64, #blocked> -> tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf64, #blocked> -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
  tt.func public @f64_k4(%a: tensor<16x4xf64, #blocked>, %b: tensor<4x8xf64, #blocked>, %c: tensor<16x8xf64, #blocked>) -> tensor<16x8xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<16x4xf64, #blocked> -> tensor<16x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<4x8xf64, #blocked> -> tensor<4x8xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<16x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x8xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xf64, #blocked>
    tt.return %d : tensor<16x8xf64, #blocked>
  }
  tt.func public @f64_left_alone(%a: tensor<8x32xf64, #blocked>, %b: tensor<32x64xf64, #blocked>, %c: tensor<8x64xf64, #blocked>, %x: tensor<64x32xf64, #blocked>, %y: tensor<32x64xf64, #blocked>, %z: tensor<64x64xf32, #blocked>) -> (tensor<8x64xf64, #blocked>, tensor<64x64xf32, #blocked>) {
    %a1 = ttg.convert_layout %a : tensor<8x32xf64, #blocked> -> tensor<8x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf64, #blocked> -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<8x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x64xf64, #blocked>
    %x1 = ttg.convert_layout %x : tensor<64x32xf64, #blocked> -> tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %y1 = ttg.convert_layout %y : tensor<32x64xf64, #blocked> -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %e = tt.dot %x1, %y1, %z : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d, %e : tensor<8x64xf64, #blocked>, tensor<64x64xf32, #blocked>
  }
}

// -----

// On sm_90 a tf32 operand loaded in a loop along M (A) or N (B) is staged
// transposed, one element per cp.async once pipelined: it is reloaded in a
// layout whose warps cover 8 elements along the loaded dimension by 4 along
// K, so that their copies hit distinct banks. A K-major operand keeps its
// layout, and so does a load outside a loop (a vectorized ld.global).
// SM90-DAG: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// SM90-DAG: #[[COLS:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// SM90-DAG: #[[TB:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// SM90-DAG: #[[TA:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// SM90-LABEL: tt.func public @tf32_loaded_along_n(
// SM90: scf.for
// SM90: %[[BPTR:.*]] = ttg.convert_layout %arg1 : tensor<32x64x!tt.ptr<f32>, #[[ROWS]]> -> tensor<32x64x!tt.ptr<f32>, #[[TB]]>
// SM90: %[[B:.*]] = tt.load %[[BPTR]] : tensor<32x64x!tt.ptr<f32>, #[[TB]]>
// SM90: ttg.local_alloc %[[B]] : (tensor<32x64xf32, #[[TB]]>)
// SM90: ttng.warp_group_dot
// SM90-LABEL: tt.func public @tf32_loaded_along_m(
// SM90: scf.for
// SM90: %[[APTR:.*]] = ttg.convert_layout %arg0 : tensor<64x32x!tt.ptr<f32>, #[[COLS]]> -> tensor<64x32x!tt.ptr<f32>, #[[TA]]>
// SM90: %[[A:.*]] = tt.load %[[APTR]] : tensor<64x32x!tt.ptr<f32>, #[[TA]]>
// SM90: ttg.local_alloc %[[A]] : (tensor<64x32xf32, #[[TA]]>)
// SM90: ttng.warp_group_dot
// SM90-LABEL: tt.func public @tf32_loaded_along_k(
// SM90-NOT: #[[TA]]>
// SM90-NOT: #[[TB]]>
// SM90: ttng.warp_group_dot
// SM90-LABEL: tt.func public @tf32_loaded_outside_a_loop(
// SM90-NOT: #[[TB]]>
// SM90: ttng.warp_group_dot

#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_loaded_along_n(%pa: tensor<64x32x!tt.ptr<f32>, #rows>, %pb: tensor<32x64x!tt.ptr<f32>, #rows>, %c: tensor<64x64xf32, #rows>, %n: i32) -> tensor<64x64xf32, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #rows>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #rows>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #rows>
      %a1 = ttg.convert_layout %a : tensor<64x32xf32, #rows> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>>
      %b1 = ttg.convert_layout %b : tensor<32x64xf32, #rows> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>>
      %d = tt.dot %a1, %b1, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>> -> tensor<64x64xf32, #rows>
      scf.yield %d : tensor<64x64xf32, #rows>
    }
    tt.return %r : tensor<64x64xf32, #rows>
  }
  tt.func public @tf32_loaded_along_m(%pa: tensor<64x32x!tt.ptr<f32>, #cols>, %pb: tensor<32x64x!tt.ptr<f32>, #cols>, %c: tensor<64x64xf32, #rows>, %n: i32) -> tensor<64x64xf32, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #rows>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #cols>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #cols>
      %a1 = ttg.convert_layout %a : tensor<64x32xf32, #cols> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>>
      %b1 = ttg.convert_layout %b : tensor<32x64xf32, #cols> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>>
      %d = tt.dot %a1, %b1, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>> -> tensor<64x64xf32, #rows>
      scf.yield %d : tensor<64x64xf32, #rows>
    }
    tt.return %r : tensor<64x64xf32, #rows>
  }
  tt.func public @tf32_loaded_along_k(%pa: tensor<64x32x!tt.ptr<f32>, #rows>, %pb: tensor<32x64x!tt.ptr<f32>, #cols>, %c: tensor<64x64xf32, #rows>, %n: i32) -> tensor<64x64xf32, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #rows>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #rows>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #cols>
      %a1 = ttg.convert_layout %a : tensor<64x32xf32, #rows> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>>
      %b1 = ttg.convert_layout %b : tensor<32x64xf32, #cols> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>>
      %d = tt.dot %a1, %b1, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>> -> tensor<64x64xf32, #rows>
      scf.yield %d : tensor<64x64xf32, #rows>
    }
    tt.return %r : tensor<64x64xf32, #rows>
  }
  tt.func public @tf32_loaded_outside_a_loop(%pa: tensor<64x32x!tt.ptr<f32>, #rows>, %pb: tensor<32x64x!tt.ptr<f32>, #rows>, %c: tensor<64x64xf32, #rows>) -> tensor<64x64xf32, #rows> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #rows>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #rows>
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #rows> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #rows> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #rows}>> -> tensor<64x64xf32, #rows>
    tt.return %d : tensor<64x64xf32, #rows>
  }
}

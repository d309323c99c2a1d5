// nvidia-accelerate-matmul: f16/bf16 dots into f32 move to the mma.sync
// layouts (sm_80), or to wgmma on sm_90 (SM90 below); other dots and
// architectures before sm_80 are left alone. tf32 and i8 dots: see
// accelerate-matmul-types.mlir.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=80 %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=90 %s | FileCheck %s --check-prefix=SM90
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --nvidia-accelerate-matmul=compute-capability=75 %s | FileCheck %s --check-prefix=SM75

// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @f16_dot(
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]]{{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #{{.*}}>
// CHECK: tt.return %[[R]]
// SM75-LABEL: tt.func public @f16_dot(
// SM75-NOT: nvidia_mma
// SM75: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>

// One warp group, wgmma N = 64; both operands staged with a 64-byte swizzle
// (their rows are 32 and 64 f16 wide: A's 64 bytes, B's 128).
// SM90-DAG: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// SM90-DAG: #[[S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// SM90-DAG: #[[S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// SM90-LABEL: tt.func public @f16_dot(
// SM90: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x32xf16, #[[S64]], #smem>
// SM90: %[[B:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x64xf16, #[[S128]], #smem>
// SM90: %[[C:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xf32, #[[WG]]>
// SM90: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {{.*}} -> tensor<64x64xf32, #[[WG]]>
// SM90: ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[WG]]> -> tensor<64x64xf32, #blocked>
// SM90-NOT: tt.dot

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_dot(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Eight warps over 128 x 128: along M while M has 16-row tiles to spare,
// then along N.
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @bf16_dot(
// On sm_90: two warp groups along M, wgmma N = 128.
// SM90: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
// SM90-LABEL: tt.func public @bf16_dot(
// SM90: ttng.warp_group_dot {{.*}} : !ttg.memdesc<128x64xbf16, {{.*}}> * !ttg.memdesc<64x128xbf16, {{.*}}> -> tensor<128x128xf32

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_dot(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// f32 operands at ieee precision (tt.dot's default) stay exact, on the
// blocked layout (the core's FMA dot).
// CHECK-LABEL: tt.func public @f32_dot(
// CHECK-NOT: nvidia_mma
// SM90-LABEL: tt.func public @f32_dot(
// SM90-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #blocked>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_dot(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// Chained dots (the first result, converted to f16, is the second's A
// operand, as in attention): both keep all four warps along M, so each warp
// holds whole rows of the first result.
// CHECK: #[[CHAIN:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @chained(
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[CHAIN]]>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[CHAIN]]>
// On sm_90 both become warp-group dots; A operands that are not loaded
// from memory (here the arguments, and the first result) stay in
// registers, in the dot-operand layout of the wgmma accumulator.
// SM90: #[[CHAIN90:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// SM90-LABEL: tt.func public @chained(
// SM90: ttng.warp_group_dot {{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[CHAIN90]], kWidth = 2}>> * !ttg.memdesc<32x64xf16
// SM90: arith.truncf
// SM90: %[[P:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[CHAIN90]], kWidth = 2}>>
// SM90: ttng.warp_group_dot %[[P]], {{.*}} -> tensor<64x64xf32, #[[CHAIN90]]>
// SM90-NOT: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @chained(%q: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %s = tt.dot %q, %k, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %p = arith.truncf %s : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %pa = ttg.convert_layout %p : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %pa, %v, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %o : tensor<64x64xf32, #blocked>
  }
}

// -----

// A B operand loaded K-contiguous (order [0, 1], as tt.trans leaves it) is
// staged K-major: a transposed nvmma_shared buffer. M = 32 is less than a
// warp group's 64 rows: mma.sync instead.
// SM90-DAG: #[[KMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// SM90-LABEL: tt.func public @k_major_b(
// SM90: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #[[COLS:.*]]>) -> !ttg.memdesc<64x64xf16, #[[KMAJOR]], #smem>
// SM90: ttng.warp_group_dot
// SM90-LABEL: tt.func public @short_m(
// SM90-NOT: warp_group_dot
// SM90: tt.dot {{.*}} -> tensor<32x64xf32, #mma1>

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k_major_b(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #cols>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xf16, #cols> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func public @short_m(%a: tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}

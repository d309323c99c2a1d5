// RUN: trident-opt %s -split-input-file -ttg-slice-dot-operands | FileCheck %s
// RUN: trident-opt %s -split-input-file -ttg-slice-dot-operands=k-step=32 | FileCheck %s --check-prefix=K32
// RUN: not trident-opt %s -split-input-file -ttg-slice-dot-operands=k-step=12 2>&1 | FileCheck %s --check-prefix=BADK
// BADK: error: ttg-slice-dot-operands: k-step must be a positive power of two, got 12

// Both operands read whole from shared memory for this dot: four steps of
// 16 along K, each reading a window of each buffer, chained through the
// accumulator in K order.
// CHECK-LABEL: tt.func @sliced
// CHECK-SAME: (%[[SA:.*]]: !ttg.memdesc<32x64xf16, #{{.*}}, #smem>, %[[SB:.*]]: !ttg.memdesc<64x32xf16, #{{.*}}, #smem>, %[[C:.*]]: tensor<32x32xf32
// CHECK: %[[WA0:.*]] = ttg.memdesc_subslice %[[SA]][0, 0] : !ttg.memdesc<32x64xf16, #{{.*}}, #smem> -> !ttg.memdesc<32x16xf16, #{{.*}}, #smem, 32x64>
// CHECK: %[[A0:.*]] = ttg.local_load %[[WA0]] : !ttg.memdesc<32x16xf16, #{{.*}}, #smem, 32x64> -> tensor<32x16xf16
// CHECK: %[[WB0:.*]] = ttg.memdesc_subslice %[[SB]][0, 0] : !ttg.memdesc<64x32xf16, #{{.*}}, #smem> -> !ttg.memdesc<16x32xf16, #{{.*}}, #smem, 64x32>
// CHECK: %[[B0:.*]] = ttg.local_load %[[WB0]]
// CHECK: %[[D0:.*]] = tt.dot %[[A0]], %[[B0]], %[[C]]
// CHECK: ttg.memdesc_subslice %[[SA]][0, 16]
// CHECK: ttg.memdesc_subslice %[[SB]][16, 0]
// CHECK: %[[D1:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D0]]
// CHECK: ttg.memdesc_subslice %[[SA]][0, 32]
// CHECK: %[[D2:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D1]]
// CHECK: ttg.memdesc_subslice %[[SA]][0, 48]
// CHECK: ttg.memdesc_subslice %[[SB]][48, 0]
// CHECK: %[[D3:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D2]]
// CHECK-NOT: tt.dot
// CHECK: tt.return %[[D3]]
// K32-LABEL: tt.func @sliced
// K32-COUNT-2: tt.dot
// K32-NOT: tt.dot
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sliced(%sa: !ttg.memdesc<32x64xf16, #shared, #smem>, %sb: !ttg.memdesc<64x32xf16, #shared, #smem>, %c: tensor<32x32xf32, #acc>) -> tensor<32x32xf32, #acc> {
    %a = ttg.local_load %sa : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %b = ttg.local_load %sb : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %a, %b, %c : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    tt.return %d : tensor<32x32xf32, #acc>
  }
}

// -----

// Left alone: an operand that is not read from shared memory, a read used
// twice, and a K of one step.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: ttg.memdesc_subslice
// CHECK-COUNT-3: tt.dot
// K32-LABEL: tt.func @kept
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%sa: !ttg.memdesc<32x64xf16, #shared, #smem>, %b: tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %s16: !ttg.memdesc<32x16xf16, #shared, #smem>, %b16: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x32xf32, #acc>) -> tensor<32x32xf32, #acc> {
    %a = ttg.local_load %sa : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %a, %b, %c : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    %e = tt.dot %a, %b, %d : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    %a16 = ttg.local_load %s16 : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %f = tt.dot %a16, %b16, %e : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    tt.return %f : tensor<32x32xf32, #acc>
  }
}

// -----

// 8-bit operands step by as many bytes as 16-bit ones: 32 of K for the
// default k-step of 16 (64 for k-step = 32), two steps over K = 64.
// CHECK-LABEL: tt.func @sliced_i8
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<32x64xi8, #{{.*}}, #smem> -> !ttg.memdesc<32x32xi8, #{{.*}}, #smem, 32x64>
// CHECK: %[[D0:.*]] = tt.dot
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 32]
// CHECK: ttg.memdesc_subslice %{{.*}}[32, 0]
// CHECK: tt.dot %{{.*}}, %{{.*}}, %[[D0]]
// CHECK-NOT: tt.dot
// K32-LABEL: tt.func @sliced_i8
// K32-NOT: memdesc_subslice
// K32-COUNT-1: tt.dot
// K32-NOT: tt.dot
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sliced_i8(%sa: !ttg.memdesc<32x64xi8, #shared, #smem>, %sb: !ttg.memdesc<64x32xi8, #shared, #smem>, %c: tensor<32x32xi32, #acc>) -> tensor<32x32xi32, #acc> {
    %a = ttg.local_load %sa : !ttg.memdesc<32x64xi8, #shared, #smem> -> tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %b = ttg.local_load %sb : !ttg.memdesc<64x32xi8, #shared, #smem> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xi32, #acc>
    tt.return %d : tensor<32x32xi32, #acc>
  }
}

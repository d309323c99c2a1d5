// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-accelerate-matmul %s | FileCheck %s
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-accelerate-matmul=remarks=true --verify-diagnostics %s -o /dev/null

// intel-accelerate-matmul: dots DPAS computes move to #ttg.intel_dpas and
// its operand layouts; the others stay on the FMA path, each with a remark
// saying why when asked for (second RUN line).

// Four warps over 64 x 64: along M while M has 8-row tiles to spare; each
// warp then takes 2 x 2 instruction tiles.
// CHECK: #[[DPAS:.*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 2]}>
// CHECK-LABEL: tt.func public @f16_dot(
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[DPAS]], kWidth = 1}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[DPAS]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[DPAS]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]]{{.*}} -> tensor<64x64xf32, #[[DPAS]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[DPAS]]> -> tensor<64x64xf32, #{{.*}}>
// CHECK: tt.return %[[R]]

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @f16_dot(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Eight warps over 128 x 128: four along M, then two along N; 4 x 2 tiles
// per warp.
// CHECK: #[[DPAS:.*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 2], repCluster = [4, 2]}>
// CHECK-LABEL: tt.func public @bf16_dot(
// CHECK: tt.dot {{.*}} : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[DPAS]], kWidth = 1}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[DPAS]], kWidth = 2}>> -> tensor<128x128xf32, #[[DPAS]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @bf16_dot(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// i8 into i32: four 8-bit values per channel, K steps of 32.
// CHECK: #[[DPAS:.*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [1, 2]}>
// CHECK-LABEL: tt.func public @i8_dot(
// CHECK: tt.dot {{.*}} : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[DPAS]], kWidth = 2}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #[[DPAS]], kWidth = 4}>> -> tensor<32x32xi32, #[[DPAS]]>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @i8_dot(%a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xi32, #blocked>) -> tensor<32x32xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xi32, #blocked>
    tt.return %d : tensor<32x32xi32, #blocked>
  }
}

// -----

// The FMA path: types DPAS does not take, shapes that are not multiples of
// its tile, batched dots.
// CHECK-NOT: intel_dpas
// CHECK-LABEL: tt.func public @fallbacks(
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf16, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x8xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<2x32x32xf32, #blocked1>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @fallbacks(%a32: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b32: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                            %a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                            %c: tensor<64x64xf32, #blocked>, %c16: tensor<64x64xf16, #blocked>,
                            %bn: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %cn: tensor<64x8xf32, #blocked>,
                            %ak: tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %bk: tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                            %a3: tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>, %b3: tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>>, %c3: tensor<2x32x32xf32, #blocked3>) {
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: DPAS computes f16 or bf16 into f32 and i8 into i32}}
    %0 = tt.dot %a32, %b32, %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: DPAS computes f16 or bf16 into f32 and i8 into i32}}
    %1 = tt.dot %a, %b, %c16 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: the shape 64x8x32 is not a multiple of the instruction's 8x16x16}}
    %2 = tt.dot %a, %bn, %cn : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x8xf32, #blocked>
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: the shape 64x64x8 is not a multiple of the instruction's 8x16x16}}
    %3 = tt.dot %ak, %bk, %c : tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: only 2-d dots are supported, got rank 3}}
    %4 = tt.dot %a3, %b3, %c3 : tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> * tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>> -> tensor<2x32x32xf32, #blocked3>
    tt.return
  }
}

// -----

// Sub-groups of 32 lanes: no DPAS (it runs at SIMD16).
// CHECK-NOT: intel_dpas
// CHECK-LABEL: tt.func public @simd32(
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @simd32(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-remark @+1 {{intel-accelerate-matmul: left on the FMA path: DPAS needs sub-groups of 16 lanes, the module has 32}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

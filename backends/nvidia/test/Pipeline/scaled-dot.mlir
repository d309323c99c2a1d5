// REQUIRES: nvidia-plugin
// tt.dot_scaled has no microscaled MMA before sm_100: the TTIR pipeline
// decomposes it (tt-decompose-scaled-dot) into upcasts, scaling and a bf16
// tt.dot, which sm_90 runs on mma.sync.
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s
// CHECK: .visible .entry scaled_dot_kernel(
// CHECK-NOT: dot_scaled
// CHECK: cvt.rn.f16x2.e4m3x2
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
module {
  tt.func public @scaled_dot_kernel(%a_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %sa_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %sb_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %c32 = arith.constant dense<32> : tensor<32x1xi32>
    %c2 = arith.constant dense<2> : tensor<32x1xi32>
    %c32k = arith.constant dense<32> : tensor<64x1xi32>
    // a: [32, 32] i8 (row-major, 32 bytes per row)
    %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %cols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %ro = arith.muli %rows, %c32 : tensor<32x1xi32>
    %rob = tt.broadcast %ro : tensor<32x1xi32> -> tensor<32x32xi32>
    %cob = tt.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
    %off = arith.addi %rob, %cob : tensor<32x32xi32>
    %ap = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<32x32x!tt.ptr<i8>>
    %ap2 = tt.addptr %ap, %off : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
    %a = tt.load %ap2 : tensor<32x32x!tt.ptr<i8>>
    // scales: [32, 2] i8
    %scols = tt.expand_dims %r2 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
    %sro = arith.muli %rows, %c2 : tensor<32x1xi32>
    %srob = tt.broadcast %sro : tensor<32x1xi32> -> tensor<32x2xi32>
    %scob = tt.broadcast %scols : tensor<1x2xi32> -> tensor<32x2xi32>
    %soff = arith.addi %srob, %scob : tensor<32x2xi32>
    %sap = tt.splat %sa_ptr : !tt.ptr<i8> -> tensor<32x2x!tt.ptr<i8>>
    %sap2 = tt.addptr %sap, %soff : tensor<32x2x!tt.ptr<i8>>, tensor<32x2xi32>
    %sa = tt.load %sap2 : tensor<32x2x!tt.ptr<i8>>
    %sbp = tt.splat %sb_ptr : !tt.ptr<i8> -> tensor<32x2x!tt.ptr<i8>>
    %sbp2 = tt.addptr %sbp, %soff : tensor<32x2x!tt.ptr<i8>>, tensor<32x2xi32>
    %sb = tt.load %sbp2 : tensor<32x2x!tt.ptr<i8>>
    // b: [64, 32] e4m3 bytes
    %krows = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %kro = arith.muli %krows, %c32k : tensor<64x1xi32>
    %krob = tt.broadcast %kro : tensor<64x1xi32> -> tensor<64x32xi32>
    %kcob = tt.broadcast %cols : tensor<1x32xi32> -> tensor<64x32xi32>
    %koff = arith.addi %krob, %kcob : tensor<64x32xi32>
    %bp = tt.splat %b_ptr : !tt.ptr<i8> -> tensor<64x32x!tt.ptr<i8>>
    %bp2 = tt.addptr %bp, %koff : tensor<64x32x!tt.ptr<i8>>, tensor<64x32xi32>
    %bi = tt.load %bp2 : tensor<64x32x!tt.ptr<i8>>
    %b = tt.bitcast %bi : tensor<64x32xi8> -> tensor<64x32xf8E4M3FN>
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %zero lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x32xf8E4M3FN>, tensor<32x2xi8> -> tensor<32x32xf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %op2 = tt.addptr %op, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    tt.store %op2, %d : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
}

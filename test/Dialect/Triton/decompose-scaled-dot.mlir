// RUN: trident-opt %s -split-input-file -tt-decompose-scaled-dot | FileCheck %s

// e2m1 lhs packed along K with scales, e4m3 rhs with scales: both operands are
// upcast to f32, scaled per group of 32 K-elements, rounded to bf16 and fed to
// a plain tt.dot.
// CHECK-LABEL: tt.func @e2m1_e4m3
tt.func @e2m1_e4m3(%a: tensor<32x32xi8>, %sa: tensor<32x2xi8>, %b: tensor<64x32xf8E4M3FN>, %sb: tensor<32x2xi8>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-NOT: tt.dot_scaled
  // lhs: nibbles -> f32 bits, low nibble first along K.
  // CHECK: arith.extui %{{.*}} : tensor<32x32xi8> to tensor<32x32xi32>
  // CHECK: arith.shrui
  // CHECK: tt.bitcast %{{.*}} : tensor<32x32xi32> -> tensor<32x32xf32>
  // CHECK: %[[J:.*]] = tt.join %[[LO:.*]], %[[HI:.*]] : tensor<32x32xf32> -> tensor<32x32x2xf32>
  // CHECK: %[[A:.*]] = tt.reshape %[[J]] : tensor<32x32x2xf32> -> tensor<32x64xf32>
  // rhs: fp8 upcast in its transposed form.
  // CHECK: %[[BT:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf8E4M3FN> -> tensor<32x64xf8E4M3FN>
  // CHECK: %[[B:.*]] = tt.fp_to_fp %[[BT]] : tensor<32x64xf8E4M3FN> -> tensor<32x64xf32>
  // Scales: s << 23, 2^-127 for s == 0, NaN for 0xFF (no fastMath).
  // CHECK: arith.constant dense<23> : tensor<32x2xi32>
  // CHECK: arith.constant dense<4194304> : tensor<32x2xi32>
  // CHECK: arith.constant dense<2143289344> : tensor<32x2xi32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<32x2xf32> -> tensor<32x2x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<32x2x1xf32> -> tensor<32x2x32xf32>
  // CHECK: %[[SA:.*]] = tt.reshape %{{.*}} : tensor<32x2x32xf32> -> tensor<32x64xf32>
  // CHECK: %[[AS:.*]] = arith.mulf %[[A]], %[[SA]] : tensor<32x64xf32>
  // CHECK: %[[BS:.*]] = arith.mulf %[[B]], %{{.*}} : tensor<32x64xf32>
  // CHECK: %[[A16:.*]] = arith.truncf %[[AS]] : tensor<32x64xf32> to tensor<32x64xbf16>
  // CHECK: %[[B16:.*]] = arith.truncf %[[BS]] : tensor<32x64xf32> to tensor<32x64xbf16>
  // CHECK: %[[B16T:.*]] = tt.trans %[[B16]] {order = array<i32: 1, 0>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
  // CHECK: %[[D:.*]] = tt.dot %[[A16]], %[[B16T]], %{{.*}} : tensor<32x64xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
  // CHECK: tt.return %[[D]]
  %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x32xf8E4M3FN>, tensor<32x2xi8> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// fastMath drops the NaN select; an unscaled rhs is only upcast.
// CHECK-LABEL: tt.func @fast_unscaled_rhs
tt.func @fast_unscaled_rhs(%a: tensor<32x64xf8E5M2>, %sa: tensor<32x2xi8>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<32x64xf8E5M2> -> tensor<32x64xf32>
  // CHECK-NOT: 2143289344
  // CHECK: arith.constant dense<4194304>
  // CHECK-NOT: 2143289344
  // CHECK: tt.dot %{{.*}} : tensor<32x64xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e5m2 rhs = e4m3 {fastMath = true} : tensor<32x64xf8E5M2>, tensor<32x2xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// e2m1 packed along M (lhs_k_pack = false): pairs are consecutive rows.
// CHECK-LABEL: tt.func @e2m1_m_packed
tt.func @e2m1_m_packed(%a: tensor<16x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<16x64xf32> -> tensor<16x64x2xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<16x64x2xf32> -> tensor<16x2x64xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<16x2x64xf32> -> tensor<32x64xf32>
  // The unscaled bf16 rhs is used as it is.
  // CHECK-NOT: arith.extf
  // CHECK: arith.truncf %{{.*}} : tensor<32x64xf32> to tensor<32x64xbf16>
  // CHECK-NOT: arith.truncf
  // CHECK: tt.dot %{{.*}} : tensor<32x64xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false, lhs_k_pack = false} : tensor<16x64xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// An f16 operand makes f16 the dot's input type.
// CHECK-LABEL: tt.func @f16_rhs
tt.func @f16_rhs(%a: tensor<32x64xf8E4M3FN>, %b: tensor<64x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: tt.dot %{{.*}} : tensor<32x64xf16> * tensor<64x32xf16> -> tensor<32x32xf32>
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = fp16 {fastMath = false} : tensor<32x64xf8E4M3FN> * tensor<64x32xf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

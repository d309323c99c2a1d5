// RUN: trident-opt %s -split-input-file -tt-decompose-scaled-dot -verify-diagnostics

tt.func @fp6(%a: tensor<32x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op with fp6 (e2m3/e3m2) operands is not supported; got lhs = e2m3 rhs = bf16}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<32x64xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @storage(%a: tensor<32x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op expects lhs = e4m3 in 'f8E4M3FN' and rhs = bf16 in 'bf16', but got 'tensor<32x64xi8>' and 'tensor<64x32xbf16>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// The verifier checks the scales' shape; only e8m0 (i8) scales decompose.
tt.func @scales(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x2xbf16>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op expects lhs scales of i8 e8m0 in a 32xG tensor with G dividing 64, but got 'tensor<32x2xbf16>'}}
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x2xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @batched(%a: tensor<2x32x64xf8E4M3FN>, %b: tensor<2x64x32xbf16>, %c: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op with batched (rank-3) operands is not supported, got 'tensor<2x32x64xf8E4M3FN>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<2x32x64xf8E4M3FN> * tensor<2x64x32xbf16> -> tensor<2x32x32xf32>
  tt.return %d : tensor<2x32x32xf32>
}

// RUN: trident-opt %s -split-input-file -convert-triton-to-tritongpu="num-warps=4" -verify-diagnostics

// A 0-d tensor has no distributed layout: each op that declares, takes or
// yields one is reported by name, and the conversion fails without a crash.

// expected-error @+1 {{'tt.func' op convert-triton-to-tritongpu: the 0-d tensor 'tensor<f32>' has no distributed layout; use a scalar or a tensor of one element}}
tt.func @argument(%x: tensor<f32>) {
  tt.return
}

// -----

tt.func @join(%x: f32) -> tensor<2xf32> {
  // expected-error @+1 {{'arith.constant' op convert-triton-to-tritongpu: the 0-d tensor 'tensor<f32>'}}
  %a = arith.constant dense<1.000000e+00> : tensor<f32>
  // expected-error @+1 {{'tt.join' op convert-triton-to-tritongpu: the 0-d tensor 'tensor<f32>'}}
  %j = tt.join %a, %a : tensor<f32> -> tensor<2xf32>
  tt.return %j : tensor<2xf32>
}

// -----

tt.func @split(%x: f32) {
  %t = tt.splat %x : f32 -> tensor<2xf32>
  // expected-error @+1 {{'tt.split' op convert-triton-to-tritongpu: the 0-d tensor 'tensor<f32>'}}
  %l, %r = tt.split %t : tensor<2xf32> -> tensor<f32>
  tt.return
}

// -----

// A block pointer to a 0-d block.
// expected-error @+1 {{'tt.func' op convert-triton-to-tritongpu: the 0-d tensor 'tensor<f32>'}}
tt.func @block_pointer(%p: !tt.ptr<tensor<f32>>) {
  tt.return
}

// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-descriptors -verify-diagnostics

// A descriptor read from an opaque TMA descriptor pointer has no shape or
// strides the kernel could use.

tt.func @reinterpret(%raw: !tt.ptr<i8>, %i: i32) -> tensor<16xf32> {
  // expected-error @+1 {{'tt.reinterpret_tensor_descriptor' cannot be rewritten to pointer arithmetic: the shape and strides of an opaque TMA descriptor are not known to the kernel}}
  %d = tt.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<16xf32>>
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

// -----

// tt.atomic_rmw has no floating-point min.

tt.func @reduce_min_f32(%p: !tt.ptr<f32>, %m: i32, %i: i32, %v: tensor<16xf32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<16xf32>>
  // expected-error @+1 {{'tt.descriptor_reduce' of kind 'min' on 'f32' has no tt.atomic_rmw equivalent}}
  tt.descriptor_reduce min, %d[%i], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return
}

// -----

// Nor a wrapping increment.

tt.func @reduce_inc(%p: !tt.ptr<i32>, %m: i32, %i: i32, %v: tensor<16xi32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <i32>, <tensor<16xi32>>
  // expected-error @+1 {{'tt.descriptor_reduce' of kind 'inc' on 'i32' has no tt.atomic_rmw equivalent}}
  tt.descriptor_reduce inc, %d[%i], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return
}

// -----

// Unstructured control flow carrying a descriptor is not split into parts.

tt.func @branch(%p: !tt.ptr<f32>, %m: i32, %i: i32) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<16xf32>>
  // expected-error @+1 {{'cf.br' on a tensor descriptor cannot be rewritten to pointer arithmetic}}
  cf.br ^bb1(%d : !tt.tensordesc<tensor<16xf32>>)
^bb1(%e: !tt.tensordesc<tensor<16xf32>>):
  %t = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

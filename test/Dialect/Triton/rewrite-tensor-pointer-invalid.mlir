// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-pointer -verify-diagnostics

// A block pointer passed to a call cannot be expanded: the callee's signature
// is not rewritten.

tt.func private @callee(!tt.ptr<tensor<64x32xf16>>)

tt.func @call_operand(%base: !tt.ptr<f16>, %M: i64, %K: i64, %sm: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M, %K], [%sm, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // expected-error @+1 {{'tt.call' op uses block pointer '!tt.ptr<tensor<64x32xf16>>' as operand #0, which tt-rewrite-tensor-pointer cannot lower}}
  tt.call @callee(%p) : (!tt.ptr<tensor<64x32xf16>>) -> ()
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op takes block pointer '!tt.ptr<tensor<16xf32>>' as block argument #0, which tt-rewrite-tensor-pointer cannot lower}}
tt.func @block_pointer_argument(%p: !tt.ptr<tensor<16xf32>>) {
  %t = tt.load %p : !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

tt.func @loop_changes_base(%base: !tt.ptr<f32>, %M: i64, %n: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%q = %p) -> (!tt.ptr<tensor<16xf32>>) : i32 {
    %next = tt.addptr %base, %i : !tt.ptr<f32>, i32
    %fresh = tt.make_tensor_ptr %next, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>
    // expected-error @+1 {{'scf.yield' op carries block pointer #0 back into the loop with another base, shape or strides; only the offsets of a loop-carried block pointer may change}}
    scf.yield %fresh : !tt.ptr<tensor<16xf32>>
  }
  %t = tt.load %r : !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

tt.func @nan_padding_of_integers(%base: !tt.ptr<i32>, %M: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xi32>>
  // expected-error @+1 {{'tt.load' op cannot pad elements of type 'i32' with NaN}}
  %t = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<16xi32>>
  tt.return
}

// -----

tt.func @block_with_encoding(%base: !tt.ptr<f32>, %M: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-error @+1 {{'tt.make_tensor_ptr' op makes a block pointer to 'tensor<16xf32, "enc">', which has an encoding; tt-rewrite-tensor-pointer lowers only TTIR block pointers, whose tensors have none}}
  %p = tt.make_tensor_ptr %base, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32, "enc">>
  tt.return
}

// -----

tt.func @dynamic_block(%base: !tt.ptr<f32>, %M: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-error @+1 {{'tt.make_tensor_ptr' op makes a block pointer to 'tensor<?xf32>', which has a dynamic shape}}
  %p = tt.make_tensor_ptr %base, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<?xf32>>
  tt.return
}

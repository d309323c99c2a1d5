// RUN: trident-opt %s -split-input-file -verify-diagnostics

tt.func @non_power_of_two(%x: tensor<3xf32>) {
  // expected-error @+1 {{requires tensors with a power-of-two number of elements, but got 'tensor<3xf32>'}}
  %y = tt.precise_sqrt %x : tensor<3xf32>
  tt.return
}

// -----

tt.func @too_many_elements(%x: f32) {
  // expected-error @+1 {{has a tensor with 2097152 elements, more than the limit of 1048576}}
  %y = tt.splat %x : f32 -> tensor<2097152xf32>
  tt.return
}

// -----

tt.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires types of the same bit width, but got 'tensor<4xf32>' and 'tensor<4xi16>'}}
  %y = tt.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  tt.return
}

// -----

tt.func @bitcast_ptr_to_float(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cannot cast between '!tt.ptr<f32>' and 'f32'}}
  %y = tt.bitcast %p : !tt.ptr<f32> -> f32
  tt.return
}

// -----

tt.func @fp_to_fp_narrow(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires a rounding mode to narrow 'tensor<4xf32>' to 'tensor<4xf16>'}}
  %y = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @advance_rank(%p: !tt.ptr<tensor<4x4xf32>>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets for '!tt.ptr<tensor<4x4xf32>>', but got 1}}
  %q = tt.advance %p, [%o] : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_rank(%p: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{expects 2 shape, stride and offset values for '!tt.ptr<tensor<4x4xf32>>', but got 1}}
  %q = tt.make_tensor_ptr %p, [%s], [%s], [%o] {order = array<i32: 0>} : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%p: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{expects order to be a permutation of [0, 2)}}
  %q = tt.make_tensor_ptr %p, [%s, %s], [%s, %s], [%o, %o] {order = array<i32: 1, 1>} : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @load_boundary_check_on_tensor(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{boundaryCheck requires a block pointer, but got 'tensor<4x!tt.ptr<f32>>'}}
  %x = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_boundary_check_range(%p: !tt.ptr<tensor<4x4xf32>>) {
  // expected-error @+1 {{boundaryCheck dimension 2 is out of range for '!tt.ptr<tensor<4x4xf32>>'}}
  %x = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @load_padding_without_block_pointer(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{padding requires a block pointer, but got 'tensor<4x!tt.ptr<f32>>'}}
  %x = tt.load %p {padding = 1 : i32} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_masked_block_pointer(%p: !tt.ptr<tensor<4xf32>>, %v: tensor<4xf32>, %m: tensor<4xi1>) {
  // expected-error @+1 {{cannot mask an access through a block pointer; use boundaryCheck instead}}
  "tt.store"(%p, %v, %m) <{cache = 1 : i32, evict = 1 : i32}> : (!tt.ptr<tensor<4xf32>>, tensor<4xf32>, tensor<4xi1>) -> ()
  tt.return
}

// -----

tt.func @load_shape_mismatch(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches ptr type}}
  %x = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @atomic_fadd_int(%p: tensor<4x!tt.ptr<i32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{'fadd' requires floating-point values, but got 'tensor<4xi32>'}}
  %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<i32>>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}

// -----

tt.func @atomic_and_float(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'and' requires integer values, but got 'tensor<4xf32>'}}
  %r = tt.atomic_rmw and, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_result(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{result type 'tensor<4xi32>' differs from value type 'tensor<4xf32>'}}
  %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xi32>
  tt.return
}

// -----

tt.func @atomic_cas_types(%p: !tt.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{requires cmp, val and result of type 'i32' for '!tt.ptr<i32>'}}
  %r = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i64) -> i32
  tt.return
}

// -----

tt.func @splat_of_tensor(%x: tensor<1xf32>) {
  // expected-error @+1 {{expects a scalar or 0-d tensor operand, but got 'tensor<1xf32>'}}
  %y = tt.splat %x : tensor<1xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @unsplat_many(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects a tensor with one element, but got 'tensor<4xf32>'}}
  %y = tt.unsplat %x : tensor<4xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 2 is out of range for 'tensor<4xf32>'}}
  %y = tt.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected result shape [1, 4] but got 'tensor<4x1xf32>'}}
  %y = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @reshape_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{cannot reshape 'tensor<4xf32>' into 'tensor<2x4xf32>': the number of elements differs}}
  %y = tt.reshape %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{cannot broadcast 'tensor<4xf32>' to 'tensor<2x4xf32>': the ranks differ}}
  %y = tt.broadcast %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{cannot broadcast 'tensor<2x4xf32>' to 'tensor<4x4xf32>': only dimensions of size 1 can grow}}
  %y = tt.broadcast %x : tensor<2x4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @cat_size(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects a result with twice the elements of 'tensor<4xf32>', but got 'tensor<16xf32>'}}
  %c = tt.cat %a, %a : tensor<4xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @cat_rank(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects a result of rank 1, but got 'tensor<2x4xf32>'}}
  %c = tt.cat %a, %a : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @join_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected a result of shape [4, 2] with elements 'f32', but got 'tensor<2x4xf32>'}}
  %j = tt.join %a, %a : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @split_last_dim(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expects a last dimension of size 2, but got 'tensor<4x4xf32>'}}
  %l, %r = tt.split %a : tensor<4x4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @split_result(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{expects results of shape [4] with elements 'f32', but got 'tensor<2xf32>'}}
  %l, %r = tt.split %a : tensor<4x2xf32> -> tensor<2xf32>
  tt.return
}

// -----

tt.func @trans_order(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{expects order to be a permutation of [0, 2)}}
  %t = tt.trans %a {order = array<i32: 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_shape(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{expected result dimension 0 to be 8, but got 'tensor<4x8xf32>'}}
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{expects start < end, but got start = 4 and end = 4}}
  %r = tt.make_range {end = 4 : i32, start = 4 : i32} : tensor<1xi32>
  tt.return
}

// -----

tt.func @make_range_type() {
  // expected-error @+1 {{expects a 1-D tensor of i32, but got 'tensor<4xi64>'}}
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi64>
  tt.return
}

// -----

tt.func @make_range_count() {
  // expected-error @+1 {{expects 4 elements for [start, end), but got 'tensor<8xi32>'}}
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<4xf32>, %c: tensor<4x4xf32>) {
  // expected-error @+1 {{expects operands of equal rank 2 or 3}}
  %d = tt.dot %a, %a, %c : tensor<4xf32> * tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x8xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{reduction dimensions differ: 'tensor<16x8xf16>' * 'tensor<16x16xf16>'}}
  %d = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_acc(%a: tensor<16x16xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator 'tensor<16x32xf32>' does not match the product of 'tensor<16x16xf16>' and 'tensor<16x16xf16>'}}
  %d = tt.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_mixed(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{mixes integer and floating-point operands}}
  %d = tt.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_bit_widths(%a: tensor<16x16xf8E5M2>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expects operands of one element bit width, but got 'tensor<16x16xf8E5M2>' * 'tensor<16x16xf16>'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf8E5M2> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_acc(%a: tensor<16x16xbf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator 'tensor<16x32xf32>' does not match the product of 'tensor<16x16xbf16>' and 'tensor<16x16xbf16>'}}
  %d = tt.dot_scaled %a, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x32xf32>
  tt.return
}

// -----

// e2m1 packed along K holds 128 K values in 64 bytes.
tt.func @dot_scaled_k(%a: tensor<32x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{reduction dimensions differ: 128 for 'tensor<32x64xi8>' and 64 for 'tensor<64x32xbf16>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x64xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_k_plain(%a: tensor<32x64xf8E4M3FN>, %b: tensor<32x32xbf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{reduction dimensions differ: 64 for 'tensor<32x64xf8E4M3FN>' and 32 for 'tensor<32x32xbf16>'}}
  %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN> * tensor<32x32xbf16> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_rows(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<16x2xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{expects a lhs scale of 32x2 (blocks of 32), but got 'tensor<16x2xi8>'}}
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<16x2xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_block(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x8xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{scale 'tensor<32x8xi8>' must cover blocks of 16 or 32 of the 64 reduction values}}
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x8xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_agree(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x4xi8>, %b: tensor<64x32xf8E4M3FN>, %sb: tensor<32x2xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{scales cover blocks of 16 and 32 reduction values; they must agree}}
  %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x4xi8> * tensor<64x32xf8E4M3FN>, tensor<32x2xi8> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_rank(%a: tensor<32x64xf8E4M3FN>, %sb: tensor<2xi8>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{expects scales of rank 2, but got 'tensor<2xi8>'}}
  %d = tt.dot_scaled %a, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E4M3FN> * tensor<64x32xf8E4M3FN>, tensor<2xi8> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expects operands of equal rank 2 or 3}}
  %d = tt.dot_scaled %a, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16xbf16> * tensor<16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 1 is out of range for 'tensor<4xf32>'}}
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_result_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects one result per operand}}
  %r:2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4xf32>) -> (f32, f32)
  tt.return
}

// -----

tt.func @reduce_result_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected result type 'tensor<8xf32>' for reducing axis 0 of 'tensor<4x8xf32>', but got 'tensor<4xf32>'}}
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_combiner_arity(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects a combiner with 2 arguments, but it has 1}}
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_arg_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{combiner argument 1 has type 'i32', expected 'f32'}}
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_return_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects the combiner to return 1 values, but it returns 2}}
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_return_type(%x: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{combiner returns 'i32' for operand 0, expected 'f32'}}
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 0 : i32
    tt.reduce.return %c : i32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @scan_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 3 is out of range for 'tensor<4xf32>'}}
  %r = "tt.scan"(%x) <{axis = 3 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_result_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects results of the operands' types}}
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<4xf32>) -> tensor<4xf16>
  tt.return
}

// -----

tt.func @scan_terminator(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects the combiner to end with 'tt.scan.return'}}
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    llvm.unreachable
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_pack(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects pack to be a positive power of two, but got 3}}
  %r = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_args(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects 2 region arguments, but got 1}}
  %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

// With pack = 2 the region sees two elements of each operand in a row.
tt.func @map_elementwise_arg_type(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{region argument 2 has type 'f32', expected 'i32'}}
  %r = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: i32):
    tt.map_elementwise.return %a0, %a1 : f32, f32
  }) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_return_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{region returns ('f32'), expected 2 values of types ('f32', 'f32') for 2 elements of each result}}
  %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32):
    tt.map_elementwise.return %a0 : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_return_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{region returns ('i32'), expected 1 values of types ('f32') for 1 elements of each result}}
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %i = arith.fptosi %a : f32 to i32
    tt.map_elementwise.return %i : i32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_store(%x: tensor<4xf32>, %p: !tt.ptr<f32>) {
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{writes memory, which is not allowed inside 'tt.map_elementwise'}}
    tt.store %p, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_elementwise_empty(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects a non-empty region}}
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @inline_asm_pack(%x: tensor<4xi32>) {
  // expected-error @+1 {{expects packed_element >= 1, but got 0}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @inline_asm_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @inline_asm_divides(%x: tensor<4xi32>) {
  // expected-error @+1 {{packs 8 elements, which does not divide 'tensor<4xi32>'}}
  %y = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 8 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{expects 1-D source and result, but got 'tensor<4x4xi32>' and 'tensor<8xi32>'}}
  %h = tt.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @gather_rank(%s: tensor<8xf32>, %i: tensor<4x2xi32>) {
  // expected-error @+1 {{expects source, indices and result of one rank}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  tt.return
}

// -----

tt.func @gather_axis(%s: tensor<8xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{axis 1 is out of range for 'tensor<8xf32>'}}
  %g = tt.gather %s[%i] {axis = 1 : i32} : (tensor<8xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_result(%s: tensor<8xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{expects a result shaped like 'tensor<4xi32>' with elements 'f32', but got 'tensor<8xf32>'}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<8xf32>, tensor<4xi32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @gather_other_dim(%s: tensor<8x2xf32>, %i: tensor<4x4xi32>) {
  // expected-error @+1 {{indices dimension 1 of 'tensor<4x4xi32>' exceeds the source 'tensor<8x2xf32>'}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<8x2xf32>, tensor<4x4xi32>) -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @print_signedness(%x: tensor<4xi32>) {
  // expected-error @+1 {{expects one isSigned flag per argument, but got 2 for 1 arguments}}
  tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %x : tensor<4xi32>
  tt.return
}

// -----

tt.func @descriptor_rank(%p: !tt.ptr<f16>, %s: i32, %st: i64) {
  // expected-error @+1 {{expects 2 shape and stride values for '!tt.tensordesc<tensor<16x16xf16>>', but got 1}}
  %d = tt.make_tensor_descriptor %p, [%s], [%st] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @descriptor_base(%p: !tt.ptr<f32>, %s: i32, %st: i64) {
  // expected-error @+1 {{base '!tt.ptr<f32>' does not point to the elements of '!tt.tensordesc<tensor<16x16xf16>>'}}
  %d = tt.make_tensor_descriptor %p, [%s, %s], [%st, %st] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

// Signedness is ignored, the width is not.
tt.func @descriptor_base_width(%p: !tt.ptr<i16>, %s: i32, %st: i64) {
  // expected-error @+1 {{base '!tt.ptr<i16>' does not point to the elements of '!tt.tensordesc<tensor<16x16xsi32>>'}}
  %d = tt.make_tensor_descriptor %p, [%s, %s], [%st, %st] : !tt.ptr<i16>, !tt.tensordesc<tensor<16x16xsi32>>
  tt.return
}

// -----

tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{expects 2 indices for '!tt.tensordesc<tensor<16x16xf16>>', but got 1}}
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @descriptor_store_block(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32, %t: tensor<16x16xf32>) {
  // expected-error @+1 {{tensor 'tensor<16x16xf32>' does not match the block of '!tt.tensordesc<tensor<16x16xf16>>'}}
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x16xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_rows(%d: !tt.tensordesc<tensor<2x16xf16>>, %x: tensor<8xi32>, %y: i32) {
  // expected-error @+1 {{expects a descriptor of one row, but got '!tt.tensordesc<tensor<2x16xf16>>'}}
  %t = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x16xf16>>, tensor<8xi32>, i32) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<8x2xi32>, %y: i32) {
  // expected-error @+1 {{expects 1-D row offsets, but got 'tensor<8x2xi32>'}}
  %t = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x16xf16>>, tensor<8x2xi32>, i32) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_result(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<8xi32>, %y: i32, %t: tensor<4x16xf16>) {
  // expected-error @+1 {{expects a 8x16 tensor of 'f16', but got 'tensor<4x16xf16>'}}
  tt.descriptor_scatter %d[%x, %y], %t : !tt.tensordesc<tensor<1x16xf16>>, tensor<8xi32>, i32, tensor<4x16xf16>
  tt.return
}

// -----

module {
  tt.func @call_unknown() {
    // expected-error @+1 {{'missing' does not reference a valid function}}
    tt.call @missing() : () -> ()
    tt.return
  }
}

// -----

module {
  tt.func private @callee(%x: i32) -> i32 {
    tt.return %x : i32
  }
  tt.func @call_arity() {
    // expected-error @+1 {{passes 0 operands to 'callee', which takes 1}}
    %r = tt.call @callee() : () -> i32
    tt.return
  }
}

// -----

module {
  tt.func private @callee(%x: i32) -> i32 {
    tt.return %x : i32
  }
  tt.func @call_operand_type(%x: i64) {
    // expected-error @+1 {{operand 0 has type 'i64', but 'callee' expects 'i32'}}
    %r = tt.call @callee(%x) : (i64) -> i32
    tt.return
  }
}

// -----

module {
  tt.func private @callee(%x: i32) -> i32 {
    tt.return %x : i32
  }
  tt.func @call_result_type(%x: i32) {
    // expected-error @+1 {{result types do not match those of 'callee'}}
    %r = tt.call @callee(%x) : (i32) -> i64
    tt.return
  }
}

// -----

tt.func @return_count(%x: i32) -> i32 {
  // expected-error @+1 {{returns 0 values, but 'return_count' declares 1}}
  tt.return
}

// -----

tt.func @return_type(%x: i64) -> i32 {
  // expected-error @+1 {{returns 'i64' for result 0, but 'return_type' declares 'i32'}}
  tt.return %x : i64
}

// -----

tt.func @load_other_without_mask(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<4xf32>) {
  // expected-error @+1 {{takes an 'other' value only with a mask}}
  %x = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

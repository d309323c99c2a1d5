// RUN: trident-opt %s -split-input-file -tt-combine | FileCheck %s

// CHECK-LABEL: tt.func @dot_add
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xf16>, %[[B:.*]]: tensor<16x16xf16>, %[[D:.*]]: tensor<16x16xf32>)
// CHECK: %[[R:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NOT: arith.addf
// CHECK: tt.return %[[R]]
tt.func @dot_add(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %d, %dot : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// The dot has a second user: folding the addition in would compute it twice.
// CHECK-LABEL: tt.func @dot_add_shared
// CHECK: tt.dot
// CHECK: arith.addi
tt.func @dot_add_shared(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> (tensor<16x16xi32>, tensor<16x16xi32>) {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %r = arith.addi %dot, %d : tensor<16x16xi32>
  tt.return %r, %dot : tensor<16x16xi32>, tensor<16x16xi32>
}

// -----

// An fp8 dot that limits its imprecise accumulation rounds otherwise than
// `+ d`: the addition stays.
// CHECK-LABEL: tt.func @dot_add_max_imprecise
// CHECK: %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} {maxNumImpreciseAcc = 32 : i32}
// CHECK: %[[R:.*]] = arith.addf %{{.*}}, %[[DOT]]
// CHECK: tt.return %[[R]]
tt.func @dot_add_max_imprecise(%a: tensor<64x64xf8E5M2>, %b: tensor<64x64xf8E5M2>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %dot = tt.dot %a, %b, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf8E5M2> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
  %r = arith.addf %d, %dot : tensor<64x64xf32>
  tt.return %r : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_addi
// CHECK: %[[R:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %r = arith.addi %dot, %d : tensor<16x16xi32>
  tt.return %r : tensor<16x16xi32>
}

// -----

// 64-bit offsets add up exactly: the chain merges, and the alignment facts
// on the outer addptr stay on the merged one.
// CHECK-LABEL: tt.func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[A:.*]]: tensor<64xi64>, %[[B:.*]]: tensor<64xi64>)
// CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<64xi64>
// CHECK: %[[Q:.*]] = tt.addptr %[[P]], %[[S]] {tt.constancy = dense<1> : tensor<1xi32>, tt.contiguity = dense<64> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
// CHECK-NOT: tt.addptr
// CHECK: tt.return %[[Q]]
tt.func @addptr_chain(%p: tensor<64x!tt.ptr<f32>>, %a: tensor<64xi64>, %b: tensor<64xi64>) -> tensor<64x!tt.ptr<f32>> {
  %q = tt.addptr %p, %a : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
  %r = tt.addptr %q, %b {tt.divisibility = dense<16> : tensor<1xi32>, tt.contiguity = dense<64> : tensor<1xi32>, tt.constancy = dense<1> : tensor<1xi32>, other.attr} : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
  tt.return %r : tensor<64x!tt.ptr<f32>>
}

// -----

// Two 32-bit offsets may overflow when added in 32 bits, which two pointer
// additions never do: the chain stays.
// CHECK-LABEL: tt.func @addptr_chain_i32
// CHECK: tt.addptr
// CHECK-NEXT: tt.addptr
// CHECK-NOT: arith.addi
tt.func @addptr_chain_i32(%p: tensor<64x!tt.ptr<f32>>, %a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64x!tt.ptr<f32>> {
  %q = tt.addptr %p, %a : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %r = tt.addptr %q, %b : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.return %r : tensor<64x!tt.ptr<f32>>
}

// -----

// 32-bit constants whose sum fits merge; a sum past INT32_MAX does not.
// CHECK-LABEL: tt.func @addptr_chain_constants
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>)
// CHECK: %[[Q:.*]] = tt.addptr %[[P]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK: %[[BIG:.*]] = tt.addptr %[[P]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK: %[[BIG2:.*]] = tt.addptr %[[BIG]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK: tt.return %[[Q]], %[[BIG2]]
tt.func @addptr_chain_constants(%p: !tt.ptr<f32>) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %cbig = arith.constant 2147483000 : i32
  %q0 = tt.addptr %p, %c4 : !tt.ptr<f32>, i32
  %q = tt.addptr %q0, %c8 : !tt.ptr<f32>, i32
  %b0 = tt.addptr %p, %cbig : !tt.ptr<f32>, i32
  %b = tt.addptr %b0, %cbig : !tt.ptr<f32>, i32
  tt.return %q, %b : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @select_masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[C:.*]]: i1, %[[O:.*]]: tensor<64xf32>)
// CHECK: %[[M:.*]] = tt.splat %[[C]] : i1 -> tensor<64xi1>
// CHECK: %[[L:.*]] = tt.load %[[P]], %[[M]], %[[O]] : tensor<64x!tt.ptr<f32>>
// CHECK-NOT: arith.select
// CHECK: tt.return %[[L]]
tt.func @select_masked_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %o: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %c, %l, %o : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// A splat of a 0-d tensor (which upstream accepts) splats its element, the
// scalar form the later passes expect.
// CHECK-LABEL: tt.func @splat_of_0d
// CHECK-SAME: (%[[T:.*]]: tensor<f32>)
// CHECK: %[[E:.*]] = tt.unsplat %[[T]] : tensor<f32>
// CHECK: %[[S:.*]] = tt.splat %[[E]] : f32 -> tensor<16xf32>
// CHECK: tt.return %[[S]]
tt.func @splat_of_0d(%t: tensor<f32>) -> tensor<16xf32> {
  %s = tt.splat %t : tensor<f32> -> tensor<16xf32>
  tt.return %s : tensor<16xf32>
}

// -----

// sum(x[:, :, None] * y[None, :, :], 1) is the matrix product of x and y,
// with either operand order of the product.
// CHECK-LABEL: tt.func @broadcast_mul_reduce
// CHECK-SAME: (%[[X:.*]]: tensor<32x16xf32>, %[[Y:.*]]: tensor<16x64xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
// CHECK: %[[D:.*]] = tt.dot %[[X]], %[[Y]], %[[ZERO]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK-NOT: tt.reduce
// CHECK: tt.return %[[D]]
// CHECK-LABEL: tt.func @broadcast_mul_reduce_swapped
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf64> * tensor<16x64xf64> -> tensor<32x64xf64>
// CHECK-NOT: tt.reduce
tt.func @broadcast_mul_reduce(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %p = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.addf %l, %r : f32
    tt.reduce.return %a : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}
tt.func @broadcast_mul_reduce_swapped(%x: tensor<32x16xf64>, %y: tensor<16x64xf64>) -> tensor<32x64xf64> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf64> -> tensor<32x16x1xf64>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf64> -> tensor<1x16x64xf64>
  %xb = tt.broadcast %xe : tensor<32x16x1xf64> -> tensor<32x16x64xf64>
  %yb = tt.broadcast %ye : tensor<1x16x64xf64> -> tensor<32x16x64xf64>
  %p = arith.mulf %yb, %xb : tensor<32x16x64xf64>
  %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%l: f64, %r: f64):
    %a = arith.addf %l, %r : f64
    tt.reduce.return %a : f64
  }) : (tensor<32x16x64xf64>) -> tensor<32x64xf64>
  tt.return %s : tensor<32x64xf64>
}

// -----

// Not a matrix product: the sum runs along N, the combiner is a maximum,
// a dimension is under 16, the sum is of bf16, or the combiner adds but
// returns something else.
// CHECK-LABEL: tt.func @not_a_product
// CHECK-NOT: tt.dot
// CHECK-COUNT-5: "tt.reduce"
tt.func @not_a_product(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>, %s: tensor<32x8xf32>, %t: tensor<8x64xf32>, %u: tensor<32x16xbf16>, %v: tensor<16x64xbf16>) -> (tensor<32x16xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xbf16>, tensor<32x64xf32>) {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %p = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %alongN = "tt.reduce"(%p) <{axis = 2 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.addf %l, %r : f32
    tt.reduce.return %a : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x16xf32>
  %max = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.maxnumf %l, %r : f32
    tt.reduce.return %a : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  %se = tt.expand_dims %s {axis = 2 : i32} : tensor<32x8xf32> -> tensor<32x8x1xf32>
  %te = tt.expand_dims %t {axis = 0 : i32} : tensor<8x64xf32> -> tensor<1x8x64xf32>
  %sb = tt.broadcast %se : tensor<32x8x1xf32> -> tensor<32x8x64xf32>
  %tb = tt.broadcast %te : tensor<1x8x64xf32> -> tensor<32x8x64xf32>
  %q = arith.mulf %sb, %tb : tensor<32x8x64xf32>
  %small = "tt.reduce"(%q) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.addf %l, %r : f32
    tt.reduce.return %a : f32
  }) : (tensor<32x8x64xf32>) -> tensor<32x64xf32>
  %ue = tt.expand_dims %u {axis = 2 : i32} : tensor<32x16xbf16> -> tensor<32x16x1xbf16>
  %ve = tt.expand_dims %v {axis = 0 : i32} : tensor<16x64xbf16> -> tensor<1x16x64xbf16>
  %ub = tt.broadcast %ue : tensor<32x16x1xbf16> -> tensor<32x16x64xbf16>
  %vb = tt.broadcast %ve : tensor<1x16x64xbf16> -> tensor<32x16x64xbf16>
  %w = arith.mulf %ub, %vb : tensor<32x16x64xbf16>
  %bf = "tt.reduce"(%w) <{axis = 1 : i32}> ({
  ^bb0(%l: bf16, %r: bf16):
    %a = arith.addf %l, %r : bf16
    tt.reduce.return %a : bf16
  }) : (tensor<32x16x64xbf16>) -> tensor<32x64xbf16>
  %odd = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.addf %l, %r : f32
    tt.reduce.return %l : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %alongN, %max, %small, %bf, %odd : tensor<32x16xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xbf16>, tensor<32x64xf32>
}

// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-pointer | FileCheck %s
// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-pointer | FileCheck %s --check-prefix=GONE

// No block pointer survives anywhere in the output.
// GONE-NOT: tt.make_tensor_ptr
// GONE-NOT: tt.advance
// GONE-NOT: !tt.ptr<tensor<

// A 2-D load checked in both dimensions: the pointers are
// base + (o0 + [0, 64)) * sm + (0 + [0, 32)) * 1, in i64, and the mask is
// 0 <= index < shape per dimension, broadcast and combined.

// CHECK-LABEL: tt.func @load_boundary_zero
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[SM:.*]]: i64, %[[O0:.*]]: i32)
// CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:   %[[OFF0:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-DAG:   %[[OFF1:.*]] = arith.constant 0 : i64
// CHECK:       %[[R0:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK:       %[[R0W:.*]] = arith.extsi %[[R0]] : tensor<64xi32> to tensor<64xi64>
// CHECK:       %[[S0:.*]] = tt.splat %[[OFF0]] : i64 -> tensor<64xi64>
// CHECK:       %[[I0:.*]] = arith.addi %[[S0]], %[[R0W]] : tensor<64xi64>
// CHECK:       %[[E0:.*]] = tt.expand_dims %[[I0]] {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK:       %[[R1:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK:       %[[R1W:.*]] = arith.extsi %[[R1]] : tensor<32xi32> to tensor<32xi64>
// CHECK:       %[[S1:.*]] = tt.splat %[[OFF1]] : i64 -> tensor<32xi64>
// CHECK:       %[[I1:.*]] = arith.addi %[[S1]], %[[R1W]] : tensor<32xi64>
// CHECK:       %[[E1:.*]] = tt.expand_dims %[[I1]] {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:       %[[ST0:.*]] = tt.splat %[[SM]] : i64 -> tensor<64x1xi64>
// CHECK:       %[[M0:.*]] = arith.muli %[[E0]], %[[ST0]] : tensor<64x1xi64>
// CHECK:       %[[B0:.*]] = tt.broadcast %[[M0]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK:       %[[ST1:.*]] = tt.splat %[[ONE]] : i64 -> tensor<1x32xi64>
// CHECK:       %[[M1:.*]] = arith.muli %[[E1]], %[[ST1]] : tensor<1x32xi64>
// CHECK:       %[[B1:.*]] = tt.broadcast %[[M1]] : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK:       %[[SUM:.*]] = arith.addi %[[B0]], %[[B1]] : tensor<64x32xi64>
// CHECK:       %[[SPLAT:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK:       %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %[[SUM]] : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK:       %[[Z0:.*]] = arith.constant dense<0> : tensor<64x1xi64>
// CHECK:       %[[UB0:.*]] = tt.splat %[[M]] : i64 -> tensor<64x1xi64>
// CHECK:       %[[GE0:.*]] = arith.cmpi sge, %[[E0]], %[[Z0]] : tensor<64x1xi64>
// CHECK:       %[[LT0:.*]] = arith.cmpi slt, %[[E0]], %[[UB0]] : tensor<64x1xi64>
// CHECK:       %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<64x1xi1>
// CHECK:       %[[MASK0:.*]] = tt.broadcast %[[IN0]] : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK:       %[[Z1:.*]] = arith.constant dense<0> : tensor<1x32xi64>
// CHECK:       %[[UB1:.*]] = tt.splat %[[K]] : i64 -> tensor<1x32xi64>
// CHECK:       %[[GE1:.*]] = arith.cmpi sge, %[[E1]], %[[Z1]] : tensor<1x32xi64>
// CHECK:       %[[LT1:.*]] = arith.cmpi slt, %[[E1]], %[[UB1]] : tensor<1x32xi64>
// CHECK:       %[[IN1:.*]] = arith.andi %[[GE1]], %[[LT1]] : tensor<1x32xi1>
// CHECK:       %[[MASK1:.*]] = tt.broadcast %[[IN1]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK:       %[[MASK:.*]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<64x32xi1>
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK:       %[[T:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[ZERO]] : tensor<64x32x!tt.ptr<f16>>
// CHECK:       tt.return %[[T]] : tensor<64x32xf16>
tt.func @load_boundary_zero(%base: !tt.ptr<f16>, %M: i64, %K: i64, %sm: i64, %o0: i32) -> tensor<64x32xf16> {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M, %K], [%sm, %c1_i64], [%o0, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %t = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  tt.return %t : tensor<64x32xf16>
}

// -----

// Without a boundary check nothing is masked, so there is no padding either;
// the cache modifier is kept.

// CHECK-LABEL: tt.func @load_unchecked
// CHECK:       %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK-NOT:   arith.cmpi
// CHECK:       tt.load %[[PTRS]] cacheModifier = ca : tensor<128x!tt.ptr<f32>>
tt.func @load_unchecked(%base: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<128xf32> {
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%o] {order = array<i32: 0>} : <tensor<128xf32>>
  %t = tt.load %p cacheModifier = ca {padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
  tt.return %t : tensor<128xf32>
}

// -----

// padding = nan reads NaN where the mask is off.

// CHECK-LABEL: tt.func @load_padding_nan
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f32>, %[[N:.*]]: i64, %[[O:.*]]: i32)
// CHECK:       %[[OFF:.*]] = arith.extsi %[[O]] : i32 to i64
// CHECK:       %[[S:.*]] = tt.splat %[[OFF]] : i64 -> tensor<128xi64>
// CHECK:       %[[IDX:.*]] = arith.addi %[[S]], %{{.*}} : tensor<128xi64>
// CHECK:       %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK:       %[[UB:.*]] = tt.splat %[[N]] : i64 -> tensor<128xi64>
// CHECK:       %[[GE:.*]] = arith.cmpi sge, %[[IDX]], %{{.*}} : tensor<128xi64>
// CHECK:       %[[LT:.*]] = arith.cmpi slt, %[[IDX]], %[[UB]] : tensor<128xi64>
// CHECK:       %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<128xi1>
// CHECK:       %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<128xf32>
// CHECK:       tt.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<128x!tt.ptr<f32>>
tt.func @load_padding_nan(%base: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<128xf32> {
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%o] {order = array<i32: 0>} : <tensor<128xf32>>
  %t = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<128xf32>>
  tt.return %t : tensor<128xf32>
}

// -----

// A store checked only along dimension 1 compares the column indices with
// the column count K; the rows are not checked.

// CHECK-LABEL: tt.func @store_boundary_check
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[SM:.*]]: i64, %[[V:.*]]: tensor<64x32xf16>)
// CHECK:       %[[E1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:       %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK-NOT:   tt.splat %[[M]]
// CHECK:       %[[UB:.*]] = tt.splat %[[K]] : i64 -> tensor<1x32xi64>
// CHECK:       %[[GE:.*]] = arith.cmpi sge, %[[E1]], %{{.*}} : tensor<1x32xi64>
// CHECK:       %[[LT:.*]] = arith.cmpi slt, %[[E1]], %[[UB]] : tensor<1x32xi64>
// CHECK:       %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<1x32xi1>
// CHECK:       %[[MASK:.*]] = tt.broadcast %[[IN]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT:  tt.store %[[PTRS]], %[[V]], %[[MASK]] : tensor<64x32x!tt.ptr<f16>>
tt.func @store_boundary_check(%base: !tt.ptr<f16>, %M: i64, %K: i64, %sm: i64, %v: tensor<64x32xf16>) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M, %K], [%sm, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  tt.store %p, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

// -----

// A block pointer advanced in a loop is carried as its two i64 offsets; the
// advance becomes an addition to the column offset (the zero row step is
// dropped), and the loop result is stored through after the loop. The loop
// keeps its attributes.

// CHECK-LABEL: tt.func @loop_carried
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[O0:.*]]: i32, %[[N:.*]]: i32)
// CHECK:       %[[OFF0:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK:       %[[OFF1:.*]] = arith.constant 0 : i64
// CHECK:       %[[FOR:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A0:.*]] = %[[OFF0]], %[[A1:.*]] = %[[OFF1]]) -> (tensor<64x32xf32>, i64, i64) : i32 {
// CHECK:         tt.splat %[[A0]] : i64 -> tensor<64xi64>
// CHECK:         tt.splat %[[A1]] : i64 -> tensor<32xi64>
// CHECK:         %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK:         %[[T:.*]] = tt.load %[[PTRS]], %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>>
// CHECK:         %[[C32:.*]] = arith.constant 32 : i64
// CHECK:         %[[NEXT:.*]] = arith.addi %[[A1]], %[[C32]] : i64
// CHECK:         scf.yield %{{.*}}, %[[A0]], %[[NEXT]] : tensor<64x32xf32>, i64, i64
// CHECK-NEXT:  } {tt.num_stages = 3 : i32}
// CHECK:       tt.splat %[[FOR]]#1 : i64 -> tensor<64xi64>
// CHECK:       tt.splat %[[FOR]]#2 : i64 -> tensor<32xi64>
// CHECK:       tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>>
tt.func @loop_carried(%base: !tt.ptr<f16>, %M: i64, %K: i64, %sm: i64, %o0: i32, %n: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c32_i32 = arith.constant 32 : i32
  %c1_i64 = arith.constant 1 : i64
  %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
  %p = tt.make_tensor_ptr %base, [%M, %K], [%sm, %c1_i64], [%o0, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %r:2 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst, %q = %p) -> (tensor<64x32xf32>, !tt.ptr<tensor<64x32xf16>>) : i32 {
    %t = tt.load %q {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
    %e = arith.extf %t : tensor<64x32xf16> to tensor<64x32xf32>
    %a = arith.addf %acc, %e : tensor<64x32xf32>
    %q2 = tt.advance %q, [%c0_i32, %c32_i32] : <tensor<64x32xf16>>
    scf.yield %a, %q2 : tensor<64x32xf32>, !tt.ptr<tensor<64x32xf16>>
  } {tt.num_stages = 3 : i32}
  %h = arith.truncf %r#0 : tensor<64x32xf32> to tensor<64x32xf16>
  tt.store %r#1, %h {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

// -----

// Nested loops carry the offsets through both levels.

// CHECK-LABEL: tt.func @nested_loops
// CHECK:       %[[OUTER:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i64) : i32 {
// CHECK:         %[[INNER:.*]] = scf.for %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (i64) : i32 {
// CHECK:           tt.splat %[[B]] : i64 -> tensor<16xi64>
// CHECK:           tt.load
// CHECK:           %[[NEXT:.*]] = arith.addi %[[B]], %{{.*}} : i64
// CHECK:           scf.yield %[[NEXT]] : i64
// CHECK:         }
// CHECK:         scf.yield %[[INNER]] : i64
// CHECK:       }
// CHECK:       tt.splat %[[OUTER]] : i64 -> tensor<16xi64>
tt.func @nested_loops(%base: !tt.ptr<f32>, %M: i64, %n: i32) -> tensor<16xf32> {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c16_i32 = arith.constant 16 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%M], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%q = %p) -> (!tt.ptr<tensor<16xf32>>) : i32 {
    %s = scf.for %j = %c0_i32 to %n step %c1_i32 iter_args(%u = %q) -> (!tt.ptr<tensor<16xf32>>) : i32 {
      %t = tt.load %u : !tt.ptr<tensor<16xf32>>
      tt.store %u, %t : !tt.ptr<tensor<16xf32>>
      %v = tt.advance %u, [%c16_i32] : <tensor<16xf32>>
      scf.yield %v : !tt.ptr<tensor<16xf32>>
    }
    scf.yield %s : !tt.ptr<tensor<16xf32>>
  }
  %t = tt.load %r : !tt.ptr<tensor<16xf32>>
  tt.return %t : tensor<16xf32>
}

// -----

// scf.if returns what differs between its branches: the offset always, and
// the base because the branches use different tensors. Shape and strides are
// the same values on both sides and are used directly.

// CHECK-LABEL: tt.func @if_merge
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f32>, %[[BASE2:.*]]: !tt.ptr<f32>, %[[N:.*]]: i64, %[[C:.*]]: i1, %[[O:.*]]: i32)
// CHECK:       %[[OFF:.*]] = arith.extsi %[[O]] : i32 to i64
// CHECK:       %[[IF:.*]]:2 = scf.if %[[C]] -> (!tt.ptr<f32>, i64) {
// CHECK:         %[[ADV:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
// CHECK:         scf.yield %[[BASE]], %[[ADV]] : !tt.ptr<f32>, i64
// CHECK:       } else {
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         scf.yield %[[BASE2]], %[[ZERO]] : !tt.ptr<f32>, i64
// CHECK:       }
// CHECK:       tt.splat %[[IF]]#1 : i64 -> tensor<16xi64>
// CHECK:       tt.splat %[[IF]]#0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK:       tt.splat %[[N]] : i64 -> tensor<16xi64>
// CHECK:       tt.load
tt.func @if_merge(%base: !tt.ptr<f32>, %base2: !tt.ptr<f32>, %n: i64, %c: i1, %o: i32) -> tensor<16xf32> {
  %c0_i32 = arith.constant 0 : i32
  %c16_i32 = arith.constant 16 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  %q = scf.if %c -> (!tt.ptr<tensor<16xf32>>) {
    %a = tt.advance %p, [%c16_i32] : <tensor<16xf32>>
    scf.yield %a : !tt.ptr<tensor<16xf32>>
  } else {
    %b = tt.make_tensor_ptr %base2, [%n], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>
    scf.yield %b : !tt.ptr<tensor<16xf32>>
  }
  %t = tt.load %q {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xf32>>
  tt.return %t : tensor<16xf32>
}

// -----

// scf.while carries the offset through both regions and returns it.

// CHECK-LABEL: tt.func @while_loop
// CHECK:       %[[OFF:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:       %[[W:.*]] = scf.while (%[[X:.*]] = %[[OFF]]) : (i64) -> i64 {
// CHECK:         tt.splat %[[X]] : i64 -> tensor<16xi64>
// CHECK:         %[[NEXT:.*]] = arith.addi %[[X]], %{{.*}} : i64
// CHECK:         scf.condition(%{{.*}}) %[[NEXT]] : i64
// CHECK:       } do {
// CHECK:       ^bb0(%[[Y:.*]]: i64):
// CHECK:         tt.splat %[[Y]] : i64 -> tensor<16xi64>
// CHECK:         tt.store
// CHECK:         scf.yield %[[Y]] : i64
// CHECK:       }
// CHECK:       tt.splat %[[W]] : i64 -> tensor<16xi64>
tt.func @while_loop(%base: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<16xf32> {
  %c16_i32 = arith.constant 16 : i32
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant 0.000000e+00 : f32
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = scf.while (%q = %p) : (!tt.ptr<tensor<16xf32>>) -> !tt.ptr<tensor<16xf32>> {
    %t = tt.load %q : !tt.ptr<tensor<16xf32>>
    %s = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tt.reduce.return %sum : f32
    }) : (tensor<16xf32>) -> f32
    %more = arith.cmpf ogt, %s, %zero : f32
    %next = tt.advance %q, [%c16_i32] : <tensor<16xf32>>
    scf.condition(%more) %next : !tt.ptr<tensor<16xf32>>
  } do {
  ^bb0(%q: !tt.ptr<tensor<16xf32>>):
    %t = tt.load %q : !tt.ptr<tensor<16xf32>>
    tt.store %q, %t : !tt.ptr<tensor<16xf32>>
    scf.yield %q : !tt.ptr<tensor<16xf32>>
  }
  %t = tt.load %r : !tt.ptr<tensor<16xf32>>
  tt.return %t : tensor<16xf32>
}

// -----

// A block pointer that nothing reads is erased with its make_tensor_ptr.

// CHECK-LABEL: tt.func @unused
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    tt.return
tt.func @unused(%base: !tt.ptr<f32>, %n: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>
  tt.return
}

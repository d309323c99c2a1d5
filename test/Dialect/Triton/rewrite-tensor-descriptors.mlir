// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-descriptors | FileCheck %s
// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-descriptors | FileCheck %s --check-prefix=GONE
// RUN: trident-opt %s -split-input-file -tt-rewrite-tensor-descriptors --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=NAMES

// No descriptor survives anywhere in the output.
// GONE-NOT: tensordesc
// GONE-NOT: tt.descriptor_
// GONE-NOT: tt.make_tensor_descriptor

// A 2-D load and store: the pointers are
// base + (i + [0, 16)) * sm + (j + [0, 32)) * 1 in i64, the mask is
// 0 <= index < shape per dimension, broadcast and combined, and masked-off
// elements read zero.

// CHECK-LABEL: tt.func @load_store_2d
// CHECK-SAME: (%[[IN:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[SM:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:   %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-DAG:   %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK:       %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:       %[[R0:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK:       %[[R0W:.*]] = arith.extsi %[[R0]] : tensor<16xi32> to tensor<16xi64>
// CHECK:       %[[S0:.*]] = tt.splat %[[I64]] : i64 -> tensor<16xi64>
// CHECK:       %[[X0:.*]] = arith.addi %[[S0]], %[[R0W]] : tensor<16xi64>
// CHECK:       %[[E0:.*]] = tt.expand_dims %[[X0]] {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
// CHECK:       %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK:       %[[R1:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK:       %[[E1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:       %[[ST0:.*]] = tt.splat %[[SM]] : i64 -> tensor<16x1xi64>
// CHECK:       %[[P0:.*]] = arith.muli %[[E0]], %[[ST0]] : tensor<16x1xi64>
// CHECK:       %[[B0:.*]] = tt.broadcast %[[P0]] : tensor<16x1xi64> -> tensor<16x32xi64>
// CHECK:       %[[Z0:.*]] = arith.constant dense<0> : tensor<16x1xi64>
// CHECK:       %[[UB0:.*]] = tt.splat %[[M64]] : i64 -> tensor<16x1xi64>
// CHECK:       %[[GE0:.*]] = arith.cmpi sge, %[[E0]], %[[Z0]] : tensor<16x1xi64>
// CHECK:       %[[LT0:.*]] = arith.cmpi slt, %[[E0]], %[[UB0]] : tensor<16x1xi64>
// CHECK:       %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<16x1xi1>
// CHECK:       %[[MB0:.*]] = tt.broadcast %[[IN0]] : tensor<16x1xi1> -> tensor<16x32xi1>
// CHECK:       %[[ST1:.*]] = tt.splat %[[ONE]] : i64 -> tensor<1x32xi64>
// CHECK:       %[[P1:.*]] = arith.muli %[[E1]], %[[ST1]] : tensor<1x32xi64>
// CHECK:       %[[B1:.*]] = tt.broadcast %[[P1]] : tensor<1x32xi64> -> tensor<16x32xi64>
// CHECK:       %[[SUM:.*]] = arith.addi %[[B0]], %[[B1]] : tensor<16x32xi64>
// CHECK:       %[[UB1:.*]] = tt.splat %[[N64]] : i64 -> tensor<1x32xi64>
// CHECK:       %[[LT1:.*]] = arith.cmpi slt, %[[E1]], %[[UB1]] : tensor<1x32xi64>
// CHECK:       %[[MB1:.*]] = tt.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
// CHECK:       %[[MASK:.*]] = arith.andi %[[MB0]], %[[MB1]] : tensor<16x32xi1>
// CHECK:       %[[BASE:.*]] = tt.splat %[[IN]] : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
// CHECK:       %[[PTRS:.*]] = tt.addptr %[[BASE]], %[[SUM]] : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
// CHECK:       %[[T:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[ZERO]] : tensor<16x32x!tt.ptr<f32>>
// CHECK:       %[[OBASE:.*]] = tt.splat %[[OUT]] : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
// CHECK:       %[[OPTRS:.*]] = tt.addptr %[[OBASE]], %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
// CHECK:       tt.store %[[OPTRS]], %[[T]], %{{.*}} : tensor<16x32x!tt.ptr<f32>>
// CHECK-NEXT:  tt.return
tt.func @load_store_2d(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32, %sm: i64, %i: i32, %j: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %in, [%m, %n], [%sm, %c1] : <f32>, <tensor<16x32xf32>>
  %t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  %e = tt.make_tensor_descriptor %out, [%m, %n], [%sm, %c1] : <f32>, <tensor<16x32xf32>>
  tt.descriptor_store %e[%i, %j], %t : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  tt.return
}

// -----

// A descriptor carried by scf.for becomes five iteration arguments (base,
// shape, strides, the NaN flag); the load inside uses them. The flag is not
// a constant in the loop, so the padding is selected at run time.

// CHECK-LABEL: tt.func @loop
// CHECK-SAME: (%[[IN:.*]]: !tt.ptr<f16>, %[[M:.*]]: i32, %[[N:.*]]: i32
// CHECK:       %[[FALSE:.*]] = arith.constant false
// CHECK:       %{{.*}}:7 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[B:.*]] = %[[IN]], %[[S0:.*]] = %{{.*}}, %[[S1:.*]] = %{{.*}}, %[[ST0:.*]] = %{{.*}}, %[[ST1:.*]] = %{{.*}}, %[[NAN:.*]] = %[[FALSE]]) -> (tensor<32x32xf16>, !tt.ptr<f16>, i64, i64, i64, i64, i1)
// CHECK:         tt.splat %[[ST0]] : i64 -> tensor<32x1xi64>
// CHECK:         tt.splat %[[S0]] : i64 -> tensor<32x1xi64>
// CHECK:         tt.splat %[[ST1]] : i64 -> tensor<1x32xi64>
// CHECK:         tt.splat %[[S1]] : i64 -> tensor<1x32xi64>
// CHECK:         %[[PB:.*]] = tt.splat %[[B]] : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
// CHECK:         %[[PTRS:.*]] = tt.addptr %[[PB]], %{{.*}}
// CHECK:         %[[OTHER:.*]] = arith.select %[[NAN]], %{{.*}}, %{{.*}} : tensor<32x32xf16>
// CHECK:         %[[T:.*]] = tt.load %[[PTRS]], %{{.*}}, %[[OTHER]] : tensor<32x32x!tt.ptr<f16>>
// CHECK:         %[[S:.*]] = arith.addf %[[ACC]], %[[T]]
// CHECK:         scf.yield %[[S]], %[[B]], %[[S0]], %[[S1]], %[[ST0]], %[[ST1]], %[[NAN]] : tensor<32x32xf16>, !tt.ptr<f16>, i64, i64, i64, i64, i1
tt.func @loop(%in: !tt.ptr<f16>, %m: i32, %n: i32, %steps: i32) -> tensor<32x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c1_i64 = arith.constant 1 : i64
  %sm = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %in, [%m, %n], [%sm, %c1_i64] : <f16>, <tensor<32x32xf16>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf16>
  %r:2 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero, %desc = %d) -> (tensor<32x32xf16>, !tt.tensordesc<tensor<32x32xf16>>) : i32 {
    %off = arith.muli %k, %c32 : i32
    %t = tt.descriptor_load %desc[%c0, %off] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16>
    %s = arith.addf %acc, %t : tensor<32x32xf16>
    scf.yield %s, %desc : tensor<32x32xf16>, !tt.tensordesc<tensor<32x32xf16>>
  }
  tt.return %r#0 : tensor<32x32xf16>
}

// -----

// A block of 1x8x16 moved as an 8x16 tensor (rank-reduced): the index of the
// dropped unit dimension moves the base and masks the whole block; the rest
// is an 8x16 access. padding = nan makes masked-off elements read NaN.

// CHECK-LABEL: tt.func @rank_reduced_nan
// CHECK-SAME: (%[[IN:.*]]: !tt.ptr<f32>, %[[B:.*]]: i32, %[[M:.*]]: i32, %[[S0:.*]]: i64, %[[S1:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK:       %[[B64:.*]] = arith.extsi %[[B]] : i32 to i64
// CHECK:       %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:       %[[OFF:.*]] = arith.muli %[[I64]], %[[S0]] : i64
// CHECK:       %[[BASE:.*]] = tt.addptr %[[IN]], %[[OFF]] : !tt.ptr<f32>, i64
// CHECK:       %[[GE:.*]] = arith.cmpi sge, %[[I64]], %{{.*}} : i64
// CHECK:       %[[LT:.*]] = arith.cmpi slt, %[[I64]], %[[B64]] : i64
// CHECK:       %[[BLOCK_IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NOT:   tensor<1x8x16
// CHECK:       %[[INNER:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8x16xi1>
// CHECK:       %[[SPLAT:.*]] = tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
// CHECK:       %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %{{.*}} : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi64>
// CHECK:       %[[ALL:.*]] = tt.splat %[[BLOCK_IN]] : i1 -> tensor<8x16xi1>
// CHECK:       %[[MASK:.*]] = arith.andi %[[INNER]], %[[ALL]] : tensor<8x16xi1>
// CHECK:       %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<8x16xf32>
// CHECK:       %[[T:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<8x16x!tt.ptr<f32>>
// CHECK:       tt.store %{{.*}}, %[[T]], %{{.*}} : tensor<8x16x!tt.ptr<f32>>
// CHECK-NEXT:  tt.return %[[T]] : tensor<8x16xf32>
tt.func @rank_reduced_nan(%in: !tt.ptr<f32>, %b: i32, %m: i32, %s0: i64, %s1: i64, %i: i32, %j: i32) -> tensor<8x16xf32> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %in, [%b, %m, %m], [%s0, %s1, %c1] {padding = 2 : i32} : <f32>, <tensor<1x8x16xf32>>
  %t = tt.descriptor_load %d[%i, %j, %c0] : !tt.tensordesc<tensor<1x8x16xf32>> -> tensor<8x16xf32>
  tt.descriptor_store %d[%i, %j, %c0], %t : !tt.tensordesc<tensor<1x8x16xf32>>, tensor<8x16xf32>
  tt.return %t : tensor<8x16xf32>
}

// -----

// NaN padding only applies to floats: an integer load reads zero.

// CHECK-LABEL: tt.func @nan_padding_int
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0> : tensor<64xi32>
// CHECK:       tt.load %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<64x!tt.ptr<i32>>
tt.func @nan_padding_int(%p: !tt.ptr<i32>, %m: i32, %i: i32) -> tensor<64xi32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] {padding = 2 : i32} : <i32>, <tensor<64xi32>>
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xi32>> -> tensor<64xi32>
  tt.return %t : tensor<64xi32>
}

// -----

// Reductions become masked atomics of the matching kind: max on signless
// (signed) integers, fadd on floats, umin on unsigned and min on signed
// integers.

// CHECK-LABEL: tt.func @reduce
// CHECK:       %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64xi1>
// CHECK:       %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<i32>>, tensor<64xi64>
// CHECK:       tt.atomic_rmw max, release, gpu, %[[PTRS]], %{{.*}}, %[[MASK]] : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK:       tt.atomic_rmw fadd, release, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
// CHECK:       tt.atomic_rmw umin, release, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK:       tt.atomic_rmw min, release, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
tt.func @reduce(%p: !tt.ptr<i32>, %q: !tt.ptr<f32>, %m: i32, %i: i32, %vi: tensor<64xi32>, %vf: tensor<64xf32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <i32>, <tensor<64xi32>>
  tt.descriptor_reduce max, %d[%i], %vi : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  %e = tt.make_tensor_descriptor %q, [%m], [%c1] : <f32>, <tensor<64xf32>>
  tt.descriptor_reduce add, %e[%i], %vf : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
  %u = tt.make_tensor_descriptor %p, [%m], [%c1] : <i32>, <tensor<64xui32>>
  tt.descriptor_reduce min, %u[%i], %vi : !tt.tensordesc<tensor<64xui32>>, tensor<64xi32>
  %s = tt.make_tensor_descriptor %p, [%m], [%c1] : <i32>, <tensor<64xsi32>>
  tt.descriptor_reduce min, %s[%i], %vi : !tt.tensordesc<tensor<64xsi32>>, tensor<64xi32>
  tt.return
}

// -----

// Gather and scatter: rows from a tensor of row indices, columns
// y + [0, 32).

// CHECK-LABEL: tt.func @gather_scatter
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f16>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %[[ROWS:.*]]: tensor<8xi32>, %[[COL:.*]]: i32)
// CHECK:       %[[R64:.*]] = arith.extsi %[[ROWS]] : tensor<8xi32> to tensor<8xi64>
// CHECK:       %[[RE:.*]] = tt.expand_dims %[[R64]] {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
// CHECK:       %[[C64:.*]] = arith.extsi %[[COL]] : i32 to i64
// CHECK:       tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK:       tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:       %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<8x32x!tt.ptr<f16>>, tensor<8x32xi64>
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<8x32xf16>
// CHECK:       %[[G:.*]] = tt.load %[[PTRS]], %{{.*}}, %[[ZERO]] : tensor<8x32x!tt.ptr<f16>>
// CHECK:       tt.store %{{.*}}, %[[G]], %{{.*}} : tensor<8x32x!tt.ptr<f16>>
tt.func @gather_scatter(%p: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %rows: tensor<8xi32>, %col: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1] : <f16>, <tensor<1x32xf16>>
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  tt.descriptor_scatter %d[%rows, %col], %g : !tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32, tensor<8x32xf16>
  tt.return
}

// -----

// Descriptors through arith.select, scf.if and a call of a function that is
// not inlined: each is split into its parts, the callee's signature too.

// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%[[B:.*]]: !tt.ptr<f32>, %[[S:.*]]: i64, %[[ST:.*]]: i64, %[[NAN:.*]]: i1, %{{.*}}: i32) -> tensor<16xf32>
// CHECK:       arith.select %[[NAN]], %{{.*}}, %{{.*}} : tensor<16xf32>
// CHECK-LABEL: tt.func @call_if
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<f32>, %{{.*}}: i32, %[[C:.*]]: i1)
// CHECK-DAG:   %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:   %[[TRUE:.*]] = arith.constant true
// CHECK:       %[[SB:.*]] = arith.select %[[C]], %[[P]], %[[Q]] : !tt.ptr<f32>
// CHECK:       %[[SNAN:.*]] = arith.select %[[C]], %[[FALSE]], %[[TRUE]] : i1
// CHECK:       %[[IF:.*]]:4 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64, i1) {
// CHECK:         scf.yield %[[P]], %{{.*}}, %{{.*}}, %[[FALSE]] : !tt.ptr<f32>, i64, i64, i1
// CHECK:       } else {
// CHECK:         scf.yield %[[SB]], %{{.*}}, %{{.*}}, %[[SNAN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK:       tt.call @helper(%[[IF]]#0, %[[IF]]#1, %[[IF]]#2, %[[IF]]#3, %{{.*}}) : (!tt.ptr<f32>, i64, i64, i1, i32) -> tensor<16xf32>
tt.func private @helper(%d: !tt.tensordesc<tensor<16xf32>>, %i: i32) -> tensor<16xf32> attributes {noinline = true} {
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

tt.func @call_if(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %m: i32, %c: i1) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<16xf32>>
  %e = tt.make_tensor_descriptor %q, [%m], [%c1] {padding = 2 : i32} : <f32>, <tensor<16xf32>>
  %s = arith.select %c, %d, %e : !tt.tensordesc<tensor<16xf32>>
  %f = scf.if %c -> !tt.tensordesc<tensor<16xf32>> {
    scf.yield %d : !tt.tensordesc<tensor<16xf32>>
  } else {
    scf.yield %s : !tt.tensordesc<tensor<16xf32>>
  }
  %t = tt.call @helper(%f, %c0) : (!tt.tensordesc<tensor<16xf32>>, i32) -> tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

// -----

// A descriptor returned by a function and carried by scf.while; ub.poison
// of a descriptor (what the frontend yields on a path that returned early)
// is a poison of each part.

// CHECK-LABEL: tt.func private @make
// CHECK-SAME: -> (!tt.ptr<f32>, i64, i64, i1)
// CHECK:       %[[R:.*]]:4 = scf.if
// CHECK:       } else {
// CHECK-NEXT:    %[[PB:.*]] = ub.poison : !tt.ptr<f32>
// CHECK-NEXT:    %[[PS:.*]] = ub.poison : i64
// CHECK-NEXT:    %[[PT:.*]] = ub.poison : i64
// CHECK-NEXT:    %[[PN:.*]] = ub.poison : i1
// CHECK-NEXT:    scf.yield %[[PB]], %[[PS]], %[[PT]], %[[PN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK:       tt.return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3 : !tt.ptr<f32>, i64, i64, i1
// CHECK-LABEL: tt.func @while
// CHECK:       %[[D:.*]]:4 = tt.call @make(%{{.*}}, %{{.*}}, %{{.*}}) : (!tt.ptr<f32>, i32, i1) -> (!tt.ptr<f32>, i64, i64, i1)
// CHECK:       scf.while (%{{.*}} = %[[D]]#0, %{{.*}} = %[[D]]#1, %{{.*}} = %[[D]]#2, %{{.*}} = %[[D]]#3, %{{.*}} = %{{.*}}) : (!tt.ptr<f32>, i64, i64, i1, i32) -> (!tt.ptr<f32>, i64, i64, i1, i32)
// CHECK:         scf.condition
// CHECK:         tt.load
// CHECK:         scf.yield
tt.func private @make(%p: !tt.ptr<f32>, %m: i32, %c: i1) -> !tt.tensordesc<tensor<16xf32>> attributes {noinline = true} {
  %c1 = arith.constant 1 : i64
  %r = scf.if %c -> !tt.tensordesc<tensor<16xf32>> {
    %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<16xf32>>
    scf.yield %d : !tt.tensordesc<tensor<16xf32>>
  } else {
    %u = ub.poison : !tt.tensordesc<tensor<16xf32>>
    scf.yield %u : !tt.tensordesc<tensor<16xf32>>
  }
  tt.return %r : !tt.tensordesc<tensor<16xf32>>
}

tt.func @while(%p: !tt.ptr<f32>, %m: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %d = tt.call @make(%p, %m, %c) : (!tt.ptr<f32>, i32, i1) -> !tt.tensordesc<tensor<16xf32>>
  %r:2 = scf.while (%w = %d, %i = %c0) : (!tt.tensordesc<tensor<16xf32>>, i32) -> (!tt.tensordesc<tensor<16xf32>>, i32) {
    %go = arith.cmpi slt, %i, %m : i32
    scf.condition(%go) %w, %i : !tt.tensordesc<tensor<16xf32>>, i32
  } do {
  ^bb0(%w: !tt.tensordesc<tensor<16xf32>>, %i: i32):
    %t = tt.descriptor_load %w[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    %next = arith.addi %i, %c16 : i32
    scf.yield %w, %next : !tt.tensordesc<tensor<16xf32>>, i32
  }
  tt.return
}

// -----

// A tensor that is not the block without leading unit dimensions (the
// verifier only asks for the same elements) is the whole block, reshaped in
// row-major order.

// CHECK-LABEL: tt.func @reshaped
// CHECK:       %[[T:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x!tt.ptr<f32>>
// CHECK:       %[[R:.*]] = tt.reshape %[[T]] : tensor<2x8xf32> -> tensor<16xf32>
// CHECK:       %[[S:.*]] = tt.reshape %[[R]] : tensor<16xf32> -> tensor<2x8xf32>
// CHECK:       tt.store %{{.*}}, %[[S]], %{{.*}} : tensor<2x8x!tt.ptr<f32>>
tt.func @reshaped(%p: !tt.ptr<f32>, %m: i32, %sm: i64, %i: i32) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m, %m], [%sm, %c1] : <f32>, <tensor<2x8xf32>>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<2x8xf32>> -> tensor<16xf32>
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<2x8xf32>>, tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

// -----

// A kernel parameter of descriptor type (a host-side TensorDescriptor)
// becomes its parts as parameters, named after it; the other parameters keep
// their attributes at their new positions.
// CHECK-LABEL: tt.func public @host_descriptor
// CHECK-SAME: (%{{[^:]*}}: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %{{[^:]*}}: !tt.ptr<f16>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i1, %{{[^:]*}}: i32 {tt.divisibility = 16 : i32})
// CHECK: tt.load
// NAMES-LABEL: tt.func public @host_descriptor
// NAMES-SAME: !tt.ptr<f16> loc("desc_x.base")
// NAMES-SAME: i64 loc("desc_x.shape0"), %{{[^:]*}}: i64 loc("desc_x.shape1")
// NAMES-SAME: i64 loc("desc_x.stride0"), %{{[^:]*}}: i64 loc("desc_x.stride1")
// NAMES-SAME: i1 loc("desc_x.pad_nan")
// NAMES-SAME: i32 {tt.divisibility = 16 : i32} loc("i"))
// GONE-NOT: tensordesc
tt.func public @host_descriptor(%out: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %x: !tt.tensordesc<tensor<16x16xf16>> loc("desc_x"), %i: i32 {tt.divisibility = 16 : i32} loc("i")) {
  %t = tt.descriptor_load %x[%i, %i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return
}

// RUN: trident-opt %s | FileCheck %s
// RUN: trident-opt %s | trident-opt | FileCheck %s
// RUN: trident-opt %s --mlir-print-op-generic | trident-opt | FileCheck %s

// CHECK-LABEL: tt.func public @pointers
// CHECK-SAME: %[[P:.*]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}
// CHECK-SAME: !tt.ptr<f16, 3>
// CHECK-SAME: attributes {noinline = false}
tt.func public @pointers(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16, 3>, %i: i64) attributes {noinline = false} {
  // CHECK: %[[PID:.*]] = tt.get_program_id x : i32
  %pid = tt.get_program_id x : i32
  // CHECK: tt.get_num_programs z : i32
  %n = tt.get_num_programs z : i32
  // CHECK: %[[R:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: %[[S:.*]] = tt.splat %[[P]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: %[[A:.*]] = tt.addptr %[[S]], %[[R]] : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: tt.addptr %[[P]], %[[PID]] : !tt.ptr<f32>, i32
  %b = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %c = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
  %d = tt.ptr_to_int %c : !tt.ptr<f32> -> i64
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %e = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  tt.return
}

// CHECK-LABEL: tt.func @memory
tt.func @memory(%ptrs: tensor<128x!tt.ptr<f32>>, %mask: tensor<128xi1>, %other: tensor<128xf32>, %bp: !tt.ptr<tensor<64x32xf16>>) {
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  %x = tt.load %ptrs, %mask, %other cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}} evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
  %y = tt.load %ptrs evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  %t = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = wb : tensor<128x!tt.ptr<f32>>
  tt.store %ptrs, %x, %mask cacheModifier = wb : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.store %bp, %t {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  %o = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %x, %mask : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  // CHECK: tt.atomic_rmw exch, relaxed, sys, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  %o2 = tt.atomic_rmw exch, relaxed, sys, %ptrs, %x : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @block_pointers
tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %k: i64, %o: i32) {
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  // CHECK: %[[BP:.*]] = tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%k, %c1], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // CHECK: tt.advance %[[BP]], [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
  %next = tt.advance %bp, [%o, %c32] : <tensor<64x32xf16>>
  tt.return
}

// CHECK-LABEL: tt.func @atomics_scalar
tt.func @atomics_scalar(%p: !tt.ptr<i32>, %cmp: i32, %val: i32) {
  // CHECK: tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
  %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %val : (!tt.ptr<i32>, i32, i32) -> i32
  // CHECK: tt.atomic_rmw umax, acquire, cta, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %m = tt.atomic_rmw umax, acquire, cta, %p, %val : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%x: tensor<32xf32>, %s: f32, %one: tensor<1x1xf32>) {
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %e = tt.expand_dims %x {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<32x1xf32> -> tensor<32x16xf32>
  %b = tt.broadcast %e : tensor<32x1xf32> -> tensor<32x16xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x16xf32> -> tensor<16x32xf32>
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<32x16xf32> -> tensor<16x32xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<16x32xf32> -> tensor<512xf32>
  %r = tt.reshape %t allow_reorder efficient_layout : tensor<16x32xf32> -> tensor<512xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<16x32xf32> -> tensor<512xf32>
  %r2 = tt.reshape %t : tensor<16x32xf32> -> tensor<512xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<64xf32>
  %c = tt.cat %x, %x : tensor<32xf32> -> tensor<64xf32>
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<32x2xf32>
  %j = tt.join %x, %x : tensor<32xf32> -> tensor<32x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tt.split %[[J]] : tensor<32x2xf32> -> tensor<32xf32>
  %l, %h = tt.split %j : tensor<32x2xf32> -> tensor<32xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>
  %u = tt.unsplat %one : tensor<1x1xf32>
  tt.return
}

// CHECK-LABEL: tt.func @arith
tt.func @arith(%x: tensor<64xf32>, %lo: tensor<64xf32>, %i: tensor<64xi32>) {
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  %f8 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<64xf8E5M2> -> tensor<64xf32>
  %up = tt.fp_to_fp %f8 : tensor<64xf8E5M2> -> tensor<64xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<64xf32>
  %c = tt.clampf %x, %lo, %x, propagateNan = all : tensor<64xf32>
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<64xf32>
  %s = tt.precise_sqrt %x : tensor<64xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<64xf32>
  %d = tt.precise_divf %x, %lo : tensor<64xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
  %h = tt.mulhiui %i, %i : tensor<64xi32>
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32>) -> tensor<64xf32>
  %e = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<64xi32> -> tensor<64xi32>
  %a = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<64xi32> -> tensor<64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @dots
tt.func @dots(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>, %a8: tensor<64x32xf8E4M3FN>, %sa: tensor<64x1xi8>, %bb: tensor<32x64xbf16>, %cs: f32, %p4: tensor<64x16xi8>, %s4: tensor<64x2xi8>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %e = tt.dot %a, %b, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<64x32xf8E4M3FN>, tensor<64x1xi8> * tensor<32x64xbf16> -> tensor<64x64xf32>
  %f = tt.dot_scaled %a8 scale %sa, %bb, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<64x32xf8E4M3FN>, tensor<64x1xi8> * tensor<32x64xbf16> -> tensor<64x64xf32>
  // e2m1 packed along N holds two columns of the product per byte.
  // CHECK: tt.dot_scaled {{.*}} lhs = bf16 rhs = e2m1 {fastMath = true, rhs_k_pack = false} : tensor<32x64xbf16> * tensor<64x32xi8> -> tensor<32x64xf32>
  %bt = tt.trans %bb {order = array<i32: 1, 0>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
  %b4 = tt.bitcast %bt : tensor<64x32xbf16> -> tensor<64x32xi16>
  %b8 = arith.trunci %b4 : tensor<64x32xi16> to tensor<64x32xi8>
  %c2 = tt.splat %cs : f32 -> tensor<32x64xf32>
  %g = tt.dot_scaled %bb, %b8, %c2 lhs = bf16 rhs = e2m1 {fastMath = true, rhs_k_pack = false} : tensor<32x64xbf16> * tensor<64x32xi8> -> tensor<32x64xf32>
  // e2m1 packed along K: 16 bytes hold K = 32, scaled in blocks of 16.
  // CHECK: tt.dot_scaled {{.*}} lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x16xi8>, tensor<64x2xi8> * tensor<32x64xbf16> -> tensor<64x64xf32>
  %h = tt.dot_scaled %p4 scale %s4, %bb, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x16xi8>, tensor<64x2xi8> * tensor<32x64xbf16> -> tensor<64x64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @reductions
tt.func @reductions(%x: tensor<16x32xf32>, %idx: tensor<16x32xi32>) {
  // CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK: }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  %m:2 = "tt.reduce"(%x, %idx) <{axis = 1 : i32}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %v = arith.select %gt, %v0, %v1 : f32
    %i = arith.select %gt, %i0, %i1 : i32
    tt.reduce.return %v, %i : f32, i32
  }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
  // CHECK: tt.scan.return %{{.*}} : f32
  %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    tt.scan.return %p : f32
  }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  // CHECK: "tt.map_elementwise"(%{{.*}}) <{pack = 1 : i32}>
  %n = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %y = arith.negf %a : f32
    tt.map_elementwise.return %y : f32
  }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  // With pack = 2 the region takes two elements of each operand in a row
  // and returns two elements of each result.
  // CHECK: "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}>
  // CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i32, i32
  %q:2 = "tt.map_elementwise"(%x, %idx) <{pack = 2 : i32}> ({
  ^bb0(%x0: f32, %x1: f32, %i0: i32, %i1: i32):
    %y0 = arith.negf %x0 : f32
    %y1 = arith.negf %x1 : f32
    %j0 = arith.addi %i0, %i1 : i32
    tt.map_elementwise.return %y0, %y1, %j0, %j0 : f32, f32, i32, i32
  }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16x32xf32>, tensor<16x32xi32>)
  tt.return
}

// CHECK-LABEL: tt.func @misc
tt.func @misc(%x: tensor<128xi32>, %m: tensor<128xi1>, %src: tensor<64xf32>, %i: tensor<32xi32>) {
  // CHECK: tt.histogram %{{.*}} : tensor<128xi32> -> tensor<32xi32>
  %h = tt.histogram %x : tensor<128xi32> -> tensor<32xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<128xi32> -> tensor<32xi32>
  %hm = tt.histogram %x, %m : tensor<128xi32> -> tensor<32xi32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<64xf32>, tensor<32xi32>) -> tensor<32xf32>
  %g = tt.gather %src[%i] {axis = 0 : i32} : (tensor<64xf32>, tensor<32xi32>) -> tensor<32xf32>
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %{{.*}} : tensor<128xi32>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
  // CHECK: tt.assert %{{.*}}, "out of range" : tensor<128xi1>
  tt.assert %m, "out of range" : tensor<128xi1>
  tt.return
}

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%p: !tt.ptr<f16>, %n: i32, %s: i64, %x: tensor<8xi32>) {
  // CHECK: %[[D:.*]] = tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f16>, <tensor<16x32xf16>>
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x32xf16>>
  // CHECK: tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  %t = tt.descriptor_load %d[%n, %n] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  // CHECK: tt.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  tt.descriptor_store %d[%n, %n], %t : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  // CHECK: tt.descriptor_reduce add, %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  tt.descriptor_reduce add, %d[%n, %n], %t : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  %row = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<tensor<1x32xf16>>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  %g = tt.descriptor_gather %row[%x, %n] : (!tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32, tensor<8x32xf16>
  tt.descriptor_scatter %row[%x, %n], %g : !tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32, tensor<8x32xf16>
  tt.return
}

// Triton's frontend spells integer blocks with their sign; the base pointer and
// the tensors moved are signless.
// CHECK-LABEL: tt.func @signed_descriptors
tt.func @signed_descriptors(%p: !tt.ptr<i32>, %n: i32, %s: i64, %x: tensor<8xi32>) {
  // CHECK: tt.make_tensor_descriptor %{{.*}} : <i32>, <tensor<4x4x4x16xsi32>>
  %d = tt.make_tensor_descriptor %p, [%n, %n, %n, %n], [%s, %s, %s, %s] : !tt.ptr<i32>, !tt.tensordesc<tensor<4x4x4x16xsi32>>
  // CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<4x4x4x16xsi32>> -> tensor<4x4x4x16xi32>
  %t = tt.descriptor_load %d[%n, %n, %n, %n] : !tt.tensordesc<tensor<4x4x4x16xsi32>> -> tensor<4x4x4x16xi32>
  // CHECK: tt.descriptor_store %{{.*}} : !tt.tensordesc<tensor<4x4x4x16xsi32>>, tensor<4x4x4x16xi32>
  tt.descriptor_store %d[%n, %n, %n, %n], %t : !tt.tensordesc<tensor<4x4x4x16xsi32>>, tensor<4x4x4x16xi32>
  %row = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<i32>, !tt.tensordesc<tensor<1x16xui32>>
  // CHECK: tt.descriptor_gather %{{.*}} : (!tt.tensordesc<tensor<1x16xui32>>, tensor<8xi32>, i32) -> tensor<8x16xi32>
  %g = tt.descriptor_gather %row[%x, %n] : (!tt.tensordesc<tensor<1x16xui32>>, tensor<8xi32>, i32) -> tensor<8x16xi32>
  tt.return
}

// CHECK-LABEL: tt.func private @helper
// CHECK: tt.return %{{.*}}, %{{.*}} : f32, i32
tt.func private @helper(%a: f32, %b: i32) -> (f32, i32) attributes {noinline = false} {
  tt.return %a, %b : f32, i32
}

// CHECK-LABEL: tt.func @caller
tt.func @caller(%a: f32, %b: i32) {
  // CHECK: tt.call @helper(%{{.*}}, %{{.*}}) : (f32, i32) -> (f32, i32)
  %r:2 = tt.call @helper(%a, %b) : (f32, i32) -> (f32, i32)
  tt.return
}

// Forms upstream's verifiers accept: a rounding mode on a widening fp_to_fp
// (it has no effect), print flags without arguments, and a splat of a 0-d
// tensor.
// CHECK-LABEL: tt.func @upstream_forms
tt.func @upstream_forms(%x: tensor<64xf16>, %s: tensor<f32>) {
  // CHECK: tt.splat %{{.*}} : tensor<f32> -> tensor<64xf32>
  %splat = tt.splat %s : tensor<f32> -> tensor<64xf32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf16> -> tensor<64xf32>
  %w = tt.fp_to_fp %x, rounding = rtne : tensor<64xf16> -> tensor<64xf32>
  // CHECK: tt.print "hello" {hex = false, isSigned = array<i32: 1>}
  tt.print "hello" {hex = false, isSigned = array<i32: 1>}
  tt.return
}

// test_tensor_atomic_rmw / test_tensor_atomic_use_result (Triton 3.6 TTIR):
// a tensor reduced by tt.reduce is atomically added with its old values
// used, in the slice layout the reduction leaves, where several threads hold
// each element. One of them updates memory and hands the old value to the
// others through shared memory; f16 and f64 add with float atomics, a u64
// add (i64 in TTIR) with an integer one. Compare-and-swap of floats swaps
// their bits; a 16-bit one is atom.cas.b16, as Triton emits it.
// RUN: split-file %s %t
// RUN: trident compile %t/f16.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=F16
// RUN: trident compile %t/f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=F64
// RUN: trident compile %t/u64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=U64
// RUN: trident compile %t/f16_2.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=F16SMALL
// RUN: trident compile %t/cas.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=CAS

// F16: atom{{.*}}.global{{.*}}.add{{.*}}.f16
// F16: st.shared.b16
// F16: bar.sync
// F16: ld.shared.b16
// F64: atom{{.*}}.global{{.*}}.add.f64
// F64: st.shared.b64
// F64: bar.sync
// F64: ld.shared.b64
// U64: atom{{.*}}.global{{.*}}.add.u64
// U64: st.shared.b64
// U64: bar.sync
// U64: ld.shared.b64
// F16SMALL: atom{{.*}}.global{{.*}}.add{{.*}}.f16
// CAS: atom.global.acq_rel.gpu.cas.b32
// CAS: atom.global.acq_rel.gpu.cas.b16
// CAS: st.shared.b16
// CAS: atom.global.acq_rel.gpu.cas.b64

//--- f16.ttir
module {
  tt.func public @rmw_f16_axis0(%X: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %OLD: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c = arith.constant dense<32> : tensor<32x1xi32>
    %row = arith.muli %r0, %c : tensor<32x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %rowb = tt.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
    %colb = tt.broadcast %r1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %off = arith.addi %rowb, %colb : tensor<32x32xi32>
    %xs = tt.splat %X : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
    %xp = tt.addptr %xs, %off : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
    %x = tt.load %xp : tensor<32x32x!tt.ptr<f16>>
    %xf = arith.extf %x : tensor<32x32xf16> to tensor<32x32xf32>
    %s = "tt.reduce"(%xf) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x32xf32>) -> tensor<32xf32>
    %z = arith.truncf %s : tensor<32xf32> to tensor<32xf16>
    %zs = tt.splat %Z : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
    %zp = tt.addptr %zs, %r : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
    %true = arith.constant true
    %m = tt.splat %true : i1 -> tensor<32xi1>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %z, %m : (tensor<32x!tt.ptr<f16>>, tensor<32xf16>, tensor<32xi1>) -> tensor<32xf16>
    %os = tt.splat %OLD : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
    %op = tt.addptr %os, %r : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
    tt.store %op, %old : tensor<32x!tt.ptr<f16>>
    tt.return
  }
}

//--- f64.ttir
module {
  tt.func public @rmw_f64_axis0(%X: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %OLD: !tt.ptr<f64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c = arith.constant dense<32> : tensor<32x1xi32>
    %row = arith.muli %r0, %c : tensor<32x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %rowb = tt.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
    %colb = tt.broadcast %r1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %off = arith.addi %rowb, %colb : tensor<32x32xi32>
    %xs = tt.splat %X : !tt.ptr<f64> -> tensor<32x32x!tt.ptr<f64>>
    %xp = tt.addptr %xs, %off : tensor<32x32x!tt.ptr<f64>>, tensor<32x32xi32>
    %x = tt.load %xp : tensor<32x32x!tt.ptr<f64>>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f64, %b: f64):
      %t = arith.addf %a, %b : f64
      tt.reduce.return %t : f64
    }) : (tensor<32x32xf64>) -> tensor<32xf64>
    %zs = tt.splat %Z : !tt.ptr<f64> -> tensor<32x!tt.ptr<f64>>
    %zp = tt.addptr %zs, %r : tensor<32x!tt.ptr<f64>>, tensor<32xi32>
    %true = arith.constant true
    %m = tt.splat %true : i1 -> tensor<32xi1>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %s, %m : (tensor<32x!tt.ptr<f64>>, tensor<32xf64>, tensor<32xi1>) -> tensor<32xf64>
    %os = tt.splat %OLD : !tt.ptr<f64> -> tensor<32x!tt.ptr<f64>>
    %op = tt.addptr %os, %r : tensor<32x!tt.ptr<f64>>, tensor<32xi32>
    tt.store %op, %old : tensor<32x!tt.ptr<f64>>
    tt.return
  }
}

//--- u64.ttir
module {
  tt.func public @rmw_u64_axis1(%X: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %OLD: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c = arith.constant dense<32> : tensor<32x1xi32>
    %row = arith.muli %r0, %c : tensor<32x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %rowb = tt.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
    %colb = tt.broadcast %r1 : tensor<1x32xi32> -> tensor<32x32xi32>
    %off = arith.addi %rowb, %colb : tensor<32x32xi32>
    %xs = tt.splat %X : !tt.ptr<i64> -> tensor<32x32x!tt.ptr<i64>>
    %xp = tt.addptr %xs, %off : tensor<32x32x!tt.ptr<i64>>, tensor<32x32xi32>
    %x = tt.load %xp : tensor<32x32x!tt.ptr<i64>>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %t = arith.addi %a, %b : i64
      tt.reduce.return %t : i64
    }) : (tensor<32x32xi64>) -> tensor<32xi64>
    %zs = tt.splat %Z : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>>
    %zp = tt.addptr %zs, %r : tensor<32x!tt.ptr<i64>>, tensor<32xi32>
    %true = arith.constant true
    %m = tt.splat %true : i1 -> tensor<32xi1>
    %old = tt.atomic_rmw add, acq_rel, gpu, %zp, %s, %m : (tensor<32x!tt.ptr<i64>>, tensor<32xi64>, tensor<32xi1>) -> tensor<32xi64>
    %os = tt.splat %OLD : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>>
    %op = tt.addptr %os, %r : tensor<32x!tt.ptr<i64>>, tensor<32xi32>
    tt.store %op, %old : tensor<32x!tt.ptr<i64>>
    tt.return
  }
}

//--- f16_2.ttir
module {
  tt.func public @rmw_f16_2(%X: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %OLD: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %c = arith.constant dense<2> : tensor<2x1xi32>
    %row = arith.muli %r0, %c : tensor<2x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
    %rowb = tt.broadcast %row : tensor<2x1xi32> -> tensor<2x2xi32>
    %colb = tt.broadcast %r1 : tensor<1x2xi32> -> tensor<2x2xi32>
    %off = arith.addi %rowb, %colb : tensor<2x2xi32>
    %xs = tt.splat %X : !tt.ptr<f16> -> tensor<2x2x!tt.ptr<f16>>
    %xp = tt.addptr %xs, %off : tensor<2x2x!tt.ptr<f16>>, tensor<2x2xi32>
    %x = tt.load %xp : tensor<2x2x!tt.ptr<f16>>
    %xf = arith.extf %x : tensor<2x2xf16> to tensor<2x2xf32>
    %s = "tt.reduce"(%xf) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<2x2xf32>) -> tensor<2xf32>
    %z = arith.truncf %s : tensor<2xf32> to tensor<2xf16>
    %zs = tt.splat %Z : !tt.ptr<f16> -> tensor<2x!tt.ptr<f16>>
    %zp = tt.addptr %zs, %r : tensor<2x!tt.ptr<f16>>, tensor<2xi32>
    %true = arith.constant true
    %m = tt.splat %true : i1 -> tensor<2xi1>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %z, %m : (tensor<2x!tt.ptr<f16>>, tensor<2xf16>, tensor<2xi1>) -> tensor<2xf16>
    %os = tt.splat %OLD : !tt.ptr<f16> -> tensor<2x!tt.ptr<f16>>
    %op = tt.addptr %os, %r : tensor<2x!tt.ptr<f16>>, tensor<2xi32>
    tt.store %op, %old : tensor<2x!tt.ptr<f16>>
    tt.return
  }
}

//--- cas.ttir
module {
  tt.func public @cas_f32(%P: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %OLD: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %PH: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %PD: !tt.ptr<f64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %ps = tt.splat %P : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %c0 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %c1 = arith.constant dense<1.000000e+00> : tensor<64xf32>
    %old = tt.atomic_cas acq_rel, gpu, %pp, %c0, %c1 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %os = tt.splat %OLD : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %op, %old : tensor<64x!tt.ptr<f32>>
    %h0 = arith.constant 0.000000e+00 : f16
    %h1 = arith.constant 1.000000e+00 : f16
    %oh = tt.atomic_cas acq_rel, gpu, %PH, %h0, %h1 : (!tt.ptr<f16>, f16, f16) -> f16
    tt.store %PH, %oh : !tt.ptr<f16>
    %d0 = arith.constant 0.000000e+00 : f64
    %d1 = arith.constant 1.000000e+00 : f64
    %od = tt.atomic_cas acq_rel, gpu, %PD, %d0, %d1 : (!tt.ptr<f64>, f64, f64) -> f64
    tt.store %PD, %od : !tt.ptr<f64>
    tt.return
  }
}

// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-approximate-math{avx512-scalef=true}))' %s | FileCheck %s

// exp on AVX-512: x clamped to [-104, 89] by unordered compares (a NaN
// passes), n = roundeven(x * log2(e)), the polynomial in r = x - n ln 2, and
// p * 2^n by vscalefps one 16-lane register at a time. The op hands its
// operands to llvm.x86.avx512.mask.scalef.ps.512 in order, (a, b,
// passthrough, mask, rounding): p first, then n, all lanes, the current
// rounding (4).
// CHECK-LABEL: func.func @exp_two_registers(
// CHECK-SAME:      %[[X:.*]]: vector<32xf32>
// CHECK:         %[[LOW:.*]] = arith.constant dense<-1.040000e+02> : vector<32xf32>
// CHECK:         %[[GE:.*]] = arith.cmpf uge, %[[X]], %[[LOW]]
// CHECK:         %[[X1:.*]] = arith.select %[[GE]], %[[X]], %[[LOW]]
// CHECK:         %[[HIGH:.*]] = arith.constant dense<8.900000e+01> : vector<32xf32>
// CHECK:         %[[LE:.*]] = arith.cmpf ule, %[[X1]], %[[HIGH]]
// CHECK:         %[[X2:.*]] = arith.select %[[LE]], %[[X1]], %[[HIGH]]
// CHECK:         %[[T:.*]] = arith.mulf %[[X2]]
// CHECK:         %[[N:.*]] = math.roundeven %[[T]] : vector<32xf32>
// CHECK-NOT:     math.floor
// CHECK-NOT:     arith.fptosi
// CHECK:         %[[P:.*]] = arith.addf
// CHECK:         %[[PR:.*]] = vector.shape_cast %[[P]] : vector<32xf32> to vector<2x16xf32>
// CHECK:         %[[NR:.*]] = vector.shape_cast %[[N]] : vector<32xf32> to vector<2x16xf32>
// CHECK:         %[[ALL:.*]] = arith.constant -1 : i16
// CHECK:         %[[ROUND:.*]] = arith.constant 4 : i32
// CHECK:         %[[P0:.*]] = vector.extract %[[PR]][0] : vector<16xf32> from vector<2x16xf32>
// CHECK:         %[[N0:.*]] = vector.extract %[[NR]][0] : vector<16xf32> from vector<2x16xf32>
// CHECK:         %[[S0:.*]] = x86vector.avx512.mask.scalef %[[P0]], %[[N0]], %[[P0]], %[[ALL]], %[[ROUND]] : vector<16xf32>
// CHECK:         %[[R0:.*]] = vector.insert %[[S0]], %[[PR]] [0] : vector<16xf32> into vector<2x16xf32>
// CHECK:         %[[P1:.*]] = vector.extract %[[PR]][1]
// CHECK:         %[[N1:.*]] = vector.extract %[[NR]][1]
// CHECK:         %[[S1:.*]] = x86vector.avx512.mask.scalef %[[P1]], %[[N1]], %[[P1]], %[[ALL]], %[[ROUND]] : vector<16xf32>
// CHECK:         %[[R1:.*]] = vector.insert %[[S1]], %[[R0]] [1]
// CHECK:         %[[E:.*]] = vector.shape_cast %[[R1]] : vector<2x16xf32> to vector<32xf32>
// CHECK-NOT:     math.exp
// CHECK:         return %[[E]]
func.func @exp_two_registers(%x: vector<32xf32>) -> vector<32xf32> {
  %e = math.exp %x : vector<32xf32>
  return %e : vector<32xf32>
}

// A tile: its rows of 16 lanes whatever its shape.
// CHECK-LABEL: func.func @exp_tile(
// CHECK:         vector.shape_cast %{{.*}} : vector<2x32xf32> to vector<4x16xf32>
// CHECK-COUNT-4: x86vector.avx512.mask.scalef
// CHECK:         vector.shape_cast %{{.*}} : vector<4x16xf32> to vector<2x32xf32>
func.func @exp_tile(%x: vector<2x32xf32>) -> vector<2x32xf32> {
  %e = math.exp %x : vector<2x32xf32>
  return %e : vector<2x32xf32>
}

// Not a whole number of registers: upstream's expansion (exponent bits).
// CHECK-LABEL: func.func @exp_partial_register(
// CHECK-NOT:     x86vector
// CHECK:         math.floor {{.*}} : vector<20xf32>
// CHECK:         arith.fptosi
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @exp_partial_register(%x: vector<20xf32>) -> vector<20xf32> {
  %e = math.exp %x : vector<20xf32>
  return %e : vector<20xf32>
}

// exp2: k = roundeven(x) of x clamped to [-151, 129], f = x - k exact, and
// e^(f ln 2) scaled by 2^k; no exp in between, no exponent bits.
// CHECK-LABEL: func.func @exp2_registers(
// CHECK-SAME:      %[[X:.*]]: vector<16xf32>
// CHECK:         %[[LOW:.*]] = arith.constant dense<-1.510000e+02> : vector<16xf32>
// CHECK:         arith.cmpf uge, %[[X]], %[[LOW]]
// CHECK:         %[[HIGH:.*]] = arith.constant dense<1.290000e+02> : vector<16xf32>
// CHECK:         arith.cmpf ule
// CHECK:         %[[CLAMPED:.*]] = arith.select
// CHECK:         %[[K:.*]] = math.roundeven %[[CLAMPED]] : vector<16xf32>
// CHECK:         %[[F:.*]] = arith.subf %[[CLAMPED]], %[[K]]
// CHECK:         arith.mulf %[[F]]
// CHECK-NOT:     math.exp
// CHECK-NOT:     arith.shli
// CHECK:         %[[P:.*]] = arith.addf
// One register: the extractions of its only row fold away.
// CHECK:         x86vector.avx512.mask.scalef %[[P]], %[[K]], %[[P]]
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @exp2_registers(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp2 %x : vector<16xf32>
  return %e : vector<16xf32>
}

// exp2 of a partial register: Exp2Expansion, around upstream's exp.
// CHECK-LABEL: func.func @exp2_partial_register(
// CHECK-NOT:     x86vector
// CHECK:         arith.shli
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @exp2_partial_register(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp2 %x : vector<8xf32>
  return %e : vector<8xf32>
}

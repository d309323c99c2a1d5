// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-approximate-math))' %s | FileCheck %s

// exp on a vector of f32: polynomial arithmetic, no math.exp left.
// CHECK-LABEL: func.func @exp_vector(
// CHECK-NOT:     math.exp
// CHECK:         math.floor {{.*}} : vector<16xf32>
// CHECK:         math.fma {{.*}} : vector<16xf32>
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @exp_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x : vector<16xf32>
  return %e : vector<16xf32>
}

// log, tanh and erf (GELU's) too.
// CHECK-LABEL: func.func @log_tanh_erf(
// CHECK-NOT:     math.log
// CHECK-NOT:     math.tanh
// CHECK-NOT:     math.erf
// CHECK:         return
func.func @log_tanh_erf(%x: vector<8xf32>) -> vector<8xf32> {
  %l = math.log %x : vector<8xf32>
  %t = math.tanh %l : vector<8xf32>
  %e = math.erf %t : vector<8xf32>
  return %e : vector<8xf32>
}

// Scalars, f64 vectors and sin keep their math ops (libm calls later).
// CHECK-LABEL: func.func @kept(
// CHECK:         math.exp %{{.*}} : f32
// CHECK:         math.exp %{{.*}} : vector<4xf64>
// CHECK:         math.sin %{{.*}} : vector<16xf32>
func.func @kept(%s: f32, %d: vector<4xf64>, %v: vector<16xf32>) -> (f32, vector<4xf64>, vector<16xf32>) {
  %a = math.exp %s : f32
  %b = math.exp %d : vector<4xf64>
  %c = math.sin %v : vector<16xf32>
  return %a, %b, %c : f32, vector<4xf64>, vector<16xf32>
}

// exp2: 2^round(x) from exponent bits (in two halves) times the exp
// polynomial of the exact remainder scaled by ln 2; a NaN passes through.
// CHECK-LABEL: func.func @exp2_vector(
// CHECK-SAME:      %[[X:.*]]: vector<64x64xf32>
// CHECK-NOT:     math.exp2
// CHECK:         %[[K:.*]] = math.roundeven %{{.*}} : vector<64x64xf32>
// CHECK:         %[[F:.*]] = arith.subf %{{.*}}, %[[K]] : vector<64x64xf32>
// CHECK:         %[[KI:.*]] = arith.fptosi %[[K]] : vector<64x64xf32> to vector<64x64xi32>
// CHECK:         arith.shli {{.*}} : vector<64x64xi32>
// CHECK:         arith.bitcast {{.*}} : vector<64x64xi32> to vector<64x64xf32>
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<64x64xf32>
// CHECK:         %[[R:.*]] = arith.select %[[NAN]], %[[X]], %{{.*}} : vector<64x64xi1>, vector<64x64xf32>
// CHECK-NOT:     math.exp
// CHECK:         return %[[R]]
func.func @exp2_vector(%x: vector<64x64xf32>) -> vector<64x64xf32> {
  %e = math.exp2 %x : vector<64x64xf32>
  return %e : vector<64x64xf32>
}

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

// A vector of f32 divided by a broadcast scalar: the scalar's reciprocal
// once and a product, where 1/s is a normal float; the division otherwise.
// CHECK-LABEL: func.func @divide_by_scalar(
// CHECK-SAME:      %[[X:.*]]: vector<16xf32>, %[[S:.*]]: f32
// CHECK:         %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[LO:.*]] = arith.constant 1.17549435E-38 : f32
// CHECK-DAG:     %[[HI:.*]] = arith.constant 8.50705917E+37 : f32
// CHECK:         %[[ABS:.*]] = math.absf %[[S]] : f32
// CHECK:         %[[GE:.*]] = arith.cmpf oge, %[[ABS]], %[[LO]] : f32
// CHECK:         %[[LE:.*]] = arith.cmpf ole, %[[ABS]], %[[HI]] : f32
// CHECK:         %[[OK:.*]] = arith.andi %[[GE]], %[[LE]] : i1
// CHECK:         %[[Q:.*]] = scf.if %[[OK]] -> (vector<16xf32>) {
// CHECK:           %[[R:.*]] = arith.divf %[[ONE]], %[[S]] : f32
// CHECK:           %[[RB:.*]] = vector.broadcast %[[R]] : f32 to vector<16xf32>
// CHECK:           %[[P:.*]] = arith.mulf %[[X]], %[[RB]] : vector<16xf32>
// CHECK:           scf.yield %[[P]] : vector<16xf32>
// CHECK:         } else {
// CHECK:           %[[D:.*]] = arith.divf %[[X]], %[[B]] : vector<16xf32>
// CHECK:           scf.yield %[[D]] : vector<16xf32>
// CHECK:         return %[[Q]]
func.func @divide_by_scalar(%x: vector<16xf32>, %s: f32) -> vector<16xf32> {
  %b = vector.broadcast %s : f32 to vector<16xf32>
  %q = arith.divf %x, %b : vector<16xf32>
  return %q : vector<16xf32>
}

// One divisor per row of a tile (Inductor's softmax over 4 rows): the four
// reciprocals once, taken when all four are normal floats.
// CHECK-LABEL: func.func @divide_rows(
// CHECK-SAME:      %[[X:.*]]: vector<4x256xf32>, %[[S:.*]]: vector<4x1xf32>
// CHECK:         %[[B:.*]] = vector.broadcast %[[S]] : vector<4x1xf32> to vector<4x256xf32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4x1xf32>
// CHECK:         %[[ABS:.*]] = math.absf %[[S]] : vector<4x1xf32>
// CHECK:         %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<4x1xi1>
// CHECK:         %[[FLAT:.*]] = vector.shape_cast %[[OK]] : vector<4x1xi1> to vector<4xi1>
// CHECK:         %[[ALL:.*]] = vector.reduction <and>, %[[FLAT]] : vector<4xi1> into i1
// CHECK:         scf.if %[[ALL]] -> (vector<4x256xf32>) {
// CHECK:           %[[R:.*]] = arith.divf %[[ONE]], %[[S]] : vector<4x1xf32>
// CHECK:           %[[RB:.*]] = vector.broadcast %[[R]] : vector<4x1xf32> to vector<4x256xf32>
// CHECK:           arith.mulf %[[X]], %[[RB]] : vector<4x256xf32>
// CHECK:         } else {
// CHECK:           arith.divf %[[X]], %[[B]] : vector<4x256xf32>
func.func @divide_rows(%x: vector<4x256xf32>, %s: vector<4x1xf32>) -> vector<4x256xf32> {
  %b = vector.broadcast %s : vector<4x1xf32> to vector<4x256xf32>
  %q = arith.divf %x, %b : vector<4x256xf32>
  return %q : vector<4x256xf32>
}

// Left as divisions: by a vector, by a broadcast of as many elements, and
// in f64.
// CHECK-LABEL: func.func @divisions_kept(
// CHECK-NOT:     scf.if
// CHECK-COUNT-3: arith.divf
// CHECK-NOT:     arith.mulf
func.func @divisions_kept(%x: vector<16xf32>, %y: vector<16xf32>, %r: vector<1x16xf32>,
                          %d: vector<8xf64>, %s: f64) -> (vector<16xf32>, vector<16xf32>, vector<8xf64>) {
  %q1 = arith.divf %x, %y : vector<16xf32>
  %rb = vector.broadcast %r : vector<1x16xf32> to vector<1x16xf32>
  %rs = vector.shape_cast %rb : vector<1x16xf32> to vector<16xf32>
  %q2 = arith.divf %x, %rs : vector<16xf32>
  %sb = vector.broadcast %s : f64 to vector<8xf64>
  %q3 = arith.divf %d, %sb : vector<8xf64>
  return %q1, %q2, %q3 : vector<16xf32>, vector<16xf32>, vector<8xf64>
}

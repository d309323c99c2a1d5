// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-unmask-whole-tiles))' %s | FileCheck %s

// Layer norm's `tl.where(cols < N, x - mean, 0.0)`: the block's value as it
// is when its last lane, off + 255, is below N (and the sum cannot wrap);
// the per-lane select otherwise.
// CHECK-LABEL: func.func @where_in_bounds(
// CHECK-SAME:      %[[OFF:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[X:[^:]*]]: vector<256xf32>, %[[ZERO:[^:]*]]: vector<256xf32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<256xi32>
// CHECK:         %[[MAX:.*]] = arith.constant 2147483392 : i32
// CHECK:         %[[NO_WRAP:.*]] = arith.cmpi sle, %[[OFF]], %[[MAX]] : i32
// CHECK:         %[[C255:.*]] = arith.constant 255 : i32
// CHECK:         %[[LAST:.*]] = arith.addi %[[OFF]], %[[C255]] : i32
// CHECK:         %[[IN:.*]] = arith.cmpi slt, %[[LAST]], %[[N]] : i32
// CHECK:         %[[WHOLE:.*]] = arith.andi %[[NO_WRAP]], %[[IN]] : i1
// CHECK:         %[[R:.*]] = scf.if %[[WHOLE]] -> (vector<256xf32>) {
// CHECK-NEXT:      scf.yield %[[X]] : vector<256xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[MASK]], %[[X]], %[[ZERO]] : vector<256xi1>, vector<256xf32>
// CHECK-NEXT:      scf.yield %[[S]] : vector<256xf32>
// CHECK:         return %[[R]]
func.func @where_in_bounds(%off: i32, %n: i32, %x: vector<256xf32>, %zero: vector<256xf32>) -> vector<256xf32> {
  %offs = vector.broadcast %off : i32 to vector<256xi32>
  %step = vector.step : vector<256xindex>
  %lanes = arith.index_cast %step : vector<256xindex> to vector<256xi32>
  %cols = arith.addi %offs, %lanes : vector<256xi32>
  %ns = vector.broadcast %n : i32 to vector<256xi32>
  %mask = arith.cmpi slt, %cols, %ns : vector<256xi32>
  %r = arith.select %mask, %x, %zero : vector<256xi1>, vector<256xf32>
  return %r : vector<256xf32>
}

// The same with the lane indices first, a constant 0, 1, ..., and the
// bound on the left (`n > cols`), in i64.
// CHECK-LABEL: func.func @constant_lanes(
// CHECK:         %[[C3:.*]] = arith.constant 3 : i64
// CHECK:         arith.addi %{{.*}}, %[[C3]] : i64
// CHECK:         scf.if
// CHECK:         arith.select
func.func @constant_lanes(%off: i64, %n: i64, %x: vector<4xf32>, %y: vector<4xf32>) -> vector<4xf32> {
  %lanes = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %offs = vector.broadcast %off : i64 to vector<4xi64>
  %cols = arith.addi %lanes, %offs : vector<4xi64>
  %ns = vector.broadcast %n : i64 to vector<4xi64>
  %mask = arith.cmpi sgt, %ns, %cols : vector<4xi64>
  %r = arith.select %mask, %x, %y : vector<4xi1>, vector<4xf32>
  return %r : vector<4xf32>
}

// Left alone: lanes that do not count from 0, an unsigned compare, a mask
// from a load, and a scalar select.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @left_alone(%off: i32, %n: i32, %x: vector<4xf32>, %y: vector<4xf32>, %loaded: vector<4xi1>, %c: i1, %a: f32, %b: f32) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, f32) {
  %lanes = arith.constant dense<[0, 2, 4, 6]> : vector<4xi32>
  %offs = vector.broadcast %off : i32 to vector<4xi32>
  %cols = arith.addi %offs, %lanes : vector<4xi32>
  %ns = vector.broadcast %n : i32 to vector<4xi32>
  %strided = arith.cmpi slt, %cols, %ns : vector<4xi32>
  %r0 = arith.select %strided, %x, %y : vector<4xi1>, vector<4xf32>
  %step = vector.step : vector<4xindex>
  %steps = arith.index_cast %step : vector<4xindex> to vector<4xi32>
  %cols2 = arith.addi %offs, %steps : vector<4xi32>
  %unsigned = arith.cmpi ult, %cols2, %ns : vector<4xi32>
  %r1 = arith.select %unsigned, %x, %y : vector<4xi1>, vector<4xf32>
  %r2 = arith.select %loaded, %x, %y : vector<4xi1>, vector<4xf32>
  %r3 = arith.select %c, %a, %b : f32
  return %r0, %r1, %r2, %r3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, f32
}

// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-vectorize))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-vectorize{max-elements=8}))' %s | FileCheck %s --check-prefix=SMALL

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @add(
// CHECK:         vector.transfer_read {{.*}} : tensor<256xf32>, vector<256xf32>
// CHECK:         arith.addf {{.*}} : vector<256xf32>
// CHECK:         vector.transfer_write
// CHECK-NOT:     linalg.generic
// SMALL-LABEL: func.func @add(
// SMALL:         linalg.generic
func.func @add(%a: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<256xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map, #map],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<256xf32>, tensor<256xf32>) outs(%a : tensor<256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// A dynamic shape is left to the loop lowering.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         linalg.generic
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%a : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A tensor of i1 is not vectorized (packed bits in a vector, bytes in a
// buffer).
// CHECK-LABEL: func.func @mask(
// CHECK:         linalg.generic
func.func @mask(%a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64xi1> {
  %e = tensor.empty() : tensor<64xi1>
  %r = linalg.generic {indexing_maps = [#map, #map, #map],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xi32>, tensor<64xi32>) outs(%e : tensor<64xi1>) {
  ^bb0(%x: i32, %y: i32, %o: i1):
    %c = arith.cmpi slt, %x, %y : i32
    linalg.yield %c : i1
  } -> tensor<64xi1>
  return %r : tensor<64xi1>
}

// A splat constant operand (Triton's `x // 64`) is read as the splat vector
// itself, which LLVM turns into a shift; read from a global it stayed one
// scalar division per element. A constant that is not a splat is read.
// CHECK-LABEL: func.func @splat_divisor(
// CHECK-DAG:     %[[D:.*]] = arith.constant dense<64> : vector<512xi32>
// CHECK-DAG:     %[[X:.*]] = vector.transfer_read %arg0
// CHECK:         arith.divsi %[[X]], %[[D]] : vector<512xi32>
// CHECK-LABEL: func.func @ramp_divisor(
// CHECK:         %[[R:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK:         vector.transfer_read %[[R]]
func.func @splat_divisor(%x: tensor<512xi32>) -> tensor<512xi32> {
  %cst = arith.constant dense<64> : tensor<512xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %cst : tensor<512xi32>, tensor<512xi32>) outs(%x : tensor<512xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %d = arith.divsi %a, %b : i32
    linalg.yield %d : i32
  } -> tensor<512xi32>
  return %r : tensor<512xi32>
}
func.func @ramp_divisor(%x: tensor<4xi32>) -> tensor<4xi32> {
  %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %cst : tensor<4xi32>, tensor<4xi32>) outs(%x : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %d = arith.divsi %a, %b : i32
    linalg.yield %d : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// A row statistic broadcast along its row (`x - m[:, None]`) is read as a
// column, one splat per row; the vectorizer's broadcast and transpose would
// be moved element by element. The same when the statistic was computed by
// an op just before (its write and read fold into broadcast and transpose).
// CHECK-LABEL: func.func @row_statistic(
// CHECK-SAME:      %[[X:.*]]: tensor<8x16xf32>, %[[M:.*]]: tensor<8xf32>
// CHECK:         %[[COL:.*]] = vector.transfer_read %[[M]]{{.*}} {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
// CHECK:         %[[SHAPED:.*]] = vector.shape_cast %[[COL]] : vector<8xf32> to vector<8x1xf32>
// CHECK:         %[[ROWS:.*]] = vector.broadcast %[[SHAPED]] : vector<8x1xf32> to vector<8x16xf32>
// CHECK:         arith.subf %{{.*}}, %[[ROWS]] : vector<8x16xf32>
// CHECK-LABEL: func.func @row_statistic_computed(
// CHECK:         %[[M:.*]] = arith.mulf %{{.*}} : vector<8xf32>
// CHECK:         %[[SHAPED:.*]] = vector.shape_cast %[[M]] : vector<8xf32> to vector<8x1xf32>
// CHECK:         %[[ROWS:.*]] = vector.broadcast %[[SHAPED]] : vector<8x1xf32> to vector<8x16xf32>
// CHECK:         arith.subf %{{.*}}, %[[ROWS]] : vector<8x16xf32>
// A broadcast along columns and a transposed read keep their form.
// CHECK-LABEL: func.func @column_statistic_and_transpose(
// CHECK-NOT:     vector.shape_cast
// CHECK:         vector.transfer_read {{.*}} permutation_map = #{{.*}}} : tensor<16x8xf32>, vector<8x16xf32>
// CHECK:         vector.transfer_read {{.*}} : tensor<16xf32>, vector<8x16xf32>
// CHECK-NOT:     vector.shape_cast
// CHECK:         return
func.func @row_statistic(%x: tensor<8x16xf32>, %m: tensor<8xf32>) -> tensor<8x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<8x16xf32>, tensor<8xf32>) outs(%x : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
func.func @row_statistic_computed(%x: tensor<8x16xf32>, %m: tensor<8xf32>) -> tensor<8x16xf32> {
  %scaled = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%m : tensor<8xf32>) outs(%m : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %scaled : tensor<8x16xf32>, tensor<8xf32>) outs(%x : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
func.func @column_statistic_and_transpose(%x: tensor<16x8xf32>, %c: tensor<16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<16x8xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// The same column broadcast written as a broadcast along rows and a
// transpose (what canonicalization folds a broadcasting read of a written
// tensor into).
// CHECK-LABEL: func.func @broadcast_transposed(
// CHECK-SAME:      %[[V:.*]]: vector<8xf32>
// CHECK:         %[[SHAPED:.*]] = vector.shape_cast %[[V]] : vector<8xf32> to vector<8x1xf32>
// CHECK:         %[[ROWS:.*]] = vector.broadcast %[[SHAPED]] : vector<8x1xf32> to vector<8x16xf32>
// CHECK-NOT:     vector.transpose
// CHECK:         return %[[ROWS]]
func.func @broadcast_transposed(%v: vector<8xf32>) -> vector<8x16xf32> {
  %b = vector.broadcast %v : vector<8xf32> to vector<16x8xf32>
  %t = vector.transpose %b, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
  return %t : vector<8x16xf32>
}

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

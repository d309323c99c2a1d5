// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-widen-boolean-tensors))' %s | FileCheck %s

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Inductor's row mask: a compare over rows, collapsed, broadcast over each
// row and selected with twice. Every tensor of i1 carries bytes: the compare
// extends, the broadcast (generalized) copies bytes, the selects truncate.
// CHECK-LABEL: func.func @row_mask(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x1xi8>
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<2x1xi8>) {
// CHECK:           %[[C:.*]] = arith.cmpi slt
// CHECK:           %[[X:.*]] = arith.extui %[[C]] : i1 to i8
// CHECK:           linalg.yield %[[X]] : i8
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[M]] {{\[\[}}0, 1]] : tensor<2x1xi8> into tensor<2xi8>
// CHECK:         %[[B:.*]] = linalg.generic {{.*}} ins(%[[R]] : tensor<2xi8>) outs(%{{.*}} : tensor<2x512xi8>)
// CHECK:           ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:        %[[T:.*]] = arith.trunci %[[IN]] : i8 to i1
// CHECK-NEXT:        %[[BACK:.*]] = arith.extui %[[T]] : i1 to i8
// CHECK-NEXT:        linalg.yield %[[BACK]] : i8
// CHECK-COUNT-2: linalg.generic {{.*}} ins(%[[B]], %{{.*}}, %{{.*}} : tensor<2x512xi8>, tensor<2x512xf32>, tensor<2x512xf32>)
// CHECK-NOT:     xi1>
// CHECK:         return
func.func @row_mask(%rows: tensor<2x1xi32>, %x: tensor<2x512xf32>, %y: tensor<2x512xf32>) -> (tensor<2x512xf32>, tensor<2x512xf32>) {
  %limit = arith.constant dense<2048> : tensor<2x1xi32>
  %zero = arith.constant dense<0.0> : tensor<2x512xf32>
  %e = tensor.empty() : tensor<2x1xi1>
  %m = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%rows, %limit : tensor<2x1xi32>, tensor<2x1xi32>) outs(%e : tensor<2x1xi1>) {
  ^bb0(%a: i32, %b: i32, %o: i1):
    %c = arith.cmpi slt, %a, %b : i32
    linalg.yield %c : i1
  } -> tensor<2x1xi1>
  %r = tensor.collapse_shape %m [[0, 1]] : tensor<2x1xi1> into tensor<2xi1>
  %f = tensor.empty() : tensor<2x512xi1>
  %b = linalg.broadcast ins(%r : tensor<2xi1>) outs(%f : tensor<2x512xi1>) dimensions = [1]
  %s1 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%b, %x, %zero : tensor<2x512xi1>, tensor<2x512xf32>, tensor<2x512xf32>) outs(%x : tensor<2x512xf32>) {
  ^bb0(%k: i1, %v: f32, %z: f32, %o: f32):
    %sel = arith.select %k, %v, %z : f32
    linalg.yield %sel : f32
  } -> tensor<2x512xf32>
  %s2 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%b, %y, %zero : tensor<2x512xi1>, tensor<2x512xf32>, tensor<2x512xf32>) outs(%y : tensor<2x512xf32>) {
  ^bb0(%k: i1, %v: f32, %z: f32, %o: f32):
    %sel = arith.select %k, %v, %z : f32
    linalg.yield %sel : f32
  } -> tensor<2x512xf32>
  return %s1, %s2 : tensor<2x512xf32>, tensor<2x512xf32>
}

// A constant mask becomes a constant of bytes; a mask carried by a loop is
// carried as bytes; an element read back is truncated.
// CHECK-LABEL: func.func @constant_loop_extract(
// CHECK:         %[[K:.*]] = arith.constant dense<[1, 0, 1, 1]> : tensor<4xi8>
// CHECK:         %[[L:.*]] = scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[K]]) -> (tensor<4xi8>) {
// CHECK:           linalg.generic {{.*}} ins(%[[ARG]] : tensor<4xi8>) outs(%{{.*}} : tensor<4xi8>)
// CHECK:             arith.trunci %{{.*}} : i8 to i1
// CHECK:             arith.xori
// CHECK:             arith.extui %{{.*}} : i1 to i8
// CHECK:           scf.yield %{{.*}} : tensor<4xi8>
// CHECK:         %[[B:.*]] = tensor.extract %[[L]][%{{.*}}] : tensor<4xi8>
// CHECK:         %[[T:.*]] = arith.trunci %[[B]] : i8 to i1
// CHECK:         return %[[T]] : i1
func.func @constant_loop_extract(%n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %k = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %k) -> (tensor<4xi1>) {
    %flip = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%acc : tensor<4xi1>) outs(%acc : tensor<4xi1>) {
    ^bb0(%a: i1, %o: i1):
      %x = arith.xori %a, %true : i1
      linalg.yield %x : i1
    } -> tensor<4xi1>
    scf.yield %flip : tensor<4xi1>
  }
  %first = tensor.extract %l[%c0] : tensor<4xi1>
  return %first : i1
}

// The element-moving ops carry bytes too: a splat of an i1 value (extended
// first), expand_shape, extract_slice, insert_slice and cast.
// CHECK-LABEL: func.func @moves(
// CHECK-SAME:      %[[FLAG:.*]]: i1
// CHECK:         %[[BYTE:.*]] = arith.extui %[[FLAG]] : i1 to i8
// CHECK:         %[[S:.*]] = tensor.splat %[[BYTE]] : tensor<8xi8>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[S]] {{\[\[}}0, 1]] output_shape [2, 4] : tensor<8xi8> into tensor<2x4xi8>
// CHECK:         %[[X:.*]] = tensor.extract_slice %[[E]][0, 0] [1, 4] [1, 1] : tensor<2x4xi8> to tensor<1x4xi8>
// CHECK:         %[[I:.*]] = tensor.insert_slice %[[X]] into %[[E]][1, 0] [1, 4] [1, 1] : tensor<1x4xi8> into tensor<2x4xi8>
// CHECK:         %[[C:.*]] = tensor.cast %[[I]] : tensor<2x4xi8> to tensor<?x4xi8>
// CHECK:         linalg.generic {{.*}} ins(%[[C]] : tensor<?x4xi8>)
// CHECK:           arith.trunci %{{.*}} : i8 to i1
// CHECK-NOT:     xi1>
// CHECK:         return
func.func @moves(%flag: i1, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s = tensor.splat %flag : tensor<8xi1>
  %e = tensor.expand_shape %s [[0, 1]] output_shape [2, 4] : tensor<8xi1> into tensor<2x4xi1>
  %row = tensor.extract_slice %e[0, 0] [1, 4] [1, 1] : tensor<2x4xi1> to tensor<1x4xi1>
  %i = tensor.insert_slice %row into %e[1, 0] [1, 4] [1, 1] : tensor<1x4xi1> into tensor<2x4xi1>
  %c = tensor.cast %i : tensor<2x4xi1> to tensor<?x4xi1>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<?x4xi1>) outs(%x : tensor<?x4xf32>) {
  ^bb0(%k: i1, %o: f32):
    %v = arith.select %k, %o, %zero : f32
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// An op on a mask that no pattern rewrites (here tensor.concat) leaves the
// whole function as it was.
// CHECK-LABEL: func.func @left_alone(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi1>)
// CHECK:         tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<8xi1>
// CHECK-NOT:     i8
func.func @left_alone(%x: tensor<4xf32>) -> tensor<8xi1> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xi1>
  %m = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xi1>) {
  ^bb0(%a: f32, %o: i1):
    %c = arith.cmpf olt, %a, %zero : f32
    linalg.yield %c : i1
  } -> tensor<4xi1>
  %both = tensor.concat dim(0) %m, %m : (tensor<4xi1>, tensor<4xi1>) -> tensor<8xi1>
  return %both : tensor<8xi1>
}

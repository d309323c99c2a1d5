// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-strip-mine-elementwise))' %s | FileCheck %s
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-strip-mine-elementwise{chunk=256}))' %s | FileCheck %s --check-prefix=WIDE
// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-strip-mine-elementwise{max-whole-points=4096}))' %s | FileCheck %s --check-prefix=WHOLE
// RUN: not trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-strip-mine-elementwise{chunk=0}))' %s 2>&1 | FileCheck %s --check-prefix=ZERO

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A pointwise chain with a math function: a loop over chunks of 64 points,
// each a generic of static shape for the vectorizer. The op reads and
// writes %arg0: each chunk is read from the loop's tensor, which it alone
// writes, so that bufferization need not copy %arg0 first.
// CHECK-LABEL: func.func @gelu(
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C1024:.*]] = arith.constant 1024 : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C1024]] step %[[C64]] iter_args(%[[ACC:.*]] = %arg0)
// CHECK:           %[[IN:.*]] = tensor.extract_slice %[[ACC]][%[[I]]] [64] [1] : tensor<1024xf32> to tensor<64xf32>
// CHECK:           %[[OUT:.*]] = tensor.extract_slice %[[ACC]][%[[I]]] [64] [1]
// CHECK:           %[[T:.*]] = linalg.generic {{.*}} ins(%[[IN]] : tensor<64xf32>) outs(%[[OUT]] : tensor<64xf32>)
// CHECK:             math.erf
// CHECK:           tensor.insert_slice %[[T]] into %[[ACC]][%[[I]]] [64] [1]
// WIDE-LABEL: func.func @gelu(
// WIDE:         scf.for {{.*}} step %c256
func.func @gelu(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %half = arith.constant 0.5 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf32>) outs(%x : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.erf %in : f32
    %m = arith.mulf %e, %half : f32
    linalg.yield %m : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// 2-D: the inner dimension (32) is whole, the outer one is cut in pieces
// of 2 to make the chunk.
// CHECK-LABEL: func.func @rows(
// CHECK:         scf.for {{.*}} step %c2
// CHECK-NOT:     scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<2x32xf32>) outs(%{{.*}} : tensor<2x32xf32>)
func.func @rows(%x: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf32>) outs(%x : tensor<16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// An op whose input is not the tensor it writes reads the input.
// CHECK-LABEL: func.func @other_destination(
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %arg1)
// CHECK:           tensor.extract_slice %arg0[%[[I]]] [64] [1]
// CHECK:           tensor.extract_slice %[[ACC]][%[[I]]] [64] [1]
func.func @other_destination(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf32>) outs(%y : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// Left whole: plain arithmetic; a block of at most one chunk; a chain that
// feeds a reduction; a reduction itself.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     scf.for
// CHECK:         return
// WIDE-LABEL: func.func @left_alone(
// WIDE-NOT:      scf.for
func.func @left_alone(%x: tensor<1024xf32>, %s: tensor<64xf32>, %m: tensor<8x128xf32>, %acc: tensor<8xf32>) -> (tensor<1024xf32>, tensor<64xf32>, tensor<8xf32>) {
  %add = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf32>) outs(%x : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<1024xf32>
  %small = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<64xf32>) outs(%s : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<64xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<8x128xf32>) outs(%m : tensor<8x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<8x128xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<8x128xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %add, %small, %sum : tensor<1024xf32>, tensor<64xf32>, tensor<8xf32>
}

// A chain feeding a reduction with more points than max-whole-points (2048
// by default): attention's score tile. Its rows are tiled; the
// reduction reads the tiled result.
// CHECK-LABEL: func.func @large_reduction_feed(
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:             math.exp2
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%{{.*}} : tensor<64x64xf32>)
// WIDE-LABEL: func.func @large_reduction_feed(
// WIDE:          scf.for {{.*}} step %c4
// WIDE:            linalg.generic {{.*}} ins(%{{.*}} : tensor<4x64xf32>)
// WHOLE-LABEL: func.func @large_reduction_feed(
// WHOLE-NOT:     scf.for
// WHOLE:         return
func.func @large_reduction_feed(%m: tensor<64x64xf32>, %acc: tensor<64xf32>) -> tensor<64xf32> {
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<64x64xf32>) outs(%m : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp2 %in : f32
    linalg.yield %e : f32
  } -> tensor<64x64xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<64x64xf32>) outs(%acc : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  return %sum : tensor<64xf32>
}

// Plain arithmetic with more points than max-whole-points: attention's
// accumulator scaled by a row statistic.
// CHECK-LABEL: func.func @large_arithmetic(
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x64xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:             arith.mulf
// WHOLE-LABEL: func.func @large_arithmetic(
// WHOLE-NOT:     scf.for
// WHOLE:         return
func.func @large_arithmetic(%acc: tensor<64x64xf32>, %alpha: tensor<64xf32>) -> tensor<64x64xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %alpha : tensor<64x64xf32>, tensor<64xf32>) outs(%acc : tensor<64x64xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// ZERO: linalg-cpu-strip-mine-elementwise: chunk must be at least 1, got 0

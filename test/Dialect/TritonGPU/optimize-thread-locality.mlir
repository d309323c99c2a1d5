// RUN: trident-opt %s -split-input-file -ttg-optimize-thread-locality | FileCheck %s

// Gathering along dimension 0, which the layout spreads over the 4 warps:
// the gather moves to a layout with dimension 0 in registers (64 rows over
// 32 lanes: 2 each) and lanes, and the warps along dimension 1.
// CHECK: #[[LOCAL:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @gather
// CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<64x32xf32, #{{.*}}> -> tensor<64x32xf32, #[[LOCAL]]>
// CHECK: %[[I:.*]] = ttg.convert_layout %{{.*}} : tensor<16x32xi32, #{{.*}}> -> tensor<16x32xi32, #[[LOCAL]]>
// CHECK: %[[G:.*]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32} : (tensor<64x32xf32, #[[LOCAL]]>, tensor<16x32xi32, #[[LOCAL]]>) -> tensor<16x32xf32, #[[LOCAL]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[G]] : tensor<16x32xf32, #[[LOCAL]]> -> tensor<16x32xf32, #{{.*}}>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather(%src: tensor<64x32xf32, #blocked>, %idx: tensor<16x32xi32, #blocked>) -> tensor<16x32xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, tensor<16x32xi32, #blocked>) -> tensor<16x32xf32, #blocked>
    tt.return %g : tensor<16x32xf32, #blocked>
  }
}

// -----

// Gathering along dimension 1, which is already inside each warp: nothing
// changes.
// CHECK-LABEL: tt.func @already_local
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_local(%src: tensor<64x32xf32, #blocked>, %idx: tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<64x32xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g : tensor<64x16xf32, #blocked>
  }
}

// -----

// A row sum accumulated over a loop: each thread first sums its 4 elements
// of a row (a reduction along the last dimension of the [32, 32, 4] view),
// the loop accumulates [32, 32] partial sums from zeros, and the sum across
// threads, added to the initial value, runs once after the loop.
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @row_sum
// CHECK: %[[INIT:.*]] = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>)
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[R:.*]] = tt.reshape %[[X]] efficient_layout : tensor<32x128xf32, #[[B]]> -> tensor<32x32x4xf32, #[[B3]]>
// CHECK: %[[P:.*]] = "tt.reduce"(%[[R]]) <{axis = 2 : i32}>
// CHECK: }) : (tensor<32x32x4xf32, #[[B3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
// CHECK: scf.yield %[[S]]
// CHECK: %[[T:.*]] = "tt.reduce"(%[[LOOP]]) <{axis = 1 : i32}>
// CHECK: }) : (tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[B3]]}>}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[T]] : {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// CHECK: %[[F:.*]] = arith.addf %[[INIT]], %[[C]] : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// CHECK: tt.return %[[F]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sum(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<1.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %y = arith.addf %a, %b : f32
        tt.reduce.return %y : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// The loop carries the accumulator in a 1-D blocked layout, so the row
// maximum reaches it through a layout conversion (upstream's
// test_optimize_thread_locality with max): the same rewrite, the conversion
// gone from the loop, the result converted back after it.
// CHECK-DAG: #[[ROW:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 16, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @row_max_through_conversion
// CHECK: %[[NEGINF:.*]] = arith.constant dense<0xFF800000> : tensor<32xf32, #[[ROW]]>
// CHECK: %[[IDENTITY:.*]] = arith.constant dense<0xFF800000> : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[IDENTITY]])
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[P:.*]] = "tt.reduce"({{.*}}) <{axis = 2 : i32}>
// CHECK: arith.maxnumf %[[ACC]], %[[P]] : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
// CHECK: scf.yield
// CHECK: %[[T:.*]] = "tt.reduce"(%[[LOOP]]) <{axis = 1 : i32}>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[T]] : {{.*}} -> tensor<32xf32, #[[ROW]]>
// CHECK: %[[F:.*]] = arith.maxnumf %[[NEGINF]], %[[C]] : tensor<32xf32, #[[ROW]]>
// CHECK: tt.return %[[F]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_max_through_conversion(%p: tensor<32x64x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<32xf32, #row>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #row>) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #blocked>
      %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %y = arith.maxnumf %a, %b : f32
        tt.reduce.return %y : f32
      }) : (tensor<32x64xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %c = ttg.convert_layout %m : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32xf32, #row>
      %next = arith.maxnumf %acc, %c : tensor<32xf32, #row>
      scf.yield %next : tensor<32xf32, #row>
    }
    tt.return %r : tensor<32xf32, #row>
  }
}

// -----

// One element per thread along the axis: nothing to reduce locally, the
// loop is left alone.
// CHECK-LABEL: tt.func @one_per_thread
// CHECK-NOT: tt.reshape
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_per_thread(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %y = arith.addf %a, %b : f32
        tt.reduce.return %y : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

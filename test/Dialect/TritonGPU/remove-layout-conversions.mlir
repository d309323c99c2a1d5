// RUN: trident-opt %s -split-input-file -ttg-remove-layout-conversions | FileCheck %s

// The shape coalescing leaves: the elementwise user moves to the load's
// layout (forward), the pointer and mask arithmetic is recomputed in it
// (backward). No conversion is left.
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @vadd
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[R:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[NEW]]>
// CHECK: %[[Q:.*]] = tt.addptr %{{.*}}, %[[R]] : tensor<1024x!tt.ptr<f32>, #[[NEW]]>, tensor<1024xi32, #[[NEW]]>
// CHECK: %[[V:.*]] = tt.load %[[Q]] : tensor<1024x!tt.ptr<f32>, #[[NEW]]>
// CHECK: %[[E:.*]] = math.exp %[[V]] : tensor<1024xf32, #[[NEW]]>
// CHECK: tt.store %[[Q]], %[[E]] : tensor<1024x!tt.ptr<f32>, #[[NEW]]>
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#new = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vadd(%x: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qx = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %c0 = ttg.convert_layout %qx : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #new>
    %v = tt.load %c0 : tensor<1024x!tt.ptr<f32>, #new>
    %c1 = ttg.convert_layout %v : tensor<1024xf32, #new> -> tensor<1024xf32, #blocked>
    %e = math.exp %c1 : tensor<1024xf32, #blocked>
    %c2 = ttg.convert_layout %qx : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #new>
    %c3 = ttg.convert_layout %e : tensor<1024xf32, #blocked> -> tensor<1024xf32, #new>
    tt.store %c2, %c3 : tensor<1024x!tt.ptr<f32>, #new>
    tt.return
  }
}

// -----

// A 2-D reduction follows its operand's layout: the slice of the new
// layout, and expand_dims and broadcast back to it.
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @row_max
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<16x64x!tt.ptr<f32>, #[[NEW]]>
// CHECK: }) : (tensor<16x64xf32, #[[NEW]]>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[NEW]]}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[NEW]]}>> -> tensor<16x1xf32, #[[NEW]]>
// CHECK: tt.broadcast %{{.*}} : tensor<16x1xf32, #[[NEW]]> -> tensor<16x64xf32, #[[NEW]]>
// CHECK: arith.subf %[[V]], %{{.*}} : tensor<16x64xf32, #[[NEW]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<16x64x!tt.ptr<f32>, #[[NEW]]>
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#new = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @row_max(%p: tensor<16x64x!tt.ptr<f32>, #new>) {
    %v = tt.load %p : tensor<16x64x!tt.ptr<f32>, #new>
    %c = ttg.convert_layout %v : tensor<16x64xf32, #new> -> tensor<16x64xf32, #blocked>
    %m = "tt.reduce"(%c) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.maxnumf %a, %b : f32
      tt.reduce.return %x : f32
    }) : (tensor<16x64xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xf32, #blocked>
    %b = tt.broadcast %e : tensor<16x1xf32, #blocked> -> tensor<16x64xf32, #blocked>
    %d = arith.subf %c, %b : tensor<16x64xf32, #blocked>
    %dc = ttg.convert_layout %d : tensor<16x64xf32, #blocked> -> tensor<16x64xf32, #new>
    tt.store %p, %dc : tensor<16x64x!tt.ptr<f32>, #new>
    tt.return
  }
}

// -----

// A value accumulated in a loop moves to the layout of the load that feeds
// it; the initial value (a constant) is rebuilt in that layout. A pointer
// carried by a loop is carried in the layout of its load.
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @loop
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<256xf32, #[[NEW]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[Z]], %[[P:.*]] = %{{.*}}) -> (tensor<256xf32, #[[NEW]]>, tensor<256x!tt.ptr<f32>, #[[NEW]]>)
// CHECK: %[[V:.*]] = tt.load %[[P]] : tensor<256x!tt.ptr<f32>, #[[NEW]]>
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : tensor<256xf32, #[[NEW]]>
// CHECK: %[[N:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[NEW]]>, tensor<256xi32, #[[NEW]]>
// CHECK: scf.yield %[[S]], %[[N]]
// CHECK: "tt.reduce"
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#new = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop(%x: !tt.ptr<f32>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<256xf32, #blocked>
    %step = arith.constant dense<256> : tensor<256xi32, #blocked>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %p0 = tt.addptr %px, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<256xf32, #blocked>, tensor<256x!tt.ptr<f32>, #blocked>) : i32 {
      %pc = ttg.convert_layout %p : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #new>
      %v = tt.load %pc : tensor<256x!tt.ptr<f32>, #new>
      %vc = ttg.convert_layout %v : tensor<256xf32, #new> -> tensor<256xf32, #blocked>
      %s = arith.addf %acc, %vc : tensor<256xf32, #blocked>
      %next = tt.addptr %p, %step : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      scf.yield %s, %next : tensor<256xf32, #blocked>, tensor<256x!tt.ptr<f32>, #blocked>
    }
    %sum = "tt.reduce"(%res#0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %y = arith.addf %a, %b : f32
      tt.reduce.return %y : f32
    }) : (tensor<256xf32, #blocked>) -> f32
    tt.return %sum : f32
  }
}

// -----

// Between two anchors (a load and a dot operand) the conversion stays:
// moving either side would only move it.
// CHECK-LABEL: tt.func public @anchored
// CHECK: %[[V:.*]] = tt.load
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[V]]
// CHECK-NEXT: tt.store %{{.*}}, %[[C]]
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @anchored(%p: tensor<1024x!tt.ptr<f32>, #a>, %q: tensor<1024x!tt.ptr<f32>, #b>) {
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #a>
    %c = ttg.convert_layout %v : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    tt.store %q, %c : tensor<1024x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// Chains fold, and a conversion to the same layout disappears.
// CHECK-LABEL: tt.func public @chain
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
// CHECK-NEXT: tt.return %[[C]]
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @chain(%v: tensor<1024xf32, #a>) -> tensor<1024xf32, #c> {
    %0 = ttg.convert_layout %v : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    %1 = ttg.convert_layout %0 : tensor<1024xf32, #b> -> tensor<1024xf32, #c>
    %2 = ttg.convert_layout %1 : tensor<1024xf32, #c> -> tensor<1024xf32, #c>
    tt.return %2 : tensor<1024xf32, #c>
  }
}

// -----

// A scan moves with its operand, and its result with it: the cumulative sum
// of a coalesced load is computed and stored in the load's layout.
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @cumsum
// CHECK-NOT: ttg.convert_layout
// CHECK: }) : (tensor<1024xf32, #[[NEW]]>) -> tensor<1024xf32, #[[NEW]]>
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#new = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cumsum(%p: tensor<1024x!tt.ptr<f32>, #new>) {
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #new>
    %c = ttg.convert_layout %v : tensor<1024xf32, #new> -> tensor<1024xf32, #blocked>
    %s = "tt.scan"(%c) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tt.scan.return %x : f32
    }) : (tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    %d = ttg.convert_layout %s : tensor<1024xf32, #blocked> -> tensor<1024xf32, #new>
    tt.store %p, %d : tensor<1024x!tt.ptr<f32>, #new>
    tt.return
  }
}

// -----

// A value yielded by one branch of an scf.if moves the if's result; the
// other branch's value (a constant) is rebuilt in the new layout.
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @branch
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.if %{{.*}} -> (tensor<1024xf32, #[[NEW]]>)
// CHECK: arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[NEW]]>
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#new = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @branch(%p: tensor<1024x!tt.ptr<f32>, #new>, %c: i1) {
    %zero = arith.constant dense<0.0> : tensor<1024xf32, #blocked>
    %r = scf.if %c -> (tensor<1024xf32, #blocked>) {
      %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #new>
      %vc = ttg.convert_layout %v : tensor<1024xf32, #new> -> tensor<1024xf32, #blocked>
      scf.yield %vc : tensor<1024xf32, #blocked>
    } else {
      scf.yield %zero : tensor<1024xf32, #blocked>
    }
    %d = ttg.convert_layout %r : tensor<1024xf32, #blocked> -> tensor<1024xf32, #new>
    tt.store %p, %d : tensor<1024x!tt.ptr<f32>, #new>
    tt.return
  }
}

// -----

// A loop-carried operand converted to a dot operand layout in the loop is
// not carried in that layout (it would replicate the elementwise work).
// CHECK-LABEL: tt.func public @dot_operand_in_loop
// CHECK: scf.for {{.*}} -> (tensor<64x32xf16, #blocked>, tensor<64x64xf32, #blocked>)
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_operand_in_loop(%b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
    %a0 = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %acc = %zero) -> (tensor<64x32xf16, #blocked>, tensor<64x64xf32, #blocked>) : i32 {
      %ad = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      %an = arith.addf %a, %a : tensor<64x32xf16, #blocked>
      scf.yield %an, %d : tensor<64x32xf16, #blocked>, tensor<64x64xf32, #blocked>
    }
    tt.return %r#1 : tensor<64x64xf32, #blocked>
  }
}

// -----

// The online-softmax shape of attention: a dot result in the loop is
// converted to the layout the loop carries its running maximum in, and the
// maximum is converted back to scale the dot's layout. The reduction moves
// to the dot's layout and takes the carried maximum with it: the loop
// carries it in the slice of the dot's layout (its initial value, a
// constant, is made in that layout), and no conversion is left inside.
// CHECK-LABEL: tt.func public @carried_with_users
// CHECK: %[[INIT:.*]] = arith.constant dense<0xFF800000> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[DOT:[a-z0-9]+]]}>>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]], %{{.*}} = %{{.*}}) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[DOT]]}>>, tensor<64x64xf32, #[[DOT]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
#dot = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried_with_users(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dot}>>, %b: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #dot}>>, %n: i32) -> tensor<64x64xf32, #dot> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #dot>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %m0, %acc = %zero) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>, tensor<64x64xf32, #dot>) : i32 {
      %s = tt.dot %a, %b, %acc : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #dot}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #dot}>> -> tensor<64x64xf32, #dot>
      %sc = ttg.convert_layout %s : tensor<64x64xf32, #dot> -> tensor<64x64xf32, #other>
      %mx = "tt.reduce"(%sc) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.maxnumf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<64x64xf32, #other>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>
      %mn = arith.maxnumf %m, %mx : tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>
      %me = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>> -> tensor<64x1xf32, #other>
      %md = ttg.convert_layout %me : tensor<64x1xf32, #other> -> tensor<64x1xf32, #dot>
      %mb = tt.broadcast %md : tensor<64x1xf32, #dot> -> tensor<64x64xf32, #dot>
      %next = arith.subf %s, %mb : tensor<64x64xf32, #dot>
      scf.yield %mn, %next : tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>, tensor<64x64xf32, #dot>
    }
    tt.return %r#1 : tensor<64x64xf32, #dot>
  }
}

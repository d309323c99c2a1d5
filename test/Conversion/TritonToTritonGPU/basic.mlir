// RUN: trident-opt %s -split-input-file -convert-triton-to-tritongpu="num-warps=4 threads-per-warp=32 target=test:1" | FileCheck %s
// RUN: trident-opt %s -split-input-file -convert-triton-to-tritongpu="num-warps=8 threads-per-warp=16" | FileCheck %s --check-prefix=W8

// The module records the launch shape; 1-D tensors get one element per
// thread over 32 lanes and 4 warps (16 lanes and 8 warps in the W8 run).
// CHECK-DAG: #[[B1:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "test:1", "ttg.threads-per-warp" = 32 : i32}
// W8: #[[W8B:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [8], order = [0]}>
// W8: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 16 : i32}
// CHECK: tt.func public @elementwise
// CHECK-SAME: %[[X:.*]]: !tt.ptr<f32>
tt.func public @elementwise(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  // CHECK: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<256xf32, #[[B1]]>
  %one = arith.constant dense<1.0> : tensor<256xf32>
  // CHECK: %[[R:.*]] = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[B1]]>
  // W8: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[W8B]]>
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // CHECK: tt.splat %{{.*}} : i32 -> tensor<256xi32, #[[B1]]>
  %ns = tt.splat %n : i32 -> tensor<256xi32>
  // CHECK: arith.cmpi slt, %[[R]], %{{.*}} : tensor<256xi32, #[[B1]]>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  // CHECK: %[[P:.*]] = tt.splat %[[X]] : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #[[B1]]>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  // CHECK: %[[Q:.*]] = tt.addptr %[[P]], %[[R]] : tensor<256x!tt.ptr<f32>, #[[B1]]>, tensor<256xi32, #[[B1]]>
  %q = tt.addptr %p, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  // CHECK: %[[V:.*]] = tt.load %[[Q]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B1]]>
  %v = tt.load %q, %m : tensor<256x!tt.ptr<f32>>
  // CHECK: %[[E:.*]] = math.exp %[[V]] : tensor<256xf32, #[[B1]]>
  %e = math.exp %v : tensor<256xf32>
  // CHECK: %[[S:.*]] = arith.addf %[[E]], %[[CST]] : tensor<256xf32, #[[B1]]>
  %s = arith.addf %e, %one : tensor<256xf32>
  // CHECK: %[[I:.*]] = arith.fptosi %[[S]] : tensor<256xf32, #[[B1]]> to tensor<256xi32, #[[B1]]>
  %i = arith.fptosi %s : tensor<256xf32> to tensor<256xi32>
  // CHECK: tt.store %[[Q]], %[[S]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B1]]>
  tt.store %q, %s, %m : tensor<256x!tt.ptr<f32>>
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %[[Q]], %[[S]], %{{.*}} : (tensor<256x!tt.ptr<f32>, #[[B1]]>, tensor<256xf32, #[[B1]]>, tensor<256xi1, #[[B1]]>) -> tensor<256xf32, #[[B1]]>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %q, %s, %m : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  tt.return
}

// -----
// CHECK-LABEL: {{^// -{5}$}}

// 2-D shapes: lanes go to the fastest dimension first, warps where lanes
// run out, the rest to the slowest dimension. expand_dims reads a slice of
// its result's layout; broadcast works in its result's layout.
// CHECK-DAG: #[[COL:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[TILE:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK: tt.func @tile
tt.func @tile(%stride: i32) -> tensor<64x64xi32> {
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // CHECK: %[[S0:.*]] = ttg.convert_layout %{{.*}} : tensor<64xi32, #{{.*}}> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[COL]]}>>
  // CHECK: %[[EM:.*]] = tt.expand_dims %[[S0]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[COL]]}>> -> tensor<64x1xi32, #[[COL]]>
  %em = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ss = tt.splat %stride : i32 -> tensor<64x1xi32>
  // CHECK: %[[MUL:.*]] = arith.muli %[[EM]], %{{.*}} : tensor<64x1xi32, #[[COL]]>
  %rows = arith.muli %em, %ss : tensor<64x1xi32>
  // CHECK: %[[C0:.*]] = ttg.convert_layout %[[MUL]] : tensor<64x1xi32, #[[COL]]> -> tensor<64x1xi32, #[[TILE]]>
  // CHECK: %[[RB:.*]] = tt.broadcast %[[C0]] : tensor<64x1xi32, #[[TILE]]> -> tensor<64x64xi32, #[[TILE]]>
  %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  // A 1x64 row has as many lanes and warps as a 64x64 tile along the
  // columns (the spare warps replicate it): no conversion for its broadcast.
  // CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[TILE]]}>> -> tensor<1x64xi32, #[[TILE]]>
  // CHECK-NEXT: tt.broadcast %{{.*}} : tensor<1x64xi32, #[[TILE]]> -> tensor<64x64xi32, #[[TILE]]>
  %en = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tt.broadcast %en : tensor<1x64xi32> -> tensor<64x64xi32>
  // CHECK: %[[SUM:.*]] = arith.addi %[[RB]], %{{.*}} : tensor<64x64xi32, #[[TILE]]>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  // CHECK: tt.return %[[SUM]] : tensor<64x64xi32, #[[TILE]]>
  tt.return %offs : tensor<64x64xi32>
}

// -----
// CHECK-LABEL: {{^// -{5}$}}

// Reductions produce slices of their operand's layout; a 1-D reduction a
// scalar. Scans keep their operand's layout. Combiner regions are kept.
// CHECK-DAG: #[[TILE:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B1:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.func @reduce_scan
tt.func @reduce_scan(%t: tensor<16x32xf32>, %v: tensor<128xi32>) -> (tensor<16xf32>, f32, tensor<128xi32>) {
  // CHECK: %[[R:.*]] = "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: arith.maxnumf
  // CHECK: }) : (tensor<16x32xf32, #[[TILE]]>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[TILE]]}>>
  // The function returns default layouts: the slice is converted.
  // CHECK-NEXT: %[[RC:.*]] = ttg.convert_layout %[[R]] : tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[TILE]]}>> -> tensor<16xf32, #[[B1]]>
  %r = "tt.reduce"(%t) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<16x32xf32>) -> tensor<16xf32>
  // CHECK: }) : (tensor<128xi32, #[[B1]]>) -> i32
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %m = arith.addi %a, %b : i32
    tt.reduce.return %m : i32
  }) : (tensor<128xi32>) -> i32
  %f = arith.sitofp %s : i32 to f32
  // CHECK: }) : (tensor<128xi32, #[[B1]]>) -> tensor<128xi32, #[[B1]]>
  %c = "tt.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %m = arith.addi %a, %b : i32
    tt.scan.return %m : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  // CHECK: tt.return %[[RC]]
  tt.return %r, %f, %c : tensor<16xf32>, f32, tensor<128xi32>
}

// -----
// CHECK-LABEL: {{^// -{5}$}}

// A dot becomes the FMA form: operands in dot-operand layouts of the
// result's blocked layout.
// CHECK-DAG: #[[ACC:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK: tt.func @dot
tt.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} : tensor<64x32xf16, #{{.*}}> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xf16, #{{.*}}> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>>
  // CHECK: tt.dot %[[A]], %[[B]], %{{.*}}, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>> -> tensor<64x64xf32, #[[ACC]]>
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----
// CHECK-LABEL: {{^// -{5}$}}

// trans permutes its operand's layout; join appends a dimension of two
// elements per thread (the fastest); split reads that layout back.
// CHECK-DAG: #[[SRC:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[TRANS:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[B1:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[PAIR:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[CAT:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.func @shapes
tt.func @shapes(%t: tensor<16x32xf32>, %x: tensor<64xf32>, %y: tensor<64xf32>, %i: tensor<32xi32>) {
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x32xf32, #[[SRC]]> -> tensor<32x16xf32, #[[TRANS]]>
  %tr = tt.trans %t {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<16x32xf32, #[[SRC]]> -> tensor<512xf32, #[[B1]]>
  %rs = tt.reshape %t : tensor<16x32xf32> -> tensor<512xf32>
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<64xf32, #[[B1]]> -> tensor<64x2xf32, #[[PAIR]]>
  %j = tt.join %x, %y : tensor<64xf32> -> tensor<64x2xf32>
  // CHECK: tt.split %{{.*}} : tensor<64x2xf32, #[[PAIR]]> -> tensor<64xf32, #[[B1]]>
  %l, %r = tt.split %j : tensor<64x2xf32> -> tensor<64xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<64xf32, #[[B1]]> -> tensor<128xf32, #[[CAT]]>
  %c = tt.cat %l, %r : tensor<64xf32> -> tensor<128xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<64xf32, #[[B1]]>, tensor<32xi32, #[[B1]]>) -> tensor<32xf32, #[[B1]]>
  %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<64xf32>, tensor<32xi32>) -> tensor<32xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<32xi32, #[[B1]]> -> tensor<16xi32, #[[B1]]>
  %h = tt.histogram %i : tensor<32xi32> -> tensor<16xi32>
  tt.return
}

// -----
// CHECK-LABEL: {{^// -{5}$}}

// Structured control flow, branches and calls carry converted types.
// CHECK-DAG: #[[B1:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.func private @callee
// CHECK-SAME: (%{{.*}}: tensor<128xf32, #[[B1]]>) -> tensor<128xf32, #[[B1]]>
tt.func private @callee(%v: tensor<128xf32>) -> tensor<128xf32> {
  tt.return %v : tensor<128xf32>
}
// CHECK: tt.func @control
tt.func @control(%n: i32, %c: i1) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<128xf32, #[[B1]]>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128xf32>) : i32 {
    // CHECK: scf.if %{{.*}} -> (tensor<128xf32, #[[B1]]>)
    %u = scf.if %c -> (tensor<128xf32>) {
      // CHECK: tt.call @callee(%{{.*}}) : (tensor<128xf32, #[[B1]]>) -> tensor<128xf32, #[[B1]]>
      %k = tt.call @callee(%acc) : (tensor<128xf32>) -> tensor<128xf32>
      scf.yield %k : tensor<128xf32>
    } else {
      scf.yield %acc : tensor<128xf32>
    }
    scf.yield %u : tensor<128xf32>
  }
  // CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<128xf32, #[[B1]]>) -> tensor<128xf32, #[[B1]]>
  %w = scf.while (%a = %r) : (tensor<128xf32>) -> tensor<128xf32> {
    scf.condition(%c) %a : tensor<128xf32>
  } do {
  ^bb0(%a: tensor<128xf32>):
    scf.yield %a : tensor<128xf32>
  }
  // CHECK: cf.br ^bb1(%{{.*}} : tensor<128xf32, #[[B1]]>)
  cf.br ^bb1(%w : tensor<128xf32>)
// CHECK: ^bb1(%{{.*}}: tensor<128xf32, #[[B1]]>):
^bb1(%x: tensor<128xf32>):
  tt.return %x : tensor<128xf32>
}

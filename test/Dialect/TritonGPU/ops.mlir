// RUN: trident-opt %s | FileCheck %s
// RUN: trident-opt %s | trident-opt | FileCheck %s
// RUN: trident-opt %s --mlir-print-op-generic | trident-opt | FileCheck %s

// Every ttg operation, in upstream Triton 3.6 syntax.

// CHECK-DAG: #[[SHARED_T:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-DAG: #[[FLAT:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[JOINED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[PAIRS:linear[0-9]*]] = #ttg.linear<{register = {{\[\[0, 1\]\]}}, lane = {{\[\[1, 0\], \[2, 0\], \[4, 0\], \[8, 0\], \[16, 0\]\]}}, warp = {{\[\[32, 0\], \[64, 0\]\]}}, block = []}>
// CHECK-DAG: #[[ROWS:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @convert
  tt.func @convert(%x: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #blocked1> {
    // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    tt.return %0 : tensor<128x64xf16, #blocked1>
  }

  // CHECK-LABEL: tt.func @local
  // CHECK-SAME: (%[[X:.*]]: tensor<128x64xf16, #blocked>, %[[I:.*]]: i32)
  tt.func @local(%x: tensor<128x64xf16, #blocked>, %i: i32) -> tensor<128x64xf16, #blocked1> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %[[X]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %c = ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[D:.*]] = ttg.memdesc_index %[[B]][%[[I]]] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %d = ttg.memdesc_index %b[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store %[[X]], %[[D]] : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %d : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_load %[[A]] : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked1>
    %e = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked1>
    // CHECK: ttg.local_dealloc %[[B]] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    tt.return %e : tensor<128x64xf16, #blocked1>
  }

  // CHECK-LABEL: tt.func @views
  tt.func @views(%a: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %f: !ttg.memdesc<64xi32, #flat, #smem, mutable>) {
    // CHECK: ttg.memdesc_subslice %{{.*}}[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    %0 = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    // The spelling with a space before the offsets parses too.
    // CHECK: ttg.memdesc_subslice %{{.*}}[32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    %1 = ttg.memdesc_subslice %a [32, 0]  : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED_T]], #smem, mutable>
    %2 = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared_t, #smem, mutable>
    // CHECK: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<64xi32, #[[FLAT]], #smem, mutable> -> !ttg.memdesc<4x16xi32, #[[ROWS]], #smem, mutable>
    %3 = ttg.memdesc_reshape %f : !ttg.memdesc<64xi32, #flat, #smem, mutable> -> !ttg.memdesc<4x16xi32, #rows, #smem, mutable>
    // CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<64xi32, #[[FLAT]], #smem, mutable> -> !ttg.memdesc<128xf16, #[[FLAT]], #smem, mutable>
    %4 = ttg.memdesc_reinterpret %f : !ttg.memdesc<64xi32, #flat, #smem, mutable> -> !ttg.memdesc<128xf16, #flat, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: tt.func @async
  tt.func @async(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %mask: tensor<128x64xi1, #blocked>, %other: tensor<128x64xf16, #blocked>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) -> tensor<128x64xf16, #blocked> {
    // CHECK: %[[T0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} other %{{.*}} {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %other {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[T1:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %t2 = ttg.async_copy_global_to_local %ptrs, %buf : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[G0:.*]] = ttg.async_commit_group tokens %[[T0]], %[[T1]]
    %g0 = ttg.async_commit_group tokens %t0, %t1
    // CHECK: %[[G1:.*]] = ttg.async_commit_group{{$}}
    %g1 = ttg.async_commit_group
    // CHECK: %[[W:.*]] = ttg.async_wait %[[G0]], %[[G1]] {num = 2 : i32}
    %w0 = ttg.async_wait %g0, %g1 {num = 2 : i32}
    // CHECK: ttg.async_wait {num = 0 : i32}
    %w1 = ttg.async_wait {num = 0 : i32}
    // CHECK: ttg.local_load %{{.*}} token %[[W]] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    %x = ttg.local_load %buf token %w0 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    tt.return %x : tensor<128x64xf16, #blocked>
  }

  // CHECK-LABEL: tt.func @misc
  tt.func @misc(%p: tensor<64x32xi8, #blocked2>, %iv: i32, %ub: i32, %step: i32) -> tensor<64x64xbf16, #blocked> {
    // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<64x32xi8, #blocked2> -> tensor<64x64xbf16, #blocked>
    %f = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<64x32xi8, #blocked2> -> tensor<64x64xbf16, #blocked>
    // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    %s = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    // CHECK: %[[P:.*]] = ttg.predicate_stage %{{.*}}, %{{.*}}, %{{.*}} maxStage 2 stage 0 : i32 -> i1
    %pred = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
    // CHECK: "ttg.mask"(%[[P]]) ({
    // CHECK: ttg.mask.return %{{.*}} : i32
    // CHECK: }) : (i1) -> i32
    %m = "ttg.mask"(%pred) ({
      %c = arith.constant 1 : i32
      ttg.mask.return %c : i32
    }) : (i1) -> i32
    tt.return %f : tensor<64x64xbf16, #blocked>
  }

  // CHECK-LABEL: tt.func @warp_specialize
  // CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: tensor<128xf32
  tt.func @warp_specialize(%a: i32, %b: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> i32 {
    // CHECK: ttg.warp_specialize(%[[A]], %[[B]]) attributes {warpGroupStartIds = array<i32: 4, 12>}
    // CHECK-NEXT: default {
    // CHECK-NEXT: ttg.warp_yield %[[A]] : i32
    // CHECK-NEXT: }
    // CHECK-NEXT: partition0(%[[C0:.*]]: i32, %{{.*}}: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) num_warps(8) {
    // CHECK-NEXT: arith.addi %[[C0]], %[[C0]] : i32
    // CHECK-NEXT: ttg.warp_return
    // CHECK-NEXT: }
    // CHECK-NEXT: partition1(%{{.*}}: i32, %{{.*}}: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) num_warps(1) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK-NEXT: } : (i32, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> i32
    %0 = ttg.warp_specialize(%a, %b) attributes {warpGroupStartIds = array<i32: 4, 12>}
    default {
      ttg.warp_yield %a : i32
    }
    partition0(%arg0: i32, %arg1: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) num_warps(8) {
      %c = arith.addi %arg0, %arg0 : i32
      ttg.warp_return
    }
    partition1(%arg0: i32, %arg1: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) num_warps(1) {
      ttg.warp_return
    } : (i32, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> i32
    tt.return %0 : i32
  }

  // tt.join's result keeps both halves of a pair in one thread: the blocked
  // layout with a new fastest dimension of 2, or any layout equivalent to it.
  // CHECK-LABEL: tt.func @join_layouts
  tt.func @join_layouts(%x: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, %y: tensor<128xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
    // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128x2xf32, #[[JOINED]]>
    %0 = tt.join %y, %y : tensor<128xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> -> tensor<128x2xf32, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>
    // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128x2xf32, #[[PAIRS]]>
    %1 = tt.join %y, %y : tensor<128xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> -> tensor<128x2xf32, #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>>
    // A slice is joined through its linear layout.
    // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x2xf32, #[[PAIRS]]>
    %2 = tt.join %x, %x : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x2xf32, #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>>
    tt.return
  }

  // CHECK-LABEL: tt.func @dot_layouts
  tt.func @dot_layouts(%a: tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x64xf32, #blocked1>) {
    // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x64xf32, #blocked1>
    %d = tt.dot %a, %b, %c : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x64xf32, #blocked1>
    tt.return
  }

  // CHECK-LABEL: tt.func @fold_convert
  tt.func @fold_convert(%x: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #blocked> {
    // A conversion to the same layout is kept by the parser (folding is a
    // pass's business).
    // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked>
    %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked>
    tt.return %0 : tensor<128x64xf16, #blocked>
  }
}

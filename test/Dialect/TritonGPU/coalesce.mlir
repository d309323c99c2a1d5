// RUN: trident-opt %s -split-input-file -ttg-coalesce | FileCheck %s

// 16-byte aligned f32 accesses over 1024 elements and 128 threads: four
// elements (one 128-bit vector) per thread; values go through conversions
// that remove-layout-conversions folds later.
// CHECK-DAG: #[[OLD:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[NEW:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @vadd
  tt.func public @vadd(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %off = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %off : i32 -> tensor<1024xi32, #blocked>
    %o = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %o, %ns : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qx = tt.addptr %px, %o : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[OLD]]> -> tensor<1024x!tt.ptr<f32>, #[[NEW]]>
    // CHECK: %[[M:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, #[[OLD]]> -> tensor<1024xi1, #[[NEW]]>
    // CHECK: %[[V:.*]] = tt.load %[[P]], %[[M]] : tensor<1024x!tt.ptr<f32>, #[[NEW]]>
    // CHECK: ttg.convert_layout %[[V]] : tensor<1024xf32, #[[NEW]]> -> tensor<1024xf32, #[[OLD]]>
    %v = tt.load %qx, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qy = tt.addptr %py, %o : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[NEW]]>
    tt.store %qy, %v, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// f16 rows with a 16-byte aligned stride: 8 halves per thread along the
// columns, lanes then warps over the rest of the 64x64 tile.
// CHECK: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @rows
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[ROWS]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
    %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>>
    %em = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<64x1xi32, #col>
    %ss = tt.splat %stride : i32 -> tensor<64x1xi32, #col>
    %rows = arith.muli %em, %ss : tensor<64x1xi32, #col>
    %rc = ttg.convert_layout %rows : tensor<64x1xi32, #col> -> tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rc : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %rn = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %en = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %en : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %pb = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %pb, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %ptrs : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Contiguous along dimension 0 (a transposed access): the layout walks
// dimension 0 first.
// CHECK: #[[COLS:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func public @columns
// CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f32>, #[[COLS]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @columns(%base: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
    %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %em = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %em : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %en = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ss = tt.splat %stride : i32 -> tensor<1x32xi32, #blocked>
    %cols = arith.muli %en, %ss : tensor<1x32xi32, #blocked>
    %cb = tt.broadcast %cols : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x32xi32, #blocked>
    %pb = tt.splat %base : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %pb, %offs : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %v = tt.load %ptrs : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without alignment (no hint on the base) one element per thread, as
// before: nothing changes.
// CHECK-LABEL: tt.func public @unaligned
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unaligned(%x: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qx = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %qx : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// An aligned load and an unaligned store of one shape share the load's
// vector width (stores at most 128 bits); a small tensor gets no more than
// it has per thread (128 elements over 128 threads).
// CHECK-DAG: #[[WIDE:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @group
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[WIDE]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[WIDE]]>
// CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @group(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qx = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %qx : tensor<1024x!tt.ptr<f32>, #blocked>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %qy = tt.addptr %py, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %qy, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    %r2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %p2 = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %q2 = tt.addptr %p2, %r2 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %w = tt.load %q2 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

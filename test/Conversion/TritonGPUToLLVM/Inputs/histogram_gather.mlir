// tt.histogram and tt.gather kernels for simt-histogram-gather.mlir, one
// program each, 4 warps of 32 lanes:
//  - @histogram64: 512 i32 values (4 per thread), the first `n` counted
//    (mask), into 64 bins (2 per lane); the result in another layout;
//  - @histogram8: 64 i8 values held twice (warps 2 and 3 copy warps 0 and
//    1), no mask, into 8 bins (fewer than the lanes);
//  - @gather_rows: out[i][j] = src[idx[i][j]][j], a 32x16 f32 source in rows
//    of 4 elements per thread, 8x16 i32 indices in another layout;
//  - @gather_1d: out[i] = src[idx[i]], 64 f32 (held twice), 128 i64 indices;
//  - @gather_lanes: out[i][j] = src[i][idx[i][j]], 32x16 f32, 32x8 indices,
//    the axis in registers and lanes of one warp (shuffles, no shared
//    memory);
//  - @gather_thread: the same, 128x8 f32, 128x4 indices, the axis in the
//    registers of one thread (selects only).
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#thr = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

tt.func public @histogram64(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>, %n: i32) {
  %offs = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b4>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b4>
  %xp = tt.addptr %xs, %offs : tensor<512x!tt.ptr<i32>, #b4>, tensor<512xi32, #b4>
  %v = tt.load %xp : tensor<512x!tt.ptr<i32>, #b4>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b4>
  %m = arith.cmpi slt, %offs, %ns : tensor<512xi32, #b4>
  %h = tt.histogram %v, %m : tensor<512xi32, #b4> -> tensor<64xi32, #b1>
  %o = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #b1>
  %op = tt.addptr %os, %o : tensor<64x!tt.ptr<i32>, #b1>, tensor<64xi32, #b1>
  tt.store %op, %h : tensor<64x!tt.ptr<i32>, #b1>
  tt.return
}

tt.func public @histogram8(%x: !tt.ptr<i8>, %out: !tt.ptr<i32>) {
  %offs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
  %xs = tt.splat %x : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #b1>
  %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<i8>, #b1>, tensor<64xi32, #b1>
  %v = tt.load %xp : tensor<64x!tt.ptr<i8>, #b1>
  %h = tt.histogram %v : tensor<64xi8, #b1> -> tensor<8xi32, #b4>
  %o = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b4>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b4>
  %op = tt.addptr %os, %o : tensor<8x!tt.ptr<i32>, #b4>, tensor<8xi32, #b4>
  tt.store %op, %h : tensor<8x!tt.ptr<i32>, #b4>
  tt.return
}

tt.func public @gather_rows(%src: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>) {
  // Source offsets r * 16 + c over 32x16, in #rows.
  %c16r = arith.constant dense<16> : tensor<32x1xi32, #rows>
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>>
  %c = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<32x1xi32, #rows>
  %r3 = arith.muli %r2, %c16r : tensor<32x1xi32, #rows>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x16xi32, #rows>
  %r4 = tt.broadcast %r3 : tensor<32x1xi32, #rows> -> tensor<32x16xi32, #rows>
  %c4 = tt.broadcast %c2 : tensor<1x16xi32, #rows> -> tensor<32x16xi32, #rows>
  %so = arith.addi %r4, %c4 : tensor<32x16xi32, #rows>
  %ss = tt.splat %src : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #rows>
  %sp = tt.addptr %ss, %so : tensor<32x16x!tt.ptr<f32>, #rows>, tensor<32x16xi32, #rows>
  %s = tt.load %sp : tensor<32x16x!tt.ptr<f32>, #rows>
  // Index and output offsets i * 16 + j over 8x16, in #cols.
  %c16c = arith.constant dense<16> : tensor<8x1xi32, #cols>
  %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #cols}>>
  %j = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #cols}>>
  %i2 = tt.expand_dims %i {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #cols}>> -> tensor<8x1xi32, #cols>
  %i3 = arith.muli %i2, %c16c : tensor<8x1xi32, #cols>
  %j2 = tt.expand_dims %j {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #cols}>> -> tensor<1x16xi32, #cols>
  %i4 = tt.broadcast %i3 : tensor<8x1xi32, #cols> -> tensor<8x16xi32, #cols>
  %j4 = tt.broadcast %j2 : tensor<1x16xi32, #cols> -> tensor<8x16xi32, #cols>
  %io = arith.addi %i4, %j4 : tensor<8x16xi32, #cols>
  %is = tt.splat %idx : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>, #cols>
  %ip = tt.addptr %is, %io : tensor<8x16x!tt.ptr<i32>, #cols>, tensor<8x16xi32, #cols>
  %ix = tt.load %ip : tensor<8x16x!tt.ptr<i32>, #cols>
  %g = tt.gather %s[%ix] {axis = 0 : i32} : (tensor<32x16xf32, #rows>, tensor<8x16xi32, #cols>) -> tensor<8x16xf32, #cols>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #cols>
  %op = tt.addptr %os, %io : tensor<8x16x!tt.ptr<f32>, #cols>, tensor<8x16xi32, #cols>
  tt.store %op, %g : tensor<8x16x!tt.ptr<f32>, #cols>
  tt.return
}

tt.func public @gather_1d(%src: !tt.ptr<f32>, %idx: !tt.ptr<i64>, %out: !tt.ptr<f32>) {
  %so = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
  %ss = tt.splat %src : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b1>
  %sp = tt.addptr %ss, %so : tensor<64x!tt.ptr<f32>, #b1>, tensor<64xi32, #b1>
  %s = tt.load %sp : tensor<64x!tt.ptr<f32>, #b1>
  %io = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1>
  %is = tt.splat %idx : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>, #b1>
  %ip = tt.addptr %is, %io : tensor<128x!tt.ptr<i64>, #b1>, tensor<128xi32, #b1>
  %ix = tt.load %ip : tensor<128x!tt.ptr<i64>, #b1>
  %g = tt.gather %s[%ix] {axis = 0 : i32} : (tensor<64xf32, #b1>, tensor<128xi64, #b1>) -> tensor<128xf32, #b1>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b1>
  %op = tt.addptr %os, %io : tensor<128x!tt.ptr<f32>, #b1>, tensor<128xi32, #b1>
  tt.store %op, %g : tensor<128x!tt.ptr<f32>, #b1>
  tt.return
}


tt.func public @gather_lanes(%src: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>) {
  %soc = arith.constant dense<16> : tensor<32x1xi32, #rows>
  %sor = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>>
  %sok = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>>
  %sor2 = tt.expand_dims %sor {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<32x1xi32, #rows>
  %sor3 = arith.muli %sor2, %soc : tensor<32x1xi32, #rows>
  %sok2 = tt.expand_dims %sok {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x16xi32, #rows>
  %sor4 = tt.broadcast %sor3 : tensor<32x1xi32, #rows> -> tensor<32x16xi32, #rows>
  %sok4 = tt.broadcast %sok2 : tensor<1x16xi32, #rows> -> tensor<32x16xi32, #rows>
  %so = arith.addi %sor4, %sok4 : tensor<32x16xi32, #rows>
  %ss = tt.splat %src : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #rows>
  %sp = tt.addptr %ss, %so : tensor<32x16x!tt.ptr<f32>, #rows>, tensor<32x16xi32, #rows>
  %s = tt.load %sp : tensor<32x16x!tt.ptr<f32>, #rows>
  %ioc = arith.constant dense<8> : tensor<32x1xi32, #rows>
  %ior = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>>
  %iok = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #rows}>>
  %ior2 = tt.expand_dims %ior {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<32x1xi32, #rows>
  %ior3 = arith.muli %ior2, %ioc : tensor<32x1xi32, #rows>
  %iok2 = tt.expand_dims %iok {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x8xi32, #rows>
  %ior4 = tt.broadcast %ior3 : tensor<32x1xi32, #rows> -> tensor<32x8xi32, #rows>
  %iok4 = tt.broadcast %iok2 : tensor<1x8xi32, #rows> -> tensor<32x8xi32, #rows>
  %io = arith.addi %ior4, %iok4 : tensor<32x8xi32, #rows>
  %is = tt.splat %idx : !tt.ptr<i32> -> tensor<32x8x!tt.ptr<i32>, #rows>
  %ip = tt.addptr %is, %io : tensor<32x8x!tt.ptr<i32>, #rows>, tensor<32x8xi32, #rows>
  %ix = tt.load %ip : tensor<32x8x!tt.ptr<i32>, #rows>
  %g = tt.gather %s[%ix] {axis = 1 : i32} : (tensor<32x16xf32, #rows>, tensor<32x8xi32, #rows>) -> tensor<32x8xf32, #rows>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x8x!tt.ptr<f32>, #rows>
  %op = tt.addptr %os, %io : tensor<32x8x!tt.ptr<f32>, #rows>, tensor<32x8xi32, #rows>
  tt.store %op, %g : tensor<32x8x!tt.ptr<f32>, #rows>
  tt.return
}

tt.func public @gather_thread(%src: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>) {
  %soc = arith.constant dense<8> : tensor<128x1xi32, #thr>
  %sor = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #thr}>>
  %sok = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #thr}>>
  %sor2 = tt.expand_dims %sor {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #thr}>> -> tensor<128x1xi32, #thr>
  %sor3 = arith.muli %sor2, %soc : tensor<128x1xi32, #thr>
  %sok2 = tt.expand_dims %sok {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #thr}>> -> tensor<1x8xi32, #thr>
  %sor4 = tt.broadcast %sor3 : tensor<128x1xi32, #thr> -> tensor<128x8xi32, #thr>
  %sok4 = tt.broadcast %sok2 : tensor<1x8xi32, #thr> -> tensor<128x8xi32, #thr>
  %so = arith.addi %sor4, %sok4 : tensor<128x8xi32, #thr>
  %ss = tt.splat %src : !tt.ptr<f32> -> tensor<128x8x!tt.ptr<f32>, #thr>
  %sp = tt.addptr %ss, %so : tensor<128x8x!tt.ptr<f32>, #thr>, tensor<128x8xi32, #thr>
  %s = tt.load %sp : tensor<128x8x!tt.ptr<f32>, #thr>
  %ioc = arith.constant dense<4> : tensor<128x1xi32, #thr>
  %ior = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #thr}>>
  %iok = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #thr}>>
  %ior2 = tt.expand_dims %ior {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #thr}>> -> tensor<128x1xi32, #thr>
  %ior3 = arith.muli %ior2, %ioc : tensor<128x1xi32, #thr>
  %iok2 = tt.expand_dims %iok {axis = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #thr}>> -> tensor<1x4xi32, #thr>
  %ior4 = tt.broadcast %ior3 : tensor<128x1xi32, #thr> -> tensor<128x4xi32, #thr>
  %iok4 = tt.broadcast %iok2 : tensor<1x4xi32, #thr> -> tensor<128x4xi32, #thr>
  %io = arith.addi %ior4, %iok4 : tensor<128x4xi32, #thr>
  %is = tt.splat %idx : !tt.ptr<i32> -> tensor<128x4x!tt.ptr<i32>, #thr>
  %ip = tt.addptr %is, %io : tensor<128x4x!tt.ptr<i32>, #thr>, tensor<128x4xi32, #thr>
  %ix = tt.load %ip : tensor<128x4x!tt.ptr<i32>, #thr>
  %g = tt.gather %s[%ix] {axis = 1 : i32} : (tensor<128x8xf32, #thr>, tensor<128x4xi32, #thr>) -> tensor<128x4xf32, #thr>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x4x!tt.ptr<f32>, #thr>
  %op = tt.addptr %os, %io : tensor<128x4x!tt.ptr<f32>, #thr>, tensor<128x4xi32, #thr>
  tt.store %op, %g : tensor<128x4x!tt.ptr<f32>, #thr>
  tt.return
}

}

// A 32x32 f32 tile through shared memory and back, for simt-shared.mlir:
// loaded in rows (4 elements per thread), stored to a swizzled buffer by
// ttg.local_alloc, read back in columns (ttg.local_load), written to `out`;
// then stored by ttg.local_store into a second, mutable buffer with another
// swizzle, read back in rows and written to `out2`. Both must equal `in`.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#s = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @shared_roundtrip(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %out2: !tt.ptr<f32>) {
  %c32 = arith.constant dense<32> : tensor<32x1xi32, #b>
  %rb = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
  %cb = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>>
  %rb2 = tt.expand_dims %rb {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<32x1xi32, #b>
  %rb3 = arith.muli %rb2, %c32 : tensor<32x1xi32, #b>
  %cb2 = tt.expand_dims %cb {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x32xi32, #b>
  %rb4 = tt.broadcast %rb3 : tensor<32x1xi32, #b> -> tensor<32x32xi32, #b>
  %cb4 = tt.broadcast %cb2 : tensor<1x32xi32, #b> -> tensor<32x32xi32, #b>
  %ob = arith.addi %rb4, %cb4 : tensor<32x32xi32, #b>
  %c32t = arith.constant dense<32> : tensor<32x1xi32, #t>
  %rt = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #t}>>
  %ct = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #t}>>
  %rt2 = tt.expand_dims %rt {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #t}>> -> tensor<32x1xi32, #t>
  %rt3 = arith.muli %rt2, %c32t : tensor<32x1xi32, #t>
  %ct2 = tt.expand_dims %ct {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #t}>> -> tensor<1x32xi32, #t>
  %rt4 = tt.broadcast %rt3 : tensor<32x1xi32, #t> -> tensor<32x32xi32, #t>
  %ct4 = tt.broadcast %ct2 : tensor<1x32xi32, #t> -> tensor<32x32xi32, #t>
  %ot = arith.addi %rt4, %ct4 : tensor<32x32xi32, #t>
  %inb = tt.splat %in : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #b>
  %pin = tt.addptr %inb, %ob : tensor<32x32x!tt.ptr<f32>, #b>, tensor<32x32xi32, #b>
  %x = tt.load %pin : tensor<32x32x!tt.ptr<f32>, #b>
  %a = ttg.local_alloc %x : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #s, #smem>
  %y = ttg.local_load %a : !ttg.memdesc<32x32xf32, #s, #smem> -> tensor<32x32xf32, #t>
  %outt = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #t>
  %pout = tt.addptr %outt, %ot : tensor<32x32x!tt.ptr<f32>, #t>, tensor<32x32xi32, #t>
  tt.store %pout, %y : tensor<32x32x!tt.ptr<f32>, #t>
  %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #s2, #smem, mutable>
  ttg.local_store %y, %m : tensor<32x32xf32, #t> -> !ttg.memdesc<32x32xf32, #s2, #smem, mutable>
  %z = ttg.local_load %m : !ttg.memdesc<32x32xf32, #s2, #smem, mutable> -> tensor<32x32xf32, #b>
  ttg.local_dealloc %m : !ttg.memdesc<32x32xf32, #s2, #smem, mutable>
  %out2b = tt.splat %out2 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #b>
  %pout2 = tt.addptr %out2b, %ob : tensor<32x32x!tt.ptr<f32>, #b>, tensor<32x32xi32, #b>
  tt.store %pout2, %z : tensor<32x32x!tt.ptr<f32>, #b>
  tt.return
}
}

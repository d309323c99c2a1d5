// ttg.local_alloc / local_store / local_load through the NVVM TargetInfo:
// rows of 4 f32 per thread go to the swizzled buffer as st.shared.v4, a
// barrier follows, the column layout reads scalars back; the mutable buffer
// (column-major, where the same space may be reused: a barrier first) is
// written by local_store and read back in rows, element by element.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s
// CHECK: .visible .entry shared_roundtrip(
// CHECK: st.shared.v4.b32
// CHECK: bar.sync{{[[:space:]]+}}0
// CHECK: ld.shared.b32
// CHECK: bar.sync{{[[:space:]]+}}0
// CHECK: st.shared.b32
// CHECK: bar.sync{{[[:space:]]+}}0
// CHECK: ld.shared.b32
// CHECK: st.global.b32
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#s = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @shared_roundtrip(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %c32 = arith.constant dense<32> : tensor<32x1xi32, #b>
  %rb = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
  %cb = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>>
  %rb2 = tt.expand_dims %rb {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<32x1xi32, #b>
  %rb3 = arith.muli %rb2, %c32 : tensor<32x1xi32, #b>
  %cb2 = tt.expand_dims %cb {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x32xi32, #b>
  %rb4 = tt.broadcast %rb3 : tensor<32x1xi32, #b> -> tensor<32x32xi32, #b>
  %cb4 = tt.broadcast %cb2 : tensor<1x32xi32, #b> -> tensor<32x32xi32, #b>
  %ob = arith.addi %rb4, %cb4 : tensor<32x32xi32, #b>
  %inb = tt.splat %in : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #b>
  %pin = tt.addptr %inb, %ob : tensor<32x32x!tt.ptr<f32>, #b>, tensor<32x32xi32, #b>
  %x = tt.load %pin : tensor<32x32x!tt.ptr<f32>, #b>
  %a = ttg.local_alloc %x : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #s, #smem>
  %y = ttg.local_load %a : !ttg.memdesc<32x32xf32, #s, #smem> -> tensor<32x32xf32, #t>
  %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #s2, #smem, mutable>
  ttg.local_store %y, %m : tensor<32x32xf32, #t> -> !ttg.memdesc<32x32xf32, #s2, #smem, mutable>
  %z = ttg.local_load %m : !ttg.memdesc<32x32xf32, #s2, #smem, mutable> -> tensor<32x32xf32, #b>
  %outb = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #b>
  %pout = tt.addptr %outb, %ob : tensor<32x32x!tt.ptr<f32>, #b>, tensor<32x32xi32, #b>
  tt.store %pout, %z : tensor<32x32x!tt.ptr<f32>, #b>
  tt.return
}
}

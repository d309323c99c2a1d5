// tt.extern_elementwise calls its symbol once per register (libdevice's
// __nv_expf here, linked and inlined by the llir stage); tt.elementwise_
// inline_asm emits its PTX once per register.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK: llvm.func @__nv_expf(f32) -> f32
// CHECK-LABEL: llvm.func @extern_asm(
// CHECK-COUNT-2: llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "mov.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
// CHECK-NOT: tt.extern_elementwise
// CHECK-NOT: tt.elementwise_inline_asm

// REQUIRES: libdevice
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .visible .entry extern_asm(
// PTX: ex2.approx
// PTX: mov.b32 %r{{[0-9]+}}, %r{{[0-9]+}};

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @extern_asm(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %e_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %x = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %x, %offs : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %v = tt.load %xp : tensor<64x!tt.ptr<f32>, #blocked>
    %e = tt.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    %bits = tt.bitcast %v : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
    %moved = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %bits : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    %ep = tt.splat %e_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %ep2 = tt.addptr %ep, %offs : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %ep2, %e : tensor<64x!tt.ptr<f32>, #blocked>
    %bp = tt.splat %b_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %bp2 = tt.addptr %bp, %offs : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %bp2, %moved : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// A non-splat tensor constant spread over the threads of a warp (Triton's
// `tl.arange`-like tables, or constants folded from them): each thread loads
// its element from a constant global array at its lane; the PTX holds the
// table in global memory and no struct-typed constant (which LLVM rejects).
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// CHECK: llvm.mlir.global internal constant @tensor_constant_0(dense<[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5]> : tensor<32xi32>) {addr_space = 1 : i32} : !llvm.array<32 x i32>
// CHECK-LABEL: llvm.func @digits(
// CHECK: %[[T:.*]] = llvm.mlir.addressof @tensor_constant_0 : !llvm.ptr<1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[P:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: llvm.load %[[P]] : !llvm.ptr<1> -> i32
// CHECK-NOT: llvm.mlir.constant({{.*}}) : !llvm.struct

// PTX: .global .align 4 .b8 tensor_constant_0[128] = {3, 0, 0, 0, 1, 0, 0, 0, 4,
// PTX-LABEL: .entry digits(
// PTX: mov.b64 %rd{{[0-9]+}}, tensor_constant_0;
// PTX: ld.global.nc.b32

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @digits(%out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c = arith.constant dense<[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5]> : tensor<32xi32, #blocked>
    %offs = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %base = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>
    tt.store %ptrs, %c : tensor<32x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

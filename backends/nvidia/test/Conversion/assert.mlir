// tt.assert: a thread with a false element of its part of the condition
// calls __assertfail with the message, file, line and function.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be positive\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFunction_0("check\00")
// CHECK-LABEL: llvm.func @check(
// CHECK: llvm.cond_br %[[FAILED:.*]], ^[[FAIL:.*]], ^[[REST:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[LINE:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK-NEXT: llvm.br ^[[REST]]
// CHECK: ^[[REST]]:
// CHECK-NOT: tt.assert

// The PTX calls the CUDA system call, and ptxas accepts it.
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX
// PTX: .extern .func __assertfail
// PTX: call.uni __assertfail,

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#loc = loc("kernel.py":7:3)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @check(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %x = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %x, %offs : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %v = tt.load %xp : tensor<64x!tt.ptr<f32>, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
    %positive = arith.cmpf ogt, %v, %zero : tensor<64xf32, #blocked>
    tt.assert %positive, "x must be positive" : tensor<64xi1, #blocked> loc(#loc)
    tt.return
  }
}

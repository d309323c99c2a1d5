// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.assert: threads holding a false element call the target's assertFail
// (the test target's: message, file, line, function) behind a branch.

// CHECK-DAG: llvm.mlir.global internal constant @test_assert_{{[0-9]+}}("i out of range\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_assert_{{[0-9]+}}("kernels.py\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_assert_{{[0-9]+}}("check\00")

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Two elements per thread: either false fails.
// CHECK-LABEL: llvm.func @check
// CHECK-SAME: %[[C:[^:]*]]: !llvm.struct<(i1, i1)>
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[C]][0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %[[C]][1]
// CHECK: %[[F0:.*]] = llvm.icmp "eq" %[[E0]], %[[FALSE:.*]] : i1
// CHECK-NEXT: %[[F1:.*]] = llvm.icmp "eq" %[[E1]], %[[FALSE]] : i1
// CHECK: %[[ANY:.*]] = llvm.or %[[F0]], %[[F1]] : i1
// CHECK: llvm.cond_br %[[ANY]], ^[[FAIL:.*]], ^[[AFTER:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[LINE:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: llvm.call @test_assert_fail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}})
// CHECK-NEXT: llvm.br ^[[AFTER]]
// CHECK: ^[[AFTER]]:
// CHECK-NEXT: llvm.return
tt.func public @check(%c: tensor<64xi1, #b>) {
  tt.assert %c, "i out of range" : tensor<64xi1, #b> loc("kernels.py":7:3)
  tt.return
}

}

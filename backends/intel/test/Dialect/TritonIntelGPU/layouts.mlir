// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %s | FileCheck %s
// RUN: trident-opt --plugin %intel_plugin %s | trident-opt --plugin %intel_plugin | FileCheck %s
// RUN: not trident-opt %s 2>&1 | FileCheck %s --check-prefix=NO-PLUGIN

// #ttg.intel_dpas, added to ttg by the plugin: upstream's keys (its A, B and
// C tile shapes accepted and dropped), the alias #dpas, a batched layout,
// and its use as the parent of dot-operand and slice layouts.

// CHECK-DAG: #[[DPAS:dpas[0-9]*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 1]}>
// CHECK-DAG: #[[I8:dpas[0-9]*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, threadsPerWarp = 16, warpsPerCTA = [2, 2], repCluster = [1, 1]}>
// CHECK-DAG: #[[UP:dpas[0-9]*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [32, 1], repCluster = [1, 2]}>
// CHECK-DAG: #[[B3:dpas[0-9]*]] = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 32, warpsPerCTA = [2, 2, 1], repCluster = [1, 1, 1]}>
// NO-PLUGIN: error: unknown ttg layout '#ttg.intel_dpas': load the plugin that provides it (e.g. --plugin PATH)

#dpas = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 1]}>
// Keys in another order, repCluster left out (all ones).
#dpas_i8 = #ttg.intel_dpas<{warpsPerCTA = [2, 2], threadsPerWarp = 16, opsPerChan = 4, executionSize = 16, systolicDepth = 8, repeatCount = 8}>
// As upstream's dumps print it, with the tile shapes.
#dpas_up = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [32, 1], repCluster = [1, 2], A = [8, 16], B = [16, 32], C = [8, 32]}>
#dpas_b3 = #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 32, warpsPerCTA = [2, 2, 1], repCluster = [1, 1, 1]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 16 : i32} {
  // CHECK-LABEL: tt.func @operands(
  // CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[DPAS]], kWidth = 1}>>
  // CHECK-SAME: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[DPAS]], kWidth = 2}>>
  // CHECK-SAME: tensor<64x64xf32, #[[DPAS]]>
  // CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[DPAS]]}>>
  tt.func @operands(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>,
                    %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>,
                    %c: tensor<64x64xf32, #dpas>,
                    %row: tensor<64xf32, #ttg.slice<{dim = 1, parent = #dpas}>>) {
    tt.return
  }

  // CHECK-LABEL: tt.func @int8(
  // CHECK-SAME: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[I8]], kWidth = 2}>>
  // CHECK-SAME: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #[[I8]], kWidth = 4}>>
  tt.func @int8(%a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #dpas_i8, kWidth = 2}>>,
                %b: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #dpas_i8, kWidth = 4}>>) {
    tt.return
  }

  // CHECK-LABEL: tt.func @upstream(
  // CHECK-SAME: tensor<256x32xf32, #[[UP]]>
  // CHECK-SAME: tensor<2x32x32xf32, #[[B3]]>
  tt.func @upstream(%c: tensor<256x32xf32, #dpas_up>, %d: tensor<2x32x32xf32, #dpas_b3>) {
    tt.return
  }
}

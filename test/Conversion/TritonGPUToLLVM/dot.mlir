// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.dot on FMA units: each thread computes its own outputs.

#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// 8x16 outputs: 2x2 per thread; K = 4 lives in every thread's registers:
// a holds 2 rows x 4 k (8 registers), b 4 k x 2 columns (8 registers).
// Output (0, 0) is c[0] + a(0,k) * b(k,0) for k = 0..3, in order; a(0,k)
// is register k of a, b(k,0) register 2k of b.
// CHECK-LABEL: llvm.func @dot
// CHECK-SAME: (%[[A:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>, %[[B:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>, %[[C:.*]]: !llvm.struct<(f32, f32, f32, f32)>)
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
// CHECK-DAG: %[[B2:.*]] = llvm.extractvalue %[[B]][2]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %[[C]][0]
// CHECK-DAG: %[[XA0:.*]] = llvm.fpext %[[A0]] : f16 to f32
// CHECK-DAG: %[[XA1:.*]] = llvm.fpext %[[A1]] : f16 to f32
// CHECK-DAG: %[[XB0:.*]] = llvm.fpext %[[B0]] : f16 to f32
// CHECK-DAG: %[[XB2:.*]] = llvm.fpext %[[B2]] : f16 to f32
// CHECK: %[[D0:.*]] = llvm.intr.fmuladd(%[[XA0]], %[[XB0]], %[[C0]])
// CHECK-NEXT: %[[D1:.*]] = llvm.intr.fmuladd(%[[XA1]], %[[XB2]], %[[D0]])
// CHECK-COUNT-14: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.insertvalue %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
tt.func public @dot(%a: tensor<8x4xf16, #a>, %b: tensor<4x16xf16, #b>, %c: tensor<8x16xf32, #blocked>) {
  %d = tt.dot %a, %b, %c : tensor<8x4xf16, #a> * tensor<4x16xf16, #b> -> tensor<8x16xf32, #blocked>
  tt.return
}

// Integer dots multiply and add.
// CHECK-LABEL: llvm.func @dot_i32
// CHECK: llvm.mul
// CHECK-NEXT: llvm.add
tt.func public @dot_i32(%a: tensor<8x4xi32, #a>, %b: tensor<4x16xi32, #b>, %c: tensor<8x16xi32, #blocked>) {
  %d = tt.dot %a, %b, %c : tensor<8x4xi32, #a> * tensor<4x16xi32, #b> -> tensor<8x16xi32, #blocked>
  tt.return
}

}

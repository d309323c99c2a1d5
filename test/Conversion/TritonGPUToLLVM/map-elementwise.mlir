// RUN: trident-opt %s -split-input-file --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.map_elementwise inlines its scalar region once per group of `pack`
// registers of the thread: the region's arguments are `pack` consecutive
// registers of each operand in turn, its results those of each result.

// Two registers a thread, pack 1: the region twice, on register 0 then 1.
// CHECK-LABEL: llvm.func @negate
// CHECK-SAME: (%[[X:.*]]: !llvm.struct<(f32, f32)>)
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK: %[[N0:.*]] = llvm.fneg %[[X0]] : f32
// CHECK: %[[N1:.*]] = llvm.fneg %[[X1]] : f32
// CHECK: llvm.insertvalue %[[N0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[N1]], %{{.*}}[1]
// CHECK-NOT: tt.map_elementwise
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @negate(%x: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> {
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    tt.map_elementwise.return %n : f32
  }) : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
  tt.return %r : tensor<64xf32, #blocked>
}
}

// -----

// Pack 2 with two operands and two results: the region once, on (x0, x1,
// y0, y1), returning (s0, s1, d0, d1): s = x + y and d = x - y, crossed.
// CHECK-LABEL: llvm.func @pairs
// CHECK-SAME: (%[[X:.*]]: !llvm.struct<(f32, f32)>, %[[Y:.*]]: !llvm.struct<(f32, f32)>)
// CHECK-DAG: %[[X0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK-DAG: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK-DAG: %[[Y0:.*]] = llvm.extractvalue %[[Y]][0]
// CHECK-DAG: %[[Y1:.*]] = llvm.extractvalue %[[Y]][1]
// CHECK-DAG: %[[S:.*]] = llvm.fadd %[[X0]], %[[Y1]] : f32
// CHECK-DAG: %[[D:.*]] = llvm.fsub %[[X1]], %[[Y0]] : f32
// CHECK: llvm.insertvalue %[[S]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[D]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[D]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[S]], %{{.*}}[1]
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @pairs(%x: tensor<64xf32, #blocked>, %y: tensor<64xf32, #blocked>) -> (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>) {
  %s, %d = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%x0: f32, %x1: f32, %y0: f32, %y1: f32):
    %a = arith.addf %x0, %y1 : f32
    %b = arith.subf %x1, %y0 : f32
    tt.map_elementwise.return %a, %b, %b, %a : f32, f32, f32, f32
  }) : (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>) -> (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>)
  tt.return %s, %d : tensor<64xf32, #blocked>, tensor<64xf32, #blocked>
}
}

// -----

// A region of several blocks (an scf.if already lowered to branches): per
// group of registers, a copy of its blocks entered with the registers and
// left, from its return, into a block that receives the results.
// CHECK-LABEL: llvm.func @branches
// CHECK-SAME: (%[[X:.*]]: !llvm.struct<(f32, f32)>)
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK: llvm.br ^[[ENTRY0:bb[0-9]+]](%[[X0]] : f32)
// CHECK: ^[[ENTRY0]](%[[A0:.*]]: f32):
// CHECK: llvm.cond_br %{{.*}}, ^bb{{[0-9]+}}, ^[[NEG0:bb[0-9]+]]
// CHECK: ^[[NEG0]]:
// CHECK: llvm.fneg %[[A0]]
// CHECK: llvm.br ^[[JOIN0:bb[0-9]+]](%{{.*}} : f32)
// CHECK: ^[[JOIN0]](%[[R0:.*]]: f32):
// CHECK: llvm.br ^[[ENTRY1:bb[0-9]+]](%[[X1]] : f32)
// CHECK: ^[[ENTRY1]](%[[A1:.*]]: f32):
// CHECK: llvm.fneg %[[A1]]
// CHECK: ^[[JOIN1:bb[0-9]+]](%[[R1:.*]]: f32):
// CHECK: llvm.br ^[[REST:bb[0-9]+]]
// CHECK: ^[[REST]]:
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @branches(%x: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> {
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %pos, ^square, ^negate
  ^square:
    %s = arith.mulf %a, %a : f32
    tt.map_elementwise.return %s : f32
  ^negate:
    %n = arith.negf %a : f32
    tt.map_elementwise.return %n : f32
  }) : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
  tt.return %r : tensor<64xf32, #blocked>
}
}

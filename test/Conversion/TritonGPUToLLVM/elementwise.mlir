// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// Elementwise ops on distributed tensors become scalar ops per register,
// once per block of registers the axis analysis knows to be equal.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: llvm.func @arith
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: i32)
tt.func public @arith(%x: f32, %y: i32) {
  // Splat: both registers hold the scalar.
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f32, f32)>
  // CHECK: %[[S0:.*]] = llvm.insertvalue %[[X]], %[[U]][0]
  // CHECK: %[[S:.*]] = llvm.insertvalue %[[X]], %[[S0]][1]
  %a = tt.splat %x : f32 -> tensor<64xf32, #blocked>
  // A splat constant: one constant in both registers.
  // CHECK: %[[C:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
  // CHECK: llvm.insertvalue %[[C]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[C]], %{{.*}}[1]
  %c = arith.constant dense<2.0> : tensor<64xf32, #blocked>
  // The axis analysis knows the product of two splats is one value: one
  // multiply, in both registers.
  // CHECK: %[[A0:.*]] = llvm.extractvalue %[[S]][0]
  // CHECK: %[[M0:.*]] = llvm.fmul %[[A0]], %{{.*}} : f32
  // CHECK-NOT: llvm.fmul
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[M0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[M0]], %[[P0]][1]
  %m0 = arith.mulf %a, %c : tensor<64xf32, #blocked>
  // With a range added, every register has its own value.
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  // CHECK-COUNT-2: llvm.sitofp %{{.*}} : i32 to f32
  %rf = arith.sitofp %r : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.fadd %{{.*}}, %{{.*}} : f32
  %m = arith.addf %m0, %rf : tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.intr.exp(%{{.*}}) : (f32) -> f32
  %e = math.exp %m : tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  %q = math.sqrt %e : tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.fcmp "olt"
  %k = arith.cmpf olt, %q, %c : tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
  %s = arith.select %k, %q, %c : tensor<64xi1, #blocked>, tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.fptrunc %{{.*}} : f32 to f16
  %h = arith.truncf %s : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
  // CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
  %w = arith.extf %h : tensor<64xf16, #blocked> to tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.add %{{.*}}, %{{.*}} : i32
  // CHECK-COUNT-2: llvm.sitofp %{{.*}} : i32 to f32
  %ys = tt.splat %y : i32 -> tensor<64xi32, #blocked>
  %yi = arith.addi %ys, %r : tensor<64xi32, #blocked>
  %yf = arith.sitofp %yi : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
  // Scalars go through MLIR's arith lowering untouched.
  // CHECK: llvm.add %[[Y]], %[[Y]] : i32
  %z = arith.addi %y, %y : i32
  tt.return
}

// CHECK-LABEL: llvm.func @fp_to_fp
tt.func public @fp_to_fp(%x: f32) {
  %a = tt.splat %x : f32 -> tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.fptrunc %{{.*}} : f32 to bf16
  %b = tt.fp_to_fp %a, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xbf16, #blocked>
  // CHECK-COUNT-2: llvm.fpext %{{.*}} : bf16 to f32
  %c = tt.fp_to_fp %b : tensor<64xbf16, #blocked> -> tensor<64xf32, #blocked>
  // bf16 -> f16 goes through f32.
  // CHECK: llvm.fpext %{{.*}} : bf16 to f32
  // CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
  %d = tt.fp_to_fp %b, rounding = rtne : tensor<64xbf16, #blocked> -> tensor<64xf16, #blocked>
  tt.return
}

// CHECK-LABEL: llvm.func @pointers
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[O:.*]]: i32)
tt.func public @pointers(%p: !tt.ptr<f16>, %o: i32) {
  // A scalar addptr is one GEP over the pointee type.
  // CHECK: %[[Q:.*]] = llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  %q = tt.addptr %p, %o : !tt.ptr<f16>, i32
  %ps = tt.splat %q : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #blocked>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  // CHECK-COUNT-2: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  %t = tt.addptr %ps, %r : tensor<64x!tt.ptr<f16>, #blocked>, tensor<64xi32, #blocked>
  // CHECK-COUNT-2: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  %i = tt.ptr_to_int %t : tensor<64x!tt.ptr<f16>, #blocked> -> tensor<64xi64, #blocked>
  // CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  %u = tt.int_to_ptr %i : tensor<64xi64, #blocked> -> tensor<64x!tt.ptr<f16>, #blocked>
  tt.return
}

// CHECK-LABEL: llvm.func @tt_elementwise
tt.func public @tt_elementwise(%x: f32, %y: i32) {
  %a = tt.splat %x : f32 -> tensor<64xf32, #blocked>
  // CHECK-COUNT-2: llvm.bitcast %{{.*}} : f32 to i32
  %b = tt.bitcast %a : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
  // CHECK: llvm.intr.maxnum
  // CHECK: llvm.intr.minnum
  %c = tt.clampf %a, %a, %a, propagateNan = none : tensor<64xf32, #blocked>
  // CHECK: llvm.intr.maximum
  // CHECK: llvm.intr.minimum
  %d = tt.clampf %a, %a, %a, propagateNan = all : tensor<64xf32, #blocked>
  // CHECK: llvm.intr.sqrt
  %e = tt.precise_sqrt %a : tensor<64xf32, #blocked>
  // CHECK: llvm.fdiv
  %f = tt.precise_divf %a, %a : tensor<64xf32, #blocked>
  // The high half of a 32-bit product, through 64 bits.
  // CHECK: %[[AX:.*]] = llvm.zext %{{.*}} : i32 to i64
  // CHECK: %[[BX:.*]] = llvm.zext %{{.*}} : i32 to i64
  // CHECK: %[[PR:.*]] = llvm.mul %[[AX]], %[[BX]] : i64
  // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
  // CHECK: %[[HI:.*]] = llvm.lshr %[[PR]], %[[C32]] : i64
  // CHECK: llvm.trunc %[[HI]] : i64 to i32
  %g = tt.mulhiui %y, %y : i32
  tt.return
}

// A mask against a bound divisible by 16 (matmul's K - k * BK): the analysis
// knows it constant over aligned blocks of 16 rows, and a thread's 8 rows
// (8 apart) pair up in those blocks: 4 comparisons, each in two registers.
// CHECK-LABEL: llvm.func @mask_blocks
// CHECK-COUNT-4: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
// CHECK: llvm.return
tt.func public @mask_blocks(%k: i32 {tt.divisibility = 16 : i32}) -> tensor<64x4xi1, #rows> {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<64x1xi32, #rows>
  %ks = tt.splat %k : i32 -> tensor<64x1xi32, #rows>
  %m = arith.cmpi slt, %e, %ks : tensor<64x1xi32, #rows>
  %b = tt.broadcast %m : tensor<64x1xi1, #rows> -> tensor<64x4xi1, #rows>
  tt.return %b : tensor<64x4xi1, #rows>
}

}

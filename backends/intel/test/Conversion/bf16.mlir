// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm %s | FileCheck %s

// bf16 on intel: i16 bits in LLVM (the allowed SPIR-V extensions have no
// bfloat type). Arithmetic runs in f32 between arith.extf and arith.truncf
// (MLIR's float emulation); bf16 -> f32 shifts the bits up, f32 -> bf16
// rounds to nearest even on the bits (+ 0x7fff + the kept lowest bit) and
// keeps NaNs quiet.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-LABEL: llvm.func spir_kernelcc @add
// CHECK-SAME: %{{.*}}: i16)
tt.func public @add(%p: tensor<16x!tt.ptr<bf16>, #blocked>, %s: bf16) {
  // CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i16
  // CHECK: %[[XW:.*]] = llvm.zext %{{.*}} : i16 to i32
  // CHECK: %[[XS:.*]] = llvm.shl %[[XW]], %{{.*}} : i32
  // CHECK: %[[XF:.*]] = llvm.bitcast %[[XS]] : i32 to f32
  // CHECK: %[[SUM:.*]] = llvm.fadd %{{.*}}, %{{.*}} : f32
  // CHECK: %[[U:.*]] = llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: llvm.mlir.constant(32767 : i32)
  // CHECK: %[[B:.*]] = llvm.trunc %{{.*}} : i32 to i16
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<1>
  %c = arith.constant dense<1.5> : tensor<16xbf16, #blocked>
  %x = tt.load %p : tensor<16x!tt.ptr<bf16>, #blocked>
  %y = arith.addf %x, %c : tensor<16xbf16, #blocked>
  tt.store %p, %y : tensor<16x!tt.ptr<bf16>, #blocked>
  tt.return
}
}

// -----

// A bf16 constant is its bits; a select moves bits.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-LABEL: llvm.func spir_kernelcc @select
// CHECK: %[[C:.*]] = llvm.mlir.constant(16320 : i16) : i16
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i16
tt.func public @select(%p: tensor<16x!tt.ptr<bf16>, #blocked>, %m: tensor<16xi1, #blocked>) {
  %c = arith.constant dense<1.5> : tensor<16xbf16, #blocked>
  %x = tt.load %p : tensor<16x!tt.ptr<bf16>, #blocked>
  %y = arith.select %m, %x, %c : tensor<16xi1, #blocked>, tensor<16xbf16, #blocked>
  tt.store %p, %y : tensor<16x!tt.ptr<bf16>, #blocked>
  tt.return
}
}

// -----

// tt.fp_to_fp between bf16 bits and fp8 through f32 (FloatConversions.h).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-LABEL: llvm.func spir_kernelcc @to_fp8
// CHECK: llvm.zext %{{.*}} : i16 to i32
// CHECK: llvm.fmul
// CHECK: llvm.fptoui
// CHECK: llvm.trunc %{{.*}} : i32 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
tt.func public @to_fp8(%p: tensor<16x!tt.ptr<bf16>, #blocked>, %q: tensor<16x!tt.ptr<f8E4M3FN>, #blocked>) {
  %x = tt.load %p : tensor<16x!tt.ptr<bf16>, #blocked>
  %y = tt.fp_to_fp %x, rounding = rtz : tensor<16xbf16, #blocked> -> tensor<16xf8E4M3FN, #blocked>
  tt.store %q, %y : tensor<16x!tt.ptr<f8E4M3FN>, #blocked>
  tt.return
}
}

// -----

// math.fma on bf16 (which MLIR's extension to f32 leaves alone) runs in f32
// too: three widenings, one f32 fma, one rounding back to bf16 bits.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-LABEL: llvm.func spir_kernelcc @fma
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.mlir.constant(32767 : i32)
// CHECK: llvm.trunc %{{.*}} : i32 to i16
// CHECK-NOT: llvm.intr.fma
// CHECK: llvm.return
tt.func public @fma(%p: tensor<16x!tt.ptr<bf16>, #blocked>) {
  %x = tt.load %p : tensor<16x!tt.ptr<bf16>, #blocked>
  %y = math.fma %x, %x, %x : tensor<16xbf16, #blocked>
  tt.store %p, %y : tensor<16x!tt.ptr<bf16>, #blocked>
  tt.return
}
}

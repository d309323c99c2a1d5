// ttg.local_load into the mma.sync operand layouts: from a buffer whose
// 16-byte row segments stay contiguous (vec = 8), operand A (K contiguous)
// is one ldmatrix.x4 per 8 registers and operand B (N contiguous) one
// ldmatrix.x4.trans; a buffer swizzled in 4-byte units (vec = 2) keeps the
// core's plain shared loads.
//
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-LABEL: llvm.func @operand_a(
// CHECK: %[[A:.*]] = llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.extractvalue %[[A]][3]
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK-NOT: ldmatrix
// CHECK-NOT: ld.shared
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @operand_b(
// CHECK: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0, $1, $2, $3}, [$4];"
// CHECK-NOT: ldmatrix
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @narrow_swizzle(
// CHECK-NOT: ldmatrix
// CHECK: ld.shared
// CHECK: llvm.return

// The PTX assembles (ptxas checks the operand forms).
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#wide = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 1, order = [1, 0]}>
#narrow = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @operand_a(%p: !tt.ptr<f16>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #wide, #smem, mutable>
    %a = ttg.local_load %buf : !ttg.memdesc<16x16xf16, #wide, #smem, mutable> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.store %s, %a : tensor<16x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
  tt.func public @operand_b(%p: !tt.ptr<f16>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #wide, #smem, mutable>
    %b = ttg.local_load %buf : !ttg.memdesc<16x16xf16, #wide, #smem, mutable> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.store %s, %b : tensor<16x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return
  }
  tt.func public @narrow_swizzle(%p: !tt.ptr<f16>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #narrow, #smem, mutable>
    %a = ttg.local_load %buf : !ttg.memdesc<16x32xf16, #narrow, #smem, mutable> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.store %s, %a : tensor<16x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

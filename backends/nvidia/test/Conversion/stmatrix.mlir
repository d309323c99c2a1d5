// ttg.convert_layout of 16-bit mma accumulators into a blocked layout: on
// sm_90 the scratch buffer is written by stmatrix.x4 (four 8x8 tiles per
// instruction, one every 8 registers: 4 for 32 registers) and read back by
// the core's vector loads; on sm_80, for f32 elements, a blocked source and
// a column-major destination (transposed tiles) the core's plain shared
// stores remain.
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm=compute-capability=80 %s | FileCheck %s --check-prefix=SM80
//
// CHECK-LABEL: llvm.func @mma_v2_f16(
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i32, i32, i32) -> ()
// CHECK-NOT: stmatrix
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK: ld.shared.v4.b32
// CHECK: llvm.return
// SM80-LABEL: llvm.func @mma_v2_f16(
// SM80-NOT: stmatrix
// SM80: st.shared
// SM80: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_f16(%acc: tensor<32x32xf16, #mma>, %out: tensor<32x32x!tt.ptr<f16>, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #blocked>
    tt.store %out, %c : tensor<32x32x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// A wgmma accumulator (8 warps, 128x256), as matmul's epilogue has it: 128
// registers a thread, 16 stmatrix.
// CHECK-LABEL: llvm.func @mma_v3_f16(
// CHECK-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: stmatrix
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: ld.shared.v4.b32
// CHECK-NOT: ld.shared
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v3_f16(%acc: tensor<128x256xf16, #mma>, %out: tensor<128x256x!tt.ptr<f16>, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %out, %c : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// f32 accumulators are not 16-bit tiles: plain stores.
// CHECK-LABEL: llvm.func @mma_v2_f32(
// CHECK-NOT: stmatrix
// CHECK: st.shared
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_f32(%acc: tensor<32x32xf32, #mma>, %out: tensor<32x32x!tt.ptr<f32>, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
    tt.store %out, %c : tensor<32x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A blocked source holds no 8x8 tiles: plain stores.
// CHECK-LABEL: llvm.func @blocked_f16(
// CHECK-NOT: stmatrix
// CHECK: st.shared
// CHECK: llvm.return

#src = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @blocked_f16(%x: tensor<32x32xf16, #src>, %out: tensor<32x32x!tt.ptr<f16>, #dst>) {
    %c = ttg.convert_layout %x : tensor<32x32xf16, #src> -> tensor<32x32xf16, #dst>
    tt.store %out, %c : tensor<32x32x!tt.ptr<f16>, #dst>
    tt.return
  }
}

// -----

// A destination holding runs down the columns makes the scratch buffer
// column-major: the tiles would be transposed (stmatrix .trans), which no GPU
// run has checked, so the core's plain stores take it.
// CHECK-LABEL: llvm.func @mma_v2_f16_columns(
// CHECK-NOT: stmatrix
// CHECK: st.shared
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#columns = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_f16_columns(%acc: tensor<32x32xf16, #mma>, %out: tensor<32x32x!tt.ptr<f16>, #columns>) {
    %c = ttg.convert_layout %acc : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #columns>
    tt.store %out, %c : tensor<32x32x!tt.ptr<f16>, #columns>
    tt.return
  }
}

// The PTX assembles (ptxas checks the operand forms).
// RUN: sed '/^\/\/ -----/,$d' %s | trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --nvidia-llir | trident-nvidia-translate --arch sm_90a --emit ptx | FileCheck %s --check-prefix=PTX
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};

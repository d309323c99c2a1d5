// What the wgmma lowering does not do is a diagnostic on the dot, never a
// crash (the conversion then reports the dot as not legalized).
//
// RUN: trident-opt --plugin %nvidia_plugin --split-input-file --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm --verify-diagnostics %s

// A dot with a run-time `useC` flag is not lowered (yet).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @use_c(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %use: i1) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma with a 'useC' operand is not supported}}
    %d = ttng.warp_group_dot %a, %b, %c, %use : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Mixed operand types are not lowered (wgmma has e4m3 x e5m2, but
// nvidia-accelerate-matmul never makes such a dot).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_mixed(%a: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E5M2, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma is lowered for f16 operands into an f32 or f16 accumulator, bf16, f32 (tf32), f8E4M3FN and f8E5M2 into f32 and i8 into i32 only, got 'f8E4M3FN' x 'f8E5M2' -> 'f32'}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem> * !ttg.memdesc<128x64xf8E5M2, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// wgmma has no f64 form: an f64 warp_group_dot (which
// nvidia-accelerate-matmul never makes: f64 dots take mma.sync m8n8k4) is
// refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 64}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_wgmma(%a: !ttg.memdesc<64x16xf64, #shared, #smem>, %b: !ttg.memdesc<16x64xf64, #sb, #smem>, %c: tensor<64x64xf64, #mma>) -> tensor<64x64xf64, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma is lowered for f16 operands into an f32 or f16 accumulator, bf16, f32 (tf32), f8E4M3FN and f8E5M2 into f32 and i8 into i32 only, got 'f64' x 'f64' -> 'f64'}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x16xf64, #shared, #smem> * !ttg.memdesc<16x64xf64, #sb, #smem> -> tensor<64x64xf64, #mma>
    tt.return %d : tensor<64x64xf64, #mma>
  }
}

// -----

// wgmma transposes 16-bit operands only: an fp8 B held N-major is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_n_major(%a: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared64, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma reads e4m3 operands K-major only, got operand B with M or N contiguous}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem> * !ttg.memdesc<128x64xf8E4M3FN, #shared64, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// An unswizzled operand buffer is not lowered.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#plain = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unswizzled(%a: !ttg.memdesc<64x64xf16, #plain, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma operand A needs a #ttg.nvmma_shared buffer swizzled by 32, 64 or 128 bytes}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #plain, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A window of a larger buffer is not a wgmma operand (its descriptor would
// need the window's origin).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @window(%big: !ttg.memdesc<64x128xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.memdesc_subslice %big[0, 64] : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem, 64x128>
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma operand A cannot read a window of a buffer}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem, 64x128> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Waiting for 64-bit register values is not lowered: the wait ties 32-bit
// registers, into which it packs 8- and 16-bit elements only.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wait_f64(%x: tensor<64x64xf64, #mma>) -> tensor<64x64xf64, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot_wait'}}
    // expected-error @+1 {{ttng.warp_group_dot_wait is lowered for tensors of 8-, 16- or 32-bit numbers only, got 'tensor<64x64xf64, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>'}}
    %r = ttng.warp_group_dot_wait %x {pendings = 0 : i32} : tensor<64x64xf64, #mma>
    tt.return %r : tensor<64x64xf64, #mma>
  }
}

// -----

// An M-major A must hold two 8-row groups of K for a 16-wide K step.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmajor = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @short_k(%a: !ttg.memdesc<64x8xf16, #mmajor, #smem>, %b: !ttg.memdesc<8x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma operand A needs at least 16 rows of K}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x8xf16, #mmajor, #smem> * !ttg.memdesc<8x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// wgmma transposes 16-bit operands only: a tf32 B held N-major (not
// transposed: N contiguous) is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_n_major(%a: !ttg.memdesc<64x32xf32, #shared, #smem>, %b: !ttg.memdesc<32x64xf32, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma reads tf32 operands K-major only, got operand B with M or N contiguous}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem> * !ttg.memdesc<32x64xf32, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// An i8 dot's instruction K is 32.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @s8_k16(%a: !ttg.memdesc<64x64xi8, #sa, #smem>, %b: !ttg.memdesc<64x64xi8, #sb, #smem>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma needs K a multiple of 32 and an instruction K of 32 for s8 operands}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xi8, #sa, #smem> * !ttg.memdesc<64x64xi8, #sb, #smem> -> tensor<64x64xi32, #mma>
    tt.return %d : tensor<64x64xi32, #mma>
  }
}

// -----

// An f32 dot at ieee precision cannot run on the tensor cores (wgmma reads
// f32 as tf32); nvidia-accelerate-matmul never makes one.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ieee(%a: !ttg.memdesc<64x32xf32, #sa, #smem>, %b: !ttg.memdesc<32x64xf32, #sb, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{failed to legalize operation 'ttng.warp_group_dot'}}
    // expected-error @+1 {{wgmma reads f32 operands as tf32: it cannot honour inputPrecision = ieee}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf32, #sa, #smem> * !ttg.memdesc<32x64xf32, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

//===- Passes.td - TTGIR passes of the nvidia backend ------*- tablegen -*-===//
//
// Rewrites of TTGIR for NVIDIA GPUs.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
#define TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def AccelerateMatmul : Pass<"nvidia-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "move tt.dot to the tensor cores (wgmma on sm_90, else mma.sync)";
  let description = [{
    Rewrites each 2-D (or batched 3-D, below) `tt.dot` whose result has a
    blocked layout (as convert-triton-to-tritongpu leaves it) and whose
    operands the tensor
    cores take - f16 or bf16 into f32 and f16 into f16 (16 of K per
    instruction), f32 into f32 at `inputPrecision = tf32` (8, the operands
    read as tf32), i8 into i32 (32), f8E4M3FN or f8E5M2 into f32 (converted
    to f16 with `tt.fp_to_fp`, 16; wgmma takes them as they are, 32), f64
    into f64 (4, `mma.sync.m8n8k4`: two per 16x8 tile, kWidth 1; never
    wgmma, which has no f64 form) - into
    a dot in the tensor-core layouts of `mma.sync.m16n8kK` (sm_80 and
    newer): the result gets `#ttg.nvidia_mma<{versionMajor = 2,
    versionMinor = 0, warpsPerCTA = [wm, wn], instrShape = [16, 8]}>`, the
    operands `#ttg.dot_op<{opIdx = 0|1, parent = #mma, kWidth = 32 /
    bits}>` (2 for f16, 1 for f32, 4 for i8), with `ttg.convert_layout`
    before and after. An f32 dot at `inputPrecision = tf32x3`, `bf16x3` or
    `bf16x6` becomes several dots of split operands first, as upstream
    Triton's F32DotTC splits it: for tf32x3 a = a0 + a1 with a0 rounded to
    tf32 (`cvt.rna.tf32.f32` inline asm), b likewise, d = dot(a0, b0,
    nan-to-zero(dot(a0, b1, dot(a1, b0, 0)))) + c; bf16x3 the same with
    a0 = bf16(a), a1 = bf16(a - a0); bf16x6 with a third part a2 = bf16(a -
    a0 - a1) and the products a1 b1, a2 b0, a0 b2, a1 b0, a0 b1 before the
    NaN mask and a0 b0. f32 dots at `ieee` precision stay exact (the core's
    FMA dot). The warps go along M first while M has 16-row tiles left for
    them, then along N.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #dot_op_a> * ... -> tensor<128x128xf32, #blocked>
    // becomes
    %c2 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %a2 = ttg.convert_layout %a : ... -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b2 = ...
    %d2 = tt.dot %a2, %b2, %c2 : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d2 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```

    On sm_90 (Hopper) a dot whose M is a multiple of 64 becomes a
    `ttng.warp_group_dot` (`wgmma`) instead, when the warps form whole warp
    groups (num-warps a multiple of 4) and the operands' contiguous rows
    span at least 32 bytes. In chained dots (attention) an A operand that is
    not loaded from memory stays in registers, in the dot-operand layout of
    the accumulator (kWidth 32 / bits). Other operands are staged in
    `#ttg.nvmma_shared` buffers contiguous along the dimension their
    producer holds contiguously (f16 and bf16; wgmma transposes no other
    type, so tf32, i8 and fp8 operands are staged K-major), with the widest
    swizzle (128, 64 or 32 bytes) a row fills; the result gets
    `#ttg.nvidia_mma<{versionMajor = 3, ..., instrShape = [16, N, K]}>`
    (K as above) with N the widest power of two up to
    256 that divides the tile of a warp group. Warp groups go along M while
    M has rows left for them, then along N.

    ```mlir
    %a1 = ttg.local_alloc %a0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nvmma128, #smem>
    %b1 = ttg.local_alloc %b0 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #nvmma128, #smem>
    %c1 = ttg.convert_layout %c : tensor<128x256xf32, #blocked> -> tensor<128x256xf32, #mma3>
    %d1 = ttng.warp_group_dot %a1, %b1, %c1 : ... -> tensor<128x256xf32, #mma3>
    ```

    Batched 3-D dots (`tensor<BxMxK>` times `tensor<BxKxN>`, as `tl.dot`
    of 3-D blocks emits them) of the same types take mma.sync on every
    architecture (wgmma has no batched form), in rank-3 layouts with the
    batch outermost: `#ttg.nvidia_mma<{versionMajor = 2, ..., warpsPerCTA =
    [wb, wm, wn], instrShape = [1, 16, 8]}>` and its dot operands. The warps
    go to the batch first, as many as it has indices (up to num-warps), the
    rest over each index's M x N as for a 2-D dot.

    Other dots (other types, shapes that are not multiples of 16 x 8,
    architectures before sm_80) are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::triton::gpu::TritonGPUDialect",
    "::mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"
  ];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90",
           "the sm_XY number of the architecture (80, 90, ...)">
  ];
}

def FenceInsertion : Pass<"nvidia-fence-insertion", "::mlir::ModuleOp"> {
  let summary = "order register-to-shared stores before the wgmma reading them";
  let description = [{
    `wgmma` reads shared memory through the async proxy, which does not see
    the generic proxy's stores until a `fence.proxy.async`. After every
    `ttg.local_alloc` with a source and every `ttg.local_store` whose buffer
    (or a view of it) a `ttng.warp_group_dot` reads, this pass inserts a
    `ttng.fence_async_shared`; the barrier that ttg-insert-barriers puts
    between the stores and the dot then publishes them to the warp groups.

    ```mlir
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %c : ...
    ```

    Buffers filled by `ttg.async_copy_global_to_local` get no fence, as in
    upstream Triton: the copies are ordered by `ttg.async_wait` and its
    barrier. (The PTX proxy model asks for a proxy fence there too; neither
    upstream's kernels nor Trident's GPU runs have needed one.) Except where
    the copy cannot be a cp.async, which moves at least 4 bytes: when the
    source layout holds fewer than 4 bytes per thread consecutive along the
    buffer's contiguous dimension, the copy is lowered to plain loads and
    shared stores, and gets the fence of a store (an i8 wgmma operand staged
    K-major from an N-major load, or a load left one element wide by the
    coalescing for want of alignment).
  }];
  let dependentDialects = [
    "::mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"
  ];
}

def AsyncWarpGroupDot : Pass<"nvidia-async-warp-group-dot", "::mlir::ModuleOp"> {
  let summary = "overlap each wgmma with the next iteration of its loop";
  let description = [{
    In a loop pipelined by ttg-pipeline, a `ttng.warp_group_dot` whose
    result is only yielded waits for its own completion before the loop
    goes on. This pass makes it asynchronous:

    - accumulating into the carried value itself (a matmul), it is waited
      for with `ttng.warp_group_dot_wait {pendings = 1}` right after it: the
      dot of iteration i runs while iteration i + 1 waits for its operands,
      and only the dot of iteration i - 1 must have finished;
    - when the loop reads the carried value before the dot (attention
      rescales its accumulator), that read waits for the previous
      iteration's dot (`{pendings = 0}`), which runs on until then.

    The copies that refill the dot's operand slots move after the wait (the
    slot they write is the one the previous dot read). The wait names the
    dot's buffers, and counts as a read of them, so ttg-insert-barriers puts
    a barrier between it and the refills: other warp groups' dots may read
    the slot until their own wait. A `ttng.warp_group_dot_wait {pendings =
    0}` after the loop completes the last dot.

    ```mlir
    scf.for ... iter_args(%acc = %c) {
      ttg.async_wait {num = 1 : i32}
      %d = ttng.warp_group_dot %a, %b, %acc {isAsync = true} : ...
      %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : ...
      ttg.async_copy_global_to_local ...   // into the slot of iteration i - 1
      ttg.async_commit_group ...
      scf.yield %r#0
    }
    ttng.warp_group_dot_wait %loop#0 {pendings = 0 : i32}
    ```

    Only loops whose dot reads, in shared memory, slots of buffers allocated
    outside the loop (or values defined outside it), which the loop writes
    with `ttg.async_copy_global_to_local` alone, are changed; operands in
    registers are the dot's own.
  }];
  let dependentDialects = [
    "::mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"
  ];
}

#endif // TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES

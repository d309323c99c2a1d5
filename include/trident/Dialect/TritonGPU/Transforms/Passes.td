//===- Passes.td - Generic TTGIR passes ---------------------*- tablegen -*-===//
//
// Vendor-neutral passes over TTGIR: memory-access coalescing, layout
// conversion removal, thread-local reductions and gathers, and staging of
// dot operands through shared memory. Every backend runs them through the
// `trident-ttgir` pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_PASSES
#define TRIDENT_TRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"ttg-coalesce", "::mlir::ModuleOp"> {
  let summary = "give global loads and stores layouts that vectorise";
  let description = [{
    For every `tt.load`, `tt.store`, `tt.atomic_rmw` and `tt.atomic_cas` on
    a tensor of pointers, the axis analysis says which dimension is
    contiguous in memory and how aligned it is. The access gets a blocked
    layout whose fastest dimension is the most contiguous one and whose
    threads hold as many consecutive elements as one aligned access of at
    most 128 bits covers (and as the tensor has per thread). Operands and
    results are converted to and from the old layout; remove-layout-
    conversions cleans up.

    ```mlir
    // 1024 f32 loads, 16-byte aligned, 128 threads:
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    // becomes
    #blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"ttg-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "remove ttg.convert_layout by moving computations between layouts";
  let description = [{
    Two rewrites, repeated until nothing changes:

    - forward: the users of a conversion (elementwise operations, broadcasts,
      expand_dims, reductions, scans, values carried by `scf.for` or yielded
      by `scf.if`) are moved to the conversion's source layout, when that
      removes more conversions than it needs; loads, stores and dots keep their layouts (they are
      anchors chosen by coalescing and the backends);
    - backward: a conversion whose source is cheap to recompute (constants,
      ranges, splats, elementwise arithmetic, broadcasts, expand_dims) is
      replaced by the computation done directly in the destination layout.

    Chains of conversions are folded, and dead operations removed.

    ```mlir
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked1>
    %y = ttg.convert_layout %x : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %z = math.exp %y : tensor<1024xf32, #blocked>
    // becomes
    %z = math.exp %x : tensor<1024xf32, #blocked1>
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"ttg-optimize-thread-locality", "::mlir::ModuleOp"> {
  let summary = "reduce inside threads first; keep gathers inside warps";
  let description = [{
    A sum, product, minimum or maximum of a loaded 2-D tensor along its
    innermost dimension, accumulated over an `scf.for` loop from a constant,
    is split: in the loop each thread reduces the elements it holds along the
    axis (the tensor seen as [M, K/e, e], e elements per thread, through a
    `tt.reshape` that keeps the registers in place) and accumulates these
    partial results; the reduction across threads runs once, after the loop,
    and is combined with the initial value there.

    ```mlir
    %r = scf.for ... iter_args(%acc = %zero) -> (tensor<32xf32, #slice>) {
      %x = tt.load ... : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ... // across lanes, every iteration
      %a = arith.addf %acc, %s
      scf.yield %a
    }
    ```

    A gather whose gathered axis is spread over several warps needs shared
    memory to exchange elements. When the axis fits in a warp, the gather
    (source, indices and result) is given a blocked layout that keeps the
    axis inside each warp, in registers and lanes, and puts the warps on the
    other dimensions; the lowering can then gather with warp shuffles.

    ```mlir
    // axis 0 of a 64x32 source spread over 4 warps:
    #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
    // becomes
    #blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReduceDataDuplication
    : Pass<"ttg-reduce-data-duplication", "::mlir::ModuleOp"> {
  let summary = "stage conversions to dot-operand layouts through shared memory";
  let description = [{
    A dot operand layout holds many copies of each element (every thread of
    a row or column of the result needs it). Converting a distributed tensor
    to it through shared memory once (`ttg.local_alloc` then
    `ttg.local_load`) replaces repeated shuffles. Conversions that stay
    within warps are left alone.

    ```mlir
    %a = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    // becomes
    %m = ttg.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %a = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUPipeline : Pass<"ttg-pipeline", "::mlir::ModuleOp"> {
  let summary = "start the loads that feed dots several iterations ahead";
  let description = [{
    In an `scf.for` whose body loads a tile, stages it in shared memory
    (`ttg.local_alloc`) and reads it back into a dot-operand layout
    (`ttg.local_load`), the load is replaced by an asynchronous copy into a
    buffer of `num-stages` slots, started `num-stages - 1` iterations ahead:
    a prologue starts the first copies, each committed as a group of its
    own (as upstream Triton commits them), each iteration waits for its own
    (`ttg.async_wait`, naming the groups last committed, which the loop
    carries, with `num` the groups of the `num-stages - 2` later iterations
    left in flight), starts the copy of a later iteration into the slot the
    previous iteration read, and reads its slot. The pointers and masks
    of the later iteration are recomputed by cloning the ops that compute
    them; pointers advanced from iteration to iteration are carried ahead.
    Copies past the end of the loop are masked off. A loop is left alone
    when a load's operands cannot be computed ahead (an op with effects, or
    a carried pointer also used by the rest of the body), or when `other`
    is not zero. Targets without asynchronous copies lower them to plain
    loads and stores. A tile staged in the loop from a value defined before
    it (`ttg.local_alloc` of a loop invariant) is staged once, before the
    loop.

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %ptrs) {
      %a = tt.load %p : tensor<128x64x!tt.ptr<f16>, #blocked>
      %s = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %d = ttg.local_load %s : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      ...
    }
    // becomes, with num-stages = 3
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    // copies of iterations 0 and 1 into slots 0 and 1
    scf.for %k = ... iter_args(%acc = %zero, %p = %ptrs_2, %read = %c0,
                               %write = %c2, %group = %group_1) {
      // One load: one group an iteration, and one iteration's left in flight.
      ttg.async_wait %group {num = 1 : i32}
      // pointers of iteration k + 2, copy into slot %write, commit it as
      // the next %group
      %view = ttg.memdesc_index %buf[%read] : ...
      %d = ttg.local_load %view : ...
      ...
    }
    ttg.async_wait %last_group {num = 0 : i32}
    ttg.local_dealloc %buf
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Slots per buffer: copies run num-stages - 1 iterations ahead "
           "(below 2, nothing changes)">
  ];
}

def TritonGPUSliceDotOperands
    : Pass<"ttg-slice-dot-operands", "::mlir::ModuleOp"> {
  let summary = "read dot operands from shared memory in steps along K";
  let description = [{
    A `tt.dot` whose two operands are each read whole from shared memory
    (`ttg.local_load` used by this dot only) becomes a chain of dots over
    windows of `k-step` along K (`ttg.memdesc_subslice` of the buffers), so
    that one step's operands are in registers at a time instead of all of
    them. The accumulation order is unchanged. `k-step` counts elements of
    16 bits or more; operands of narrower elements step by the same number
    of bytes (32 i8 elements for k-step = 16), which is what matrix
    instructions on 8-bit operands take at a time. Dots with K not above
    the step or not a multiple of it are left alone.

    ```mlir
    %a = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #dotA>
    %b = ttg.local_load %sb : !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<64x256xf16, #dotB>
    %d = tt.dot %a, %b, %c
    // becomes, with k-step = 16, four steps like
    %wa = ttg.memdesc_subslice %sa[0, 16] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
    %a1 = ttg.local_load %wa : ... -> tensor<128x16xf16, #dotA>
    %wb = ttg.memdesc_subslice %sb[16, 0] : ... -> !ttg.memdesc<16x256xf16, #shared1, #smem, 64x256>
    %b1 = ttg.local_load %wb : ... -> tensor<16x256xf16, #dotB>
    %d1 = tt.dot %a1, %b1, %d0
    ```
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"kStep", "k-step", "int", /*default=*/"16",
           "Width of each step along K (a power of two)">
  ];
}

#endif // TRIDENT_TRITONGPU_PASSES

//===- Passes.td - Code generation passes of the linalg backend -*- tablegen -*-===//
//
// The passes that take the cpu target from linalg on tensors to the LLVM
// dialect, beyond the upstream ones that the `linalg-to-llvm` pipeline runs.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_CODEGEN_PASSES
#define LINALG_BACKEND_CODEGEN_PASSES

include "mlir/Pass/PassBase.td"

def EmitCpuEntry : Pass<"linalg-emit-cpu-entry", "::mlir::ModuleOp"> {
  let summary = "add the runtime's entry point `<kernel>_trident_cpu_entry`";
  let description = [{
    For each public kernel (a `func.func` with a body whose last six
    parameters are the `i32` grid values that `linalg-triton-to-linalg`
    appends), adds the exported function through which the cpu runtime calls
    it (backends/linalg/runtime/CpuKernelABI.h):

    ```c
    void K_trident_cpu_entry(void *const *args, const int32_t num_programs[3],
                             const int32_t program_id[3]);
    ```

    `args[i]` points to the value of parameter `i`: for a buffer, to the
    `void *` that holds its address; for a scalar, to its bytes (`i1` as one
    byte). The entry loads each value, builds the memref descriptor that a
    buffer parameter expects (allocated and aligned pointer = the address,
    offset 0, identity strides; a dynamic size is set to a bound no buffer
    reaches), reads the grid and calls the kernel, which becomes internal so
    that LLVM may inline it.

    ```mlir
    func.func @copy(%x: memref<?xf32>, %n: i32, %gx: i32, %gy: i32, %gz: i32,
                    %px: i32, %py: i32, %pz: i32)
    // gains
    func.func @copy_trident_cpu_entry(%args: !llvm.ptr, %num_programs: !llvm.ptr,
                                      %program_id: !llvm.ptr) {
      %0 = llvm.getelementptr %args[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
      %1 = llvm.load %0 : !llvm.ptr -> !llvm.ptr
      %2 = llvm.load %1 : !llvm.ptr -> !llvm.ptr
      ...  // the descriptor of %x, as an !llvm.struct
      %x = builtin.unrealized_conversion_cast %d : !llvm.struct<...> to memref<?xf32>
      ...
      call @copy(%x, %n, %gx, %gy, %gz, %px, %py, %pz) : (...) -> ()
      return
    }
    ```

    The casts disappear when the module is lowered to LLVM
    (`reconcile-unrealized-casts`).
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect"
  ];
}

def MemRefCopyToLinalg : Pass<"linalg-memref-copy-to-linalg"> {
  let summary = "rewrite memref.copy as linalg.copy";
  let description = [{
    `memref.copy` between buffers that are not both contiguous lowers to a
    call to `memrefCopy` of MLIR's runner utilities, a library that a kernel
    of the cpu target does not link. The same copy as a `linalg.copy` lowers
    to loops (and vectorizes):

    ```mlir
    memref.copy %a, %b : memref<?xf32, strided<[2]>> to memref<?xf32>
    // becomes
    linalg.copy ins(%a : memref<?xf32, strided<[2]>>) outs(%b : memref<?xf32>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def ExpandGenericAtomics
    : Pass<"linalg-expand-generic-atomics", "::mlir::ModuleOp"> {
  let summary = "expand memref.generic_atomic_rmw into a compare-and-swap loop";
  let description = [{
    Rewrites each `memref.generic_atomic_rmw` (an atomic update by any
    computation, e.g. `tt.atomic_cas`) as an `scf.while` loop that computes
    the new value from the current one and stores it with a compare and
    swap, retrying until no other thread wrote in between. The swap is a
    call of a private helper `@trident_cpu_cmpxchg_i<N>`, declared here and
    defined by `linalg-define-atomic-helpers` after the buffer deallocation,
    which accepts neither a region op with a memref operand that does not
    say how control flows through it, nor an op of unknown memory effects
    such as `llvm.cmpxchg`.

    ```mlir
    %old = memref.generic_atomic_rmw %m[%i] : memref<?xi32> {
    ^bb0(%cur: i32):
      %eq = arith.cmpi eq, %cur, %cmp : i32
      %new = arith.select %eq, %val, %cur : i32
      memref.atomic_yield %new : i32
    }
    // becomes (%p: the address of %m[%i], from its strided metadata)
    %first = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
    %old = scf.while (%cur = %first) : (i32) -> i32 {
      %eq = arith.cmpi eq, %cur, %cmp : i32
      %new = arith.select %eq, %val, %cur : i32
      %seen, %ok = func.call @trident_cpu_cmpxchg_i32(%p, %cur, %new)
          : (!llvm.ptr, i32, i32) -> (i32, i1)
      %retry = arith.xori %ok, %true : i1
      scf.condition(%retry) %seen : i32
    } do {
    ^bb0(%seen: i32):
      scf.yield %seen : i32
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def DefineAtomicHelpers
    : Pass<"linalg-define-atomic-helpers", "::mlir::ModuleOp"> {
  let summary = "define the compare-and-swap helpers of generic atomics";
  let description = [{
    Gives each helper that `linalg-expand-generic-atomics` declared its body,
    an `llvm.cmpxchg` (acq_rel, monotonic on failure), with internal linkage
    so that LLVM inlines it:

    ```mlir
    func.func private @trident_cpu_cmpxchg_i32(%p: !llvm.ptr, %cmp: i32,
        %new: i32) -> (i32, i1) attributes {llvm.linkage = #llvm.linkage<internal>} {
      %r = llvm.cmpxchg %p, %cmp, %new acq_rel monotonic : !llvm.ptr, i32
      %seen = llvm.extractvalue %r[0] : !llvm.struct<(i32, i1)>
      %ok = llvm.extractvalue %r[1] : !llvm.struct<(i32, i1)>
      return %seen, %ok : i32, i1
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::func::FuncDialect"
  ];
}

def ExpandFloat8Casts : Pass<"linalg-expand-f8-casts"> {
  let summary = "expand casts to and from f8E5M2 and f8E4M3FN into integer operations";
  let description = [{
    LLVM has no 8-bit float type, and the LLVM lowering of `arith` keeps
    `f8E5M2` values as `i8` bits without converting them. This pass rewrites
    `arith.truncf` to `f8E5M2` (round to nearest even, the default) and
    `arith.extf` from it with integer operations on the bits, through `f16`,
    which has the same exponent: a value is first rounded to `f16` (a second
    rounding that may differ from a direct one on values within half an
    `f16` ulp of a tie), then its bits are rounded to the upper byte, NaNs
    kept quiet. The inverse is exact: the byte, shifted into the upper half,
    is an `f16`.

    ```mlir
    %q = arith.truncf %x : f32 to f8E5M2
    // becomes
    %h = arith.truncf %x : f32 to f16
    %b = arith.bitcast %h : f16 to i16
    ...  // (b + 0x7f + ((b >> 8) & 1)) >> 8, or the quiet NaN
    %q = arith.bitcast %t : i8 to f8E5M2
    ```

    `f8E4M3FN` goes through `f32`: `arith.extf` from it is exact (normal
    values by moving the fields, subnormals as `m * 2^-9`, NaN kept);
    `arith.truncf` to it rounds to nearest even and saturates to 448 (the
    largest finite value) as NVIDIA's `cvt.rn.satfinite` does, which is what
    Triton's fp8e4nv conversion does on the GPU; NaN stays NaN.

    Works on scalars and vectors alike.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def CpuWidenContractionOperands
    : Pass<"linalg-cpu-widen-contraction-operands", "::mlir::func::FuncOp"> {
  let summary = "extend the narrow float tiles of a matmul once, before it";
  let description = [{
    A `linalg.matmul` or `linalg.batch_matmul` (with its default indexing
    maps, on tensors) whose float inputs are narrower than its float
    accumulator (f16, bf16 or fp8 into f32) gets each narrow input extended
    to the accumulator's type by an elementwise `linalg.generic` before it,
    and becomes a matmul of accumulator-typed tiles. Lowered to loops, the
    extension in the matmul's body runs once per element pair, in the
    innermost loop; here it runs once per element. Results do not change: a
    product of two such values is exact in f32.

    ```mlir
    %d = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>)
                       outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    // becomes
    %a32 = linalg.generic ... ins(%a : tensor<64x32xf16>) ... { arith.extf }
    %b32 = linalg.generic ... ins(%b : tensor<32x64xf16>) ... { arith.extf }
    %d = linalg.matmul ins(%a32, %b32 : tensor<64x32xf32>, tensor<32x64xf32>)
                       outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    ```

    With `keep-bf16`, a `linalg.matmul` of bf16 tiles into f32 stays as it
    is where the bf16 dot product takes its shape (static, K even, rows of C
    a multiple of 16): the microkernel of `linalg-cpu-register-tile-matmul`
    runs it on the CPU's bf16 dot product. Other shapes, and batch_matmul,
    are still widened.
  }];
  let options = [
    Option<"keepBF16", "keep-bf16", "bool", /*default=*/"false",
           "Leave matmuls of bf16 tiles into f32 to the bf16 dot product">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def CpuWidenBooleanTensors
    : Pass<"linalg-cpu-widen-boolean-tensors", "::mlir::func::FuncOp"> {
  let summary = "give tensors of i1 between linalg ops i8 elements, so that "
                "the ops on them vectorize";
  let description = [{
    A mask that is not fused into its one consumer (Inductor's row mask,
    broadcast over the row and selected with twice) stays a tensor of i1
    and becomes a buffer of i1, a byte per element, which LLVM cannot load
    as a bit-packed vector of i1: `linalg-cpu-vectorize` leaves every op on
    it to scalar loops. This pass converts every tensor of i1 in a function
    to a tensor of i8. A linalg.generic truncates the bytes it reads to i1
    and extends the i1 values it yields; reshapes, slices, casts, empty
    tensors, constants, `scf` loop and branch values carry bytes; named
    linalg ops on masks are generalized first; `tensor.extract` truncates
    and `tensor.splat` extends. A function with some other op on a tensor of
    i1 is left as it was.

    ```mlir
    %m = linalg.generic ... outs(%e : tensor<2xi1>) { arith.cmpi ... }
    %b = linalg.broadcast ins(%m : tensor<2xi1>) outs(%f : tensor<2x512xi1>)
           dimensions = [1]
    // becomes
    %m = linalg.generic ... outs(%e : tensor<2xi8>) {
      %c = arith.cmpi ...
      %x = arith.extui %c : i1 to i8
      linalg.yield %x : i8
    }
    %b = linalg.generic ... ins(%m : tensor<2xi8>) outs(%f : tensor<2x512xi8>)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def CpuFuseElementwise
    : Pass<"linalg-cpu-fuse-elementwise", "::mlir::func::FuncOp"> {
  let summary = "fuse elementwise linalg.generic ops into their consumer";
  let description = [{
    Fuses each elementwise `linalg.generic` whose result has one use, a
    `linalg.generic` it can fuse into (`linalg::fuseElementwiseOps`), into
    that consumer, so that the values between them (above all the `i1`
    masks of `tl.where`, which `linalg-cpu-vectorize` leaves to scalar
    loops) are computed in the consumer's body instead of being stored.

    Unlike upstream's `linalg-fuse-elementwise-ops`, it keeps the
    consumer's `outs`: upstream also replaces an `outs` the payload does
    not read by a `tensor.empty`, which makes an `scf.for` accumulator
    allocate a new buffer on every iteration.

    ```mlir
    %m = linalg.generic ... ins(%i, %n) outs(%e : tensor<256xi1>) {cmpi slt}
    %r = linalg.generic ... ins(%m, %x, %z) outs(%acc : tensor<256xf32>) {select}
    // becomes
    %r = linalg.generic ... ins(%i, %n, %x, %z) outs(%acc : tensor<256xf32>) {
      cmpi slt, then select
    }
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def CpuStripMineElementwise
    : Pass<"linalg-cpu-strip-mine-elementwise", "::mlir::func::FuncOp"> {
  let summary = "split elementwise linalg ops into loops over chunks of a few "
                "vector registers";
  let description = [{
    A Triton block is one tensor: a pointwise kernel of 1024 elements
    becomes one `linalg.generic` over `tensor<1024xf32>`, vectorized as
    `vector<1024xf32>`, 64 AVX-512 registers for each value of the chain. A
    math function expands into a dozen or more vector ops (GELU's erf, exp,
    tanh); their values spill to the stack, and the kernel runs at a
    fraction of the memory's speed (GELU over 8M floats: 9.6 ms as one
    vector per block of 1024, 3.3 ms in chunks of 64, on 2 cores).

    This pass tiles each elementwise `linalg.generic` on tensors (all loops
    parallel, static shape, more than `chunk` points) into an `scf.for`
    nest whose body handles `chunk` points: the innermost dimensions whole
    while they fit, then a divisor of the next one. The body's generic keeps
    a static shape, so `linalg-cpu-vectorize` turns it into vectors of
    `chunk` elements that stay in registers. Each chunk of an op that reads
    the tensor it writes is read from the loop's tensor, so that it
    bufferizes in place.

    Left whole, up to `max-whole-points` points: plain arithmetic, which
    streams through registers at a few times their width (layer norm's rows
    of 1024 lost 5-10 % tiled: the tile copies that
    `linalg-forward-tile-copies` removes come back in a loop), and a math
    chain that runs into a reduction, which would read the tiled block again
    from memory (softmax's exp over rows of 1024 lost 8 %). Larger blocks
    are spilled whole anyway, and unrolled over all their registers they are
    code that the CPU's front end streams through and LLVM schedules for
    seconds: attention's 64 x 64 tiles, 4096 points each, ran 8 % faster
    tiled on 2 threads, and the kernel compiled in 1.1 s instead of 3.8 s.
    Ops whose shape admits no chunk are left alone.

    ```mlir
    %r = linalg.generic {iterator_types = ["parallel"]}
        ins(%x : tensor<1024xf32>) outs(%x : tensor<1024xf32>) { math.erf ... }
    // becomes, with chunk = 64
    %r = scf.for %i = %c0 to %c1024 step %c64 iter_args(%acc = %x) {
      %in = tensor.extract_slice %x[%i] [64] [1]
      %out = tensor.extract_slice %acc[%i] [64] [1]
      %t = linalg.generic ... ins(%in : tensor<64xf32>) outs(%out : tensor<64xf32>) { math.erf ... }
      %next = tensor.insert_slice %t into %acc[%i] [64] [1]
      scf.yield %next
    }
    ```
  }];
  let options = [
    Option<"chunk", "chunk", "int64_t", /*default=*/"64",
           "Points of the iteration space per loop iteration">,
    Option<"maxWholePoints", "max-whole-points", "int64_t",
           /*default=*/"2048",
           "Largest op (in points) of plain arithmetic, or feeding a "
           "reduction, that stays whole">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def CpuVectorize : Pass<"linalg-cpu-vectorize", "::mlir::func::FuncOp"> {
  let summary = "vectorize the linalg ops of static shape";
  let description = [{
    Vectorizes each linalg op whose shape is static and whose iteration space
    holds at most `max-elements` points (`linalg::vectorize`), so that
    elementwise code and small reductions become vector operations before
    bufferization. Ops on tensors of `i1` are not vectorized: LLVM stores a
    vector of `i1` bit-packed, while a buffer of `i1` holds a byte per
    element. An op it cannot vectorize is left for the loop lowering, with a
    debug message, not an error.

    A read of a splat constant operand (Triton's `x // 64` splats its 64)
    becomes the splat vector constant: read from memory it would become a
    global that LLVM does not see through, and a division by it one scalar
    `idiv` per element instead of a shift (Inductor's index arithmetic in a
    1M-element copy: 6.4 ms -> 0.54 ms).

    An operand indexed by the outer dimension only (a row statistic,
    `x - m[:, None]`) is read as a column and broadcast along its rows, one
    splat a row. The vectorizer reads it with a broadcasting permutation
    map, or, after a write, canonicalization folds the read into a
    broadcast and a transpose; both are lowered element by element (4096
    extract/insert pairs for a 64 x 64 tile: attention's `llir` stage went
    from 0.64 to 0.18 s).

    ```mlir
    %r = linalg.generic ... ins(%a, %b : tensor<256xf32>, tensor<256xf32>) ...
    // becomes
    %va = vector.transfer_read %a[%c0], %pad : tensor<256xf32>, vector<256xf32>
    ...
    %vr = arith.addf %va, %vb : vector<256xf32>
    %r = vector.transfer_write %vr, %init[%c0] : vector<256xf32>, tensor<256xf32>
    ```
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"4096",
           "Largest iteration space (in points) to vectorize">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PromoteTileBuffers
    : Pass<"linalg-promote-tile-buffers", "::mlir::func::FuncOp"> {
  let summary = "allocate small static buffers on the stack, once per call";
  let description = [{
    A program of the cpu target holds its tiles in buffers of static shape
    (`memref.alloc`); on the heap each costs a `malloc` and a `free` every
    time a program runs. This pass, run after bufferization and before the
    deallocation pipeline, replaces each such allocation of at most
    `max-buffer-bytes` by a `memref.alloca` at the start of the function
    (aligned to `alignment` bytes), until the function's stack buffers reach
    `max-function-bytes`.

    A buffer stays on the heap when it, or a view of it, is returned from the
    function or passed to a call. An allocation inside a loop is served by
    one slot for all iterations, which is only right when each iteration's
    buffer dies with the iteration: it stays on the heap when a view of it
    leaves any region (e.g. a loop-carried buffer that `scf.yield` passes on)
    or flows into an op that yields buffers.

    ```mlir
    func.func @f(%n: index) {
      scf.for %i = %c0 to %n step %c1 {
        %t = memref.alloc() : memref<256xf32>
        linalg.fill ins(%cst : f32) outs(%t : memref<256xf32>)
      }
      return
    }
    // becomes
    func.func @f(%n: index) {
      %t = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
      scf.for %i = %c0 to %n step %c1 {
        linalg.fill ins(%cst : f32) outs(%t : memref<256xf32>)
      }
      return
    }
    ```
  }];
  let options = [
    Option<"maxBufferBytes", "max-buffer-bytes", "int64_t",
           /*default=*/"65536", "Largest buffer (in bytes) put on the stack">,
    Option<"maxFunctionBytes", "max-function-bytes", "int64_t",
           /*default=*/"262144",
           "Most bytes of stack buffers per function">,
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "Alignment (in bytes) of the stack buffers">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def HoistLoopAllocas
    : Pass<"linalg-hoist-loop-allocas", "::mlir::func::FuncOp"> {
  let summary = "move stack buffers allocated inside loops to the start of "
                "the function";
  let description = [{
    Lowerings after bufferization allocate temporaries on the stack where
    they need them: `convert-vector-to-scf` puts a `memref.alloca` of
    `memref<vector<...>>` beside each n-D transfer it unrolls, inside the
    loop that holds the transfer. In LLVM a stack allocation lives until the
    function returns, so such a buffer takes a new slot on every iteration:
    a flash-attention backward with 128x32 tiles and 32 iterations needed
    more than the 8 MiB stack of a thread and the program died with SIGSEGV.

    This pass moves every `memref.alloca` of static shape that lies inside a
    loop to the start of the function, where one slot serves all
    iterations. That is only right when each iteration's buffer dies with
    the iteration: an allocation whose buffer, or a view of it, is carried
    out of a region, passed to a call or into an op that yields buffers
    stays where it is.

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %t = memref.alloca() : memref<vector<4x8xf32>>
      ...
    }
    // becomes
    %t = memref.alloca() : memref<vector<4x8xf32>>
    scf.for %i = %c0 to %n step %c1 {
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ForwardTileCopies
    : Pass<"linalg-forward-tile-copies", "::mlir::func::FuncOp"> {
  let summary = "load and store vectorized blocks with masked vector "
                "transfers instead of tile buffers and copies";
  let description = [{
    `linalg-triton-to-linalg` loads a block into a tile buffer: it fills the
    buffer with the load's `other` value when the block is partial, copies
    the valid part from the kernel's buffer, and takes the tile as a tensor;
    it stores a block by copying the valid part of a tensor into the
    kernel's buffer. Once `linalg-cpu-vectorize` has turned the computation
    into vector operations, this pass, run before bufferization, rewrites

    - a tile load whose tensor is only read by whole
      `vector.transfer_read`s (or overwritten by whole
      `vector.transfer_write`s) into one `vector.transfer_read` of the
      source, masked by the copied sizes, with the `other` value as padding,
      placed where the copy was; the buffer, its fill and the copy go away;
    - a store of a leading slice of a whole `vector.transfer_write` result
      into a `vector.transfer_write` of the vector into the kernel's buffer,
      masked by the slice's sizes.

    Where the sizes may be partial, each transfer is split by an `scf.if`:
    unmasked when the block is whole, masked otherwise (masked loads and
    stores cost more on the host's memory streams). Buffers whose innermost
    stride is not statically 1 keep their copies.

    ```mlir
    %t = memref.alloc() : memref<256xf32>
    scf.if %partial {
      linalg.fill ins(%cst : f32) outs(%t : memref<256xf32>)
    }
    %v = memref.subview %t[0] [%n] [1] : memref<256xf32> to memref<?xf32, strided<[1]>>
    linalg.copy ins(%src : memref<?xf32, strided<[1], offset: ?>>) outs(%v : ...)
    %x = bufferization.to_tensor %t restrict writable : memref<256xf32> to tensor<256xf32>
    %r = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : tensor<256xf32>, vector<256xf32>
    // becomes
    %m = vector.create_mask %n : vector<256xi1>
    %whole = arith.cmpi eq, %n, %c256 : index
    %r = scf.if %whole -> (vector<256xf32>) {
      %a = vector.transfer_read %src[%c0], %cst {in_bounds = [true]}
          : memref<?xf32, strided<[1], offset: ?>>, vector<256xf32>
      scf.yield %a : vector<256xf32>
    } else {
      %b = vector.transfer_read %src[%c0], %cst, %m {in_bounds = [true]}
          : memref<?xf32, strided<[1], offset: ?>>, vector<256xf32>
      scf.yield %b : vector<256xf32>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def CpuApproximateMath : Pass<"linalg-cpu-approximate-math"> {
  let summary = "expand f32 math ops on vectors into polynomial arithmetic";
  let description = [{
    LLVM lowers `llvm.exp` and its kin on a vector into one libm call per
    element. This pass rewrites `math.exp`, `math.exp2`, `math.expm1`,
    `math.log`, `math.log2`, `math.log1p` and `math.tanh` on vectors of
    `f32` with MLIR's polynomial approximations (range reduction, FMAs, bit
    manipulation of the exponent), which stay vector code; `math.exp2`
    (which has no upstream approximation) as `2^round(x)`, built from
    exponent bits, times `exp((x - round(x)) * ln 2)`. Scalars and other
    element types are left to the libm calls.

    A division of a vector of `f32` by a broadcast scalar (softmax's row
    sum) becomes a product with the scalar's reciprocal, computed once,
    where 2^-126 <= |s| <= 2^126 (1/s is then a normal float and the
    product within 1.5 ulp of the quotient, inside the 2 ulp of Triton's
    f32 division on its GPU targets, `div.full.f32`); an `scf.if` keeps the
    division for any other s.

    ```mlir
    %e = math.exp %x : vector<16xf32>
    // becomes (abridged)
    %k = math.floor %t : vector<16xf32>       // t = x * log2(e)
    %p = math.fma %r, %c, %d : vector<16xf32>  // the polynomial in r = x - k ln 2
    ...                                        // 2^k by the exponent bits
    ```

    With `avx512-scalef`, `math.exp` and `math.exp2` on a vector of f32
    whose elements are a whole number of 512-bit registers are expanded
    here instead, for AVX-512: the same reduction and polynomial, with
    p(r) * 2^n computed by `vscalefps` (`x86vector.avx512.mask.scalef`, one
    register at a time). The instruction scales without leaving the float
    format, so n needs no clamp, no conversion to an integer and no
    exponent bits, and results below 2^-126 come out as denormals rather
    than 0: 15 operations a register for exp instead of 20, 14 for exp2
    instead of about 30. x is clamped to [-104, 89] for exp and [-151, 129]
    for exp2 (a NaN is passed through), beyond which the result is 0 or
    infinite in f32.
  }];
  let options = [
    Option<"avx512ScaleF", "avx512-scalef", "bool", /*default=*/"false",
           "Expand exp and exp2 with AVX-512's vscalefps "
           "(x86vector.avx512.mask.scalef)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::x86vector::X86VectorDialect"
  ];
}

def CpuLowerMultiReduction : Pass<"linalg-cpu-lower-multi-reduction"> {
  let summary = "lower vector.multi_reduction, per op, in the shape that "
                "suits the host";
  let description = [{
    A `vector.multi_reduction` that reduces the innermost dimension becomes
    `vector.reduction`s, one per remaining row (a horizontal reduction in
    LLVM, `llvm.vector.reduce.*`); one that keeps the innermost dimension
    becomes elementwise operations between the reduced rows. (Upstream's
    `lower-vector-multi-reduction` applies one strategy to all ops; its
    default turns a 1-D reduction into one scalar step per element.)

    A `vector.reduction <maxnumf>` or `<minnumf>` of 2^k elements is then
    halved k times with elementwise operations: LLVM's x86 lowering of
    `llvm.vector.reduce.fmax`/`fmin` reduces the last register lane by lane.

    ```mlir
    %r = vector.multi_reduction <add>, %v, %acc [0] : vector<1024xf32> to f32
    // becomes
    %r = vector.reduction <add>, %v, %acc : vector<1024xf32> into f32

    %c = vector.multi_reduction <maxnumf>, %m, %acc [0] : vector<4x16xf32> to vector<16xf32>
    // becomes four elementwise arith.maxnumf of vector<16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
}

def CpuForwardMatmulOperands
    : Pass<"linalg-cpu-forward-matmul-operands", "::mlir::func::FuncOp"> {
  let summary = "let matmuls read whole tiles where they lie instead of "
                "through a copy";
  let description = [{
    A `tt.dot` operand reaches its `linalg.matmul` as a static tile buffer:
    the iteration fills it where the load is masked and copies the valid part
    of the kernel's buffer into it with a `linalg.copy` from a
    `memref.reinterpret_cast`, in an `scf.while` of chunks where the rows
    wrap around (`offs % M`). In the middle of a matrix that copy covers the
    whole tile and only moves data: a fifth of an f32 GEMM's time.

    For each input of a matmul on buffers whose tile buffer is written only
    by ops of the matmul's block before it, the last of them holding the
    copy, and read by nothing else, this pass computes at run time whether
    the copy's first chunk starts at the tile's origin, covers the tile, has
    rows of stride 1 and (in a loop) is the last chunk. If so the writers
    are skipped (each wrapped in an `scf.if`) and the matmul reads a view of
    the kernel's buffer of the tile's shape (`strided<[?, 1], offset: ?>`);
    otherwise it reads the tile as before. Where the first chunk cannot be
    computed from pure arithmetic, the operand is left alone.

    ```mlir
    scf.if %partial { vector.transfer_write %zero, %tile ... }
    %src = memref.reinterpret_cast %a to offset: [%o], sizes: [%m, %k],
        strides: [%s, %t] : memref<?xf32> to memref<?x?xf32, strided<...>>
    %dst = memref.subview %tile[0, 0] [%m, %k] [1, 1] : ...
    linalg.copy ins(%src : ...) outs(%dst : ...)
    linalg.matmul ins(%tile, %b : memref<64x32xf32>, ...) outs(%c : ...)
    // becomes
    %in_place = (%m == 64 && %k == 32 && %t == 1)
    %view = memref.reinterpret_cast %a to offset: [%o], sizes: [64, 32],
        strides: [%s, 1] : ... to memref<64x32xf32, strided<[?, 1], offset: ?>>
    scf.if %copies { scf.if %partial { ... } }
    scf.if %copies { linalg.copy ... }
    %cast = memref.cast %tile : memref<64x32xf32> to memref<64x32xf32, strided<[?, 1], offset: ?>>
    %operand = arith.select %in_place, %view, %cast : ...
    linalg.matmul ins(%operand, %b ...) outs(%c ...)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def CpuRegisterTileMatmul
    : Pass<"linalg-cpu-register-tile-matmul", "::mlir::func::FuncOp"> {
  let summary = "lower static f32/f64 matmuls on buffers to a microkernel "
                "that keeps a block of the result in vector registers";
  let description = [{
    Lowered to loops, a `linalg.matmul` tile is vectorized by LLVM over one
    row of the result: every multiply-add loads a register of B and
    broadcasts an element of A, so loads bound it. This pass rewrites a
    matmul of static f32 or f64 buffers whose B and C rows are contiguous
    into the loop nest of a BLAS microkernel: a block of `rows` x `vectors`
    registers of C is loaded once, updated over the whole reduction, and
    stored once; each reduction step loads `vectors` registers of a row of B
    and broadcasts `rows` elements of a column of A. The block is as tall as
    the registers allow (rows x vectors accumulators, `vectors` of B and one
    broadcast within `vector-registers`, rows from 8, 6, 4, 3, 2, 1 dividing
    M); `vectors` is 2 where a row of C holds an even number of registers.
    A matmul whose rows are not a whole number of registers, or with
    user-defined maps or mixed types, is left to the loop lowering.

    With `bf16-dot-product` (the host has AVX-512 BF16) and 512-bit
    registers, a matmul of bf16 tiles into f32 whose A rows are contiguous
    and whose K is even runs on `x86vector.avx512.dot` (vdpbf16ps): B is
    packed once into a buffer of K/2 rows of 2N (on the stack up to 64 KiB,
    else on the heap, freed after the microkernel), each interleaving
    rows k and k + 1, and each reduction step broadcasts a pair of A as one
    32-bit element and multiplies it with a row of pairs, two elements of K
    per instruction. The instruction treats bf16 subnormals as zero.

    With `amx-bf16` (the host has AMX-BF16 and Linux granted the process
    the tile state), such a matmul whose M and N are multiples of 16 and K
    of 32 runs on AMX's tile multiply instead (`amx.tile_mulf`,
    tdpbf16ps): B is packed in the same pairs of rows, which is the layout
    the instruction reads, and each block of 2 x 2 tiles of C (16 x 16 f32
    each) is loaded, updated over K with two tiles of A (16 x 32, read where
    A lies) and two of packed B a step, and stored, in chunks of at most
    8 steps (tiles cannot be carried by loops). Only the B prefetch below
    applies to it. Like the dot product, the tile multiply treats bf16
    subnormals as zero.

    With `prefetch-next-tile`, each block of rows first prefetches into L2
    (`memref.prefetch`, locality 2) its rows of the A tile that follows
    along K, read where A's rows continue past the tile's K columns, and
    each block a share of the rows of the B tile that follows, read past
    its K rows (B itself, which the bf16 path packs on the next step): where the operands are views of the kernel's matrices
    (`linalg-cpu-forward-matmul-operands`), the next iteration of a GEMM's
    K loop reads exactly there. A prefetch never faults, and a wrong guess
    only costs the instruction.

    ```mlir
    linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>)
                  outs(%c : memref<64x64xf32>)
    // with vector-bits=512 becomes, for 8 rows of 2 x vector<16xf32>:
    scf.for %i = %c0 to %c64 step %c8 {
      scf.for %j = %c0 to %c64 step %c32 {
        %acc = vector.load %c[%i, %j] : memref<64x64xf32>, vector<16xf32>
        ...                                   // 16 accumulators
        %r:16 = scf.for %k = %c0 to %c32 step %c1 iter_args(...) {
          %b0 = vector.load %b[%k, %j] : memref<32x64xf32>, vector<16xf32>
          %a0 = memref.load %a[%i, %k] : memref<64x32xf32>
          %s0 = vector.broadcast %a0 : f32 to vector<16xf32>
          %p = arith.mulf %s0, %b0 : vector<16xf32>
          %n = arith.addf %acc0, %p : vector<16xf32>
          ...
        }
        vector.store %r#0, %c[%i, %j] : memref<64x64xf32>, vector<16xf32>
        ...
      }
    }
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of the host's vector registers in bits">,
    Option<"vectorRegisters", "vector-registers", "int64_t",
           /*default=*/"32", "Number of the host's vector registers">,
    Option<"bf16DotProduct", "bf16-dot-product", "bool", /*default=*/"false",
           "Run bf16 matmuls on the AVX-512 BF16 dot product">,
    Option<"amxBF16", "amx-bf16", "bool", /*default=*/"false",
           "Run bf16 matmuls on AMX tiles">,
    Option<"prefetchNextTile", "prefetch-next-tile", "bool",
           /*default=*/"false",
           "Prefetch into L2 the A and B tiles that follow along K">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::x86vector::X86VectorDialect",
                           "::mlir::amx::AMXDialect"];
}

def CpuStreamingStores
    : Pass<"linalg-cpu-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "write large outputs with non-temporal stores";
  let description = [{
    An ordinary store first reads its cache line (a read for ownership),
    and a line written by a kernel whose output exceeds the last-level cache
    is evicted before anything reads it. Non-temporal stores write whole
    lines to memory without reading them or keeping them: a 16 MiB stream
    took 0.39 ms instead of 0.81 ms on the development machine.

    Each unmasked, in-bounds 1-D vector store (`vector.transfer_write` or
    `vector.store`) into a function argument (a kernel buffer, through views
    and casts), along its unit-stride innermost dimension and a whole number
    of `line-bytes` long, gets a non-temporal twin (`vector.store
    {nontemporal = true}` of one `register-bytes` piece at a time, aligned:
    LLVM drops the flag where it splits a wider store) taken when, at run time,
    its first element lies on a line boundary and the launch writes at least
    `min-launch-bytes` through it: its bytes times the grid's programs (the
    first three of the six trailing grid arguments) times the trip counts of
    the `scf.for` loops around it. 0 (the default) leaves every store alone.

    Non-temporal stores are not ordered by the atomics of a thread, so a
    function with an atomic or a call is left alone; the cpu runtime fences
    each thread's stores after its last program.

    ```mlir
    vector.transfer_write %v, %y[%i] {in_bounds = [true]}
        : vector<256xf32>, memref<?xf32, strided<[1], offset: ?>>
    // becomes
    %stream = arith.andi %aligned, %large : i1
    scf.if %stream {
      %v0 = vector.extract_strided_slice %v {offsets = [0], sizes = [16], ...}
      vector.store %v0, %y[%i] {alignment = 64 : i64, nontemporal = true} : ...
      ...                                           // 16 stores of 16 lanes
    } else {
      vector.transfer_write %v, %y[%i] {in_bounds = [true]} : ...
    }
    ```
  }];
  let options = [
    Option<"minLaunchBytes", "min-launch-bytes", "int64_t", /*default=*/"0",
           "Bytes a launch writes through a store from which it streams "
           "(0: never)">,
    Option<"lineBytes", "line-bytes", "int64_t", /*default=*/"64",
           "Bytes of a cache line, the alignment non-temporal stores need">,
    Option<"registerBytes", "register-bytes", "int64_t", /*default=*/"64",
           "Bytes of a vector register: the non-temporal twin stores one "
           "register at a time">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def CpuUnmaskWholeTiles
    : Pass<"linalg-cpu-unmask-whole-tiles", "::mlir::func::FuncOp"> {
  let summary = "skip the per-lane select of a tile-bounds mask when the "
                "whole tile is in bounds";
  let description = [{
    `tl.where(cols < N, x, y)` with `cols = off + tl.arange(0, B)`, in a
    loop over a row's blocks (layer norm's variance), vectorizes to lane
    indices, a compare and a blend: three instructions a register beside
    the arithmetic, though only the last block is partial (15 % of one
    thread's time in layer norm f32).

    An `arith.select` on a 1-D mask `splat(off) + step < splat(n)` (the sum
    in either order, `vector.step` or a constant 0, 1, ..., maybe cast;
    `n > ...` too) becomes an `scf.if` on one scalar test that every lane is
    in bounds, `off + L - 1 < n` (and `off + L - 1` does not wrap), that
    yields the true value; the select stays in the other branch.

    ```mlir
    %cols = arith.addi %off_v, %step : vector<256xi32>
    %mask = arith.cmpi slt, %cols, %n_v : vector<256xi32>
    %r = arith.select %mask, %a, %b : vector<256xi1>, vector<256xf32>
    // becomes
    %whole = (%off <= 2147483392 && %off + 255 < %n)
    %r = scf.if %whole -> (vector<256xf32>) {
      scf.yield %a : vector<256xf32>
    } else {
      %s = arith.select %mask, %a, %b : vector<256xi1>, vector<256xf32>
      scf.yield %s : vector<256xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def CpuTransposeCopies
    : Pass<"linalg-cpu-transpose-copies", "::mlir::func::FuncOp"> {
  let summary = "read 2-D tiles of column-major buffers block by block, "
                "transposed in registers";
  let description = [{
    A `vector.transfer_read` of a 2-D tile from a column-major buffer
    (strides [1, S]: the vectorized copy of a transposed tile, e.g.
    attention's K loaded with `offs_d[:, None]`) lowers to one load an
    element, which LLVM assembles into vectors lane by lane (`vpinsrw`).
    For an unmasked, in-bounds read of a static shape that 16 divides, this
    pass reads 16 x 16 blocks instead: each block as 16 contiguous rows of
    the buffer seen row-major (`memref.transpose`), transposed with one
    `vector.shuffle` (register permutations in LLVM), and inserted into the
    tile. Attention f16 (4 x 1024 x 64, 2 threads) went from 9.9 to 8.8 ms.

    ```mlir
    %v = vector.transfer_read %k[%i, %j], %pad {in_bounds = [true, true]}
        : memref<64x64xf16, strided<[1, 64], offset: ?>>, vector<64x64xf16>
    // becomes, for each 16 x 16 block at (r, c) of the tile:
    %rows = memref.transpose %k (d0, d1) -> (d1, d0) : ...
    %b = vector.transfer_read %rows[%j + c, %i + r], %pad ...
        : ..., vector<16x16xf16>
    // vector.shape_cast, vector.shuffle (the transposition), shape_cast
    %v1 = vector.insert_strided_slice %t, %v0 {offsets = [r, c], ...}
    ```
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def CpuInterchangeContractions
    : Pass<"linalg-cpu-interchange-contractions", "::mlir::func::FuncOp"> {
  let summary = "put the loop over the result's contiguous dimension "
                "innermost in linalg contractions on buffers";
  let description = [{
    A linalg op on buffers whose innermost loop is a reduction (a
    `linalg.matmul` iterates (i, j, k)) lowers to loops that accumulate into
    one result element at a time: a chain of dependent floating-point
    additions that LLVM may not reassociate, so it stays scalar. This pass
    generalizes such an op and moves the loop that indexes the result's
    innermost dimension to the inside ((i, k, j) for a matmul), when every
    input that uses that loop uses it as its own innermost index: the inner
    loop then updates a contiguous row with independent multiply-adds, which
    LLVM vectorizes. A static reduction of at most `max-unrolled-reduction`
    iterations keeps its order: LLVM unrolls it fully and vectorizes the
    loop around it with the accumulators in registers, which is faster
    (a 64x64x32 f16 matmul tile: 46 ms against 68 ms of CPU time for a
    1024^3 product).

    ```mlir
    linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>)
                  outs(%c : memref<64x64xf32>)
    // becomes
    linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1),
                                     (d0, d1, d2) -> (d1, d2),
                                     (d0, d1, d2) -> (d0, d2)],
                    iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%a, %b : ...) outs(%c : ...) { ... }
    ```
  }];
  let options = [
    Option<"maxUnrolledReduction", "max-unrolled-reduction", "int64_t",
           /*default=*/"32",
           "Static reductions of at most this many iterations keep their "
           "order">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

#endif // LINALG_BACKEND_CODEGEN_PASSES

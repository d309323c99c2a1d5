//===- Passes.td - Generic TTIR passes ----------------------*- tablegen -*-===//
//
// Target-independent passes over the tt dialect, and the options of the
// `trident-ttir` pipeline that cleans up the raw frontend form of a kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITON_PASSES
#define TRIDENT_TRITON_PASSES

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"tt-combine", "::mlir::ModuleOp"> {
  let summary = "fold common tt/arith op combinations";
  let description = [{
    Algebraic combinations that canonicalization alone does not find:

    - `dot(a, b, 0) + d` becomes `dot(a, b, d)` (the addition is absorbed
      into the accumulator);
    - `addptr(addptr(p, a), b)` becomes `addptr(p, a + b)`;
    - `select(c, load(p, c), other)` becomes `load(p, c, other)`;
    - `sum(x[:, :, None] * y[None, :, :], axis=1)` becomes `dot(x, y, 0)`
      (f16, f32 or f64, ieee precision, every dimension 16 or more);
    - `broadcast(constant)` becomes a constant of the broadcast type;
    - a `tt.make_range` of one element becomes a splat of its start.

    ```mlir
    %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %r = arith.addf %d, %acc : tensor<16x16xf32>
    // becomes
    %r = tt.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"tt-reorder-broadcast", "::mlir::ModuleOp"> {
  let summary = "move broadcasts and splats after elementwise operations";
  let description = [{
    An elementwise op whose operands are all splats (or broadcasts of the same
    shape) is computed on the small values, and the result is splatted (or
    broadcast) once: less work per element, and fewer live large tensors.

    ```mlir
    %a = tt.splat %x : f32 -> tensor<128xf32>
    %b = math.exp %a : tensor<128xf32>
    // becomes
    %e = math.exp %x : f32
    %b = tt.splat %e : f32 -> tensor<128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect"];
}

def TritonRewriteTensorPointer
    : Pass<"tt-rewrite-tensor-pointer", "::mlir::ModuleOp"> {
  let summary = "lower block pointers to tensors of pointers with masks";
  let description = [{
    Replaces `tt.make_tensor_ptr`/`tt.advance` with scalar offset arithmetic,
    and each load/store through a block pointer with a tensor of pointers
    built from base, strides and offsets; `boundaryCheck` dimensions become a
    mask (`0 <= offset < shape`), and `padding` the `other` value (zero or
    NaN). Block pointers carried through `scf.for`, `scf.if`, `scf.while` and
    `scf.yield` are expanded into their scalar parts: the offsets, and where
    branches differ, the base, shape and strides too.

    ```mlir
    %p = tt.make_tensor_ptr %base, [%m, %n], [%sm, %c1], [%o0, %o1]
           {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %t = tt.load %p {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64x64xf16>>
    // becomes a tt.load of tensor<64x64x!tt.ptr<f16>> with a row mask
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::triton::TritonDialect"];
}

def TritonRewriteTensorDescriptors
    : Pass<"tt-rewrite-tensor-descriptors", "::mlir::ModuleOp"> {
  let summary = "lower tensor descriptors to tensors of pointers with masks";
  let description = [{
    A descriptor made in the kernel by `tt.make_tensor_descriptor` becomes
    its parts: the base pointer, the i64 shape and strides, and an i1 that is
    true for `padding = nan`. `tt.descriptor_load`, `tt.descriptor_store`
    and `tt.descriptor_reduce` become `tt.load`, `tt.store` and
    `tt.atomic_rmw` through a tensor of pointers
    `base + sum_d (index_d + [0, size_d)) * stride_d`, masked to the
    in-bounds elements (`0 <= index_d < shape_d` in every dimension); a
    masked-off load reads 0, or NaN for floats with `padding = nan`.
    `tt.descriptor_gather`/`tt.descriptor_scatter` do the same for a tensor
    of row indices and a range of columns. An access that moves a tensor
    without the block's leading unit dimensions is reshaped. Descriptors
    carried through `scf.for`, `scf.if`, `scf.while`, `arith.select`,
    `tt.call` and the arguments and results of non-kernel functions are
    split into their parts (a 1:N type conversion).

    Refused with an error: `tt.reinterpret_tensor_descriptor` (an opaque TMA
    descriptor) and kernel parameters of descriptor type (host-side
    TensorDescriptors), whose shape and strides the kernel cannot see.

    ```mlir
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %c1]
           : <f16>, <tensor<64x64xf16>>
    %t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<64x64xf16>>
           -> tensor<64x64xf16>
    // becomes a tt.load of tensor<64x64x!tt.ptr<f16>> with a 64x64 mask
    // and a zero `other`
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect",
                           "::mlir::triton::TritonDialect"];
}

def TritonDecomposeScaledDot
    : Pass<"tt-decompose-scaled-dot", "::mlir::ModuleOp"> {
  let summary = "rewrite tt.dot_scaled into upcasts, scaling and tt.dot";
  let description = [{
    For targets without microscaled MMA: each operand is upcast to f32 (e2m1
    unpacked from i8 pairs, low nibble first, along K or along M/N per
    `lhs_k_pack`/`rhs_k_pack`; fp8 through `tt.fp_to_fp`), multiplied by
    2^(s - 127) for its e8m0 scale `s` (one per group of K/G elements; 0xFF
    is NaN unless `fastMath`), rounded to bf16 (f16 if an operand is f16)
    and multiplied with `tt.dot`. fp6 and batched operands are refused with
    an error.

    ```mlir
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false}
           : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>
    // becomes nibble arithmetic, tt.join/tt.reshape, tt.fp_to_fp, a scale
    // broadcast, arith.mulf, arith.truncf to bf16 and
    %d = tt.dot %a16, %b16, %c : tensor<32x64xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::triton::TritonDialect"];
}

def TritonExpandLibdevice
    : Pass<"tt-expand-libdevice", "::mlir::ModuleOp"> {
  let summary = "compute libdevice functions from arith, math and scf ops";
  let description = [{
    Triton's frontend names libdevice's functions (`__nv_expf`, `__nv_fadd_rd`,
    `__nv_erfinvf`, ...) in `tt.extern_elementwise`. A target that links no
    libdevice runs this pass first: every libdevice function that arith,
    math and scf ops can compute exactly as libdevice defines it is
    rewritten into them, on the op's own tensor or scalar types:

    - the functions with a math op of the same meaning (`exp`, `erf`,
      `atan2`, `fma`, `rint`, ...);
    - the correctly rounded arithmetic and conversions in every rounding
      mode (`_rn`, `_rz`, `_ru`, `_rd`): the round-to-nearest result, the
      sign of its exact error (an error-free transformation), then one ulp
      toward the requested direction where the exact value lies on that
      side;
    - expansions: `powi`, `sinpi`, `cospi`, `rcbrt`, `erfinv`, `erfcinv`,
      `erfcx`, `normcdf`, `normcdfinv`, `cyl_bessel_i0/i1`, `hypot`,
      `norm3d/4d` and their reciprocals, `fdim`, `fmod`, `nextafter`,
      `saturate`, `llrint`, `llround`, the predicates with integer results
      and the bit casts;
    - the integer functions on i32 and i64 (`clz`, `popc`, `ffs`, `brev`,
      `abs`, `mulhi`, `mul24`, `hadd`, `rhadd`, `sad`, `byte_perm`), with
      wrapping arithmetic.

    Functions that need a math library (`exp10`, `lgamma`, `tgamma`, the
    Bessel functions `j0`..`yn`, `logb`, `ilogb`, `ldexp`, `scalbn`,
    `remainder`), other symbols, and calls with types the function does not
    take are left for the target, which computes or refuses them.

    ```mlir
    %r = tt.extern_elementwise %x, %y {libname = "", libpath = "",
           pure = true, symbol = "__nv_fadd_ru"}
           : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    // becomes arith.addf, the TwoSum error, and a one-ulp step of the
    // sum's bits where that error is positive
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::triton::TritonDialect"];
}

def TritonLoopUnroll : Pass<"tt-loop-unroll", "::mlir::ModuleOp"> {
  let summary = "unroll scf.for loops that carry a tt.loop_unroll_factor";
  let description = [{
    Loops annotated by the frontend with `tt.loop_unroll_factor = N : i32`
    (from `tl.range(..., loop_unroll_factor=N)`) are unrolled N times, with
    an epilogue loop for the remainder; the attribute is removed.

    ```mlir
    scf.for %i = %lb to %ub step %c1 : i32 { ... } {tt.loop_unroll_factor = 2 : i32}
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // TRIDENT_TRITON_PASSES

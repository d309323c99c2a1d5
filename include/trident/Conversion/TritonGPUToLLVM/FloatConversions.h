//===- FloatConversions.h - Float conversions on bits ----------*- C++ -*-===//
//
// Conversions between float formats that LLVM has no instruction for, as
// LLVM-dialect integer arithmetic on the bits: the fp8 formats f8E5M2 and
// f8E4M3FN (an i8 in the LLVM dialect) to and from f16, bf16, f32 and f64,
// round-toward-zero narrowing, and bf16 for a target whose type converter
// keeps bf16 as i16 storage (one without a bfloat type). Every narrowing
// rounds once: f64 sources go to f32 with round-to-odd (or toward zero)
// first, which a second rounding to a format of at most 11 significant bits
// cannot spoil. Shared by the core's lowering of tt.fp_to_fp and
// arith.extf/truncf and by any backend that needs the same numbers.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_FLOATCONVERSIONS_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_FLOATCONVERSIONS_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::triton {

/// Whether `type` is a float format convertFloat handles: f16, bf16, f32,
/// f64, f8E5M2 or f8E4M3FN.
bool isConvertibleFloat(Type type);

/// Converts `value`, the LLVM form of a `srcType` element, to the LLVM form
/// `dstLLVMType` of a `dstType` element, rounding a narrowing conversion as
/// `rounding` says (RTNE or RTZ; a widening one is exact). bf16 may be an
/// LLVM bfloat or i16 bits, on either side; fp8 is i8 bits. Narrowing to
/// f8E5M2 follows IEEE: overflow gives infinity to nearest and the largest
/// finite value toward zero; f8E4M3FN, which has no infinity, saturates
/// overflow and infinities to +-448. NaNs stay NaNs. Fails (emitting
/// nothing) when a type is not one of isConvertibleFloat's.
FailureOr<Value> convertFloat(RewriterBase &rewriter, Location loc, Value value,
                              Type srcType, Type dstType, Type dstLLVMType,
                              RoundingMode rounding);

/// The f32 of `bits`, the i16 storage of a bf16 (exact).
Value bf16BitsToF32(RewriterBase &rewriter, Location loc, Value bits);

/// The i16 storage of the bf16 nearest to `value` (an f32) by `rounding`.
Value f32ToBF16Bits(RewriterBase &rewriter, Location loc, Value value,
                    RoundingMode rounding);

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_FLOATCONVERSIONS_H

//===- FloatConversions.cpp - Float conversions as integer arithmetic -----===//
//
// The small formats (fp8, and f16 where LLVM has no rounding mode for it)
// are decoded into f32 exactly and encoded from f32 by integer arithmetic
// on the f32 bits: normal results drop mantissa bits with a rounding
// increment, subnormal ones are scaled by a power of two and rounded to an
// integer (that integer is the encoding). bf16 is the upper half of an f32.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/FloatConversions.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// An IEEE-like binary format narrower than f32: 1 sign bit, `exponentBits`
/// and `mantissaBits`. With `hasInfinity` the all-ones exponent holds the
/// infinities and NaNs; without it (the "fn" formats) only the all-ones
/// pattern is NaN and the rest of that exponent holds finite values.
struct SmallFloat {
  unsigned exponentBits;
  unsigned mantissaBits;
  int bias;
  bool hasInfinity;

  unsigned getWidth() const { return 1 + exponentBits + mantissaBits; }
  int64_t getExponentMask() const { return (1 << exponentBits) - 1; }
  int64_t getMantissaMask() const { return (1 << mantissaBits) - 1; }
  /// The encoding of the infinity (hasInfinity only).
  int64_t getInfinity() const { return getExponentMask() << mantissaBits; }
  /// The encoding of the largest finite value.
  int64_t getMaxFinite() const {
    if (hasInfinity)
      return getInfinity() - 1;
    return (getExponentMask() << mantissaBits) | (getMantissaMask() - 1);
  }
  /// The encoding of the (quiet) NaN a conversion produces.
  int64_t getNaN() const {
    if (hasInfinity)
      return getInfinity() | (1 << (mantissaBits - 1));
    return (getExponentMask() << mantissaBits) | getMantissaMask();
  }
};

std::optional<SmallFloat> getSmallFloat(Type type) {
  if (isa<Float8E5M2Type>(type))
    return SmallFloat{5, 2, 15, true};
  if (isa<Float8E4M3FNType>(type))
    return SmallFloat{4, 3, 7, false};
  if (type.isF16())
    return SmallFloat{5, 10, 15, true};
  return std::nullopt;
}

/// A small builder of the integer arithmetic below.
struct Emitter {
  RewriterBase &rewriter;
  Location loc;

  Type i32() { return rewriter.getI32Type(); }
  Type f32() { return rewriter.getF32Type(); }
  Value c32(int64_t value) { return intConstant(rewriter, loc, i32(), value); }
  Value f32Constant(float value) {
    return LLVM::ConstantOp::create(rewriter, loc, f32(),
                                    rewriter.getF32FloatAttr(value));
  }
  Value andI(Value a, Value b) {
    return LLVM::AndOp::create(rewriter, loc, a, b);
  }
  Value orI(Value a, Value b) {
    return LLVM::OrOp::create(rewriter, loc, a, b);
  }
  Value add(Value a, Value b) {
    return LLVM::AddOp::create(rewriter, loc, a, b);
  }
  Value sub(Value a, Value b) {
    return LLVM::SubOp::create(rewriter, loc, a, b);
  }
  Value shl(Value a, int64_t n) {
    return LLVM::ShlOp::create(rewriter, loc, a, c32(n));
  }
  Value lshr(Value a, int64_t n) {
    return LLVM::LShrOp::create(rewriter, loc, a, c32(n));
  }
  Value icmp(LLVM::ICmpPredicate predicate, Value a, Value b) {
    return LLVM::ICmpOp::create(rewriter, loc, predicate, a, b);
  }
  Value select(Value c, Value a, Value b) {
    return LLVM::SelectOp::create(rewriter, loc, c, a, b);
  }
  Value bitcast(Type type, Value value) {
    return LLVM::BitcastOp::create(rewriter, loc, type, value);
  }

  /// The f32 value of `bits`, an encoding of `format` (exact).
  Value extend(Value bits, const SmallFloat &format) {
    unsigned m = format.mantissaBits, e = format.exponentBits;
    Value b = LLVM::ZExtOp::create(rewriter, loc, i32(), bits);
    Value sign = shl(lshr(b, e + m), 31);
    Value exponent = andI(lshr(b, m), c32(format.getExponentMask()));
    Value mantissa = andI(b, c32(format.getMantissaMask()));
    Value normal =
        orI(orI(sign, shl(add(exponent, c32(127 - format.bias)), 23)),
            shl(mantissa, 23 - m));
    // Subnormals: mantissa * 2^(1 - bias - m), a normal f32.
    Value scaled = LLVM::FMulOp::create(
        rewriter, loc, LLVM::UIToFPOp::create(rewriter, loc, f32(), mantissa),
        f32Constant(std::ldexp(1.0f, 1 - format.bias - int(m))));
    Value subnormal = orI(bitcast(i32(), scaled), sign);
    Value result = select(icmp(LLVM::ICmpPredicate::eq, exponent, c32(0)),
                          subnormal, normal);
    Value special, isSpecial;
    if (format.hasInfinity) {
      special = orI(orI(sign, c32(0x7f800000)), shl(mantissa, 23 - m));
      isSpecial = icmp(LLVM::ICmpPredicate::eq, exponent,
                       c32(format.getExponentMask()));
    } else {
      special = orI(sign, c32(0x7fc00000));
      int64_t magnitude = (1 << (e + m)) - 1;
      isSpecial = icmp(LLVM::ICmpPredicate::eq, andI(b, c32(magnitude)),
                       c32(magnitude));
    }
    return bitcast(f32(), select(isSpecial, special, result));
  }

  /// The encoding of `format` (an integer of its width) nearest to `value`
  /// (an f32) by `rounding`.
  Value narrow(Value value, const SmallFloat &format, RoundingMode rounding) {
    unsigned m = format.mantissaBits, e = format.exponentBits;
    Value u = bitcast(i32(), value);
    Value sign = lshr(u, 31);
    Value a = andI(u, c32(0x7fffffff));
    // Normal results: drop 23 - m mantissa bits, rounding to nearest even
    // by adding just under half an ulp plus the kept lowest bit; a carry
    // moves into the exponent as it should. Then rebias.
    unsigned drop = 23 - m;
    Value r = a;
    if (rounding == RoundingMode::RTNE)
      r = add(add(a, c32((1 << (drop - 1)) - 1)), andI(lshr(a, drop), c32(1)));
    Value normal = sub(lshr(r, drop), c32(int64_t(127 - format.bias) << m));
    // Subnormal results: |value| / 2^(1 - bias - m) rounded to an integer,
    // which is the encoding (2^m, the first normal, included).
    Value scaled = LLVM::FMulOp::create(
        rewriter, loc, bitcast(f32(), a),
        f32Constant(std::ldexp(1.0f, format.bias + int(m) - 1)));
    if (rounding == RoundingMode::RTNE)
      scaled = LLVM::RoundEvenOp::create(rewriter, loc, scaled);
    Value subnormal = LLVM::FPToUIOp::create(rewriter, loc, i32(), scaled);
    Value isSubnormal = icmp(LLVM::ICmpPredicate::ult, a,
                             c32(int64_t(127 - format.bias + 1) << 23));
    Value code = select(isSubnormal, subnormal, normal);

    Value overflow =
        icmp(LLVM::ICmpPredicate::ugt, code, c32(format.getMaxFinite()));
    Value isInf = icmp(LLVM::ICmpPredicate::eq, a, c32(0x7f800000));
    if (format.hasInfinity) {
      int64_t onOverflow = rounding == RoundingMode::RTNE
                               ? format.getInfinity()
                               : format.getMaxFinite();
      code = select(overflow, c32(onOverflow), code);
      code = select(isInf, c32(format.getInfinity()), code);
    } else {
      // Saturate: overflow and the infinities become the largest finite.
      code = select(overflow, c32(format.getMaxFinite()), code);
    }
    Value isNaN = icmp(LLVM::ICmpPredicate::ugt, a, c32(0x7f800000));
    code = select(isNaN, c32(format.getNaN()), code);
    code = orI(code, shl(sign, e + m));
    return LLVM::TruncOp::create(
        rewriter, loc, rewriter.getIntegerType(format.getWidth()), code);
  }

  /// `value` (an f64) as an f32, rounded to odd (the nearest f32 toward zero
  /// with its lowest bit set when inexact) or toward zero.
  Value narrowF64(Value value, bool toOdd) {
    Value t = LLVM::FPTruncOp::create(rewriter, loc, f32(), value);
    Value back = LLVM::FPExtOp::create(rewriter, loc, value.getType(), t);
    Value exact = LLVM::FCmpOp::create(rewriter, loc, LLVM::FCmpPredicate::oeq,
                                       back, value);
    Value tooFar =
        LLVM::FCmpOp::create(rewriter, loc, LLVM::FCmpPredicate::ogt,
                             LLVM::FAbsOp::create(rewriter, loc, back),
                             LLVM::FAbsOp::create(rewriter, loc, value));
    Value bits = bitcast(i32(), t);
    // One step toward zero in the sign-magnitude encoding.
    Value truncated = select(tooFar, sub(bits, c32(1)), bits);
    if (toOdd)
      truncated = orI(truncated, c32(1));
    return bitcast(f32(), select(exact, bits, truncated));
  }
};

bool isBitsInLLVM(Type llvmType) { return isa<IntegerType>(llvmType); }

} // namespace

bool mlir::triton::isConvertibleFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         isa<Float8E5M2Type, Float8E4M3FNType>(type);
}

Value mlir::triton::bf16BitsToF32(RewriterBase &rewriter, Location loc,
                                  Value bits) {
  Emitter emit{rewriter, loc};
  Value wide = LLVM::ZExtOp::create(rewriter, loc, emit.i32(), bits);
  return emit.bitcast(emit.f32(), emit.shl(wide, 16));
}

Value mlir::triton::f32ToBF16Bits(RewriterBase &rewriter, Location loc,
                                  Value value, RoundingMode rounding) {
  Emitter emit{rewriter, loc};
  Value u = emit.bitcast(emit.i32(), value);
  Value r = u;
  if (rounding == RoundingMode::RTNE)
    r = emit.add(emit.add(u, emit.c32(0x7fff)),
                 emit.andI(emit.lshr(u, 16), emit.c32(1)));
  // A NaN keeps its upper half, made quiet so that it stays a NaN.
  Value isNaN =
      emit.icmp(LLVM::ICmpPredicate::ugt, emit.andI(u, emit.c32(0x7fffffff)),
                emit.c32(0x7f800000));
  Value nan = emit.orI(emit.lshr(u, 16), emit.c32(0x40));
  Value upper = emit.select(isNaN, nan, emit.lshr(r, 16));
  return LLVM::TruncOp::create(rewriter, loc, rewriter.getI16Type(), upper);
}

FailureOr<Value> mlir::triton::convertFloat(RewriterBase &rewriter,
                                            Location loc, Value value,
                                            Type srcType, Type dstType,
                                            Type dstLLVMType,
                                            RoundingMode rounding) {
  if (!isConvertibleFloat(srcType) || !isConvertibleFloat(dstType))
    return failure();
  if (srcType == dstType)
    return value;
  Emitter emit{rewriter, loc};
  Type f32 = emit.f32();

  // To f32 (exact), or from f64 to f32 by one rounding that a second one
  // cannot spoil.
  Value x;
  if (srcType.isF64()) {
    if (rounding == RoundingMode::RTNE &&
        (dstType.isF32() || dstType.isF16() ||
         (dstType.isBF16() && !isBitsInLLVM(dstLLVMType))))
      return Value(LLVM::FPTruncOp::create(rewriter, loc, dstLLVMType, value));
    x = emit.narrowF64(value, /*toOdd=*/rounding == RoundingMode::RTNE);
  } else if (srcType.isF32()) {
    x = value;
  } else if (srcType.isBF16() && isBitsInLLVM(value.getType())) {
    x = bf16BitsToF32(rewriter, loc, value);
  } else if (std::optional<SmallFloat> format = getSmallFloat(srcType);
             format && isBitsInLLVM(value.getType())) {
    x = emit.extend(value, *format);
  } else {
    x = LLVM::FPExtOp::create(rewriter, loc, f32, value);
  }

  // From f32 to the destination.
  if (dstType.isF32())
    return x;
  if (dstType.isF64())
    return Value(LLVM::FPExtOp::create(rewriter, loc, dstLLVMType, x));
  if (dstType.isBF16()) {
    if (!isBitsInLLVM(dstLLVMType) && rounding == RoundingMode::RTNE)
      return Value(LLVM::FPTruncOp::create(rewriter, loc, dstLLVMType, x));
    Value bits = f32ToBF16Bits(rewriter, loc, x, rounding);
    return isBitsInLLVM(dstLLVMType) ? bits : emit.bitcast(dstLLVMType, bits);
  }
  if (dstType.isF16() && rounding == RoundingMode::RTNE)
    return Value(LLVM::FPTruncOp::create(rewriter, loc, dstLLVMType, x));
  Value bits = emit.narrow(x, *getSmallFloat(dstType), rounding);
  return isBitsInLLVM(dstLLVMType) ? bits : emit.bitcast(dstLLVMType, bits);
}

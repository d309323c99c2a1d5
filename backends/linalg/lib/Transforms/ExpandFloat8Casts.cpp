//===- ExpandFloat8Casts.cpp - f8 casts as integer operations -------------===//
//
// arith.truncf to f8E5M2 and f8E4M3FN and arith.extf from them as integer
// operations on the bits, for the LLVM lowering, which has no 8-bit float
// type: f8E5M2 through f16 (the same exponent width), f8E4M3FN through f32.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "linalg-expand-f8-casts"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_EXPANDFLOAT8CASTS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// `type` with its element type replaced by `element` (scalar or vector).
Type withElement(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

/// A constant of integer type `type` (scalar or vector) holding `value`.
Value getConstant(PatternRewriter &rewriter, Location loc, Type type,
                  int64_t value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr = rewriter.getIntegerAttr(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = SplatElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(rewriter, loc, attr);
}

/// Converts `value` (a float, scalar or vector) to `element` with extf or
/// truncf, or returns it when it already has that element type.
Value castFloat(PatternRewriter &rewriter, Location loc, Value value,
                FloatType element) {
  auto from = cast<FloatType>(getElementTypeOrSelf(value.getType()));
  Type type = withElement(value.getType(), element);
  if (from == element)
    return value;
  if (from.getWidth() < element.getWidth())
    return arith::ExtFOp::create(rewriter, loc, type, value);
  if (from.getWidth() == element.getWidth()) // bf16 -> f16: through f32
    return arith::TruncFOp::create(
        rewriter, loc, type,
        castFloat(rewriter, loc, value, rewriter.getF32Type()));
  return arith::TruncFOp::create(rewriter, loc, type, value);
}

struct ExpandTruncToF8 : public OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<Float8E5M2Type>(getElementTypeOrSelf(op.getType())))
      return rewriter.notifyMatchFailure(op, "not a cast to f8E5M2");
    if (op.getRoundingmodeAttr() &&
        *op.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "only round to nearest even");
    Location loc = op.getLoc();
    Type type = op.getType();
    Value half = castFloat(rewriter, loc, op.getIn(), rewriter.getF16Type());
    Type i16 = withElement(type, rewriter.getI16Type());
    Value bits = arith::BitcastOp::create(rewriter, loc, i16, half);
    auto constant = [&](int64_t value) {
      return getConstant(rewriter, loc, i16, value);
    };
    // Round the lower byte away, to nearest even.
    Value lsb = arith::AndIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, bits, constant(8)),
        constant(1));
    Value bias = arith::AddIOp::create(rewriter, loc, constant(0x7f), lsb);
    Value rounded = arith::ShRUIOp::create(
        rewriter, loc, arith::AddIOp::create(rewriter, loc, bits, bias),
        constant(8));
    // A NaN stays a (quiet) NaN: its upper byte with the quiet bit set.
    Value magnitude =
        arith::AndIOp::create(rewriter, loc, bits, constant(0x7fff));
    Value isNaN = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, magnitude, constant(0x7c00));
    Value nan = arith::OrIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, bits, constant(8)),
        constant(0x02));
    Value result = arith::SelectOp::create(rewriter, loc, isNaN, nan, rounded);
    Type i8 = withElement(type, rewriter.getI8Type());
    Value byte = arith::TruncIOp::create(rewriter, loc, i8, result);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, byte);
    return success();
  }
};

struct ExpandExtFromF8 : public OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type sourceType = op.getIn().getType();
    if (!isa<Float8E5M2Type>(getElementTypeOrSelf(sourceType)))
      return rewriter.notifyMatchFailure(op, "not a cast from f8E5M2");
    Location loc = op.getLoc();
    Type i8 = withElement(sourceType, rewriter.getI8Type());
    Type i16 = withElement(sourceType, rewriter.getI16Type());
    Value byte = arith::BitcastOp::create(rewriter, loc, i8, op.getIn());
    Value wide = arith::ExtUIOp::create(rewriter, loc, i16, byte);
    Value bits = arith::ShLIOp::create(rewriter, loc, wide,
                                       getConstant(rewriter, loc, i16, 8));
    Value half = arith::BitcastOp::create(
        rewriter, loc, withElement(sourceType, rewriter.getF16Type()), bits);
    auto target = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    rewriter.replaceOp(op, castFloat(rewriter, loc, half, target));
    return success();
  }
};

/// f32 -> f8E4M3FN, rounding to nearest even and saturating to the largest
/// finite value (448) as NVIDIA's `cvt.rn.satfinite.e4m3x2.f32` does, which
/// is what Triton's fp8e4nv conversion means on the GPU; NaN stays NaN.
struct ExpandTruncToF8E4M3FN : public OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<Float8E4M3FNType>(getElementTypeOrSelf(op.getType())))
      return rewriter.notifyMatchFailure(op, "not a cast to f8E4M3FN");
    if (op.getRoundingmodeAttr() &&
        *op.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "only round to nearest even");
    Location loc = op.getLoc();
    Type type = op.getType();
    Type f32 = withElement(type, rewriter.getF32Type());
    Type i32 = withElement(type, rewriter.getI32Type());
    auto constant = [&](int64_t value) {
      return getConstant(rewriter, loc, i32, value);
    };
    auto floatConstant = [&](double value) -> Value {
      TypedAttr attr = rewriter.getF32FloatAttr(value);
      if (auto vector = dyn_cast<VectorType>(f32))
        attr = SplatElementsAttr::get(vector, attr);
      return arith::ConstantOp::create(rewriter, loc, attr);
    };
    Value x = castFloat(rewriter, loc, op.getIn(), rewriter.getF32Type());
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, x);
    Value magnitude =
        arith::AndIOp::create(rewriter, loc, bits, constant(0x7fffffff));
    Value sign = arith::ShRUIOp::create(
        rewriter, loc,
        arith::AndIOp::create(rewriter, loc, bits, constant(0x80000000)),
        constant(24));
    // Normal results (|x| >= 2^-6): round the 23 mantissa bits to 3, to
    // nearest even; a carry moves into the exponent, as it should. The f32
    // exponent (bias 127) becomes the f8 one (bias 7).
    Value lsb = arith::AndIOp::create(
        rewriter, loc,
        arith::ShRUIOp::create(rewriter, loc, magnitude, constant(20)),
        constant(1));
    Value rounded = arith::ShRUIOp::create(
        rewriter, loc,
        arith::AddIOp::create(
            rewriter, loc, magnitude,
            arith::AddIOp::create(rewriter, loc, constant(0x7ffff), lsb)),
        constant(20));
    Value normal =
        arith::SubIOp::create(rewriter, loc, rounded, constant(120 << 3));
    // Subnormal results: multiples of 2^-9, rounded to nearest even by the
    // f32 addition of 2^23 (exact for these magnitudes); 8 is 2^-6, the
    // smallest normal, whose code is 8 too.
    Value absolute = arith::BitcastOp::create(rewriter, loc, f32, magnitude);
    Value scaled =
        arith::MulFOp::create(rewriter, loc, absolute, floatConstant(512.0));
    Value magic = floatConstant(8388608.0);
    Value nearest = arith::SubFOp::create(
        rewriter, loc, arith::AddFOp::create(rewriter, loc, scaled, magic),
        magic);
    Value subnormal = arith::FPToUIOp::create(rewriter, loc, i32, nearest);
    Value isSubnormal =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                              magnitude, constant(0x3c800000));
    Value code =
        arith::SelectOp::create(rewriter, loc, isSubnormal, subnormal, normal);
    // Saturate (infinities too) to 448, 0x7e; NaN is 0x7f.
    code = arith::MinUIOp::create(rewriter, loc, code, constant(0x7e));
    Value isNaN = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, magnitude,
        constant(0x7f800000));
    code = arith::SelectOp::create(rewriter, loc, isNaN, constant(0x7f), code);
    Value byte = arith::TruncIOp::create(
        rewriter, loc, withElement(type, rewriter.getI8Type()),
        arith::OrIOp::create(rewriter, loc, code, sign));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, byte);
    return success();
  }
};

/// f8E4M3FN -> any float, exactly, through f32: normal values by moving the
/// fields (exponent bias 7 to 127), subnormals as m * 2^-9, NaN (S.1111.111)
/// as a quiet NaN.
struct ExpandExtFromF8E4M3FN : public OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type sourceType = op.getIn().getType();
    if (!isa<Float8E4M3FNType>(getElementTypeOrSelf(sourceType)))
      return rewriter.notifyMatchFailure(op, "not a cast from f8E4M3FN");
    Location loc = op.getLoc();
    Type i32 = withElement(sourceType, rewriter.getI32Type());
    Type f32 = withElement(sourceType, rewriter.getF32Type());
    auto constant = [&](int64_t value) {
      return getConstant(rewriter, loc, i32, value);
    };
    Value byte = arith::BitcastOp::create(
        rewriter, loc, withElement(sourceType, rewriter.getI8Type()),
        op.getIn());
    Value b = arith::ExtUIOp::create(rewriter, loc, i32, byte);
    Value sign = arith::ShLIOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, b, constant(0x80)),
        constant(24));
    Value exponent = arith::AndIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, b, constant(3)),
        constant(0xf));
    Value mantissa = arith::AndIOp::create(rewriter, loc, b, constant(7));
    Value normal = arith::OrIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(
            rewriter, loc,
            arith::AddIOp::create(rewriter, loc, exponent, constant(120)),
            constant(23)),
        arith::ShLIOp::create(rewriter, loc, mantissa, constant(20)));
    TypedAttr scaleAttr = rewriter.getF32FloatAttr(1.0 / 512.0);
    if (auto vector = dyn_cast<VectorType>(f32))
      scaleAttr = SplatElementsAttr::get(vector, scaleAttr);
    Value subnormalValue = arith::MulFOp::create(
        rewriter, loc, arith::UIToFPOp::create(rewriter, loc, f32, mantissa),
        arith::ConstantOp::create(rewriter, loc, scaleAttr));
    Value subnormal =
        arith::BitcastOp::create(rewriter, loc, i32, subnormalValue);
    Value isSubnormal = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, exponent, constant(0));
    Value magnitudeBits =
        arith::SelectOp::create(rewriter, loc, isSubnormal, subnormal, normal);
    Value isNaN = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(rewriter, loc, b, constant(0x7f)),
        constant(0x7f));
    magnitudeBits = arith::SelectOp::create(rewriter, loc, isNaN,
                                            constant(0x7fc00000), magnitudeBits);
    Value value = arith::BitcastOp::create(
        rewriter, loc, f32,
        arith::OrIOp::create(rewriter, loc, magnitudeBits, sign));
    auto target = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    rewriter.replaceOp(op, castFloat(rewriter, loc, value, target));
    return success();
  }
};

class ExpandFloat8CastsPass
    : public mlir::triton::cpu::impl::ExpandFloat8CastsBase<
          ExpandFloat8CastsPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandTruncToF8, ExpandExtFromF8, ExpandTruncToF8E4M3FN,
                 ExpandExtFromF8E4M3FN>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

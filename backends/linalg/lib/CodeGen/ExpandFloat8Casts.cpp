//===- ExpandFloat8Casts.cpp - f8E5M2 casts as integer operations ---------===//
//
// arith.truncf to f8E5M2 and arith.extf from it, through f16 (the same
// exponent width), as integer operations on the bits, for the LLVM lowering,
// which has no 8-bit float type.
//
//===----------------------------------------------------------------------===//

#include "linalg-backend/CodeGen/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "linalg-expand-f8-casts"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_EXPANDFLOAT8CASTS
#include "linalg-backend/CodeGen/Passes.h.inc"
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

class ExpandFloat8CastsPass
    : public mlir::triton::cpu::impl::ExpandFloat8CastsBase<
          ExpandFloat8CastsPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandTruncToF8, ExpandExtFromF8>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

//===- DecomposeScaledDot.cpp - tt-decompose-scaled-dot -------------------===//
//
// Rewrites `tt.dot_scaled` into portable TTIR: each operand is upcast to
// bf16 (or f16), multiplied by its per-group scale, and fed to a plain
// `tt.dot`. Targets without native microscaled MMA (sm_90 and older, the CPU
// backends) then only need what every target already lowers: elementwise
// integer/float ops, join/reshape/trans and `tt.dot`. Done on TTIR, before
// layouts exist, so that every target's layout assignment handles the new
// ops like any user code.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tt-decompose-scaled-dot"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONDECOMPOSESCALEDDOT
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

RankedTensorType withElement(RankedTensorType type, Type element) {
  return RankedTensorType::get(type.getShape(), element);
}

RankedTensorType withShape(RankedTensorType type, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, type.getElementType());
}

Value splatInt(OpBuilder &b, Location loc, RankedTensorType type,
               int64_t value) {
  return arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(type,
                             b.getIntegerAttr(type.getElementType(), value)));
}

Value transpose2d(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  return TransOp::create(
      b, loc, withShape(type, {type.getDimSize(1), type.getDimSize(0)}), x,
      b.getDenseI32ArrayAttr({1, 0}));
}

/// The element type an operand of `kind` must have in the IR (e2m1 comes as
/// pairs packed in i8).
Type storageType(MLIRContext *ctx, ScaleDotElemType kind) {
  switch (kind) {
  case ScaleDotElemType::E4M3:
    return Float8E4M3FNType::get(ctx);
  case ScaleDotElemType::E5M2:
    return Float8E5M2Type::get(ctx);
  case ScaleDotElemType::E2M1:
    return IntegerType::get(ctx, 8);
  case ScaleDotElemType::BF16:
    return BFloat16Type::get(ctx);
  case ScaleDotElemType::FP16:
    return Float16Type::get(ctx);
  default:
    return nullptr;
  }
}

/// Nibbles (0..15, in i32) of e2m1 values -> the bits of the same f32 values.
/// e2m1 is s.ee.m with bias 1: e == 0 encodes 0 or 0.5, otherwise
/// 2^(e-1) * (1 + m/2); every value is exact in f32.
Value e2m1NibbleToF32(OpBuilder &b, Location loc, Value nibble) {
  auto type = cast<RankedTensorType>(nibble.getType());
  auto c = [&](int64_t v) { return splatInt(b, loc, type, v); };
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, nibble, c(8)), c(28));
  Value exp = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, nibble, c(1)), c(3));
  Value man = arith::AndIOp::create(b, loc, nibble, c(1));
  // Normal: biased exponent e - 1 + 127, top mantissa bit m.
  Value normal = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, arith::AddIOp::create(b, loc, exp, c(126)),
                            c(23)),
      arith::ShLIOp::create(b, loc, man, c(22)));
  // Subnormal: 0.5 (= 2^-1, biased exponent 126) when m is set, else zero.
  Value half = arith::MulIOp::create(b, loc, man, c(126 << 23));
  Value isSub =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exp, c(0));
  Value magnitude = arith::SelectOp::create(b, loc, isSub, half, normal);
  Value bits = arith::OrIOp::create(b, loc, sign, magnitude);
  return BitcastOp::create(b, loc, withElement(type, b.getF32Type()), bits);
}

/// i8 e8m0 scales -> f32 2^(s - 127): s << 23 except s == 0 (2^-127, an f32
/// subnormal) and, unless `fastMath`, s == 0xFF (NaN).
Value e8m0ToF32(OpBuilder &b, Location loc, Value scale, bool fastMath) {
  auto type = cast<RankedTensorType>(scale.getType());
  auto i32Type = withElement(type, b.getI32Type());
  auto c = [&](int64_t v) { return splatInt(b, loc, i32Type, v); };
  Value s = arith::ExtUIOp::create(b, loc, i32Type, scale);
  Value bits = arith::ShLIOp::create(b, loc, s, c(23));
  Value isZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s, c(0));
  bits = arith::SelectOp::create(b, loc, isZero, c(0x00400000), bits);
  if (!fastMath) {
    Value isNan =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s, c(0xFF));
    bits = arith::SelectOp::create(b, loc, isNan, c(0x7FC00000), bits);
  }
  return BitcastOp::create(b, loc, withElement(type, b.getF32Type()), bits);
}

/// An operand in canonical form, [R, K'] with K minor (the rhs transposed),
/// to f32 [R, K]. e2m1 pairs are unpacked along K (`packedAlongK`) or along R:
/// the low nibble is the first element of the pair.
Value upcastToF32(OpBuilder &b, Location loc, Value x, ScaleDotElemType kind,
                  bool packedAlongK) {
  auto type = cast<RankedTensorType>(x.getType());
  Type f32 = b.getF32Type();
  if (kind != ScaleDotElemType::E2M1) {
    if (kind == ScaleDotElemType::BF16 || kind == ScaleDotElemType::FP16)
      return arith::ExtFOp::create(b, loc, withElement(type, f32), x);
    return FpToFpOp::create(b, loc, withElement(type, f32), x,
                            RoundingModeAttr());
  }
  auto i32Type = withElement(type, b.getI32Type());
  Value bytes = arith::ExtUIOp::create(b, loc, i32Type, x);
  Value lo =
      arith::AndIOp::create(b, loc, bytes, splatInt(b, loc, i32Type, 15));
  Value hi =
      arith::ShRUIOp::create(b, loc, bytes, splatInt(b, loc, i32Type, 4));
  lo = e2m1NibbleToF32(b, loc, lo);
  hi = e2m1NibbleToF32(b, loc, hi);
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  auto joined = RankedTensorType::get({rows, cols, 2}, f32);
  Value pairs = JoinOp::create(b, loc, joined, lo, hi);
  if (packedAlongK)
    return ReshapeOp::create(b, loc,
                             RankedTensorType::get({rows, 2 * cols}, f32),
                             pairs, /*allow_reorder=*/false,
                             /*efficient_layout=*/false);
  // [R/2, K, 2] -> [R/2, 2, K] -> [R, K]: row 2i is the low nibble of row i.
  Value rowsMajor =
      TransOp::create(b, loc, RankedTensorType::get({rows, 2, cols}, f32),
                      pairs, b.getDenseI32ArrayAttr({0, 2, 1}));
  return ReshapeOp::create(b, loc, RankedTensorType::get({2 * rows, cols}, f32),
                           rowsMajor, /*allow_reorder=*/false,
                           /*efficient_layout=*/false);
}

/// f32 [R, K] * (f32 [R, K/G] scales, each repeated over G consecutive K).
Value applyScale(OpBuilder &b, Location loc, Value x, Value scale) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto sType = cast<RankedTensorType>(scale.getType());
  int64_t rows = xType.getDimSize(0), k = xType.getDimSize(1);
  int64_t groups = sType.getDimSize(1), group = k / groups;
  Type f32 = b.getF32Type();
  Value s = ExpandDimsOp::create(
      b, loc, RankedTensorType::get({rows, groups, 1}, f32), scale, 2);
  s = BroadcastOp::create(b, loc,
                          RankedTensorType::get({rows, groups, group}, f32), s);
  s = ReshapeOp::create(b, loc, xType, s, /*allow_reorder=*/false,
                        /*efficient_layout=*/false);
  return arith::MulFOp::create(b, loc, x, s);
}

struct DecomposeScaledDot : OpRewritePattern<DotScaledOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotScaledOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    // Before layouts only: the decomposition builds unencoded tensors.
    if (aType.getEncoding() || bType.getEncoding() || cType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operands carry layouts");
    ScaleDotElemType aKind = op.getAElemType(), bKind = op.getBElemType();
    Type aStorage = storageType(ctx, aKind), bStorage = storageType(ctx, bKind);
    if (!aStorage || !bStorage)
      return op.emitOpError()
             << "with fp6 (e2m3/e3m2) operands is not supported; got lhs = "
             << stringifyScaleDotElemType(aKind)
             << " rhs = " << stringifyScaleDotElemType(bKind);
    if (aType.getRank() != 2)
      return op.emitOpError() << "with batched (rank-3) operands is not "
                                 "supported, got "
                              << aType;
    if (aType.getElementType() != aStorage ||
        bType.getElementType() != bStorage)
      return op.emitOpError()
             << "expects lhs = " << stringifyScaleDotElemType(aKind) << " in "
             << aStorage << " and rhs = " << stringifyScaleDotElemType(bKind)
             << " in " << bStorage << ", but got " << aType << " and " << bType;

    // Canonical form: both operands [rows, K] with K minor.
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
    Value a = upcastToF32(rewriter, loc, op.getA(), aKind, op.getLhsKPack());
    Value bT = upcastToF32(rewriter, loc, transpose2d(rewriter, loc, op.getB()),
                           bKind, op.getRhsKPack());
    // tt.dot_scaled's verifier has checked that the unpacked operands are
    // m x K and n x K.
    auto aF = cast<RankedTensorType>(a.getType());
    int64_t k = aF.getDimSize(1);

    auto scaled = [&](Value x, Value scale, int64_t rows,
                      StringRef side) -> FailureOr<Value> {
      if (!scale)
        return x;
      auto sType = cast<RankedTensorType>(scale.getType());
      if (!sType.getElementType().isInteger(8) || sType.getRank() != 2 ||
          sType.getDimSize(0) != rows || k % sType.getDimSize(1) != 0) {
        op.emitOpError() << "expects " << side << " scales of i8 e8m0 in a "
                         << rows << "xG tensor with G dividing " << k
                         << ", but got " << sType;
        return failure();
      }
      return applyScale(rewriter, loc, x,
                        e8m0ToF32(rewriter, loc, scale, op.getFastMath()));
    };
    FailureOr<Value> aScaled = scaled(a, op.getAScale(), m, "lhs");
    FailureOr<Value> bScaled = scaled(bT, op.getBScale(), n, "rhs");
    if (failed(aScaled) || failed(bScaled))
      return failure();

    // bf16 holds every fp8/fp4 value exactly (and a power-of-two scale keeps
    // it exact unless it leaves the range); f16 operands keep f16 precision.
    Type compute =
        (aKind == ScaleDotElemType::FP16 || bKind == ScaleDotElemType::FP16)
            ? Type(rewriter.getF16Type())
            : Type(rewriter.getBF16Type());
    auto narrow = [&](Value x) -> Value {
      // An unscaled bf16/f16 operand comes back unchanged, not through f32.
      if (auto ext = x.getDefiningOp<arith::ExtFOp>())
        if (getElementTypeOrSelf(ext.getIn().getType()) == compute) {
          Value in = ext.getIn();
          rewriter.eraseOp(ext);
          return in;
        }
      auto type = cast<RankedTensorType>(x.getType());
      return arith::TruncFOp::create(rewriter, loc, withElement(type, compute),
                                     x);
    };
    Value lhs = narrow(*aScaled);
    Value rhs = transpose2d(rewriter, loc, narrow(*bScaled));
    rewriter.replaceOpWithNewOp<DotOp>(op, cType, lhs, rhs, op.getC(),
                                       InputPrecision::IEEE, 0);
    return success();
  }
};

struct TritonDecomposeScaledDot
    : triton::impl::TritonDecomposeScaledDotBase<TritonDecomposeScaledDot> {
  void runOnOperation() override {
    // Walk rather than a greedy driver: an unsupported dot_scaled is a user
    // error, reported once, and fails the pass.
    SmallVector<DotScaledOp> dots;
    getOperation().walk([&](DotScaledOp op) { dots.push_back(op); });
    PatternRewriter rewriter(&getContext());
    DecomposeScaledDot pattern(&getContext());
    bool failedAny = false;
    for (DotScaledOp op : dots) {
      if (op.getA().getType() &&
          cast<RankedTensorType>(op.getA().getType()).getEncoding())
        continue;
      rewriter.setInsertionPoint(op);
      if (failed(pattern.matchAndRewrite(op, rewriter)))
        failedAny = true;
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace

//===- CpuApproximateMath.cpp - Vector math without libm calls ------------===//
//
// LLVM has no vector form of exp, log or tanh for the host: a math op on a
// vector becomes one libm call per element. This pass expands the f32 math
// ops on vectors that have an accurate polynomial form upstream into
// arithmetic (FMAs, bit operations) that stays vectorized; scalar math ops
// keep their libm calls. On AVX-512 (`avx512-scalef`), exp and exp2 scale
// by powers of two with vscalefps instead of building them from exponent
// bits. A vector divided by a broadcast divisor becomes a product with the
// divisor's reciprocal, computed once.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-approximate-math"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUAPPROXIMATEMATH
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The math ops that upstream's approximations expand: those accurate over
/// the whole f32 range (sin and cos are not: they reduce large arguments in
/// f32).
bool isApproximatedUpstream(StringRef name) {
  return llvm::is_contained(
      {math::ErfOp::getOperationName(), math::ExpOp::getOperationName(),
       math::ExpM1Op::getOperationName(),
       math::LogOp::getOperationName(), math::Log2Op::getOperationName(),
       math::Log1pOp::getOperationName(), math::TanhOp::getOperationName()},
      name);
}

/// The math ops this pass expands: upstream's, and exp2.
bool isApproximated(StringRef name) {
  return isApproximatedUpstream(name) ||
         name == math::Exp2Op::getOperationName();
}

/// exp2(x) = 2^k * exp(f * ln 2), with k = round(x) and f = x - k (exact,
/// |f| <= 1/2, so that f * ln 2 is rounded far less than x * ln 2 would be).
/// 2^k is built from exponent bits in two halves, so that results below the
/// smallest normal (k < -126) come out as denormals or 0 and those above
/// the largest as infinity. x is clamped to [-160, 160] first; a NaN is
/// passed through.
struct Exp2Expansion : public OpRewritePattern<math::Exp2Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::Exp2Op op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || !type.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "not a vector of f32");
    Location loc = op.getLoc();
    auto intType = VectorType::get(type.getShape(), rewriter.getI32Type());
    auto splatF = [&](float value) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(type, value));
    };
    auto splatI = [&](int32_t value) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(intType, rewriter.getI32IntegerAttr(value)
                                              .getValue()));
    };
    Value x = op.getOperand();
    Value clamped = arith::MaximumFOp::create(
        rewriter, loc,
        arith::MinimumFOp::create(rewriter, loc, x, splatF(160.0f)),
        splatF(-160.0f));
    Value k = math::RoundEvenOp::create(rewriter, loc, clamped);
    Value f = arith::SubFOp::create(rewriter, loc, clamped, k);
    Value e = math::ExpOp::create(
        rewriter, loc,
        arith::MulFOp::create(rewriter, loc, f, splatF(0.693147180559945f)));
    // 2^k = 2^h * 2^(k - h), h = k / 2; each factor is a normal float.
    Value ki = arith::FPToSIOp::create(rewriter, loc, intType, k);
    Value h = arith::ShRSIOp::create(rewriter, loc, ki, splatI(1));
    Value rest = arith::SubIOp::create(rewriter, loc, ki, h);
    auto power = [&](Value exponent) -> Value {
      Value bits = arith::ShLIOp::create(
          rewriter, loc,
          arith::AddIOp::create(rewriter, loc, exponent, splatI(127)),
          splatI(23));
      return arith::BitcastOp::create(rewriter, loc, type, bits);
    };
    Value result = arith::MulFOp::create(
        rewriter, loc, arith::MulFOp::create(rewriter, loc, e, power(h)),
        power(rest));
    Value isNan =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, x, x);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNan, x, result);
    return success();
  }
};

/// The pieces of exp and exp2 on AVX-512 (`avx512-scalef`), for a vector of
/// f32 that fills whole 512-bit registers: e^r by upstream's polynomial
/// (Cephes), and p * 2^n by vscalefps, which rounds once and keeps the float
/// format: no clamp of n, no conversion to an integer, no exponent bits, and
/// results below 2^-126 come out as denormals, not 0.
class ScaleFExpansion {
public:
  /// Elements of a 512-bit register of f32.
  static constexpr int64_t kLanes = 16;

  /// Whether `type` is a vector of f32 that fills whole registers.
  static bool takes(Type type) {
    auto vector = dyn_cast<VectorType>(type);
    return vector && vector.getElementType().isF32() && !vector.isScalable() &&
           vector.getNumElements() % kLanes == 0;
  }

  ScaleFExpansion(PatternRewriter &rewriter, Location loc, VectorType type)
      : rewriter(rewriter), loc(loc), type(type) {}

  /// The power n and the reduced argument r (|r| <= ln(2) / 2) of a
  /// clamped operand x: exp(x) or exp2(x) = e^r * 2^n.
  using Reduction = std::pair<Value, Value> (*)(ScaleFExpansion &, Value);

  /// Replaces `op` (exp or exp2 of one operand) by scalef(e^r, n): its
  /// operand is clamped to [low, high] (a NaN passes) and reduced by
  /// `reduce`.
  static LogicalResult expand(Operation *op, PatternRewriter &rewriter,
                              float low, float high, Reduction reduce) {
    if (!takes(op->getResult(0).getType()))
      return rewriter.notifyMatchFailure(
          op, "not a whole number of 512-bit registers of f32");
    ScaleFExpansion b(rewriter, op->getLoc(),
                      cast<VectorType>(op->getResult(0).getType()));
    Value x = b.clamp(op->getOperand(0), arith::CmpFPredicate::UGE, low);
    x = b.clamp(x, arith::CmpFPredicate::ULE, high);
    auto [n, r] = reduce(b, x);
    rewriter.replaceOp(op, b.scaleByPowersOfTwo(b.expOfReduced(r), n));
    return success();
  }

  Value splat(float value) {
    return arith::ConstantOp::create(rewriter, loc,
                                     DenseElementsAttr::get(type, value));
  }

  Value fma(Value a, Value b, Value c) {
    return math::FmaOp::create(rewriter, loc, a, b, c);
  }

  Value mul(Value a, Value b) {
    return arith::MulFOp::create(rewriter, loc, a, b);
  }

  Value sub(Value a, Value b) {
    return arith::SubFOp::create(rewriter, loc, a, b);
  }

  Value roundEven(Value a) {
    return math::RoundEvenOp::create(rewriter, loc, a);
  }

  /// `value` where `predicate(value, bound)` holds, else `bound`: with the
  /// unordered predicates UGE and ULE, a clamp that passes a NaN
  /// (vmaxps/vminps).
  Value clamp(Value value, arith::CmpFPredicate predicate, float bound) {
    Value limit = splat(bound);
    Value keep = arith::CmpFOp::create(rewriter, loc, predicate, value, limit);
    return arith::SelectOp::create(rewriter, loc, keep, value, limit);
  }

  /// e^r for |r| <= ln(2) / 2: 1 + r + r^2 * P(r), P of degree 5, within
  /// 2^-22.5 (upstream's coefficients).
  Value expOfReduced(Value r) {
    Value p = fma(r, splat(1.9875691500e-4f), splat(1.3981999507e-3f));
    for (float coefficient : {8.3334519073e-3f, 4.1665795894e-2f,
                              1.6666665459e-1f, 5.0000001201e-1f})
      p = fma(p, r, splat(coefficient));
    p = fma(p, mul(r, r), r);
    return arith::AddFOp::create(rewriter, loc, p, splat(1.0f));
  }

  /// p * 2^n (n integral), by vscalefps one register at a time: the vector
  /// is seen as rows of 16 elements whatever its shape.
  Value scaleByPowersOfTwo(Value p, Value n) {
    auto rows = VectorType::get({type.getNumElements() / kLanes, kLanes},
                                rewriter.getF32Type());
    Value pRows = vector::ShapeCastOp::create(rewriter, loc, rows, p);
    Value nRows = vector::ShapeCastOp::create(rewriter, loc, rows, n);
    Value allLanes = arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(rewriter.getI16Type(), -1));
    // _MM_FROUND_CUR_DIRECTION: the rounding of MXCSR, to nearest.
    Value currentRounding =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(4));
    Value result = pRows;
    for (int64_t row = 0; row < rows.getDimSize(0); ++row) {
      Value pRow = vector::ExtractOp::create(rewriter, loc, pRows, row);
      Value nRow = vector::ExtractOp::create(rewriter, loc, nRows, row);
      // The op passes its operands to llvm.x86.avx512.mask.scalef.ps.512
      // in their order, which is (a, b, passthrough, mask, rounding): its
      // `src` is the intrinsic's a, which `a` scales by 2^floor(b).
      Value scaled = x86vector::MaskScaleFOp::create(
          rewriter, loc, pRow.getType(), /*src=*/pRow, /*a=*/nRow,
          /*b=*/pRow, allLanes, currentRounding);
      result = vector::InsertOp::create(rewriter, loc, scaled, result, row);
    }
    return vector::ShapeCastOp::create(rewriter, loc, type, result);
  }

private:
  PatternRewriter &rewriter;
  Location loc;
  VectorType type;
};

/// exp(x) on AVX-512, of x clamped to [-104, 89]:
///
///   n = roundeven(x * log2(e))
///   r = x - n * ln 2                  in two parts, exact for |n| < 2^15
///
/// exp(-104) is below half the smallest denormal and exp(89) above the
/// largest float, so the clamp changes no result. 15 operations a register
/// against upstream's 20.
std::pair<Value, Value> reduceForExp(ScaleFExpansion &b, Value x) {
  Value n = b.roundEven(b.mul(x, b.splat(1.44269504088896341f)));
  Value r = b.fma(n, b.splat(-0.693359375f), x);
  return {n, b.fma(n, b.splat(2.12194440e-4f), r)};
}

/// exp2(x) on AVX-512 (attention's softmax), of x clamped to [-151, 129]:
///
///   k = roundeven(x), f = x - k       exact, |f| <= 1/2
///   r = f * ln 2
///
/// 2^-151 rounds to 0 and 2^129 overflows. 14 operations a register, where
/// Exp2Expansion (2^k from exponent bits in two halves around an exp)
/// takes about 30.
std::pair<Value, Value> reduceForExp2(ScaleFExpansion &b, Value x) {
  Value k = b.roundEven(x);
  return {k, b.mul(b.sub(x, k), b.splat(0.693147180559945f))};
}

/// `MathOp` (math.exp or math.exp2) on AVX-512: the operand clamped to
/// [low, high], reduced by `reduce`, and scalef(e^r, n).
template <typename MathOp>
struct ExpandByScaleF : public OpRewritePattern<MathOp> {
  ExpandByScaleF(MLIRContext *context, float low, float high,
                 ScaleFExpansion::Reduction reduce, PatternBenefit benefit)
      : OpRewritePattern<MathOp>(context, benefit), low(low), high(high),
        reduce(reduce) {}

  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    return ScaleFExpansion::expand(op, rewriter, low, high, reduce);
  }

  float low, high;
  ScaleFExpansion::Reduction reduce;
};

/// x / broadcast(s) on a vector of f32 = x * broadcast(1 / s): one division
/// per row (softmax's sum) instead of one per element. Where 2^-126 <= |s|
/// <= 2^126, 1 / s is a normal float and the product is within 1.5 ulp of
/// the quotient, inside the 2 ulp of Triton's f32 division on its GPU
/// targets (div.full.f32); any other s (tiny, huge, infinite, NaN) divides
/// as before, on a branch taken once per scalar. tl.math.div_rn stays
/// exact.
/// (The division kept on the other branch is the same op, so this is one
/// walk, not a pattern that would match it again.)
void divideByReciprocals(Operation *root) {
  SmallVector<arith::DivFOp> divisions;
  root->walk([&](arith::DivFOp op) {
    auto type = dyn_cast<VectorType>(op.getType());
    auto broadcast = op.getRhs().getDefiningOp<vector::BroadcastOp>();
    if (!type || !type.getElementType().isF32() || !broadcast)
      return;
    // A scalar, or a smaller vector (one divisor per row of a tile).
    auto source = dyn_cast<VectorType>(broadcast.getSourceType());
    if (!source || (!source.isScalable() &&
                    source.getNumElements() < type.getNumElements()))
      divisions.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (arith::DivFOp op : divisions) {
    auto type = cast<VectorType>(op.getType());
    auto broadcast = op.getRhs().getDefiningOp<vector::BroadcastOp>();
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value divisor = broadcast.getSource();
    auto divisorVector = dyn_cast<VectorType>(divisor.getType());
    auto constant = [&](float value) -> Value {
      if (divisorVector)
        return arith::ConstantOp::create(
            rewriter, loc, DenseElementsAttr::get(divisorVector, value));
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getF32FloatAttr(value));
    };
    Value one = constant(1.0f), tiny = constant(0x1p-126f),
          huge = constant(0x1p126f);
    Value magnitude = math::AbsFOp::create(rewriter, loc, divisor);
    Value aboveTiny = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGE, magnitude, tiny);
    Value belowHuge = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLE, magnitude, huge);
    Value normalReciprocal =
        arith::AndIOp::create(rewriter, loc, aboveTiny, belowHuge);
    if (divisorVector) {
      // One branch for all the divisors: every one must qualify.
      auto flat = VectorType::get({divisorVector.getNumElements()},
                                  rewriter.getI1Type());
      normalReciprocal = vector::ReductionOp::create(
          rewriter, loc, vector::CombiningKind::AND,
          vector::ShapeCastOp::create(rewriter, loc, flat, normalReciprocal));
    }
    Value lhs = op.getLhs(), rhs = op.getRhs();
    auto quotient = scf::IfOp::create(
        rewriter, loc, normalReciprocal,
        [&](OpBuilder &builder, Location l) {
          Value reciprocal = arith::DivFOp::create(builder, l, one, divisor);
          Value splat =
              vector::BroadcastOp::create(builder, l, type, reciprocal);
          scf::YieldOp::create(
              builder, l,
              ValueRange{arith::MulFOp::create(builder, l, lhs, splat)});
        },
        [&](OpBuilder &builder, Location l) {
          scf::YieldOp::create(
              builder, l,
              ValueRange{arith::DivFOp::create(builder, l, lhs, rhs)});
        });
    rewriter.replaceOp(op, quotient.getResults());
  }
}

class CpuApproximateMathPass
    : public mlir::triton::cpu::impl::CpuApproximateMathBase<
          CpuApproximateMathPass> {
public:
  using CpuApproximateMathBase::CpuApproximateMathBase;

  void runOnOperation() override {
    divideByReciprocals(getOperation());
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          !isApproximated(op->getName().getStringRef()) ||
          op->getNumResults() != 1)
        return;
      auto type = dyn_cast<VectorType>(op->getResult(0).getType());
      if (type && type.getElementType().isF32())
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<Exp2Expansion>(&getContext());
    // Ahead of upstream's exp, which takes what it does not.
    if (avx512ScaleF) {
      patterns.add<ExpandByScaleF<math::ExpOp>>(&getContext(), -104.0f, 89.0f,
                                                reduceForExp, /*benefit=*/2);
      patterns.add<ExpandByScaleF<math::Exp2Op>>(&getContext(), -151.0f, 129.0f,
                                                 reduceForExp2, /*benefit=*/2);
    }
    populateMathPolynomialApproximationPatterns(patterns,
                                                isApproximatedUpstream);
    // The ops found, and the math.exp that an exp2 expands into.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    // Ops left as they were are not an error: they keep their libm calls.
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  }
};

} // namespace

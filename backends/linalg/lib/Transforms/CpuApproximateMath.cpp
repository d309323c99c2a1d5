//===- CpuApproximateMath.cpp - Vector math without libm calls ------------===//
//
// LLVM has no vector form of exp, log or tanh for the host: a math op on a
// vector becomes one libm call per element. This pass expands the f32 math
// ops on vectors that have an accurate polynomial form upstream into
// arithmetic (FMAs, bit operations) that stays vectorized; scalar math ops
// keep their libm calls.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
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

class CpuApproximateMathPass
    : public mlir::triton::cpu::impl::CpuApproximateMathBase<
          CpuApproximateMathPass> {
public:
  void runOnOperation() override {
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

//===- CpuVectorize.cpp - Vectorize static linalg ops for the host --------===//
//
// Turns each linalg op of static shape and bounded size into vector
// operations (upstream linalg::vectorize); the rest is left to the loop
// lowering. A read of a splat constant becomes the splat vector itself, and
// a broadcast of a vector along rows becomes one along columns.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-vectorize"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUVECTORIZE
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The number of points of `op`'s iteration space, or nullopt when it is
/// not static.
std::optional<int64_t> getStaticIterationSize(linalg::LinalgOp op) {
  int64_t points = 1;
  for (int64_t size : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    points *= size;
  }
  return points;
}

/// Whether `op` reads or writes a shaped value of i1. A vector of i1 is
/// stored bit-packed by LLVM while a buffer of i1 holds one byte per
/// element, so such ops are left to the loop lowering.
bool hasBooleanOperands(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.getElementType().isInteger(1);
  });
}

/// Whether every element `read` reads lies inside its source: marked so, or
/// visible from constant indices, a static source shape and the vector's
/// shape. (Right after vectorization nothing is marked yet.)
bool readsInBounds(vector::TransferReadOp read) {
  auto source = dyn_cast<ShapedType>(read.getBase().getType());
  if (!source || !source.hasStaticShape())
    return false;
  SmallVector<int64_t> offsets;
  for (Value index : read.getIndices()) {
    std::optional<int64_t> offset = getConstantIntValue(index);
    if (!offset)
      return false;
    offsets.push_back(*offset);
  }
  ArrayRef<int64_t> shape = read.getVectorType().getShape();
  for (auto [i, expr] : llvm::enumerate(read.getPermutationMap().getResults())) {
    if (read.isDimInBounds(i))
      continue;
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim) // a broadcast dimension reads one element
      continue;
    unsigned d = dim.getPosition();
    if (offsets[d] < 0 || offsets[d] + shape[i] > source.getDimSize(d))
      return false;
  }
  return true;
}

/// Replaces each in-bounds, unmasked vector.transfer_read of a splat
/// constant tensor (`dense<64> : tensor<512xi32>`, Triton's splatted
/// operands) by the splat vector constant. Read from memory, the constant
/// becomes a global that LLVM does not see through: a division by it stays
/// a division (one scalar idiv per element on x86) where a splat of a power
/// of two becomes a shift.
void foldSplatConstantReads(Operation *root, RewriterBase &rewriter) {
  SmallVector<vector::TransferReadOp> reads;
  root->walk([&](vector::TransferReadOp read) {
    DenseElementsAttr constant;
    if (!read.getMask() &&
        matchPattern(read.getBase(), m_Constant(&constant)) &&
        constant.isSplat() && readsInBounds(read))
      reads.push_back(read);
  });
  for (vector::TransferReadOp read : reads) {
    DenseElementsAttr constant;
    matchPattern(read.getBase(), m_Constant(&constant));
    rewriter.setInsertionPoint(read);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        read, DenseElementsAttr::get(read.getVectorType(),
                                     constant.getSplatValue<Attribute>()));
  }
}

/// transpose(broadcast(v : vector<N>) : vector<M x N>, [1, 0]) ->
/// broadcast(shape_cast(v) : vector<N x 1>) : vector<N x M>: row i holds
/// v[i] in both. A generic's operand indexed by its outer dimension only (a
/// row statistic, `x - max[:, None]`) takes the first form when it was
/// written just before (canonicalization folds the write and the
/// broadcasting read), and LLVM's lowering of the transpose moves it
/// element by element (4096 extract/insert pairs for a 64 x 64 tile, most
/// of attention's LLVM IR); the second is one splat per row.
struct BroadcastColumn : OpRewritePattern<vector::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getVector().getDefiningOp<vector::BroadcastOp>();
    if (!broadcast)
      return failure();
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    VectorType resultType = op.getResultVectorType();
    if (!sourceType || sourceType.getRank() != 1 || sourceType.isScalable() ||
        resultType.getRank() != 2 || resultType.isScalable() ||
        op.getPermutation() != ArrayRef<int64_t>{1, 0})
      return failure();
    auto columnType = VectorType::get({sourceType.getDimSize(0), 1},
                                      sourceType.getElementType());
    Value column = vector::ShapeCastOp::create(
        rewriter, op.getLoc(), columnType, broadcast.getSource());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, resultType, column);
    return success();
  }
};

/// transfer_read %v[%i] {permutation_map = (d0) -> (d0, 0)} : vector<M x N>
/// -> broadcast(shape_cast(transfer_read %v[%i] : vector<M>) :
/// vector<M x 1>): the column broadcast of BroadcastColumn read from memory
/// (a row statistic after the loop that computed it), which the lowering of
/// the transfer would also move element by element.
struct BroadcastColumnRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    VectorType resultType = op.getVectorType();
    AffineMap map = op.getPermutationMap();
    if (op.getMask() || resultType.getRank() != 2 || resultType.isScalable() ||
        map.getNumDims() != 1 || map.getNumResults() != 2 ||
        map.getResult(0) != rewriter.getAffineDimExpr(0) ||
        map.getResult(1) != rewriter.getAffineConstantExpr(0))
      return failure();
    Location loc = op.getLoc();
    auto columnType = VectorType::get({resultType.getDimSize(0)},
                                      resultType.getElementType());
    SmallVector<bool> inBounds = {op.isDimInBounds(0)};
    Value column = vector::TransferReadOp::create(rewriter, loc, columnType,
                                                  op.getBase(), op.getIndices(),
                                                  op.getPadding(), inBounds);
    Value shaped = vector::ShapeCastOp::create(
        rewriter, loc,
        VectorType::get({resultType.getDimSize(0), 1},
                        resultType.getElementType()),
        column);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, resultType, shaped);
    return success();
  }
};

class CpuVectorizePass
    : public mlir::triton::cpu::impl::CpuVectorizeBase<CpuVectorizePass> {
public:
  using CpuVectorizeBase::CpuVectorizeBase;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      std::optional<int64_t> points = getStaticIterationSize(op);
      if (!points || *points > maxElements) {
        LLVM_DEBUG(llvm::dbgs() << "not vectorized (dynamic or too large): "
                                << op->getName() << "\n");
        return;
      }
      if (hasBooleanOperands(op)) {
        LLVM_DEBUG(llvm::dbgs()
                   << "not vectorized (i1 buffers): " << op->getName() << "\n");
        return;
      }
      if (failed(linalg::vectorizeOpPrecondition(op))) {
        LLVM_DEBUG(llvm::dbgs() << "not vectorized (precondition): "
                                << op->getName() << "\n");
        return;
      }
      candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (failed(result)) {
        LLVM_DEBUG(llvm::dbgs()
                   << "vectorization failed: " << op->getName() << "\n");
        continue;
      }
      if (result->replacements.empty())
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, result->replacements);
    }
    foldSplatConstantReads(getOperation(), rewriter);
    // The vectorized ops hand values through tensors; a read of what was
    // just written with a broadcasting map folds (canonicalization) into
    // the broadcast and transpose that BroadcastColumn rewrites.
    RewritePatternSet patterns(&getContext());
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    patterns.add<BroadcastColumn, BroadcastColumnRead>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

//===- CpuInterchangeContractions.cpp - Contiguous innermost loops --------===//
//
// linalg.matmul and its kin lower to loops in the order of their iterators,
// (i, j, k): the innermost loop accumulates into one element of the result,
// a chain of dependent floating-point additions that LLVM may not reorder
// and therefore does not vectorize. Moved innermost, the loop over the
// result's contiguous dimension (i, k, j) updates a row with independent
// FMAs, which LLVM vectorizes for the host. Short static reductions keep
// their order: LLVM unrolls them and vectorizes the loop around, with the
// accumulators in registers.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-interchange-contractions"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUINTERCHANGECONTRACTIONS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The loop order that puts the result's innermost dimension last, or an
/// empty vector when `op` should keep its order: its innermost loop is not
/// a reduction or is a static one of at most `maxUnrolledReduction`
/// iterations, the result's innermost dimension is not a parallel loop, or
/// an input indexes that loop other than by its own innermost dimension
/// (the new inner loop would stride through it).
SmallVector<unsigned> getInterchange(linalg::LinalgOp op,
                                     int64_t maxUnrolledReduction) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (numLoops < 2 || iterators.back() != utils::IteratorType::reduction ||
      op.getNumDpsInits() != 1)
    return {};
  // A short static reduction is unrolled by LLVM, which then vectorizes the
  // loop around it with the accumulators in registers: better than any
  // order here.
  int64_t reduction = op.getStaticLoopRanges().back();
  if (!ShapedType::isDynamic(reduction) && reduction <= maxUnrolledReduction)
    return {};
  AffineMap resultMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (resultMap.getNumResults() == 0)
    return {};
  auto inner = dyn_cast<AffineDimExpr>(resultMap.getResults().back());
  if (!inner || iterators[inner.getPosition()] != utils::IteratorType::parallel)
    return {};
  unsigned loop = inner.getPosition();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    for (auto [index, expr] : llvm::enumerate(map.getResults())) {
      if (!expr.isFunctionOfDim(loop))
        continue;
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || index + 1 != map.getNumResults())
        return {};
    }
  }
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < numLoops; ++i)
    if (i != loop)
      order.push_back(i);
  order.push_back(loop);
  return order;
}

class CpuInterchangeContractionsPass
    : public mlir::triton::cpu::impl::CpuInterchangeContractionsBase<
          CpuInterchangeContractionsPass> {
public:
  using CpuInterchangeContractionsBase::CpuInterchangeContractionsBase;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, SmallVector<unsigned>>> work;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      SmallVector<unsigned> order = getInterchange(op, maxUnrolledReduction);
      if (!order.empty())
        work.emplace_back(op, std::move(order));
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, order] : work) {
      rewriter.setInsertionPoint(op);
      linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(*op);
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized)) {
          LLVM_DEBUG(llvm::dbgs() << "cannot generalize " << op << "\n");
          continue;
        }
        generic = *generalized;
      }
      if (failed(linalg::interchangeGenericOp(rewriter, generic, order)))
        LLVM_DEBUG(llvm::dbgs() << "cannot interchange " << generic << "\n");
    }
  }
};

} // namespace

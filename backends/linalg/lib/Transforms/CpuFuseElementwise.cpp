//===- CpuFuseElementwise.cpp - Fuse elementwise linalg ops, in place -----===//
//
// Fuses each elementwise linalg.generic into the one linalg.generic that
// consumes its result (linalg::fuseElementwiseOps), so that the values
// between them (masks of i1 above all, which the vectorizer leaves to
// scalar loops) never become tensors of their own.
//
// Upstream's linalg-fuse-elementwise-ops does the same fusions, but its
// pattern set also replaces every `outs` operand the payload does not read
// by a tensor.empty. A loop accumulator (`acc = acc + f(x)` in an scf.for)
// then loses its destination: bufferization allocates and frees a new
// buffer on every iteration instead of updating the iter_arg's in place.
// This pass keeps the consumer's `outs` as they are.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUFUSEELEMENTWISE
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The first input of `consumer` made by an elementwise linalg.generic
/// that nothing else uses and that can fuse into `consumer`, or null.
OpOperand *findFusableInput(linalg::GenericOp consumer) {
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    auto producer = input->get().getDefiningOp<linalg::GenericOp>();
    if (producer && producer->hasOneUse() &&
        linalg::areElementwiseOpsFusable(input))
      return input;
  }
  return nullptr;
}

class CpuFuseElementwisePass
    : public mlir::triton::cpu::impl::CpuFuseElementwiseBase<
          CpuFuseElementwisePass> {
public:
  using CpuFuseElementwiseBase::CpuFuseElementwiseBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Each fusion replaces the consumer, so the walk starts again until no
    // pair is left; every fusion removes a generic, which bounds it.
    bool fused = true;
    while (fused) {
      fused = false;
      getOperation().walk([&](linalg::GenericOp consumer) {
        OpOperand *input = findFusableInput(consumer);
        if (!input)
          return WalkResult::advance();
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> result =
            linalg::fuseElementwiseOps(rewriter, input);
        if (failed(result))
          return WalkResult::advance();
        auto producer = input->get().getDefiningOp<linalg::GenericOp>();
        for (auto [original, replacement] : result->replacements)
          rewriter.replaceAllUsesExcept(original, replacement,
                                        result->fusedOp);
        // Both are dead now (the producer's one use was the consumer).
        rewriter.eraseOp(consumer);
        if (producer->use_empty())
          rewriter.eraseOp(producer);
        fused = true;
        return WalkResult::interrupt();
      });
    }
  }
};

} // namespace

//===- LoopUnroll.cpp - Unroll annotated scf.for loops --------------------===//
//
// tt-loop-unroll: an scf.for that the frontend annotated with
// `tt.loop_unroll_factor` (from `tl.range(..., loop_unroll_factor=N)`) is
// unrolled N times by MLIR's SCF utilities, with an epilogue loop for the
// remaining iterations; the annotation is removed.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tt-loop-unroll"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

constexpr StringLiteral kUnrollFactorAttr = "tt.loop_unroll_factor";
constexpr StringLiteral kNumStagesAttr = "tt.num_stages";

/// Unrolls `forOp` by the factor it is annotated with. The annotation is
/// removed first, so that the copies the unroller makes do not carry it.
LogicalResult unrollAnnotatedLoop(scf::ForOp forOp) {
  Attribute attr = forOp->removeAttr(kUnrollFactorAttr);
  auto factorAttr = dyn_cast<IntegerAttr>(attr);
  if (!factorAttr)
    return forOp.emitOpError() << "expects '" << kUnrollFactorAttr
                               << "' to be an integer, but got " << attr;
  int64_t factor = factorAttr.getInt();
  if (factor <= 1)
    return success();

  LLVM_DEBUG(llvm::dbgs() << "unrolling by " << factor << ": " << forOp
                          << "\n");
  // The unroller may replace or erase `forOp`; keep what the diagnostic needs.
  Location loc = forOp.getLoc();
  FailureOr<UnrolledLoopInfo> loops = loopUnrollByFactor(forOp, factor);
  if (failed(loops))
    return emitError(loc) << "failed to unroll the loop by "
                          << kUnrollFactorAttr << " = " << factor;
  // The epilogue runs fewer than `factor` iterations: pipelining it would
  // cost more than it saves (as upstream Triton decides).
  if (loops->epilogueLoopOp) {
    scf::ForOp epilogue = *loops->epilogueLoopOp;
    epilogue->setAttr(
        kNumStagesAttr,
        IntegerAttr::get(IntegerType::get(epilogue.getContext(), 32), 1));
  }
  return success();
}

struct LoopUnrollPass
    : mlir::triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    // The walk is post-order: inner loops are unrolled before the outer loops
    // that copy them, so no copy keeps an annotation.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr(kUnrollFactorAttr))
        loops.push_back(forOp);
    });
    bool ok = true;
    for (scf::ForOp forOp : loops)
      ok &= succeeded(unrollAnnotatedLoop(forOp));
    if (!ok)
      signalPassFailure();
  }
};

} // namespace

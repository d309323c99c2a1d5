//===- MemRefCopyToLinalg.cpp - memref.copy as linalg.copy ----------------===//
//
// A kernel library of the cpu target links nothing but libc: memref.copy of
// non-contiguous buffers would call MLIR's runner utilities, linalg.copy
// lowers to loops.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "linalg-memref-copy-to-linalg"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_MEMREFCOPYTOLINALG
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

struct CopyToLinalgCopy : public OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<MemRefType>(op.getSource().getType()) ||
        !isa<MemRefType>(op.getTarget().getType()))
      return rewriter.notifyMatchFailure(op, "unranked memrefs");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

class MemRefCopyToLinalgPass
    : public mlir::triton::cpu::impl::MemRefCopyToLinalgBase<
          MemRefCopyToLinalgPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyToLinalgCopy>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

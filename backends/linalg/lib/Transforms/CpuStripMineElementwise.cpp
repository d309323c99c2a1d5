//===- CpuStripMineElementwise.cpp - Elementwise ops in register chunks ---===//
//
// Tiles each elementwise linalg.generic on tensors into a loop nest whose
// body covers `chunk` points of static shape, so that the vectorizer gives
// vectors of a few registers instead of one vector of the whole block, which
// LLVM spills once a chain holds several values.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-strip-mine-elementwise"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUSTRIPMINEELEMENTWISE
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// Whether the payload of `op` calls a math function (erf, exp, tanh...):
/// each expands into a dozen or more vector ops whose values, as vectors of
/// the whole block, spill.
bool callsMathFunction(linalg::GenericOp op) {
  return llvm::any_of(op.getRegion().front(), [](Operation &inner) {
    return isa<math::MathDialect>(inner.getDialect());
  });
}

/// Whether a result of `op` feeds a reduction (a linalg op with a reduction
/// loop). Tiled, such a producer leaves its block in a buffer that the
/// reduction reads again, where untiled the vectorized chain runs into the
/// reduction in registers: softmax's exp over rows of 1024 lost 8 % when
/// tiled.
bool feedsReduction(linalg::GenericOp op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    auto linalgUser = dyn_cast<linalg::LinalgOp>(user);
    return linalgUser && linalgUser.getNumReductionLoops() > 0;
  });
}

/// Whether `op`, of `points` points, is better left whole: a chain of plain
/// arithmetic, or one that feeds a reduction, of at most `maxWholePoints`.
/// Arithmetic streams through registers well enough at a few times the
/// register file's width (layer norm's rows of 1024 lost 5-10 % when tiled:
/// the tile copies that linalg-forward-tile-copies removes from untiled
/// blocks come back). A block many times that size is spilled whole anyway,
/// and unrolled over all its registers it is code that the front end
/// streams through and LLVM schedules for seconds: tiled, attention's
/// 64 x 64 score tile and accumulator ran 8 % faster on 2 threads, and the
/// kernel compiled in 1.1 s instead of 3.8.
bool staysWhole(linalg::GenericOp op, int64_t points, int64_t maxWholePoints) {
  if (points > maxWholePoints)
    return false;
  return !callsMathFunction(op) || feedsReduction(op);
}

/// The tile sizes that give `op` bodies of `chunk` points of static shape:
/// the innermost dimensions whole (size 0: no loop) while their product
/// fits in `chunk`, then
/// the largest divisor of the next dimension that fills the chunk, then 1.
/// Empty when `op` is not an elementwise generic of static shape with more
/// than `chunk` points, when it stays whole (staysWhole), or when no
/// dimension can fill the chunk exactly.
SmallVector<int64_t> getChunkTileSizes(linalg::GenericOp op, int64_t chunk,
                                       int64_t maxWholePoints) {
  if (!op.hasPureTensorSemantics() ||
      op.getNumParallelLoops() != op.getNumLoops() || op.getNumLoops() == 0)
    return {};
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return {};
  int64_t points = 1;
  for (int64_t range : ranges)
    points *= range;
  if (points <= chunk || staysWhole(op, points, maxWholePoints))
    return {};
  SmallVector<int64_t> sizes(ranges.size(), 1);
  int64_t covered = 1;
  for (int64_t dim = ranges.size() - 1; dim >= 0; --dim) {
    if (covered * ranges[dim] <= chunk) {
      sizes[dim] = 0; // whole: no loop
      covered *= ranges[dim];
      continue;
    }
    int64_t want = chunk / covered;
    // Block sizes are powers of two in practice; any exact divisor will do.
    while (want > 1 && ranges[dim] % want != 0)
      --want;
    sizes[dim] = want;
    covered *= want;
    break;
  }
  // A chunk much smaller than asked (an odd shape) is not worth a loop.
  if (covered * 4 < chunk)
    return {};
  return sizes;
}

/// Whether `a` and `b` take the same slice of their tensors.
bool isSameSlice(OffsetSizeAndStrideOpInterface a,
                 OffsetSizeAndStrideOpInterface b) {
  auto equal = [](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return llvm::equal(x, y, [](OpFoldResult u, OpFoldResult v) {
      return isEqualConstantIntOrValue(u, v);
    });
  };
  return equal(a.getMixedOffsets(), b.getMixedOffsets()) &&
         equal(a.getMixedSizes(), b.getMixedSizes()) &&
         equal(a.getMixedStrides(), b.getMixedStrides());
}

/// An op that reads and writes the same tensor (`ins(%x) outs(%x)`), tiled,
/// reads each slice of %x from before the loop and writes it into the
/// loop's copy of %x: bufferized, %x is then copied whole before the loop
/// (attention's 64 x 64 score tile, 16 KiB an iteration), since the loop
/// writes what it still reads. Each iteration reads only the slice it
/// writes, which no earlier iteration wrote: it may read it from the loop's
/// tensor, and the op runs in place.
void readSlicesFromLoopTensor(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [init, iterArg, yielded] : llvm::zip(
           loop.getInitArgs(), loop.getRegionIterArgs(), yield.getOperands())) {
    auto insert = yielded.getDefiningOp<tensor::InsertSliceOp>();
    if (!insert || insert.getDest() != iterArg)
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(init.getUses())) {
      auto extract = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
      if (extract && extract->getParentOp() == loop.getOperation() &&
          isSameSlice(extract, insert))
        use.set(iterArg);
    }
  }
}

class CpuStripMineElementwisePass
    : public mlir::triton::cpu::impl::CpuStripMineElementwiseBase<
          CpuStripMineElementwisePass> {
public:
  using CpuStripMineElementwiseBase::CpuStripMineElementwiseBase;

  void runOnOperation() override {
    if (chunk < 1) {
      getOperation().emitError("linalg-cpu-strip-mine-elementwise: chunk "
                               "must be at least 1, got ")
          << static_cast<int64_t>(chunk);
      return signalPassFailure();
    }
    SmallVector<std::pair<linalg::GenericOp, SmallVector<int64_t>>> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      SmallVector<int64_t> sizes = getChunkTileSizes(op, chunk, maxWholePoints);
      if (!sizes.empty())
        ops.emplace_back(op, std::move(sizes));
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, sizes] : ops) {
      scf::SCFTilingOptions options;
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
      options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
      // The linalg ops' tiling models are registered with the plugin's
      // dialects (registerCodeGenDialects); without them nothing is tiled.
      auto tileable = dyn_cast<TilingInterface>(op.getOperation());
      if (!tileable)
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled =
          scf::tileUsingSCF(rewriter, tileable, options);
      if (failed(tiled)) {
        LLVM_DEBUG(llvm::dbgs() << "not tiled: " << op << "\n");
        continue;
      }
      rewriter.replaceOp(op, tiled->replacements);
      if (tiled->loops.size() == 1)
        if (auto loop =
                dyn_cast<scf::ForOp>(tiled->loops.front().getOperation()))
          readSlicesFromLoopTensor(loop);
    }
  }
};

} // namespace

//===- OptimizeThreadLocality.cpp - Warp-local gathers --------------------===//
//
// Gives tt.gather a layout in which the gathered axis lives inside warps
// (registers and lanes), so that no element crosses a warp.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ttg-optimize-thread-locality"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Whether `type`'s layout keeps dimension `axis` inside each warp.
bool isWarpLocal(RankedTensorType type, unsigned axis) {
  auto layout = dyn_cast_or_null<DistributedEncodingTrait>(type.getEncoding());
  return layout && layout.getWarpsPerCTA()[axis] == 1 &&
         llvm::all_of(cast<LayoutEncodingTrait>(layout).getCTASplitNum(),
                      [](unsigned n) { return n == 1; });
}

//===----------------------------------------------------------------------===//
// Thread-local accumulation of reductions in loops
//===----------------------------------------------------------------------===//

/// The identity of a float combiner, if it is one this rewrite handles.
std::optional<APFloat> getIdentity(Operation *combiner, FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  if (isa<arith::AddFOp>(combiner))
    return APFloat::getZero(sem);
  if (isa<arith::MulFOp>(combiner))
    return APFloat::getOne(sem);
  if (isa<arith::MaxNumFOp, arith::MaximumFOp>(combiner))
    return APFloat::getInf(sem, /*Negative=*/true);
  if (isa<arith::MinNumFOp, arith::MinimumFOp>(combiner))
    return APFloat::getInf(sem, /*Negative=*/false);
  return std::nullopt;
}

/// A reduction of a loaded 2-D tensor along its innermost dimension whose
/// result is only combined (with the reduction's own combiner) into a value
/// carried by the enclosing loop, from a constant initial value. The result
/// may reach the combiner through one layout conversion (where the loop
/// carries the accumulator in another layout than the reduction's).
struct LoopReduction {
  ReduceOp reduce;
  Operation *combiner;   // in the reduce region
  Operation *accumulate; // acc' = combiner(acc, reduce)
  ConvertLayoutOp convert; // between the reduction and `accumulate`, or null
  scf::ForOp loop;
  unsigned iterIndex;
  BlockedEncodingAttr layout;
};

std::optional<LoopReduction> matchLoopReduction(ReduceOp reduce) {
  if (reduce.getNumOperands() != 1 || reduce->getNumResults() != 1)
    return std::nullopt;
  RankedTensorType srcType = reduce.getInputTypes().front();
  auto layout = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned axis = reduce.getAxis();
  if (!layout || srcType.getRank() != 2 || axis != 1 ||
      layout.getOrder().front() != 1 || layout.getSizePerThread()[1] < 2 ||
      !layout.getCTALayout().isDefault() ||
      !isa<FloatType>(srcType.getElementType()))
    return std::nullopt;
  if (!reduce.getSrcs().front().getDefiningOp<LoadOp>())
    return std::nullopt;
  Operation *combiner = reduce.getSingleCombiner();
  if (!combiner ||
      !getIdentity(combiner, cast<FloatType>(srcType.getElementType())))
    return std::nullopt;
  Value result = reduce->getResult(0);
  if (!result.hasOneUse())
    return std::nullopt;
  auto convert = dyn_cast<ConvertLayoutOp>(*result.getUsers().begin());
  if (convert) {
    result = convert.getResult();
    if (!result.hasOneUse())
      return std::nullopt;
  }
  Operation *accumulate = *result.getUsers().begin();
  if (accumulate->getName() != combiner->getName() ||
      accumulate->getNumOperands() != 2 || !accumulate->hasOneUse())
    return std::nullopt;
  auto yield = dyn_cast<scf::YieldOp>(*accumulate->getUsers().begin());
  auto loop = reduce->getParentOp() == accumulate->getParentOp()
                  ? dyn_cast<scf::ForOp>(reduce->getParentOp())
                  : scf::ForOp();
  if (!yield || !loop || yield->getParentOp() != loop)
    return std::nullopt;
  unsigned index = accumulate->getUses().begin()->getOperandNumber();
  BlockArgument acc = loop.getRegionIterArgs()[index];
  Value other = accumulate->getOperand(0) == result ? accumulate->getOperand(1)
                                                    : accumulate->getOperand(0);
  if (other != acc || !acc.hasOneUse() ||
      !loop.getInitArgs()[index].getDefiningOp<arith::ConstantOp>())
    return std::nullopt;
  return LoopReduction{reduce, combiner, accumulate, convert,
                       loop,   index,    layout};
}

/// Inside the loop, each thread reduces the elements it holds along the
/// axis into a [M, K/e] accumulator (e = elements per thread along the
/// axis); the reduction across threads runs once after the loop.
void makeThreadLocal(LoopReduction match) {
  MLIRContext *ctx = match.reduce.getContext();
  ReduceOp reduce = match.reduce;
  RankedTensorType srcType = reduce.getInputTypes().front();
  auto elemType = cast<FloatType>(srcType.getElementType());
  BlockedEncodingAttr layout = match.layout;
  unsigned e = layout.getSizePerThread()[1];
  int64_t m = srcType.getShape()[0], k = srcType.getShape()[1];
  // [M, K] as [M, K/e, e]: the same registers, lanes and warps.
  SmallVector<unsigned> spt = layout.getSizePerThread(),
                        lanes = layout.getThreadsPerWarp(),
                        warps = layout.getWarpsPerCTA();
  auto layout3d =
      BlockedEncodingAttr::get(ctx, {spt[0], 1u, e}, {lanes[0], lanes[1], 1u},
                               {warps[0], warps[1], 1u}, {2u, 1u, 0u});
  auto type3d =
      RankedTensorType::get({m, k / e, int64_t(e)}, elemType, layout3d);
  auto partialLayout = SliceEncodingAttr::get(ctx, 2, layout3d);
  auto partialType = RankedTensorType::get({m, k / e}, elemType, partialLayout);

  auto cloneReduce = [&](OpBuilder &b, Value src, Type resultType,
                         unsigned axis) {
    auto op = ReduceOp::create(b, reduce.getLoc(), TypeRange{resultType},
                               ValueRange{src}, reduce->getAttrs());
    op.setAxis(axis);
    IRMapping mapping;
    reduce.getCombineOp().cloneInto(&op.getCombineOp(), mapping);
    return op;
  };

  // The new accumulator, from the combiner's identity.
  scf::ForOp loop = match.loop;
  unsigned index = match.iterIndex;
  OpBuilder builder(loop);
  Value oldInit = loop.getInitArgs()[index];
  Value identity = arith::ConstantOp::create(
      builder, loop.getLoc(), partialType,
      DenseElementsAttr::get(partialType,
                             *getIdentity(match.combiner, elemType)));
  loop.getInitArgsMutable()[index].set(identity);
  BlockArgument acc = loop.getRegionIterArgs()[index];
  acc.setType(partialType);
  Value oldResult = loop.getResult(index);
  Type resultType = oldResult.getType();
  oldResult.setType(partialType);

  // In the loop: thread-local partial reductions, accumulated.
  builder.setInsertionPoint(reduce);
  // efficient_layout: later passes keep this layout (it is the source's).
  Value reshaped = ReshapeOp::create(builder, reduce.getLoc(), type3d,
                                     reduce.getSrcs().front(), UnitAttr(),
                                     builder.getUnitAttr());
  ReduceOp partial = cloneReduce(builder, reshaped, partialType, 2);
  OpBuilder accBuilder(match.accumulate);
  Operation *newAccumulate = accBuilder.clone(*match.accumulate);
  newAccumulate->setOperands({acc, partial->getResult(0)});
  newAccumulate->getResult(0).setType(partialType);
  match.accumulate->replaceAllUsesWith(newAccumulate);
  match.accumulate->erase();
  if (match.convert)
    match.convert->erase();

  // After the loop: across threads, then with the original initial value.
  builder.setInsertionPointAfter(loop);
  auto finalType = RankedTensorType::get(
      {m}, elemType, SliceEncodingAttr::get(ctx, 1, partialLayout));
  ReduceOp total = cloneReduce(builder, oldResult, finalType, 1);
  Value converted = ConvertLayoutOp::create(builder, loop.getLoc(), resultType,
                                            total->getResult(0));
  Operation *combined = builder.clone(*newAccumulate);
  combined->setOperands({oldInit, converted});
  combined->getResult(0).setType(resultType);
  oldResult.replaceAllUsesExcept(combined->getResult(0), total);
  reduce.erase();
}

struct OptimizeThreadLocalityPass
    : public mlir::triton::gpu::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocalityPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int> numWarps = TritonGPUDialect::getNumWarps(module);
    if (!numWarps)
      return;
    int threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
    int numCTAs = TritonGPUDialect::getNumCTAs(module);
    SmallVector<LoopReduction> reductions;
    module.walk([&](ReduceOp reduce) {
      if (auto match = matchLoopReduction(reduce))
        reductions.push_back(*match);
    });
    for (LoopReduction &match : reductions) {
      LLVM_DEBUG(llvm::dbgs() << "thread-local " << match.reduce << "\n");
      makeThreadLocal(match);
    }

    SmallVector<GatherOp> gathers;
    module.walk([&](GatherOp gather) { gathers.push_back(gather); });
    for (GatherOp gather : gathers) {
      RankedTensorType src = gather.getSrc().getType();
      RankedTensorType indices = gather.getIndices().getType();
      unsigned axis = gather.getAxis();
      // The verifier holds the result to the indices' layout; IR built
      // without it (or tensors without distributed layouts) is left alone
      // rather than rewritten on a wrong premise.
      auto isDistributed = [](RankedTensorType type) {
        return isa_and_nonnull<DistributedEncodingTrait>(type.getEncoding());
      };
      if (gather.getType().getEncoding() != indices.getEncoding() ||
          !isDistributed(src) || !isDistributed(indices)) {
        LLVM_DEBUG(llvm::dbgs() << "gather left alone: its layouts are not "
                                   "distributed or the result's differs\n");
        continue;
      }
      if (src.getRank() < 2 || numCTAs != 1 ||
          (isWarpLocal(src, axis) && isWarpLocal(indices, axis)))
        continue;
      // The axis first, in registers beyond one element per lane.
      SmallVector<unsigned> order{axis};
      SmallVector<unsigned> current = getDefaultOrder(src.getRank());
      if (auto blocked = dyn_cast<BlockedEncodingAttr>(src.getEncoding()))
        current.assign(blocked.getOrder().begin(), blocked.getOrder().end());
      for (unsigned d : current)
        if (d != axis)
          order.push_back(d);
      SmallVector<unsigned> sizePerThread(src.getRank(), 1);
      sizePerThread[axis] =
          std::max<int64_t>(1, src.getShape()[axis] / threadsPerWarp);
      BlockedEncodingAttr layout =
          getBlockedEncoding(&getContext(), src.getShape(), sizePerThread,
                             order, *numWarps, threadsPerWarp, numCTAs);
      if (layout.getWarpsPerCTA()[axis] != 1)
        continue;
      LLVM_DEBUG(llvm::dbgs() << "warp-local gather " << gather << "\n");
      OpBuilder builder(gather);
      Location loc = gather.getLoc();
      gather.getSrcMutable().set(ConvertLayoutOp::create(
          builder, loc, withEncoding(src, layout), gather.getSrc()));
      gather.getIndicesMutable().set(ConvertLayoutOp::create(
          builder, loc, withEncoding(indices, layout), gather.getIndices()));
      builder.setInsertionPointAfter(gather);
      RankedTensorType resultType = gather.getType();
      gather.getResult().setType(withEncoding(resultType, layout));
      auto back = ConvertLayoutOp::create(builder, loc, resultType, gather);
      gather.getResult().replaceAllUsesExcept(back, back);
    }
  }
};

} // namespace

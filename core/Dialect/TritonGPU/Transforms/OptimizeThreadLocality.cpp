//===- OptimizeThreadLocality.cpp - Warp-local gathers --------------------===//
//
// Gives tt.gather a layout in which the gathered axis lives inside warps
// (registers and lanes), so that no element crosses a warp.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/IR/Builders.h"
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
    SmallVector<GatherOp> gathers;
    module.walk([&](GatherOp gather) { gathers.push_back(gather); });
    for (GatherOp gather : gathers) {
      RankedTensorType src = gather.getSrc().getType();
      RankedTensorType indices = gather.getIndices().getType();
      unsigned axis = gather.getAxis();
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

//===- ReduceDataDuplication.cpp - Dot operands through shared memory -----===//
//
// A conversion to a dot-operand layout that crosses warps becomes a store
// to shared memory and a load from it: each element is written once and
// read by every thread that needs a copy.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ttg-reduce-data-duplication"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Whether converting `src` to `dst` moves data between warps (or CTAs):
/// only then is shared memory needed.
bool crossesWarps(RankedTensorType src, RankedTensorType dst) {
  auto srcLayout = cast<DistributedEncodingTrait>(src.getEncoding());
  auto dstLayout = cast<DistributedEncodingTrait>(dst.getEncoding());
  LinearLayout from = srcLayout.toLinearLayout(src.getShape());
  LinearLayout to = dstLayout.toLinearLayout(dst.getShape());
  for (StringRef name : {"warp", "block"}) {
    StringAttr dim = StringAttr::get(src.getContext(), name);
    if (from.hasInDim(dim) != to.hasInDim(dim))
      return true;
    if (from.hasInDim(dim) &&
        from.getBases().lookup(dim) != to.getBases().lookup(dim))
      return true;
  }
  return false;
}

/// The memory order of a tensor in `layout`: a blocked layout's order, the
/// row-major order otherwise.
SmallVector<unsigned> getMemoryOrder(Attribute layout, unsigned rank) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return SmallVector<unsigned>(blocked.getOrder());
  return getDefaultOrder(rank);
}

/// The shared layout of the staging buffer. FMA operands (blocked parent)
/// are read row by row and need no swizzle; operands of matrix instructions
/// read `kWidth`-element vectors, or 16-byte row segments, from consecutive
/// rows, so 16-byte vectors are XOR-swizzled across the 128-byte bank window.
SwizzledSharedEncodingAttr getStagingLayout(RankedTensorType src,
                                            DotOperandEncodingAttr dot) {
  MLIRContext *ctx = src.getContext();
  unsigned rank = src.getRank();
  SmallVector<unsigned> order = getMemoryOrder(src.getEncoding(), rank);
  auto layout = cast<LayoutEncodingTrait>(src.getEncoding());
  CTALayoutAttr cta =
      CTALayoutAttr::get(ctx, layout.getCTAsPerCGA(), layout.getCTASplitNum(),
                         layout.getCTAOrder());
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
  if (!isa<BlockedEncodingAttr>(dot.getParent()) && rank >= 2) {
    unsigned elemBytes =
        std::max(1u, src.getElementType().getIntOrFloatBitWidth() / 8);
    int64_t inner = src.getShape()[order[0]];
    // Matrix loads (e.g. 8x8 tiles) read 16-byte row segments: swizzle in
    // units of at least that, so each segment stays contiguous.
    vec = std::max<unsigned>(dot.getKWidth(), 16 / elemBytes);
    vec = std::max<unsigned>(1, std::min<int64_t>(vec, inner));
    perPhase = std::max<int64_t>(1, 128 / (inner * elemBytes));
    maxPhase =
        std::max<int64_t>(1, std::min<int64_t>(inner / vec, 8) / perPhase);
  }
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         cta);
}

struct ReduceDataDuplicationPass
    : public mlir::triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplicationPass> {
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> candidates;
    getOperation().walk([&](ConvertLayoutOp convert) {
      RankedTensorType src = convert.getSrc().getType();
      RankedTensorType dst = convert.getType();
      if (!isa<DotOperandEncodingAttr>(dst.getEncoding()) ||
          !isa<DistributedEncodingTrait>(src.getEncoding()) ||
          isa<DotOperandEncodingAttr>(src.getEncoding()))
        return;
      if (crossesWarps(src, dst))
        candidates.push_back(convert);
    });
    MLIRContext *ctx = &getContext();
    for (ConvertLayoutOp convert : candidates) {
      RankedTensorType src = convert.getSrc().getType();
      auto dot = cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
      auto memType = MemDescType::get(src.getShape(), src.getElementType(),
                                      getStagingLayout(src, dot),
                                      SharedMemorySpaceAttr::get(ctx));
      OpBuilder builder(convert);
      Value buffer = LocalAllocOp::create(builder, convert.getLoc(), memType,
                                          convert.getSrc());
      Value loaded = LocalLoadOp::create(builder, convert.getLoc(),
                                         convert.getType(), buffer);
      convert.getResult().replaceAllUsesWith(loaded);
      convert.erase();
    }
  }
};

} // namespace

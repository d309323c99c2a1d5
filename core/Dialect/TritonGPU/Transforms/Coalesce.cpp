//===- Coalesce.cpp - Vectorising layouts for global memory accesses ------===//
//
// Gives each global load, store and atomic a blocked layout in which the
// threads of a warp walk the contiguous dimension of memory and each thread
// holds one aligned vector (up to 128 bits), as the axis analysis allows.
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Debug.h"

#include <numeric>

#define DEBUG_TYPE "ttg-coalesce"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The pointer operand of a global memory access, if it is a tensor.
Value getTensorPointer(Operation *op) {
  Value ptr;
  if (auto load = dyn_cast<LoadOp>(op))
    ptr = load.getPtr();
  else if (auto store = dyn_cast<StoreOp>(op))
    ptr = store.getPtr();
  else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    ptr = rmw.getPtr();
  else if (auto cas = dyn_cast<AtomicCASOp>(op))
    ptr = cas.getPtr();
  if (!ptr || !isa<RankedTensorType>(ptr.getType()))
    return Value();
  return ptr;
}

/// The dimensions of `ptr` from most to least contiguous; ties keep the
/// order of the current layout.
SmallVector<unsigned> getMemoryOrder(const trident::AxisInfo &info,
                                     ArrayRef<unsigned> currentOrder) {
  SmallVector<unsigned> order(currentOrder);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return info.getContiguity(a) > info.getContiguity(b);
  });
  return order;
}

struct CoalescePass
    : public mlir::triton::gpu::impl::TritonGPUCoalesceBase<CoalescePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int> numWarps = TritonGPUDialect::getNumWarps(module);
    if (!numWarps) {
      module.emitError() << "ttg-coalesce: the module has no ttg.num-warps "
                            "(run convert-triton-to-tritongpu first)";
      return signalPassFailure();
    }
    int threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
    int numCTAs = TritonGPUDialect::getNumCTAs(module);
    trident::ModuleAxisInfoAnalysis analysis(module);

    // Decide every layout first: the analysis refers to the original IR.
    struct Access {
      Operation *op;
      RankedTensorType type;
      BlockedEncodingAttr current;
      SmallVector<unsigned> order;
      unsigned elemBits;
      int64_t perThread;
    };
    SmallVector<Access> accesses;
    module.walk([&](Operation *op) {
      Value ptr = getTensorPointer(op);
      if (!ptr)
        return;
      auto type = cast<RankedTensorType>(ptr.getType());
      auto current = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
      trident::AxisInfo *info = analysis.getAxisInfo(ptr);
      if (!current || !info)
        return;
      SmallVector<unsigned> order = getMemoryOrder(*info, current.getOrder());
      Type pointee = getElementTypeOrSelf(getPointeeType(type));
      unsigned elemBits = isa<PointerType>(pointee)
                              ? 64
                              : std::max(8u, pointee.getIntOrFloatBitWidth());
      unsigned dim = order.front();
      // One aligned access of at most 128 bits.
      int64_t alignment = std::min<int64_t>(
          std::max<int64_t>(info->getDivisibility(dim) / (elemBits / 8), 1),
          info->getContiguity(dim));
      int64_t perThread = std::min<int64_t>(alignment, 128 / elemBits);
      accesses.push_back({op, type, current, order, elemBits,
                          std::max<int64_t>(perThread, 1)});
    });

    // Accesses of one function with the same shape and order share a
    // layout, so that values flow between them without conversions: the
    // widest vector any of them allows (stores stay within 128 bits).
    SmallVector<std::pair<Operation *, BlockedEncodingAttr>> decisions;
    for (const Access &access : accesses) {
      int64_t perThread = access.perThread;
      Operation *func = access.op->getParentOfType<FunctionOpInterface>();
      for (const Access &other : accesses)
        if (other.op->getParentOfType<FunctionOpInterface>() == func &&
            other.type.getShape() == access.type.getShape() &&
            other.order == access.order)
          perThread = std::max(perThread, other.perThread);
      if (!isa<LoadOp>(access.op))
        perThread = std::min<int64_t>(perThread, 128 / access.elemBits);
      int64_t numElems = access.type.getNumElements();
      int64_t numThreads = int64_t(*numWarps) * threadsPerWarp * numCTAs;
      perThread = std::max<int64_t>(
          1, std::min<int64_t>(perThread,
                               std::max<int64_t>(numElems / numThreads, 1)));
      SmallVector<unsigned> sizePerThread(access.type.getRank(), 1);
      sizePerThread[access.order.front()] = perThread;
      BlockedEncodingAttr layout = getBlockedEncoding(
          &getContext(), access.type.getShape(), sizePerThread, access.order,
          *numWarps, threadsPerWarp, numCTAs);
      if (layout != access.current)
        decisions.push_back({access.op, layout});
    }

    for (auto [op, layout] : decisions) {
      LLVM_DEBUG(llvm::dbgs()
                 << "coalesce " << *op << " to " << layout << "\n");
      OpBuilder builder(op);
      Location loc = op->getLoc();
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(operand.get().getType());
        if (!type)
          continue;
        operand.set(ConvertLayoutOp::create(
            builder, loc, withEncoding(type, layout), operand.get()));
      }
      builder.setInsertionPointAfter(op);
      for (OpResult result : op->getResults()) {
        auto type = dyn_cast<RankedTensorType>(result.getType());
        if (!type)
          continue;
        result.setType(withEncoding(type, layout));
        auto back = ConvertLayoutOp::create(builder, loc, type, result);
        result.replaceAllUsesExcept(back, back);
      }
    }
  }
};

} // namespace

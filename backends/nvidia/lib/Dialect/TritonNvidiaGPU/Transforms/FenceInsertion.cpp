//===- FenceInsertion.cpp - Proxy fences before wgmma ---------------------===//
//
// nvidia-fence-insertion: a fence.proxy.async after each register-to-shared
// store whose buffer a ttng.warp_group_dot reads (see Passes.td), including
// the asynchronous copies that are lowered to such stores.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

#define DEBUG_TYPE "nvidia-fence-insertion"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_FENCEINSERTION
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Whether `copy` may fill its buffer by plain shared stores (the generic
/// proxy) instead of cp.async, which moves only 4, 8 or 16 bytes: when a
/// thread of its source layout holds fewer than 4 bytes consecutive along
/// the buffer's contiguous dimension (an i8 operand staged K-major from an
/// N-major load, or a load the coalescing left one element wide for want of
/// alignment). The layout is what the lowering vectorizes by; coalescing
/// already narrowed it to what the pointers' alignment allows.
bool mayStoreFromRegisters(ttg::AsyncCopyGlobalToLocalOp copy) {
  auto bufferType = cast<ttg::MemDescType>(copy.getResult().getType());
  auto layout =
      dyn_cast<ttg::NVMMASharedEncodingAttr>(bufferType.getEncoding());
  auto srcType = cast<RankedTensorType>(copy.getSrc().getType());
  unsigned rank = srcType.getRank();
  if (!layout || rank < 2 || !srcType.getEncoding())
    return true;
  unsigned contiguousDim = layout.getTransposed() ? rank - 2 : rank - 1;
  // Consecutive elements of a thread along that dimension: the leading
  // register bases that step it by 1, 2, 4, ...
  triton::LinearLayout source = ttg::toLinearLayout(srcType);
  StringAttr kRegister = StringAttr::get(copy.getContext(), "register");
  int32_t run = 1;
  for (int32_t i = 0; i < source.getInDimSizeLog2(kRegister); ++i) {
    ArrayRef<int32_t> basis = source.getBasis(kRegister, i);
    bool steps = llvm::all_of(llvm::seq<unsigned>(0, rank), [&](unsigned d) {
      return basis[d] == (d == contiguousDim ? run : 0);
    });
    if (!steps)
      break;
    run *= 2;
  }
  return run * bufferType.getElementTypeBitWidth() < 32;
}

struct FenceInsertion
    : public mlir::triton::nvidia_gpu::impl::FenceInsertionBase<
          FenceInsertion> {
  void runOnOperation() override {
    // The buffers the warp-group dots read.
    llvm::SetVector<Value> buffers;
    getOperation().walk([&](ttng::WarpGroupDotOp dot) {
      if (isa<ttg::MemDescType>(dot.getA().getType()))
        buffers.insert(triton::getViewedBuffer(dot.getA()));
      buffers.insert(triton::getViewedBuffer(dot.getB()));
    });
    if (buffers.empty())
      return;

    // Their register-to-shared stores.
    SmallVector<Operation *> stores;
    for (Value buffer : buffers) {
      auto alloc = buffer.getDefiningOp<ttg::LocalAllocOp>();
      if (alloc && alloc.getSrc())
        stores.push_back(alloc);
    }
    auto readByDot = [&](Value view) {
      return llvm::is_contained(buffers, triton::getViewedBuffer(view));
    };
    getOperation().walk([&](Operation *op) {
      if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
        if (readByDot(store.getDst()))
          stores.push_back(store);
      } else if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
        if (readByDot(copy.getResult()) && mayStoreFromRegisters(copy))
          stores.push_back(copy);
      }
    });
    for (Operation *store : stores) {
      if (isa_and_nonnull<ttng::FenceAsyncSharedOp>(store->getNextNode()))
        continue;
      OpBuilder builder(store->getContext());
      builder.setInsertionPointAfter(store);
      ttng::FenceAsyncSharedOp::create(builder, store->getLoc(),
                                       /*bCluster=*/false);
    }
  }
};

} // namespace

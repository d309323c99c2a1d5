//===- FenceInsertion.cpp - Proxy fences before wgmma ---------------------===//
//
// nvidia-fence-insertion: a fence.proxy.async after each register-to-shared
// store whose buffer a ttng.warp_group_dot reads (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

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
    getOperation().walk([&](ttg::LocalStoreOp store) {
      if (llvm::any_of(buffers, [&](Value buffer) {
            return triton::getViewedBuffer(store.getDst()) == buffer;
          }))
        stores.push_back(store);
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

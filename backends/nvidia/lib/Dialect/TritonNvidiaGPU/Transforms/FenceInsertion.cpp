//===- FenceInsertion.cpp - Proxy fences before wgmma ---------------------===//
//
// nvidia-fence-insertion: a fence.proxy.async after each register-to-shared
// store whose buffer a ttng.warp_group_dot reads (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_FENCEINSERTION
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The buffer `memDesc` is a view of (itself when it is not a view).
Value getUnderlyingBuffer(Value memDesc) {
  while (Operation *def = memDesc.getDefiningOp()) {
    if (!isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp>(def))
      break;
    memDesc = def->getOperand(0);
  }
  return memDesc;
}

/// Whether `memDesc` is `buffer` or a view of it.
bool isViewOf(Value memDesc, Value buffer) {
  return getUnderlyingBuffer(memDesc) == buffer;
}

struct FenceInsertion
    : public mlir::triton::nvidia_gpu::impl::FenceInsertionBase<
          FenceInsertion> {
  void runOnOperation() override {
    // The buffers the warp-group dots read.
    llvm::SetVector<Value> buffers;
    getOperation().walk([&](ttng::WarpGroupDotOp dot) {
      if (isa<ttg::MemDescType>(dot.getA().getType()))
        buffers.insert(getUnderlyingBuffer(dot.getA()));
      buffers.insert(getUnderlyingBuffer(dot.getB()));
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
            return isViewOf(store.getDst(), buffer);
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

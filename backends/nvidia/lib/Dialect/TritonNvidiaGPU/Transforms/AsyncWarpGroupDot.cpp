//===- AsyncWarpGroupDot.cpp - wgmma overlapped with its loop -------------===//
//
// nvidia-async-warp-group-dot: a loop-carried ttng.warp_group_dot of a
// pipelined loop becomes asynchronous, waited for one iteration later (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "nvidia-async-warp-group-dot"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_ASYNCWARPGROUPDOT
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The iter_arg index `dot` accumulates into: its accumulator is that
/// iter_arg and its result, used by nothing else, is yielded in its place.
std::optional<unsigned> getCarriedAccumulator(ttng::WarpGroupDotOp dot,
                                              scf::ForOp loop) {
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != loop.getBody() ||
      acc == loop.getInductionVar() || !acc.hasOneUse() ||
      !dot.getD().hasOneUse())
    return std::nullopt;
  unsigned index = acc.getArgNumber() - loop.getNumInductionVars();
  OpOperand &use = *dot.getD().getUses().begin();
  if (!isa<scf::YieldOp>(use.getOwner()) || use.getOperandNumber() != index)
    return std::nullopt;
  return index;
}

/// Whether the buffers `dot` reads stay put while it runs on: values from
/// outside `loop`, or slots of buffers allocated outside it that the loop
/// writes only with asynchronous copies (returned in `copies`).
bool readsStableBuffers(ttng::WarpGroupDotOp dot, scf::ForOp loop,
                        SmallVectorImpl<Operation *> &copies) {
  SmallVector<Value> buffers;
  for (Value operand : {dot.getA(), Value(dot.getB())}) {
    if (!isa<ttg::MemDescType>(operand.getType()))
      return false;
    Value buffer = triton::getViewedBuffer(operand);
    if (!loop.isDefinedOutsideOfLoop(buffer))
      return false;
    buffers.push_back(buffer);
  }
  bool stable = true;
  loop.getBody()->walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      Value target = instance.getValue();
      if (!isa<MemoryEffects::Write>(instance.getEffect()) || !target ||
          !isa<ttg::MemDescType>(target.getType()) ||
          !llvm::is_contained(buffers, triton::getViewedBuffer(target)))
        continue;
      if (isa<ttg::AsyncCopyGlobalToLocalOp>(op) &&
          op->getBlock() == loop.getBody())
        copies.push_back(op);
      else
        stable = false;
    }
  });
  return stable;
}

/// Makes `dot` asynchronous in `loop`, or leaves both alone.
void makeAsync(ttng::WarpGroupDotOp dot, scf::ForOp loop) {
  std::optional<unsigned> index = getCarriedAccumulator(dot, loop);
  SmallVector<Operation *> copies;
  if (!index || dot.getIsAsync() || !readsStableBuffers(dot, loop, copies)) {
    LLVM_DEBUG(llvm::dbgs() << "leaving " << dot << " synchronous\n");
    return;
  }
  OpBuilder builder(dot.getContext());
  builder.setInsertionPointAfter(dot);
  dot.setIsAsync(true);
  auto wait = ttng::WarpGroupDotWaitOp::create(
      builder, dot.getLoc(), ValueRange{dot.getD(), dot.getA(), dot.getB()},
      /*pendings=*/1);
  dot.getD().replaceAllUsesExcept(wait.getResult(0), wait);

  // The refills of the operand slots, with the views they write through
  // and the commits grouping them, go after the wait, in their order.
  llvm::SetVector<Operation *> moved;
  for (Operation *copy : copies) {
    auto asyncCopy = cast<ttg::AsyncCopyGlobalToLocalOp>(copy);
    if (Operation *view = asyncCopy.getResult().getDefiningOp())
      if (view->getBlock() == loop.getBody() && view->isBeforeInBlock(dot) &&
          view->hasOneUse())
        moved.insert(view);
    moved.insert(copy);
    for (Operation *user : asyncCopy.getToken().getUsers())
      if (isa<ttg::AsyncCommitGroupOp>(user))
        moved.insert(user);
  }
  Operation *point = wait;
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    if (!moved.contains(&op) || !op.isBeforeInBlock(dot))
      continue;
    op.moveAfter(point);
    point = &op;
  }

  builder.setInsertionPointAfter(loop);
  Value result = loop.getResult(*index);
  auto drain = ttng::WarpGroupDotWaitOp::create(
      builder, loop.getLoc(), ValueRange{result}, /*pendings=*/0);
  result.replaceAllUsesExcept(drain.getResult(0), drain);
}

struct AsyncWarpGroupDot
    : public mlir::triton::nvidia_gpu::impl::AsyncWarpGroupDotBase<
          AsyncWarpGroupDot> {
  void runOnOperation() override {
    SmallVector<std::pair<ttng::WarpGroupDotOp, scf::ForOp>> dots;
    getOperation().walk([&](ttng::WarpGroupDotOp dot) {
      if (auto loop = dyn_cast<scf::ForOp>(dot->getParentOp()))
        dots.push_back({dot, loop});
    });
    for (auto [dot, loop] : dots)
      makeAsync(dot, loop);
  }
};

} // namespace

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

/// The iter_arg whose next value `dot` computes: its result, used by
/// nothing else, is yielded.
std::optional<unsigned> getYieldedIndex(ttng::WarpGroupDotOp dot,
                                        scf::ForOp loop) {
  if (!dot.getD().hasOneUse())
    return std::nullopt;
  OpOperand &use = *dot.getD().getUses().begin();
  if (!isa<scf::YieldOp>(use.getOwner()) ||
      use.getOwner()->getParentOp() != loop)
    return std::nullopt;
  return use.getOperandNumber();
}

/// The operands of `dot` in shared memory.
SmallVector<Value> getBuffers(ttng::WarpGroupDotOp dot) {
  SmallVector<Value> buffers;
  for (Value operand : {dot.getA(), Value(dot.getB())})
    if (isa<ttg::MemDescType>(operand.getType()))
      buffers.push_back(operand);
  return buffers;
}

/// The op of the loop body containing the first use of `value`, if any.
Operation *getFirstUserInBody(Value value, scf::ForOp loop) {
  Operation *first = nullptr;
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = loop.getBody()->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

/// Whether the buffers `dot` reads stay put while it runs on: values from
/// outside `loop`, or slots of buffers allocated outside it that the loop
/// writes only with asynchronous copies (returned in `copies`). Operands in
/// registers need nothing.
bool readsStableBuffers(ttng::WarpGroupDotOp dot, scf::ForOp loop,
                        SmallVectorImpl<Operation *> &copies) {
  SmallVector<Value> buffers;
  for (Value operand : {dot.getA(), Value(dot.getB())}) {
    // An operand in registers is the dot's own copy.
    if (!isa<ttg::MemDescType>(operand.getType()))
      continue;
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
  std::optional<unsigned> index = getYieldedIndex(dot, loop);
  SmallVector<Operation *> copies;
  if (!index || dot.getIsAsync() || !readsStableBuffers(dot, loop, copies)) {
    LLVM_DEBUG(llvm::dbgs() << "leaving " << dot << " synchronous\n");
    return;
  }
  BlockArgument carried = loop.getRegionIterArgs()[*index];
  Operation *firstUser = getFirstUserInBody(carried, loop);
  if (!firstUser)
    return;
  OpBuilder builder(dot.getContext());
  dot.setIsAsync(true);
  Operation *wait;
  if (dot.getC() == carried && carried.hasOneUse()) {
    // The dot accumulates into the carried value itself (a matmul): the
    // next dot chains onto its registers, so wait right after it with this
    // dot still pending; that retires the previous iteration's dot.
    builder.setInsertionPointAfter(dot);
    SmallVector<Value> inputs{dot.getD()};
    llvm::append_range(inputs, getBuffers(dot));
    auto pending = ttng::WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                                    inputs, /*pendings=*/1);
    dot.getD().replaceAllUsesExcept(pending.getResult(0), pending);
    wait = pending;
  } else {
    // The carried value is read before the next dot (attention rescales
    // its accumulator): the dot runs on into the next iteration until that
    // read, which waits for it.
    // The wait also names the buffers the dot reads (whole, since this
    // iteration's views come later): ttg-insert-barriers then puts a barrier
    // between it and the refills, for the other warp groups' dots.
    builder.setInsertionPoint(firstUser);
    SmallVector<Value> inputs{carried};
    for (Value buffer : getBuffers(dot))
      inputs.push_back(triton::getViewedBuffer(buffer));
    auto ready = ttng::WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                                  inputs, /*pendings=*/0);
    carried.replaceAllUsesExcept(ready.getResult(0), ready);
    wait = ready;
  }

  // The refills of the operand slots, with the views they write through
  // and the commits grouping them, go after the wait, in their order: the
  // slot they write is the one the previous iteration's dot read.
  llvm::SetVector<Operation *> moved;
  for (Operation *copy : copies) {
    auto asyncCopy = cast<ttg::AsyncCopyGlobalToLocalOp>(copy);
    if (Operation *view = asyncCopy.getResult().getDefiningOp())
      if (view->getBlock() == loop.getBody() && view->isBeforeInBlock(wait) &&
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
    if (!moved.contains(&op) || !op.isBeforeInBlock(wait))
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

//===- Pipeline.cpp - Multi-buffered asynchronous loads in loops ----------===//
//
// A loop whose loads feed dots through shared memory (tt.load ->
// ttg.local_alloc -> ttg.local_load into a dot-operand layout, the form
// ttg-reduce-data-duplication leaves, or -> a backend's matrix op that reads
// shared memory itself, like Hopper's warp-group dot, which says so through
// SharedMemoryMatmulOpInterface) waits for global memory
// in every iteration. This pass gives each such load a buffer of `num-stages`
// slots and starts its copy num-stages - 1 iterations ahead, with
// ttg.async_copy_global_to_local:
//
//   prologue:  copies for iterations 0 .. S-2 into slots 0 .. S-2
//   iteration i:
//     ttg.async_wait {num = (S-2)*L}  the groups of iteration i have landed
//                                     (one group a load, L loads, as
//                                     upstream commits them)
//     copies for iteration i+S-1      into slot (i+S-1) % S, the slot that
//                                     iteration i-1 read (ttg-insert-barriers
//                                     puts a barrier after the wait)
//     local_load from slot i % S      the rest of the body, unchanged
//   after the loop: ttg.async_wait {num = 0}, the buffers deallocated.
//
// What a copy needs (its pointers and mask) is recomputed ahead by cloning
// the ops of the body that compute it, with the induction variable moved
// ahead; loop-carried values that only feed those ops (pointers advanced
// each iteration) are carried ahead instead. A copy past the end of the
// loop is masked off. Loops where that is not possible are left alone.
// Tiles staged from values defined before the loop are staged once, before
// it.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ttg-pipeline"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// A load to pipeline, the staging buffer it fills and the slots replacing it.
struct StagedLoad {
  LoadOp load;
  LocalAllocOp staging;
  Value slots;
};

/// Whether `value` is absent or a constant zero.
bool isAbsentOrZero(Value value) {
  return !value || matchPattern(value, m_Zero()) ||
         matchPattern(value, m_AnyZeroFloat());
}

/// Whether `load` (in `body`) fills a shared buffer that is only read back
/// in `body`, at least once into a dot-operand layout.
FailureOr<LocalAllocOp> getStagingBuffer(LoadOp load, Block *body) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || !isa<PointerType>(getElementTypeOrSelf(load.getPtr())) ||
      load.getIsVolatile() || !isAbsentOrZero(load.getOther()) ||
      !load->hasOneUse())
    return failure();
  auto staging = dyn_cast<LocalAllocOp>(*load->user_begin());
  if (!staging || staging->getBlock() != body)
    return failure();
  bool feedsDot = false;
  for (Operation *user : staging->getUsers()) {
    if (user->getBlock() != body)
      return failure();
    if (auto read = dyn_cast<LocalLoadOp>(user)) {
      feedsDot |= isa<DotOperandEncodingAttr>(read.getType().getEncoding());
      continue;
    }
    // A matrix unit that reads its operand straight from shared memory (a
    // backend's op, e.g. wgmma, through SharedMemoryMatmulOpInterface).
    if (auto matmul = dyn_cast<SharedMemoryMatmulOpInterface>(user)) {
      for (OpOperand &use : user->getOpOperands())
        if (use.get() == staging.getResult() &&
            !matmul.readsSharedMatrixOperand(use))
          return failure();
      feedsDot = true;
      continue;
    }
    return failure();
  }
  if (!feedsDot)
    return failure();
  return staging;
}

/// The ops of the loop body that compute the operands of `loads` (in body
/// order), and the iter_args they carry ahead. Fails, saying why, when a
/// copy cannot be computed ahead: an operand comes from an op with effects
/// or regions, or a carried value (or something computed from it) is also
/// used by the rest of the body.
LogicalResult collectProducers(scf::ForOp loop, ArrayRef<StagedLoad> loads,
                               SetVector<Operation *> &producers,
                               llvm::SmallBitVector &carried,
                               std::string &why) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  carried.resize(loop.getNumRegionIterArgs());
  SmallVector<Value> worklist;
  for (const StagedLoad &staged : loads)
    llvm::append_range(worklist, staged.load->getOperands());
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value == loop.getInductionVar())
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != body)
        continue;
      unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
      if (!carried.test(index)) {
        carried.set(index);
        worklist.push_back(yield.getOperand(index));
      }
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != body || !seen.insert(def).second)
      continue;
    if (!isPure(def) || def->getNumRegions() != 0) {
      why = "an operand of a load comes from '" +
            def->getName().getStringRef().str() + "', which has effects";
      return failure();
    }
    llvm::append_range(worklist, def->getOperands());
  }
  for (Operation &op : body->without_terminator())
    if (seen.contains(&op))
      producers.insert(&op);

  // Values computed from carried ones hold later iterations' values once
  // carried ahead: nothing but the producers, the loads and their own
  // yields may read them.
  SmallVector<Operation *> loadOps;
  for (const StagedLoad &staged : loads)
    loadOps.push_back(staged.load);
  llvm::SmallPtrSet<Operation *, 16> ahead;
  auto usedOnlyAhead = [&](Value value) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == yield) {
        if (!carried.test(use.getOperandNumber()))
          return false;
        continue;
      }
      if (!producers.contains(user) && !llvm::is_contained(loadOps, user))
        return false;
    }
    return true;
  };
  for (unsigned index : carried.set_bits())
    if (!usedOnlyAhead(loop.getRegionIterArgs()[index])) {
      why = "loop-carried value #" + std::to_string(index) +
            " feeds a load and the rest of the loop";
      return failure();
    }
  for (Operation *op : producers) {
    bool fromCarried = llvm::any_of(op->getOperands(), [&](Value operand) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == body && arg != loop.getInductionVar())
        return true;
      Operation *def = operand.getDefiningOp();
      return def && ahead.contains(def);
    });
    if (!fromCarried)
      continue;
    ahead.insert(op);
    for (Value result : op->getResults())
      if (!usedOnlyAhead(result)) {
        why = "a value computed from a loop-carried pointer feeds a load "
              "and the rest of the loop";
        return failure();
      }
  }
  return success();
}

/// The type of one slot of a buffer of `slotsType`.
MemDescType getSlotType(MemDescType slotsType) {
  return MemDescType::get(slotsType.getShape().drop_front(),
                          slotsType.getElementType(), slotsType.getEncoding(),
                          slotsType.getMemorySpace(), /*mutableMemory=*/true);
}

/// Emits the copies of one iteration at the builder's point: `producers`
/// cloned with `mapping` (the induction variable and carried values of that
/// iteration), each load's copy into slot `slot` of its buffer, masked off
/// unless `valid`, and committed as a group of its own. Returns the groups'
/// tokens.
SmallVector<Value> emitCopies(OpBuilder &builder,
                              const SetVector<Operation *> &producers,
                              ArrayRef<StagedLoad> loads, IRMapping &mapping,
                              Value slot, Value valid) {
  SmallVector<Value> groups;
  // Producers come in body order; each load after the producers it reads.
  SmallVector<Operation *> order(producers.begin(), producers.end());
  for (const StagedLoad &staged : loads)
    order.push_back(staged.load);
  for (Operation *op : order) {
    if (producers.contains(op)) {
      builder.clone(*op, mapping);
      continue;
    }
    auto staged =
        llvm::find_if(loads, [&](const StagedLoad &s) { return s.load == op; });
    LoadOp load = staged->load;
    Location loc = load.getLoc();
    auto slotsType = cast<MemDescType>(staged->slots.getType());
    Value view = MemDescIndexOp::create(builder, loc, getSlotType(slotsType),
                                        staged->slots, slot);
    auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
    auto maskType = RankedTensorType::get(
        ptrType.getShape(), builder.getI1Type(), ptrType.getEncoding());
    Value mask = SplatOp::create(builder, loc, maskType, valid);
    if (Value original = load.getMask())
      mask = arith::AndIOp::create(builder, loc,
                                   mapping.lookupOrDefault(original), mask);
    Value other =
        load.getOther() ? mapping.lookupOrDefault(load.getOther()) : Value();
    auto copy = AsyncCopyGlobalToLocalOp::create(
        builder, loc, AsyncTokenType::get(builder.getContext()),
        mapping.lookupOrDefault(load.getPtr()), view, mask, other,
        load.getCache(), load.getEvict(), /*isVolatile=*/false,
        /*contiguity=*/1);
    groups.push_back(
        AsyncCommitGroupOp::create(builder, loc, ValueRange{copy.getToken()}));
  }
  return groups;
}

/// `value` converted to the type of the induction variable `iv`.
Value ivConstant(OpBuilder &builder, Location loc, Value iv, int64_t value) {
  return arith::ConstantOp::create(builder, loc, iv.getType(),
                                   builder.getIntegerAttr(iv.getType(), value));
}

/// Stages tiles computed before `loop` (e.g. attention's Q) once, before
/// it, instead of in every iteration: an immutable buffer of a value
/// defined above the loop holds the same in every iteration.
void hoistInvariantStaging(scf::ForOp loop) {
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->getOperations())) {
    auto staging = dyn_cast<LocalAllocOp>(op);
    if (!staging || !staging.getSrc() ||
        cast<MemDescType>(staging.getType()).getMutableMemory() ||
        !loop.isDefinedOutsideOfLoop(staging.getSrc()))
      continue;
    staging->moveBefore(loop);
  }
}

/// Pipelines `loop` over `numStages` slots, or leaves it alone.
void pipelineLoop(scf::ForOp loop, int numStages) {
  hoistInvariantStaging(loop);
  Block *body = loop.getBody();
  SmallVector<StagedLoad> loads;
  for (Operation &op : body->without_terminator())
    if (auto load = dyn_cast<LoadOp>(op))
      if (FailureOr<LocalAllocOp> staging = getStagingBuffer(load, body);
          succeeded(staging))
        loads.push_back({load, *staging, Value()});
  if (loads.empty())
    return;
  SetVector<Operation *> producers;
  llvm::SmallBitVector carried;
  std::string why;
  if (failed(collectProducers(loop, loads, producers, carried, why))) {
    LLVM_DEBUG(llvm::dbgs()
               << "not pipelining " << loop.getLoc() << ": " << why << "\n");
    return;
  }

  Location loc = loop.getLoc();
  int lookahead = numStages - 1;
  OpBuilder builder(loop);
  MLIRContext *ctx = loop.getContext();
  for (StagedLoad &staged : loads) {
    auto type = cast<MemDescType>(staged.staging.getType());
    SmallVector<int64_t> shape{numStages};
    llvm::append_range(shape, type.getShape());
    auto slotsType =
        MemDescType::get(shape, type.getElementType(), type.getEncoding(),
                         type.getMemorySpace(), /*mutableMemory=*/true);
    staged.slots =
        LocalAllocOp::create(builder, staged.staging.getLoc(), slotsType);
  }

  // Prologue: the copies of the first `lookahead` iterations.
  Value iv = loop.getInductionVar();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  // What the bound check needs is read now: replaceWithAdditionalYields
  // below erases `loop`, and the copies in the new body are checked against
  // the same bound (an operand defined above the loop, which survives).
  arith::CmpIPredicate inBounds = loop.getUnsignedCmp()
                                      ? arith::CmpIPredicate::ult
                                      : arith::CmpIPredicate::slt;
  Value upperBound = loop.getUpperBound();
  auto isValid = [&](OpBuilder &b, Value at) {
    return arith::CmpIOp::create(b, loc, inBounds, at, upperBound);
  };
  SmallVector<Value> carriedInits(loop.getInitArgs());
  // The groups last committed, which each wait names (tokens only order the
  // IR; the wait's count says which groups it waits for).
  SmallVector<Value> lastGroups;
  for (int stage = 0; stage < lookahead; ++stage) {
    IRMapping mapping;
    Value at = arith::AddIOp::create(
        builder, loc, loop.getLowerBound(),
        arith::MulIOp::create(builder, loc, loop.getStep(),
                              ivConstant(builder, loc, iv, stage)));
    mapping.map(iv, at);
    for (unsigned index : carried.set_bits())
      mapping.map(loop.getRegionIterArgs()[index], carriedInits[index]);
    Value slot = arith::ConstantIntOp::create(builder, loc, stage, 32);
    lastGroups = emitCopies(builder, producers, loads, mapping, slot,
                            isValid(builder, at));
    for (unsigned index : carried.set_bits())
      carriedInits[index] = mapping.lookupOrDefault(yield.getOperand(index));
  }
  for (unsigned index : carried.set_bits())
    loop.getInitArgsMutable()[index].set(carriedInits[index]);

  // The read and write slots and the groups last committed, carried by the
  // loop (the groups' yields are set once the body's copies exist).
  IRRewriter rewriter(ctx);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  Value first = arith::ConstantIntOp::create(builder, loc, lookahead, 32);
  auto nextSlot = [&](OpBuilder &b, Value slot) -> Value {
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    Value last = arith::ConstantIntOp::create(b, loc, numStages - 1, 32);
    Value zeroSlot = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value wraps =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, slot, last);
    return arith::SelectOp::create(b, loc, wraps, zeroSlot,
                                   arith::AddIOp::create(b, loc, slot, one));
  };
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits{zero, first};
  llvm::append_range(inits, lastGroups);
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> args) {
        SmallVector<Value> next{nextSlot(b, args[0]), nextSlot(b, args[1])};
        llvm::append_range(next, args.drop_front(2));
        return next;
      });
  if (failed(replaced))
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  body = newLoop.getBody();
  yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned firstAdded = newLoop.getNumRegionIterArgs() - inits.size();
  Value readSlot = newLoop.getRegionIterArgs()[firstAdded];
  Value writeSlot = newLoop.getRegionIterArgs()[firstAdded + 1];
  auto carriedGroups = newLoop.getRegionIterArgs().drop_front(firstAdded + 2);
  iv = newLoop.getInductionVar();

  // In the body: wait for this iteration's group, start the copies of
  // iteration i + lookahead, read this iteration's slot.
  builder.setInsertionPointToStart(body);
  AsyncWaitOp::create(builder, loc, carriedGroups,
                      (lookahead - 1) * static_cast<int32_t>(loads.size()));
  IRMapping mapping;
  Value ahead = arith::AddIOp::create(
      builder, loc, iv,
      arith::MulIOp::create(builder, loc, newLoop.getStep(),
                            ivConstant(builder, loc, iv, lookahead)));
  mapping.map(iv, ahead);
  SmallVector<Value> groups = emitCopies(builder, producers, loads, mapping,
                                         writeSlot, isValid(builder, ahead));
  for (auto [index, group] : llvm::enumerate(groups))
    yield.setOperand(firstAdded + 2 + index, group);
  for (unsigned index : carried.set_bits())
    yield.setOperand(index, mapping.lookupOrDefault(yield.getOperand(index)));
  // The builder points into the body: erase nothing before the views exist.
  SmallVector<Value> views;
  for (StagedLoad &staged : loads)
    views.push_back(MemDescIndexOp::create(
        builder, staged.load.getLoc(),
        getSlotType(cast<MemDescType>(staged.slots.getType())), staged.slots,
        readSlot));
  for (auto [staged, view] : llvm::zip(loads, views)) {
    staged.staging.getResult().replaceAllUsesWith(view);
    staged.staging.erase();
    staged.load.erase();
  }
  // The originals of what was cloned ahead are dead now.
  for (Operation *op : llvm::reverse(producers))
    if (op->use_empty())
      op->erase();

  builder.setInsertionPointAfter(newLoop);
  AsyncWaitOp::create(builder, loc,
                      newLoop.getResults().drop_front(firstAdded + 2), 0);
  for (StagedLoad &staged : loads)
    LocalDeallocOp::create(builder, loc, staged.slots);
}

struct PipelinePass
    : public mlir::triton::gpu::impl::TritonGPUPipelineBase<PipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    if (numStages < 2)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      pipelineLoop(loop, numStages);
  }
};

} // namespace

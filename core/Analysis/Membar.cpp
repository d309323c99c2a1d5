//===- Membar.cpp - Barriers between shared-memory accesses ---------------===//

#include "trident/Analysis/Membar.h"

#include "trident/Analysis/Allocation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <limits>

using namespace mlir;
using namespace mlir::triton;

namespace {

struct Access {
  int64_t begin, end; // bytes [begin, end)
  bool write;
};

using AccessSet = SmallVector<Access>;

bool conflicts(const Access &a, const Access &b) {
  return (a.write || b.write) && a.begin < b.end && b.begin < a.end;
}

/// The range of a memory descriptor's buffer, or all of shared memory.
Access rangeOf(Value memDesc, bool write) {
  if (auto range = getBufferRange(memDesc))
    return {range->first, range->first + range->second, write};
  return {0, std::numeric_limits<int64_t>::max(), write};
}

/// What `op` itself (not its regions) reads and writes. An asynchronous
/// copy's write is not among them: it is ordered by the ttg.async_wait that
/// completes it (see BarrierInserter).
AccessSet accessesOf(Operation *op) {
  AccessSet result;
  if (auto alloc = dyn_cast<triton::gpu::LocalAllocOp>(op)) {
    if (alloc.getSrc())
      result.push_back(rangeOf(alloc.getResult(), /*write=*/true));
  } else if (auto store = dyn_cast<triton::gpu::LocalStoreOp>(op)) {
    result.push_back(rangeOf(store.getDst(), /*write=*/true));
  } else if (auto load = dyn_cast<triton::gpu::LocalLoadOp>(op)) {
    result.push_back(rangeOf(load.getSrc(), /*write=*/false));
  } else if (int64_t bytes = getScratchSizeInBytes(op)) {
    auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    int64_t begin = offset ? offset.getInt() : 0;
    int64_t end = offset ? begin + bytes : std::numeric_limits<int64_t>::max();
    result.push_back({begin, end, /*write=*/true});
  } else if (auto effects = dyn_cast<MemoryEffectOpInterface>(op);
             effects && !isa<triton::gpu::AsyncCopyGlobalToLocalOp>(op)) {
    // Any other op (a backend's, e.g. a matrix unit reading its operands
    // from shared memory) says what it reads and writes of which buffer.
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      bool write = isa<MemoryEffects::Write>(instance.getEffect());
      if (!isa<triton::gpu::SharedMemory>(instance.getResource()) ||
          !(write || isa<MemoryEffects::Read>(instance.getEffect())))
        continue;
      Value buffer = instance.getValue();
      result.push_back(
          buffer ? rangeOf(buffer, write)
                 : Access{0, std::numeric_limits<int64_t>::max(), write});
    }
  }
  return result;
}

/// Every access inside `op`, its regions included.
AccessSet allAccessesIn(Operation *op) {
  AccessSet result;
  op->walk([&](Operation *nested) {
    AccessSet own = accessesOf(nested);
    result.append(own.begin(), own.end());
  });
  return result;
}

class BarrierInserter {
public:
  /// Walks `block` with `pending` (accesses not yet ordered by a barrier),
  /// inserting barriers; returns what is pending at the end.
  AccessSet processBlock(Block &block, AccessSet pending) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (isa<mlir::gpu::BarrierOp>(op)) {
        pending.clear();
        continue;
      }
      if (isa<triton::gpu::AsyncWaitOp>(op)) {
        Operation *next = op.getNextNode();
        if (!next || !isa<mlir::gpu::BarrierOp>(next)) {
          OpBuilder builder(block.getParent()->getContext());
          builder.setInsertionPointAfter(&op);
          mlir::gpu::BarrierOp::create(builder, op.getLoc());
        }
        pending.clear();
        continue;
      }
      AccessSet own = accessesOf(&op);
      // An asynchronous copy waits for earlier reads of its buffer like any
      // write, but its own write is ordered at its ttg.async_wait.
      AccessSet ordered = own;
      if (auto copy = dyn_cast<triton::gpu::AsyncCopyGlobalToLocalOp>(op))
        ordered.push_back(rangeOf(copy.getResult(), /*write=*/true));
      bool needBarrier = llvm::any_of(ordered, [&](const Access &a) {
        return llvm::any_of(pending,
                            [&](const Access &p) { return conflicts(a, p); });
      });
      if (needBarrier) {
        OpBuilder builder(&op);
        mlir::gpu::BarrierOp::create(builder, op.getLoc());
        pending.clear();
      }
      pending.append(own.begin(), own.end());
      if (op.getNumRegions() != 0)
        pending = processRegions(op, std::move(pending));
    }
    return pending;
  }

private:
  AccessSet processRegions(Operation &op, AccessSet pending) {
    AccessSet entry = pending;
    // A loop body (or any region that may run again, or a CFG of several
    // blocks) starts with what the body itself may leave pending.
    bool repeats = isa<LoopLikeOpInterface>(op);
    for (Region &region : op.getRegions())
      if (!region.hasOneBlock() && !region.empty())
        repeats = true;
    if (repeats) {
      AccessSet inside = allAccessesIn(&op);
      entry.append(inside.begin(), inside.end());
    }
    AccessSet out = entry;
    for (Region &region : op.getRegions())
      for (Block &block : region) {
        AccessSet leftover = processBlock(block, entry);
        out.append(leftover.begin(), leftover.end());
      }
    return out;
  }
};

} // namespace

void mlir::triton::insertBarriers(FunctionOpInterface func) {
  if (func.isExternal())
    return;
  BarrierInserter inserter;
  Region &body = func.getFunctionBody();
  if (body.hasOneBlock()) {
    inserter.processBlock(body.front(), {});
    return;
  }
  // Several blocks: each starts with everything the function may access.
  AccessSet all = allAccessesIn(func.getOperation());
  for (Block &block : body)
    inserter.processBlock(block, all);
}

void mlir::triton::insertBarriers(ModuleOp module) {
  module.walk([](FunctionOpInterface func) { insertBarriers(func); });
}

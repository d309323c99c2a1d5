//===- PromoteTileBuffers.cpp - Small static buffers on the stack ---------===//
//
// A program of the cpu target allocates its tiles (loaded blocks, temporary
// results) as memref.alloc of static shape; as heap memory each costs a
// malloc and a free per program. linalg-promote-tile-buffers turns the small
// ones into memref.alloca at the start of the function, once per call.
// linalg-hoist-loop-allocas moves the stack buffers that later lowerings
// allocate inside loops there too: in LLVM each would take a new slot on
// every iteration.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-promote-tile-buffers"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_HOISTLOOPALLOCAS
#define GEN_PASS_DEF_PROMOTETILEBUFFERS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The size in bytes of a buffer of static shape `type`, or nullopt when the
/// shape is dynamic or the element has no fixed byte size.
std::optional<int64_t> getStaticByteSize(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::nullopt;
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return std::nullopt;
  int64_t bits = element.getIntOrFloatBitWidth();
  int64_t bytes = bits <= 8 ? 1 : (bits + 7) / 8;
  return type.getNumElements() * bytes;
}

/// Whether `op` lies inside a loop of its function.
bool isInsideLoop(Operation *op, Operation *function) {
  for (Operation *parent = op->getParentOp(); parent && parent != function;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  return false;
}

/// Whether the buffer `buffer` may live beyond the place a stack slot at the
/// function's start would serve it: it (or a view of it) is returned from
/// the function, passed to a call, or, when `perIteration` (the allocation
/// is inside a loop, and one slot would serve every iteration), carried
/// out of any region or into an op that yields buffers.
bool mayEscape(Value buffer, bool perIteration) {
  SmallVector<Value> worklist = {buffer};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == value) {
          for (Value result : user->getResults())
            worklist.push_back(result);
          continue;
        }
      }
      if (isa<memref::CastOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (isa<CallOpInterface>(user))
        return true;
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        if (perIteration || isa<FunctionOpInterface>(user->getParentOp()))
          return true;
        // Outside loops: follow the buffer through the results of the op
        // the region yields to.
        for (Value result : user->getParentOp()->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
        continue;
      }
      bool yieldsBuffers = llvm::any_of(user->getResultTypes(), [](Type type) {
        return isa<BaseMemRefType>(type);
      });
      if (!yieldsBuffers)
        continue;
      if (perIteration)
        return true;
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()))
          worklist.push_back(result);
    }
  }
  return false;
}

class PromoteTileBuffersPass
    : public mlir::triton::cpu::impl::PromoteTileBuffersBase<
          PromoteTileBuffersPass> {
public:
  using PromoteTileBuffersBase::PromoteTileBuffersBase;

  void runOnOperation() override {
    FunctionOpInterface function = getOperation();
    if (function.isExternal())
      return;
    Block &entry = function.getFunctionBody().front();
    SmallVector<memref::AllocOp> allocs;
    function.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });

    int64_t used = 0;
    OpBuilder builder(&getContext());
    Operation *lastAlloca = nullptr;
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      std::optional<int64_t> bytes = getStaticByteSize(type);
      if (!bytes || *bytes > maxBufferBytes ||
          used + *bytes > maxFunctionBytes || type.getMemorySpace()) {
        LLVM_DEBUG(llvm::dbgs() << "kept on the heap (size): " << alloc
                                << "\n");
        continue;
      }
      if (mayEscape(alloc.getResult(), isInsideLoop(alloc, function))) {
        LLVM_DEBUG(llvm::dbgs()
                   << "kept on the heap (escapes): " << alloc << "\n");
        continue;
      }
      int64_t alignment =
          std::max<int64_t>(alloc.getAlignment().value_or(0), this->alignment);
      // In the order of the allocations, at the start of the function.
      if (lastAlloca)
        builder.setInsertionPointAfter(lastAlloca);
      else
        builder.setInsertionPointToStart(&entry);
      auto alloca = memref::AllocaOp::create(
          builder, alloc.getLoc(), type, builder.getI64IntegerAttr(alignment));
      // A stack slot is not freed.
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      alloc.getResult().replaceAllUsesWith(alloca.getResult());
      alloc.erase();
      lastAlloca = alloca;
      used += *bytes;
    }
  }
};

class HoistLoopAllocasPass
    : public mlir::triton::cpu::impl::HoistLoopAllocasBase<
          HoistLoopAllocasPass> {
public:
  void runOnOperation() override {
    FunctionOpInterface function = getOperation();
    if (function.isExternal())
      return;
    SmallVector<memref::AllocaOp> hoisted;
    function.walk([&](memref::AllocaOp alloca) {
      // Without operands (a static shape, no dynamic symbols) the op can
      // move to the entry block as it is.
      if (alloca->getNumOperands() == 0 && isInsideLoop(alloca, function) &&
          !mayEscape(alloca.getResult(), /*perIteration=*/true))
        hoisted.push_back(alloca);
    });
    Block &entry = function.getFunctionBody().front();
    // In program order, after the allocations already at the start.
    auto end = llvm::find_if(entry, [](Operation &op) {
      return !isa<memref::AllocaOp>(op);
    });
    for (memref::AllocaOp alloca : hoisted)
      alloca->moveBefore(&entry, end);
  }
};

} // namespace

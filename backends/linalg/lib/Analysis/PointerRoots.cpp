//===- PointerRoots.cpp - Which buffer a pointer points into --------------===//
//
// The buffer-pointer marker casts, and the walk from a pointer value back to
// the buffer it is relative to (see PointerRoots.h).
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/PointerRoots.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-pointer-roots"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {

MemRefType getBufferType(Type elementType) {
  // Booleans are bytes in memory (0 or 1), as Triton stores them: a memref
  // of i1 would pack vectors of them into bits.
  if (elementType.isInteger(1))
    elementType = IntegerType::get(elementType.getContext(), 8);
  return MemRefType::get({ShapedType::kDynamic}, elementType);
}

Value createBufferPointer(OpBuilder &b, Location loc, Type ptrType,
                          Value buffer, Value offset) {
  auto cast = UnrealizedConversionCastOp::create(b, loc, TypeRange{ptrType},
                                                 ValueRange{buffer, offset});
  cast->setAttr(kBufferPointerAttr, b.getUnitAttr());
  return cast.getResult(0);
}

std::optional<std::pair<Value, Value>> matchBufferPointer(Value ptr) {
  auto cast = ptr.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || !cast->hasAttr(kBufferPointerAttr) || cast.getNumOperands() != 2)
    return std::nullopt;
  return std::make_pair(cast.getOperand(0), cast.getOperand(1));
}

/// A sentinel for "no constraint yet" (a cycle through a loop argument): the
/// walk returns success with a null value.
Value PointerRoots::join(Value a, Value b) { return a ? a : b; }

Value PointerRoots::lookup(Value ptr) {
  failureReason.clear();
  llvm::DenseSet<Value> visiting;
  Value root = lookupImpl(ptr, visiting);
  if (!root && failureReason.empty())
    failureReason = "the pointer is not derived from any buffer";
  return root;
}

/// Joins the roots of several incoming values; differing roots fail.
#define JOIN_OR_FAIL(acc, value)                                               \
  do {                                                                         \
    Value r_ = (value);                                                        \
    if (!r_ && !failureReason.empty())                                         \
      return Value();                                                          \
    if (acc && r_ && acc != r_) {                                              \
      failureReason = "the pointer may point into different buffers";          \
      return Value();                                                          \
    }                                                                          \
    acc = join(acc, r_);                                                       \
  } while (false)

Value PointerRoots::lookupImpl(Value ptr, llvm::DenseSet<Value> &visiting) {
  auto it = cache.find(ptr);
  if (it != cache.end())
    return it->second;
  if (!visiting.insert(ptr).second)
    return Value(); // A cycle: no constraint from this path.

  Value root;
  if (std::optional<std::pair<Value, Value>> bound = matchBufferPointer(ptr)) {
    root = bound->first;
  } else if (auto arg = dyn_cast<BlockArgument>(ptr)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() == 0) {
        failureReason = "an induction variable used as a pointer";
        return Value();
      }
      unsigned i = arg.getArgNumber() - 1;
      JOIN_OR_FAIL(root, lookupImpl(forOp.getInitArgs()[i], visiting));
      JOIN_OR_FAIL(root, lookupImpl(forOp.getYieldedValues()[i], visiting));
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() == whileOp.getBeforeBody()) {
        JOIN_OR_FAIL(root, lookupImpl(whileOp.getInits()[i], visiting));
        JOIN_OR_FAIL(root,
                     lookupImpl(whileOp.getYieldOp().getOperand(i), visiting));
      } else {
        JOIN_OR_FAIL(
            root, lookupImpl(whileOp.getConditionOp().getArgs()[i], visiting));
      }
    } else if (!arg.getOwner()->isEntryBlock()) {
      // A block argument of an unstructured CFG: join the predecessors.
      Block *block = arg.getOwner();
      for (auto predIt = block->pred_begin(); predIt != block->pred_end();
           ++predIt) {
        auto branch = dyn_cast<BranchOpInterface>((*predIt)->getTerminator());
        if (!branch) {
          failureReason = "a pointer flowing through an unknown branch";
          return Value();
        }
        SuccessorOperands operands =
            branch.getSuccessorOperands(predIt.getSuccessorIndex());
        Value incoming = operands[arg.getArgNumber()];
        if (!incoming) {
          failureReason = "a pointer produced by a branch";
          return Value();
        }
        JOIN_OR_FAIL(root, lookupImpl(incoming, visiting));
      }
    } else {
      failureReason = "a pointer argument that is not a buffer";
      return Value();
    }
  } else {
    Operation *op = ptr.getDefiningOp();
    if (isa<AddPtrOp, SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp,
            BitcastOp, AdvanceOp>(op)) {
      JOIN_OR_FAIL(root, lookupImpl(op->getOperand(0), visiting));
    } else if (auto make = dyn_cast<MakeTensorPtrOp>(op)) {
      JOIN_OR_FAIL(root, lookupImpl(make.getBase(), visiting));
    } else if (isa<JoinOp, CatOp>(op)) {
      JOIN_OR_FAIL(root, lookupImpl(op->getOperand(0), visiting));
      JOIN_OR_FAIL(root, lookupImpl(op->getOperand(1), visiting));
    } else if (auto split = dyn_cast<SplitOp>(op)) {
      JOIN_OR_FAIL(root, lookupImpl(split.getSrc(), visiting));
    } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
      JOIN_OR_FAIL(root, lookupImpl(select.getTrueValue(), visiting));
      JOIN_OR_FAIL(root, lookupImpl(select.getFalseValue(), visiting));
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      unsigned i = cast<OpResult>(ptr).getResultNumber();
      JOIN_OR_FAIL(root, lookupImpl(ifOp.thenYield().getOperand(i), visiting));
      if (!ifOp.getElseRegion().empty())
        JOIN_OR_FAIL(root,
                     lookupImpl(ifOp.elseYield().getOperand(i), visiting));
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      unsigned i = cast<OpResult>(ptr).getResultNumber();
      JOIN_OR_FAIL(root, lookupImpl(forOp.getInitArgs()[i], visiting));
      JOIN_OR_FAIL(root, lookupImpl(forOp.getYieldedValues()[i], visiting));
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      unsigned i = cast<OpResult>(ptr).getResultNumber();
      JOIN_OR_FAIL(root,
                   lookupImpl(whileOp.getConditionOp().getArgs()[i], visiting));
    } else if (auto toPtr = dyn_cast<IntToPtrOp>(op)) {
      JOIN_OR_FAIL(root, lookupInteger(toPtr.getSrc(), visiting, 0));
      if (!root && failureReason.empty())
        failureReason = "int_to_ptr of an integer that does not come from "
                        "ptr_to_int";
    } else {
      failureReason = (llvm::Twine("a pointer produced by '") +
                       op->getName().getStringRef() + "'")
                          .str();
      return Value();
    }
  }
  visiting.erase(ptr);
  if (root)
    cache[ptr] = root;
  return root;
}

Value PointerRoots::lookupInteger(Value value, llvm::DenseSet<Value> &visiting,
                                  unsigned depth) {
  // Integer arithmetic on ptr_to_int results: find the pointers involved.
  if (depth > 16)
    return Value();
  Operation *op = value.getDefiningOp();
  if (!op)
    return Value();
  if (auto toInt = dyn_cast<PtrToIntOp>(op))
    return lookupImpl(toInt.getSrc(), visiting);
  if (op->getDialect() != value.getContext()->getLoadedDialect("arith") &&
      !isa<SplatOp, BroadcastOp, ExpandDimsOp>(op))
    return Value();
  Value root;
  for (Value operand : op->getOperands()) {
    if (!getElementTypeOrSelf(operand.getType()).isInteger())
      continue;
    JOIN_OR_FAIL(root, lookupInteger(operand, visiting, depth + 1));
  }
  return root;
}

#undef JOIN_OR_FAIL

void PointerRoots::precomputeAccesses(Operation *scope) {
  scope->walk([&](Operation *op) {
    Value ptr;
    if (auto load = dyn_cast<LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<StoreOp>(op))
      ptr = store.getPtr();
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      ptr = rmw.getPtr();
    else if (auto cas = dyn_cast<AtomicCASOp>(op))
      ptr = cas.getPtr();
    else
      return;
    Value root = lookup(ptr);
    accesses[op] = {root, root ? std::string() : failureReason};
  });
}

std::pair<Value, StringRef>
PointerRoots::getAccessBuffer(Operation *access) const {
  auto it = accesses.find(access);
  if (it == accesses.end())
    return {Value(), "the access was not analyzed"};
  return {it->second.first, it->second.second};
}

} // namespace mlir::triton::cpu

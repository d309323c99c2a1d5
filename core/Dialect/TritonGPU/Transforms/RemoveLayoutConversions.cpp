//===- RemoveLayoutConversions.cpp - Fewer ttg.convert_layout -------------===//
//
// Forward propagation moves the users of a conversion into its source
// layout; backward rematerialisation recomputes a cheap source directly in
// the destination layout. Both only apply where they leave fewer
// conversions that cost anything, so that repeating them terminates.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ttg-remove-layout-conversions"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

Attribute getEncoding(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getEncoding();
  return Attribute();
}

/// An operation whose results have its operands' layout and that any
/// distributed layout can carry: elementwise operations and broadcasts.
bool isLayoutTransparent(Operation *op) {
  if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, DotOp, DotScaledOp,
          ConvertLayoutOp, ReshapeOp, TransOp, JoinOp, SplitOp, CatOp, GatherOp,
          HistogramOp, ScanOp, MapElementwiseOp>(op))
    return false;
  if (op->getNumRegions() != 0)
    return false;
  if (isa<BroadcastOp>(op))
    return true;
  if (!op->hasTrait<OpTrait::Elementwise>() &&
      !op->hasTrait<OpTrait::SameOperandsAndResultEncoding>())
    return false;
  return llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

/// Whether `op` may be recomputed in another layout: transparent, side
/// effect free, or one of the operations that only build values.
bool isRematerializable(Operation *op) {
  if (isa<arith::ConstantOp, MakeRangeOp, SplatOp, ExpandDimsOp>(op))
    return true;
  return isLayoutTransparent(op) && isMemoryEffectFree(op);
}

//===----------------------------------------------------------------------===//
// Backward rematerialisation
//===----------------------------------------------------------------------===//

class Rematerializer {
public:
  /// Whether `value` can be computed in `layout` from values that already
  /// exist, in at most `budget` new operations.
  bool canRematerialize(Value value, Attribute layout, int &budget) {
    if (!isa<RankedTensorType>(value.getType()))
      return true;
    if (getEncoding(value) == layout)
      return true;
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (auto convert = dyn_cast<ConvertLayoutOp>(def))
      return getEncoding(convert.getSrc()) == layout ||
             canRematerialize(convert.getSrc(), layout, budget);
    if (!isRematerializable(def) || def->getNumResults() != 1 || --budget < 0)
      return false;
    if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
      auto parent = dyn_cast<DistributedEncodingTrait>(layout);
      if (!parent)
        return false;
      return canRematerialize(
          expand.getSrc(),
          SliceEncodingAttr::get(def->getContext(), expand.getAxis(), parent),
          budget);
    }
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return canRematerialize(operand, layout, budget);
    });
  }

  /// Builds `value` in `layout` (canRematerialize must have said yes).
  Value rematerialize(OpBuilder &builder, Value value, Attribute layout) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getEncoding() == layout)
      return value;
    auto key = std::make_pair(value, layout);
    if (Value done = cache.lookup(key))
      return done;
    Operation *def = value.getDefiningOp();
    RankedTensorType newType = withEncoding(type, layout);
    Value result;
    if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
      result = rematerialize(builder, convert.getSrc(), layout);
    } else if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      result = arith::ConstantOp::create(builder, def->getLoc(), newType,
                                         dense.reshape(newType));
    } else {
      IRMapping mapping;
      Attribute operandLayout = layout;
      if (auto expand = dyn_cast<ExpandDimsOp>(def))
        operandLayout =
            SliceEncodingAttr::get(def->getContext(), expand.getAxis(),
                                   cast<DistributedEncodingTrait>(layout));
      for (Value operand : def->getOperands())
        mapping.map(operand, rematerialize(builder, operand, operandLayout));
      Operation *clone = builder.clone(*def, mapping);
      clone->getResult(0).setType(newType);
      result = clone->getResult(0);
    }
    cache[key] = result;
    return result;
  }

private:
  DenseMap<std::pair<Value, Attribute>, Value> cache;
};

/// Replaces conversions whose source is cheap to recompute in the
/// destination layout.
bool backwardRematerialize(ModuleOp module) {
  SmallVector<ConvertLayoutOp> converts;
  module.walk([&](ConvertLayoutOp op) { converts.push_back(op); });
  bool changed = false;
  for (ConvertLayoutOp convert : converts) {
    Attribute layout = convert.getType().getEncoding();
    Rematerializer remat;
    int budget = 64;
    Value src = convert.getSrc();
    // A conversion of a conversion's result only folds; leave that to the
    // cleanup.
    if (!src.getDefiningOp() || isa<ConvertLayoutOp>(src.getDefiningOp()) ||
        !remat.canRematerialize(src, layout, budget))
      continue;
    OpBuilder builder(convert);
    Value replacement = remat.rematerialize(builder, src, layout);
    convert.getResult().replaceAllUsesWith(replacement);
    convert.erase();
    changed = true;
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Forward propagation
//===----------------------------------------------------------------------===//

class ForwardPropagation {
public:
  /// Moves the users of `root` to its source layout.
  explicit ForwardPropagation(ConvertLayoutOp root)
      : root(root), start(root.getResult()),
        startLayout(getEncoding(root.getSrc())) {}
  /// Moves a value carried by a loop, and its users, to `layout`.
  ForwardPropagation(BlockArgument iterArg, Attribute layout)
      : start(iterArg), startLayout(layout) {}

  /// Computes the layouts the users of the start value would take; false on
  /// a conflict or an unsupported layout.
  bool analyze() {
    if (!isa_and_nonnull<DistributedEncodingTrait>(startLayout) ||
        !isa_and_nonnull<DistributedEncodingTrait>(getEncoding(start)))
      return false;
    // Dot operand layouts stay next to their dots: computing elsewhere in
    // them replicates the work of every thread that holds a copy.
    if (isa<DotOperandEncodingAttr>(startLayout))
      return false;
    if (auto arg = dyn_cast<BlockArgument>(start)) {
      auto forOp = cast<scf::ForOp>(arg.getOwner()->getParentOp());
      unsigned i = arg.getArgNumber() - forOp.getNumInductionVars();
      if (!assign(forOp.getResult(i), startLayout))
        return false;
    }
    if (!assign(start, startLayout))
      return false;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      Attribute l = assignment.lookup(value);
      for (OpOperand &use : value.getUses())
        if (!visitUse(use, l))
          return false;
    }
    collectOperandConversions();
    return true;
  }

  /// Conversions removed minus the costly conversions added.
  int gain() {
    int removed = root ? 1 : 0;
    for (auto [value, layout] : assignment)
      for (Operation *user : value.getUsers())
        if (auto convert = dyn_cast<ConvertLayoutOp>(user))
          if (convert != root && convert.getType().getEncoding() == layout)
            ++removed;
    int added = stops.size();
    for (auto [operand, layout] : operandConversions) {
      Rematerializer remat;
      int budget = 64;
      if (!remat.canRematerialize(operand->get(), layout, budget))
        ++added;
    }
    return removed - added;
  }

  void apply() {
    DenseMap<Value, Type> oldTypes;
    for (auto [value, layout] : assignment)
      oldTypes[value] = value.getType();
    // Users that keep the old layout get a conversion back.
    for (OpOperand *use : stops) {
      OpBuilder builder(use->getOwner());
      Value value = use->get();
      use->set(ConvertLayoutOp::create(builder, use->getOwner()->getLoc(),
                                       oldTypes[value], value));
    }
    for (auto [operand, layout] : operandConversions) {
      Operation *user = operand->getOwner();
      OpBuilder builder(user);
      auto type = cast<RankedTensorType>(operand->get().getType());
      operand->set(ConvertLayoutOp::create(
          builder, user->getLoc(), withEncoding(type, layout), operand->get()));
    }
    for (auto [value, layout] : assignment)
      value.setType(
          withEncoding(cast<RankedTensorType>(oldTypes[value]), layout));
    // The root is now the identity.
    if (root) {
      root.getResult().replaceAllUsesWith(root.getSrc());
      root.erase();
    }
  }

private:
  bool assign(Value value, Attribute layout) {
    auto it = assignment.find(value);
    if (it != assignment.end())
      return it->second == layout;
    assignment.insert({value, layout});
    worklist.push_back(value);
    return true;
  }

  bool visitUse(OpOperand &use, Attribute layout) {
    Operation *user = use.getOwner();
    if (isa<ConvertLayoutOp>(user))
      return true;
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      if (auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp())) {
        // The result moves; the other branch's value is converted.
        ifs.insert(ifOp);
        return assign(ifOp.getResult(use.getOperandNumber()), layout);
      }
      auto forOp = dyn_cast<scf::ForOp>(yield->getParentOp());
      if (!forOp) {
        stops.push_back(&use);
        return true;
      }
      unsigned i = use.getOperandNumber();
      return assign(forOp.getRegionIterArgs()[i], layout) &&
             assign(forOp.getResult(i), layout);
    }
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      unsigned first = forOp.getNumControlOperands();
      if (use.getOperandNumber() < first)
        return false;
      unsigned i = use.getOperandNumber() - first;
      return assign(forOp.getRegionIterArgs()[i], layout) &&
             assign(forOp.getResult(i), layout);
    }
    if (isLayoutTransparent(user)) {
      if (!move(user, layout))
        return false;
      for (Value result : user->getResults())
        if (!assign(result, layout))
          return false;
      return true;
    }
    if (isa<ScanOp>(user)) {
      // A scan works in any distributed layout; results keep its operands'.
      if (!move(user, layout))
        return false;
      for (Value result : user->getResults())
        if (!assign(result, layout))
          return false;
      return true;
    }
    if (auto reduce = dyn_cast<ReduceOp>(user)) {
      auto parent = cast<DistributedEncodingTrait>(layout);
      if (!move(user, layout))
        return false;
      for (Value result : reduce.getResults())
        if (isa<RankedTensorType>(result.getType()) &&
            !assign(result, SliceEncodingAttr::get(user->getContext(),
                                                   reduce.getAxis(), parent)))
          return false;
      return true;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(user)) {
      auto slice = dyn_cast<SliceEncodingAttr>(layout);
      if (!slice || slice.getDim() != expand.getAxis()) {
        stops.push_back(&use);
        return true;
      }
      return move(user, layout) &&
             assign(expand.getResult(), slice.getParent());
    }
    stops.push_back(&use);
    return true;
  }

  /// Records that the tensor operands of `op` must all be in `layout`. A
  /// loop-carried operand not yet placed moves with it (the loop carries it
  /// in `layout`, converting its initial value once, before the loop)
  /// rather than being converted in every iteration.
  bool move(Operation *op, Attribute layout) {
    auto [it, inserted] = movedOps.insert({op, layout});
    if (!inserted)
      return it->second == layout;
    for (Value operand : op->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      auto forOp = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                       : scf::ForOp();
      if (!forOp || arg.getArgNumber() < forOp.getNumInductionVars() ||
          !isa<RankedTensorType>(arg.getType()) || assignment.count(arg) ||
          getEncoding(arg) == layout)
        continue;
      unsigned i = arg.getArgNumber() - forOp.getNumInductionVars();
      if (assignment.count(forOp.getResult(i)))
        continue;
      assign(arg, layout);
      assign(forOp.getResult(i), layout);
    }
    return true;
  }

  /// Operands of the moved operations (and of loops whose carried values
  /// move) that are not moved themselves: they are converted where they are
  /// used.
  void collectOperandConversions() {
    auto need = [&](OpOperand &operand, Attribute layout) {
      if (!isa<RankedTensorType>(operand.get().getType()))
        return;
      if (assignment.count(operand.get()))
        return;
      if (getEncoding(operand.get()) == layout)
        return;
      operandConversions.push_back({&operand, layout});
    };
    for (auto [op, layout] : movedOps)
      for (OpOperand &operand : op->getOpOperands())
        need(operand, layout);
    llvm::SetVector<scf::ForOp> loops;
    for (auto [value, layout] : assignment)
      if (auto forOp = value.getDefiningOp<scf::ForOp>())
        loops.insert(forOp);
    for (scf::IfOp ifOp : ifs)
      for (auto [i, result] : llvm::enumerate(ifOp.getResults())) {
        auto it = assignment.find(result);
        if (it == assignment.end())
          continue;
        need(ifOp.thenYield()->getOpOperand(i), it->second);
        need(ifOp.elseYield()->getOpOperand(i), it->second);
      }
    for (scf::ForOp forOp : loops)
      for (auto [i, result] : llvm::enumerate(forOp.getResults())) {
        auto it = assignment.find(result);
        if (it == assignment.end())
          continue;
        need(forOp.getInitArgsMutable()[i], it->second);
        need(forOp.getBody()->getTerminator()->getOpOperand(i), it->second);
      }
  }

  ConvertLayoutOp root;
  Value start;
  Attribute startLayout;
  llvm::MapVector<Value, Attribute> assignment;
  SmallVector<Value> worklist;
  SmallVector<OpOperand *> stops;
  llvm::MapVector<Operation *, Attribute> movedOps;
  llvm::SetVector<scf::IfOp> ifs;
  SmallVector<std::pair<OpOperand *, Attribute>> operandConversions;
};

bool forwardPropagate(ModuleOp module) {
  SmallVector<ConvertLayoutOp> converts;
  module.walk([&](ConvertLayoutOp op) { converts.push_back(op); });
  bool changed = false;
  DenseSet<Operation *> erased;
  for (ConvertLayoutOp convert : converts) {
    if (erased.contains(convert))
      continue;
    ForwardPropagation propagation(convert);
    if (propagation.analyze() && propagation.gain() > 0) {
      LLVM_DEBUG(llvm::dbgs() << "forward from " << convert << "\n");
      erased.insert(convert);
      propagation.apply();
      return true;
    }
    // A loop-carried value converted in the loop: carry it in the
    // destination layout instead.
    auto arg = dyn_cast<BlockArgument>(convert.getSrc());
    auto forOp = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                     : scf::ForOp();
    if (forOp && arg.getArgNumber() >= forOp.getNumInductionVars()) {
      ForwardPropagation loop(arg, convert.getType().getEncoding());
      if (loop.analyze() && loop.gain() > 0) {
        LLVM_DEBUG(llvm::dbgs() << "carry in new layout " << convert << "\n");
        loop.apply();
        return true;
      }
    }
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Cleanup
//===----------------------------------------------------------------------===//

/// Folds conversion chains and identities, and erases dead operations.
bool cleanup(ModuleOp module) {
  bool changed = false;
  module.walk([&](ConvertLayoutOp convert) {
    if (auto inner = convert.getSrc().getDefiningOp<ConvertLayoutOp>()) {
      convert.getSrcMutable().set(inner.getSrc());
      changed = true;
    }
    if (convert.getSrc().getType() == convert.getType()) {
      convert.getResult().replaceAllUsesWith(convert.getSrc());
      convert.erase();
      changed = true;
    }
  });
  bool erasedAny = true;
  while (erasedAny) {
    erasedAny = false;
    SmallVector<Operation *> dead;
    module.walk([&](Operation *op) {
      if (op->use_empty() && op->getNumResults() != 0 &&
          op->getNumRegions() == 0 && isMemoryEffectFree(op))
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    erasedAny = !dead.empty();
    changed |= erasedAny;
  }
  return changed;
}

struct RemoveLayoutConversionsPass
    : public mlir::triton::gpu::impl::TritonGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    cleanup(module);
    // Each forward step removes at least one costly conversion and each
    // backward step one conversion, so this terminates; the bound is a
    // guard.
    for (int round = 0; round < 1000; ++round) {
      bool changed = forwardPropagate(module);
      changed |= backwardRematerialize(module);
      changed |= cleanup(module);
      if (!changed)
        break;
    }
    // Rematerialisation recomputes shared values once per conversion.
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(module);
    eliminateCommonSubExpressions(rewriter, dominance, module);
  }
};

} // namespace

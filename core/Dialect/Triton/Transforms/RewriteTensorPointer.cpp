//===- RewriteTensorPointer.cpp - Lower block pointers --------------------===//
//
// tt-rewrite-tensor-pointer: a block pointer (`!tt.ptr<tensor<...>>`, made by
// tt.make_tensor_ptr and moved by tt.advance) becomes the scalar values it
// stands for: base, shape, strides and 64-bit offsets. A tt.load/tt.store
// through it becomes an access through a tensor of pointers
// `base + sum_d (offset_d + [0, size_d)) * stride_d`, with a mask for its
// boundaryCheck dimensions and a zero/NaN `other` for its padding. Block
// pointers carried by scf.for, scf.if and scf.while are expanded into their
// components.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tt-rewrite-tensor-pointer"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

//===----------------------------------------------------------------------===//
// The values a block pointer stands for
//===----------------------------------------------------------------------===//

/// The scalar state of one block pointer. Shape and strides are the i64
/// values tt.make_tensor_ptr took; the i32 offsets are widened to i64 once, so
/// that `offset * stride` is computed without overflow.
struct BlockPointer {
  RankedTensorType blockType;
  Value base;
  SmallVector<Value> shape, strides, offsets;

  unsigned rank() const { return blockType.getRank(); }

  /// All values in a fixed order: base, shape, strides, offsets. Where
  /// control flow merges block pointers, components are handled uniformly.
  SmallVector<Value> components() const {
    SmallVector<Value> all{base};
    llvm::append_range(all, shape);
    llvm::append_range(all, strides);
    llvm::append_range(all, offsets);
    return all;
  }

  /// The inverse of components().
  static BlockPointer fromComponents(RankedTensorType blockType,
                                     ArrayRef<Value> all) {
    size_t rank = blockType.getRank();
    BlockPointer bp{blockType, all[0], {}, {}, {}};
    bp.shape.assign(all.begin() + 1, all.begin() + 1 + rank);
    bp.strides.assign(all.begin() + 1 + rank, all.begin() + 1 + 2 * rank);
    bp.offsets.assign(all.begin() + 1 + 2 * rank, all.end());
    return bp;
  }

  /// True when both describe the same tensor (possibly at other offsets).
  bool describesSameTensor(const BlockPointer &other) const {
    return base == other.base && shape == other.shape &&
           strides == other.strides;
  }

  BlockPointer withOffsets(ArrayRef<Value> newOffsets) const {
    BlockPointer bp = *this;
    bp.offsets.assign(newOffsets.begin(), newOffsets.end());
    return bp;
  }
};

RankedTensorType getBlockType(Type blockPointerType) {
  return cast<RankedTensorType>(
      cast<PointerType>(blockPointerType).getPointeeType());
}

/// The type of component `c` (see BlockPointer::components) of a block
/// pointer of type `blockPointerType`.
Type getComponentType(Type blockPointerType, unsigned c) {
  if (c == 0)
    return getBlockPointerBaseType(blockPointerType);
  return IntegerType::get(blockPointerType.getContext(), 64);
}

bool hasBlockPointer(TypeRange types) {
  return llvm::any_of(types, isTensorPointerType);
}

/// True when `value` is visible after `op` (it is not defined inside it).
bool isDefinedOutside(Value value, Operation *op) {
  return !op->isAncestor(value.getParentRegion()->getParentOp());
}

//===----------------------------------------------------------------------===//
// Address, mask and padding of an access through a block pointer
//===----------------------------------------------------------------------===//

/// The i64 indices `offset_d + [0, size_d)` of dimension `d`, shaped
/// [1, .., size_d, .., 1] so that they broadcast along every other dimension.
Value buildIndices(OpBuilder &b, Location loc, const BlockPointer &bp,
                   unsigned d) {
  int64_t size = bp.blockType.getDimSize(d);
  Type i64 = b.getI64Type();
  auto rowType = RankedTensorType::get({size}, i64);
  Value range =
      MakeRangeOp::create(b, loc, RankedTensorType::get({size}, b.getI32Type()),
                          0, static_cast<uint32_t>(size));
  Value wideRange = arith::ExtSIOp::create(b, loc, rowType, range);
  Value start = SplatOp::create(b, loc, rowType, bp.offsets[d]);
  Value indices = arith::AddIOp::create(b, loc, start, wideRange);
  SmallVector<int64_t> shape{size};
  for (unsigned axis = 0; axis < bp.rank(); ++axis) {
    if (axis == d)
      continue;
    shape.insert(shape.begin() + axis, 1);
    indices = ExpandDimsOp::create(b, loc, RankedTensorType::get(shape, i64),
                                   indices, axis);
  }
  return indices;
}

Value broadcastTo(OpBuilder &b, Location loc, Value value,
                  RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return BroadcastOp::create(b, loc, type, value);
}

/// What a load or store through a block pointer accesses instead.
struct BlockAccess {
  Value pointers; // tensor<...x!tt.ptr<T>>
  Value mask;     // tensor<...xi1>, or null without a boundary check
};

BlockAccess buildAccess(OpBuilder &b, Location loc, const BlockPointer &bp,
                        ArrayRef<int32_t> boundaryCheck) {
  ArrayRef<int64_t> shape = bp.blockType.getShape();
  SmallVector<Value> indices;
  for (unsigned d = 0; d < bp.rank(); ++d)
    indices.push_back(buildIndices(b, loc, bp, d));

  // base + sum_d indices_d * stride_d. The stride is splatted to the
  // expanded shape (not the full one) so the product stays small until the
  // broadcast.
  auto offsetType = RankedTensorType::get(shape, b.getI64Type());
  Value sum;
  for (unsigned d = 0; d < bp.rank(); ++d) {
    Value stride = SplatOp::create(b, loc, indices[d].getType(), bp.strides[d]);
    Value scaled = broadcastTo(
        b, loc, arith::MulIOp::create(b, loc, indices[d], stride), offsetType);
    sum = sum ? arith::AddIOp::create(b, loc, sum, scaled) : scaled;
  }
  auto pointersType = RankedTensorType::get(shape, bp.base.getType());
  Value pointers =
      AddPtrOp::create(b, loc, pointersType,
                       SplatOp::create(b, loc, pointersType, bp.base), sum);

  // The conjunction over the checked dimensions of 0 <= index < shape_d.
  auto maskType = RankedTensorType::get(shape, b.getI1Type());
  Value mask;
  for (int32_t d : llvm::SmallSetVector<int32_t, 4>(boundaryCheck.begin(),
                                                    boundaryCheck.end())) {
    auto rowType = cast<RankedTensorType>(indices[d].getType());
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(rowType, b.getI64IntegerAttr(0)));
    Value bound = SplatOp::create(b, loc, rowType, bp.shape[d]);
    Value aboveZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                            indices[d], zero);
    Value belowBound = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             indices[d], bound);
    Value inBounds = broadcastTo(
        b, loc, arith::AndIOp::create(b, loc, aboveZero, belowBound), maskType);
    mask = mask ? arith::AndIOp::create(b, loc, mask, inBounds) : inBounds;
  }
  return {pointers, mask};
}

/// What a padded load reads where the mask is off: a splat of zero or NaN.
/// The element type was checked by checkBlockPointers.
Value buildPadding(OpBuilder &b, Location loc, RankedTensorType type,
                   PaddingOption padding) {
  Type elementType = type.getElementType();
  TypedAttr value = b.getZeroAttr(elementType);
  if (padding == PaddingOption::PAD_NAN)
    value = b.getFloatAttr(
        elementType,
        APFloat::getNaN(cast<FloatType>(elementType).getFloatSemantics()));
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, value));
}

//===----------------------------------------------------------------------===//
// Checks made before any change
//===----------------------------------------------------------------------===//

/// Reports a block pointer produced by an op this pass cannot rewrite.
bool checkDefinition(Value value) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (isa<MakeTensorPtrOp, AdvanceOp, scf::ForOp, scf::IfOp, scf::WhileOp>(
            op))
      return true;
    op->emitOpError() << "produces block pointer " << value.getType()
                      << " as result #" << result.getResultNumber()
                      << ", which tt-rewrite-tensor-pointer cannot lower";
    return false;
  }
  auto arg = cast<BlockArgument>(value);
  Operation *parent = arg.getOwner()->getParentOp();
  if (isa<scf::ForOp, scf::WhileOp>(parent))
    return true;
  parent->emitOpError() << "takes block pointer " << value.getType()
                        << " as block argument #" << arg.getArgNumber()
                        << ", which tt-rewrite-tensor-pointer cannot lower";
  return false;
}

/// Reports a use of a block pointer that this pass cannot rewrite.
bool checkUse(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  bool supported = TypeSwitch<Operation *, bool>(user)
                       .Case<AdvanceOp, scf::WhileOp, scf::ConditionOp>(
                           [](auto) { return true; })
                       .Case<LoadOp, StoreOp>([&](auto) { return index == 0; })
                       .Case<scf::ForOp>([&](scf::ForOp forOp) {
                         return index >= forOp.getNumControlOperands();
                       })
                       .Case<scf::YieldOp>([](scf::YieldOp yield) {
                         return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(
                             yield->getParentOp());
                       })
                       .Default([](Operation *) { return false; });
  if (!supported)
    user->emitOpError() << "uses block pointer " << use.get().getType()
                        << " as operand #" << index
                        << ", which tt-rewrite-tensor-pointer cannot lower";
  return supported;
}

/// Reports the block types whose lowering is not defined: at TTIR level a
/// tensor has no encoding, and make_range needs a static size.
bool checkBlockType(MakeTensorPtrOp op) {
  RankedTensorType blockType = getBlockType(op.getType());
  if (blockType.getEncoding()) {
    op.emitOpError() << "makes a block pointer to " << blockType
                     << ", which has an encoding; tt-rewrite-tensor-pointer "
                        "lowers only TTIR block pointers, whose tensors have "
                        "none";
    return false;
  }
  if (!blockType.hasStaticShape()) {
    op.emitOpError() << "makes a block pointer to " << blockType
                     << ", which has a dynamic shape";
    return false;
  }
  return true;
}

bool checkPadding(LoadOp load) {
  std::optional<PaddingOption> padding = load.getPadding();
  if (!padding || load.getBoundaryCheck().empty())
    return true;
  Type elementType = getBlockType(load.getPtr().getType()).getElementType();
  auto floatType = dyn_cast<FloatType>(elementType);
  bool supported =
      *padding == PaddingOption::PAD_NAN
          ? floatType && APFloat::semanticsHasNaN(floatType.getFloatSemantics())
          : isa<IntegerType, FloatType>(elementType);
  if (!supported)
    load.emitOpError() << "cannot pad elements of type " << elementType
                       << " with "
                       << (*padding == PaddingOption::PAD_NAN ? "NaN" : "zero");
  return supported;
}

/// Every block pointer must come from, and flow only into, operations this
/// pass rewrites. Checking this first reports an unsupported program before
/// any change; only a loop that changes more than a block pointer's offsets
/// is found later, as that needs the states the rewrite computes.
LogicalResult checkBlockPointers(ModuleOp module) {
  bool ok = true;
  auto checkValue = [&](Value value) {
    if (!isTensorPointerType(value.getType()))
      return;
    ok &= checkDefinition(value);
    for (OpOperand &use : value.getUses())
      ok &= checkUse(use);
  };
  module.walk([&](Operation *op) {
    llvm::for_each(op->getResults(), checkValue);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::for_each(block.getArguments(), checkValue);
    if (auto make = dyn_cast<MakeTensorPtrOp>(op))
      ok &= checkBlockType(make);
    if (auto load = dyn_cast<LoadOp>(op))
      ok &= checkPadding(load);
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

/// Creates `op` again with other operands and result types, moving its
/// regions, attributes and properties over. The caller maps the results.
Operation *recreate(RewriterBase &rewriter, Operation *op, ValueRange operands,
                    TypeRange resultTypes) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  state.propertiesAttr = op->getPropertiesAsAttribute();
  for (Region &region : op->getRegions())
    state.addRegion()->takeBody(region);
  rewriter.setInsertionPoint(op);
  return rewriter.create(state);
}

/// Lowers every block pointer of a module, visiting operations in order so
/// that a block pointer's state is known before its uses.
///
/// This is a walk rather than a dialect conversion: one block pointer becomes
/// 1 + 3 * rank values, but only its offsets should be loop-carried, and which
/// components an scf.if must return is known only after both branches are
/// lowered. Operations and block arguments that still carry block pointers are
/// erased at the end, once nothing uses them.
class BlockPointerLowering {
public:
  explicit BlockPointerLowering(MLIRContext *context)
      : rewriter(context, &created) {}

  LogicalResult run(ModuleOp module) {
    if (failed(visitRegions(module)))
      return failure();
    state.clear();
    // Users come after their definitions, so reverse order erases them first.
    for (Operation *op : llvm::reverse(deadOps))
      rewriter.eraseOp(op);
    for (BlockArgument arg : deadArgs)
      arg.getOwner()->eraseArgument(arg.getArgNumber());
    // The state of a block pointer that nothing reads (e.g. its widened
    // offsets) is dead; remove it rather than leave it to a later cleanup.
    for (Operation *op : llvm::reverse(created.ops))
      if (op->getNumRegions() == 0 && isOpTriviallyDead(op))
        rewriter.eraseOp(op);
    return success();
  }

private:
  LogicalResult visitRegion(Region &region) {
    for (Block &block : region)
      for (Operation &op : llvm::make_early_inc_range(block))
        if (failed(visit(&op)))
          return failure();
    return success();
  }

  LogicalResult visitRegions(Operation *op) {
    for (Region &region : op->getRegions())
      if (failed(visitRegion(region)))
        return failure();
    return success();
  }

  LogicalResult visit(Operation *op) {
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case<MakeTensorPtrOp, AdvanceOp, LoadOp, StoreOp, scf::ForOp,
              scf::IfOp, scf::WhileOp>([&](auto typed) { return lower(typed); })
        .Default([&](Operation *other) { return visitRegions(other); });
  }

  /// The state of `value`. Only unstructured control flow can use a block
  /// pointer before the walk has seen its definition.
  FailureOr<BlockPointer> lookup(Value value, Operation *user) {
    auto it = state.find(value);
    if (it != state.end())
      return it->second;
    user->emitOpError() << "uses a block pointer before its definition; "
                           "tt-rewrite-tensor-pointer supports only "
                           "structured control flow";
    return failure();
  }

  /// Inserts block arguments of `types` after `arg`, which is erased at the
  /// end.
  SmallVector<Value> insertArgsAfter(BlockArgument arg, TypeRange types) {
    SmallVector<Value> args;
    for (auto [i, type] : llvm::enumerate(types))
      args.push_back(arg.getOwner()->insertArgument(arg.getArgNumber() + 1 + i,
                                                    type, arg.getLoc()));
    deadArgs.push_back(arg);
    return args;
  }

  Value toI64(Location loc, Value value) {
    return rewriter.createOrFold<arith::ExtSIOp>(loc, rewriter.getI64Type(),
                                                 value);
  }

  LogicalResult lower(MakeTensorPtrOp op) {
    rewriter.setInsertionPoint(op);
    BlockPointer bp{getBlockType(op.getType()),
                    op.getBase(),
                    llvm::to_vector(op.getShape()),
                    llvm::to_vector(op.getStrides()),
                    {}};
    for (Value offset : op.getOffsets())
      bp.offsets.push_back(toI64(op.getLoc(), offset));
    state[op.getResult()] = bp;
    deadOps.push_back(op);
    return success();
  }

  LogicalResult lower(AdvanceOp op) {
    FailureOr<BlockPointer> bp = lookup(op.getPtr(), op);
    if (failed(bp))
      return failure();
    rewriter.setInsertionPoint(op);
    for (auto [offset, delta] : llvm::zip(bp->offsets, op.getOffsets()))
      // A zero step (common: advancing along one dimension) changes nothing.
      if (!matchPattern(delta, m_Zero()))
        offset = rewriter.createOrFold<arith::AddIOp>(
            op.getLoc(), offset, toI64(op.getLoc(), delta));
    state[op.getResult()] = *bp;
    deadOps.push_back(op);
    return success();
  }

  LogicalResult lower(LoadOp op) {
    if (!isTensorPointerType(op.getPtr().getType()))
      return success();
    FailureOr<BlockPointer> bp = lookup(op.getPtr(), op);
    if (failed(bp))
      return failure();
    LLVM_DEBUG(llvm::dbgs() << "lowering " << op << "\n");
    rewriter.setInsertionPoint(op);
    BlockAccess access =
        buildAccess(rewriter, op.getLoc(), *bp, op.getBoundaryCheck());
    // Without a mask no lane is off, so there is nothing to pad.
    Value other;
    if (access.mask && op.getPadding())
      other =
          buildPadding(rewriter, op.getLoc(), bp->blockType, *op.getPadding());
    rewriter.replaceOp(op,
                       LoadOp::create(rewriter, op.getLoc(), access.pointers,
                                      access.mask, other, op.getCache(),
                                      op.getEvict(), op.getIsVolatile()));
    return success();
  }

  LogicalResult lower(StoreOp op) {
    if (!isTensorPointerType(op.getPtr().getType()))
      return success();
    FailureOr<BlockPointer> bp = lookup(op.getPtr(), op);
    if (failed(bp))
      return failure();
    LLVM_DEBUG(llvm::dbgs() << "lowering " << op << "\n");
    rewriter.setInsertionPoint(op);
    BlockAccess access =
        buildAccess(rewriter, op.getLoc(), *bp, op.getBoundaryCheck());
    StoreOp::create(rewriter, op.getLoc(), access.pointers, op.getValue(),
                    access.mask, op.getCache(), op.getEvict());
    rewriter.eraseOp(op);
    return success();
  }

  /// Replaces the block pointers among `values` by their offsets. The state
  /// of each is checked against `expected` (the state on entry of the loop):
  /// a loop carries only offsets, so the rest must not change.
  FailureOr<SmallVector<Value>>
  expandLoopCarried(Operation *terminator, ValueRange values,
                    ArrayRef<std::optional<BlockPointer>> expected) {
    SmallVector<Value> expanded;
    for (auto [i, value] : llvm::enumerate(values)) {
      if (!isTensorPointerType(value.getType())) {
        expanded.push_back(value);
        continue;
      }
      FailureOr<BlockPointer> bp = lookup(value, terminator);
      if (failed(bp))
        return failure();
      if (!bp->describesSameTensor(*expected[i])) {
        terminator->emitOpError()
            << "carries block pointer #" << i
            << " back into the loop with another base, shape or strides; "
               "only the offsets of a loop-carried block pointer may change";
        return failure();
      }
      llvm::append_range(expanded, bp->offsets);
    }
    return expanded;
  }

  /// Gives each block pointer argument of `block` (fed by `inits`) i64 offset
  /// arguments; the rest of its state is that of its init. Fills the new
  /// operands that feed the block and the state of each init (none for the
  /// other values).
  LogicalResult
  expandLoopEntry(Operation *loop, ValueRange inits, Block *block,
                  SmallVectorImpl<Value> &newInits,
                  SmallVectorImpl<std::optional<BlockPointer>> &entry) {
    SmallVector<BlockArgument> args(
        block->getArguments().take_back(inits.size()));
    for (auto [init, arg] : llvm::zip(inits, args)) {
      entry.emplace_back();
      if (!isTensorPointerType(init.getType())) {
        newInits.push_back(init);
        continue;
      }
      FailureOr<BlockPointer> bp = lookup(init, loop);
      if (failed(bp))
        return failure();
      llvm::append_range(newInits, bp->offsets);
      SmallVector<Type> offsetTypes(bp->rank(), rewriter.getI64Type());
      state[arg] = bp->withOffsets(insertArgsAfter(arg, offsetTypes));
      entry.back() = *bp;
    }
    return success();
  }

  /// Maps the results of `oldOp` to those of `newOp`. Block pointer result
  /// `i` gets the state `expansion[i]`, whose null components are read from
  /// the next results of `newOp`; the other results map one to one.
  void mapResults(Operation *oldOp, Operation *newOp,
                  ArrayRef<SmallVector<Value>> expansion) {
    unsigned next = 0;
    for (auto [i, result] : llvm::enumerate(oldOp->getResults())) {
      if (!isTensorPointerType(result.getType())) {
        rewriter.replaceAllUsesWith(result, newOp->getResult(next++));
        continue;
      }
      SmallVector<Value> components = expansion[i];
      for (Value &component : components)
        if (!component)
          component = newOp->getResult(next++);
      state[result] = BlockPointer::fromComponents(
          getBlockType(result.getType()), components);
    }
    deadOps.push_back(oldOp);
  }

  /// The expansion of a loop's block pointer results: only offsets are new.
  static SmallVector<SmallVector<Value>>
  offsetsOnly(ArrayRef<std::optional<BlockPointer>> entry) {
    SmallVector<SmallVector<Value>> expansion;
    for (const std::optional<BlockPointer> &bp : entry) {
      expansion.emplace_back();
      if (!bp)
        continue;
      expansion.back() = bp->components();
      for (Value &offset :
           MutableArrayRef<Value>(expansion.back()).take_back(bp->rank()))
        offset = Value();
    }
    return expansion;
  }

  LogicalResult lower(scf::ForOp forOp) {
    if (!hasBlockPointer(forOp.getInitArgs().getTypes()))
      return visitRegions(forOp);

    SmallVector<Value> newInits;
    SmallVector<std::optional<BlockPointer>> entry;
    if (failed(expandLoopEntry(forOp, forOp.getInitArgs(), forOp.getBody(),
                               newInits, entry)) ||
        failed(visitRegions(forOp)))
      return failure();

    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    FailureOr<SmallVector<Value>> yielded =
        expandLoopCarried(yield, yield.getOperands(), entry);
    if (failed(yielded))
      return failure();
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(*yielded); });

    SmallVector<Value> operands{forOp.getLowerBound(), forOp.getUpperBound(),
                                forOp.getStep()};
    llvm::append_range(operands, newInits);
    Operation *newFor =
        recreate(rewriter, forOp, operands, ValueRange(newInits).getTypes());
    mapResults(forOp, newFor, offsetsOnly(entry));
    return success();
  }

  /// Where block pointers from several edges (`incoming[edge][i]`) meet in
  /// the results of `op`: a component that is one value on every edge and
  /// visible after `op` is reused; the others are passed along each edge
  /// (appended to `passed[edge]`) and left null in the returned expansion.
  FailureOr<SmallVector<SmallVector<Value>>>
  mergeBlockPointers(Operation *op, ArrayRef<Operation *> terminators,
                     ArrayRef<ValueRange> incoming,
                     SmallVectorImpl<SmallVector<Value>> &passed) {
    SmallVector<SmallVector<Value>> expansion;
    passed.assign(incoming.size(), {});
    for (unsigned i = 0, e = incoming.front().size(); i < e; ++i) {
      expansion.emplace_back();
      if (!isTensorPointerType(incoming.front()[i].getType())) {
        for (auto [edge, values] : llvm::enumerate(incoming))
          passed[edge].push_back(values[i]);
        continue;
      }
      SmallVector<SmallVector<Value>> components;
      for (auto [values, terminator] : llvm::zip(incoming, terminators)) {
        FailureOr<BlockPointer> bp = lookup(values[i], terminator);
        if (failed(bp))
          return failure();
        components.push_back(bp->components());
      }
      for (unsigned c = 0, n = components.front().size(); c < n; ++c) {
        Value first = components.front()[c];
        bool shared = isDefinedOutside(first, op) &&
                      llvm::all_of(components, [&](ArrayRef<Value> values) {
                        return values[c] == first;
                      });
        expansion.back().push_back(shared ? first : Value());
        if (!shared)
          for (auto [edge, values] : llvm::enumerate(components))
            passed[edge].push_back(values[c]);
      }
    }
    return expansion;
  }

  LogicalResult lower(scf::IfOp ifOp) {
    if (failed(visitRegions(ifOp)))
      return failure();
    if (!hasBlockPointer(ifOp.getResultTypes()))
      return success();

    // An scf.if with results always has both branches.
    scf::YieldOp thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
    SmallVector<SmallVector<Value>> passed;
    auto expansion = mergeBlockPointers(
        ifOp, {thenYield, elseYield},
        {thenYield.getOperands(), elseYield.getOperands()}, passed);
    if (failed(expansion))
      return failure();
    rewriter.modifyOpInPlace(thenYield,
                             [&] { thenYield->setOperands(passed[0]); });
    rewriter.modifyOpInPlace(elseYield,
                             [&] { elseYield->setOperands(passed[1]); });

    Operation *newIf = recreate(rewriter, ifOp, ifOp.getCondition(),
                                ValueRange(passed[0]).getTypes());
    mapResults(ifOp, newIf, *expansion);
    return success();
  }

  LogicalResult lower(scf::WhileOp whileOp) {
    if (!hasBlockPointer(whileOp.getInits().getTypes()) &&
        !hasBlockPointer(whileOp.getResultTypes()))
      return visitRegions(whileOp);

    // Into the before-region: a loop, whose back edge carries only offsets.
    SmallVector<Value> newInits;
    SmallVector<std::optional<BlockPointer>> entry;
    if (failed(expandLoopEntry(whileOp, whileOp.getInits(),
                               whileOp.getBeforeBody(), newInits, entry)) ||
        failed(visitRegion(whileOp.getBefore())))
      return failure();

    // Into the after-region and the results: no cycle, so whatever the
    // before-region made is passed along, as for scf.if.
    scf::ConditionOp condition = whileOp.getConditionOp();
    SmallVector<SmallVector<Value>> passed;
    auto expansion =
        mergeBlockPointers(whileOp, {condition}, {condition.getArgs()}, passed);
    if (failed(expansion))
      return failure();
    rewriter.modifyOpInPlace(condition, [&] {
      condition->setOperands(1, condition.getArgs().size(), passed[0]);
    });
    SmallVector<BlockArgument> afterArgs(
        whileOp.getAfterBody()->getArguments());
    for (auto [arg, expanded] : llvm::zip(afterArgs, *expansion)) {
      if (!isTensorPointerType(arg.getType()))
        continue;
      SmallVector<Value> components = expanded;
      SmallVector<Type> types;
      for (auto [c, component] : llvm::enumerate(components))
        if (!component)
          types.push_back(getComponentType(arg.getType(), c));
      SmallVector<Value> args = insertArgsAfter(arg, types);
      auto nextArg = args.begin();
      for (Value &component : components)
        if (!component)
          component = *nextArg++;
      state[arg] =
          BlockPointer::fromComponents(getBlockType(arg.getType()), components);
    }
    if (failed(visitRegion(whileOp.getAfter())))
      return failure();

    scf::YieldOp yield = whileOp.getYieldOp();
    FailureOr<SmallVector<Value>> yielded =
        expandLoopCarried(yield, yield.getOperands(), entry);
    if (failed(yielded))
      return failure();
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(*yielded); });

    Operation *newWhile =
        recreate(rewriter, whileOp, newInits, ValueRange(passed[0]).getTypes());
    mapResults(whileOp, newWhile, *expansion);
    return success();
  }

  /// Records the operations the lowering creates.
  struct CreatedOps : RewriterBase::Listener {
    void notifyOperationInserted(Operation *op,
                                 OpBuilder::InsertPoint) override {
      ops.push_back(op);
    }
    SmallVector<Operation *> ops;
  };

  CreatedOps created;
  IRRewriter rewriter;
  DenseMap<Value, BlockPointer> state;
  SmallVector<Operation *> deadOps;
  SmallVector<BlockArgument> deadArgs;
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct RewriteTensorPointerPass
    : mlir::triton::impl::TritonRewriteTensorPointerBase<
          RewriteTensorPointerPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkBlockPointers(module)) ||
        failed(BlockPointerLowering(&getContext()).run(module)))
      signalPassFailure();
  }
};

} // namespace

//===- CpuForwardMatmulOperands.cpp - Matmuls read whole tiles in place ---===//
//
// A tt.dot's operands arrive as tile buffers: each iteration fills the tile
// where the load is masked and copies the valid part of the kernel's buffer
// into it (in several chunks where the rows wrap around, `offs % M`). For the
// tiles in the middle of a matrix the copy covers the whole tile and only
// moves data: in an f32 GEMM the copies took a fifth of the time. This pass
// lets the matmul read such a tile where it lies. It computes, at run time,
// whether the copy's first chunk covers the whole tile with rows of stride 1
// and is the only chunk; then the writers of the tile are skipped and the
// matmul reads the kernel's buffer through a view of the same shape.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-forward-matmul-operands"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUFORWARDMATMULOPERANDS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// How the tile buffer of one matmul operand is written: `writers` are the
/// ops of the matmul's block that write it, in order, the last one holding
/// `copy`, the copy from the kernel's buffer; `loop`, when set, is the
/// scf.while (one of the writers) that runs `copy` chunk by chunk.
struct TileWrites {
  SmallVector<Operation *> writers;
  linalg::CopyOp copy;
  memref::SubViewOp destination;
  memref::ReinterpretCastOp source;
  scf::WhileOp loop;
};

/// The op of `block` that holds `op` (`op` itself when it is in `block`).
Operation *ancestorIn(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

/// Whether `op` only computes: no memory effects, no regions.
bool isPureComputation(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// Materializes `value` at the builder's insertion point, where `mapping`
/// says what some values (block arguments of a loop) stand for: a value
/// that dominates the insertion point is used as it is, and the pure ops
/// that compute any other are cloned there. Fails on anything else (a load,
/// a block argument `mapping` does not name).
FailureOr<Value> materialize(OpBuilder &builder, Value value,
                             IRMapping &mapping, DominanceInfo &dominance) {
  if (Value known = mapping.lookupOrNull(value))
    return known;
  Operation *insertion = &*builder.getInsertionPoint();
  if (dominance.properlyDominates(value, insertion))
    return value;
  Operation *def = value.getDefiningOp();
  if (!def || !isPureComputation(def) || def->getNumResults() != 1)
    return failure();
  for (Value operand : def->getOperands())
    if (failed(materialize(builder, operand, mapping, dominance)))
      return failure();
  return builder.clone(*def, mapping)->getResult(0);
}

/// The writes of `buffer`, a static tile buffer the matmul `matmul` reads,
/// when they have the form this pass forwards: in the matmul's block and
/// before it, any number of writers followed by a linalg.copy into a
/// subview of it, alone or in an scf.while; the buffer read by nothing but
/// `matmul`.
std::optional<TileWrites> findTileWrites(linalg::MatmulOp matmul,
                                         Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || type.getRank() != 2 ||
      !type.getLayout().isIdentity() ||
      !isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
          buffer.getDefiningOp()))
    return std::nullopt;
  Block *block = matmul->getBlock();
  TileWrites writes;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (user == matmul)
      continue;
    if (isa<memref::DeallocOp>(user) && user->getBlock() != block)
      continue;
    // A subview must feed the copy, which writes through it; other users
    // only write (fills).
    Operation *writing = user;
    if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
      if (!subview->hasOneUse())
        return std::nullopt;
      auto copy = dyn_cast<linalg::CopyOp>(*subview->user_begin());
      if (!copy || copy.getOutputs()[0] != subview.getResult() || writes.copy)
        return std::nullopt;
      writes.copy = copy;
      writes.destination = subview;
      writing = copy;
    } else {
      // A fill: it writes the buffer, reads nothing of it and makes no
      // view of it through which something else could read.
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects || user->getNumResults() != 0 ||
          !effects.getEffectOnValue<MemoryEffects::Write>(buffer) ||
          effects.getEffectOnValue<MemoryEffects::Read>(buffer))
        return std::nullopt;
    }
    Operation *writer = ancestorIn(block, writing);
    if (!writer || !writer->isBeforeInBlock(matmul))
      return std::nullopt;
    if (!llvm::is_contained(writes.writers, writer))
      writes.writers.push_back(writer);
  }
  if (!writes.copy)
    return std::nullopt;
  writes.source =
      writes.copy.getInputs()[0].getDefiningOp<memref::ReinterpretCastOp>();
  if (!writes.source || writes.destination.getSourceType().getRank() != 2 ||
      !llvm::all_of(writes.destination.getStaticStrides(),
                    [](int64_t s) { return s == 1; }))
    return std::nullopt;
  llvm::sort(writes.writers,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  // The copy writes last: nothing may change the tile after it.
  Operation *copyWriter = ancestorIn(block, writes.copy);
  if (writes.writers.back() != copyWriter)
    return std::nullopt;
  if (copyWriter != writes.copy.getOperation()) {
    writes.loop = dyn_cast<scf::WhileOp>(copyWriter);
    if (!writes.loop || writes.copy->getParentOp() != writes.loop ||
        writes.copy->getBlock() != writes.loop.getAfterBody())
      return std::nullopt;
  }
  // The writers are skipped together; none may define what others use.
  for (Operation *writer : writes.writers)
    if (!writer->use_empty())
      return std::nullopt;
  return writes;
}

/// `lhs == rhs` for an index value and a constant (canonicalization folds
/// it when both are constants).
Value equal(OpBuilder &b, Location loc, Value lhs, int64_t rhs) {
  Value constant = arith::ConstantIndexOp::create(b, loc, rhs);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, constant);
}

/// For one operand: the condition under which `writes` leave in the tile
/// exactly the source's first chunk, seen through a view of the tile's
/// shape, and that view. Built at the builder's insertion point (before the
/// first writer).
FailureOr<std::pair<Value, Value>>
buildForwarding(OpBuilder &b, TileWrites &writes, DominanceInfo &dominance) {
  Location loc = writes.copy.getLoc();
  auto tileType = cast<MemRefType>(writes.destination.getSourceType());
  // On the first iteration, the `do` region's arguments are the initial
  // values: what `scf.condition` forwards must be the before region's
  // arguments unchanged.
  IRMapping mapping;
  if (scf::WhileOp loop = writes.loop) {
    for (auto [arg, forwarded] :
         llvm::zip(loop.getAfterArguments(), loop.getConditionOp().getArgs())) {
      auto beforeArg = dyn_cast<BlockArgument>(forwarded);
      if (!beforeArg || beforeArg.getOwner() != loop.getBeforeBody())
        return failure();
      mapping.map(arg, loop.getInits()[beforeArg.getArgNumber()]);
    }
  }
  auto first = [&](OpFoldResult ofr) -> FailureOr<Value> {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return Value(arith::ConstantIndexOp::create(
          b, loc, cast<IntegerAttr>(attr).getInt()));
    return materialize(b, cast<Value>(ofr), mapping, dominance);
  };
  SmallVector<Value> conditions;
  // The first chunk starts at the tile's origin and covers it.
  for (auto [offset, size, extent] :
       llvm::zip(writes.destination.getMixedOffsets(),
                 writes.destination.getMixedSizes(), tileType.getShape())) {
    FailureOr<Value> o = first(offset), s = first(size);
    if (failed(o) || failed(s))
      return failure();
    conditions.push_back(equal(b, loc, *o, 0));
    conditions.push_back(equal(b, loc, *s, extent));
  }
  // The source's rows are contiguous.
  SmallVector<OpFoldResult> strides = writes.source.getMixedStrides();
  FailureOr<Value> innerStride = first(strides.back());
  FailureOr<Value> outerStride = first(strides.front());
  FailureOr<Value> offset = first(writes.source.getMixedOffsets().front());
  if (failed(innerStride) || failed(outerStride) || failed(offset))
    return failure();
  conditions.push_back(equal(b, loc, *innerStride, 1));
  // The loop stops after that chunk: its condition is false for the values
  // the first iteration yields.
  if (scf::WhileOp loop = writes.loop) {
    auto yield = cast<scf::YieldOp>(loop.getAfterBody()->getTerminator());
    IRMapping next;
    for (auto [arg, yielded] :
         llvm::zip(loop.getBeforeArguments(), yield.getOperands())) {
      FailureOr<Value> value = first(yielded);
      if (failed(value))
        return failure();
      next.map(arg, *value);
    }
    FailureOr<Value> proceeds =
        materialize(b, loop.getConditionOp().getCondition(), next, dominance);
    if (failed(proceeds))
      return failure();
    Value stops = arith::XOrIOp::create(
        b, loc, *proceeds, arith::ConstantIntOp::create(b, loc, 1, 1));
    conditions.push_back(stops);
  }
  Value all = conditions.front();
  for (Value c : ArrayRef(conditions).drop_front())
    all = arith::AndIOp::create(b, loc, all, c);

  auto viewType = MemRefType::get(
      tileType.getShape(), tileType.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                             {ShapedType::kDynamic, 1}));
  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(b.getContext(), tileType.getShape());
  Value view = memref::ReinterpretCastOp::create(
      b, loc, viewType, writes.source.getSource(), OpFoldResult(*offset), sizes,
      ArrayRef<OpFoldResult>{*outerStride, b.getIndexAttr(1)});
  return std::make_pair(all, view);
}

/// Wraps `op` in `scf.if %condition`.
void guard(OpBuilder &b, Operation *op, Value condition) {
  b.setInsertionPoint(op);
  auto branch = scf::IfOp::create(b, op->getLoc(), condition,
                                  /*withElseRegion=*/false);
  op->moveBefore(branch.thenBlock()->getTerminator());
}

/// Forwards what it can of `matmul`'s two inputs.
void forwardOperands(linalg::MatmulOp matmul) {
  for (unsigned index = 0; index < 2; ++index) {
    // Built again for each operand: forwarding the first moved ops.
    DominanceInfo dominance(matmul->getParentOfType<func::FuncOp>());
    Value buffer = matmul.getDpsInputs()[index];
    std::optional<TileWrites> writes = findTileWrites(matmul, buffer);
    if (!writes)
      continue;
    OpBuilder b(writes->writers.front());
    Location loc = matmul.getLoc();
    FailureOr<std::pair<Value, Value>> forwarding =
        buildForwarding(b, *writes, dominance);
    if (failed(forwarding)) {
      LLVM_DEBUG(llvm::dbgs() << "cannot evaluate the first chunk of "
                              << writes->copy << "\n");
      continue;
    }
    auto [inPlace, view] = *forwarding;
    Value copies = arith::XOrIOp::create(
        b, loc, inPlace, arith::ConstantIntOp::create(b, loc, 1, 1));
    for (Operation *writer : writes->writers)
      guard(b, writer, copies);
    b.setInsertionPoint(matmul);
    Value tile = memref::CastOp::create(b, loc, view.getType(), buffer);
    Value operand = arith::SelectOp::create(b, loc, inPlace, view, tile);
    matmul->setOperand(index, operand);
  }
}

struct CpuForwardMatmulOperandsPass
    : mlir::triton::cpu::impl::CpuForwardMatmulOperandsBase<
          CpuForwardMatmulOperandsPass> {
  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk([&](linalg::MatmulOp op) {
      if (op.hasPureBufferSemantics() && !op.hasUserDefinedMaps())
        matmuls.push_back(op);
    });
    for (linalg::MatmulOp matmul : matmuls)
      forwardOperands(matmul);
  }
};

} // namespace

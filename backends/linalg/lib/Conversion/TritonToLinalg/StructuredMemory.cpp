//===- StructuredMemory.cpp - Step 2: strided loads and stores ------------===//
//
// Lowers the tt.load / tt.store ops whose pointer the PtrAnalysis and whose
// mask the MaskAnalysis decode, in the manner of triton-shared:
//
//   load:  %buf = memref.alloc() : memref<SxT>
//          scf.if %partial { linalg.fill ins(%other) outs(%buf) }
//          %src = memref.reinterpret_cast %buffer to offset: [o],
//                   sizes: [valid box], strides: [s]
//          linalg.copy ins(%src) outs(subview(%buf)[valid box])
//          %t = bufferization.to_tensor %buf restrict writable
//   store: %dst = memref.reinterpret_cast ... (valid box)
//          bufferization.materialize_in_destination
//            (tensor.extract_slice %value [valid box]) in writable %dst
//
// (linalg.copy rather than memref.copy: it vectorizes, and a memref.copy of
// a strided view would lower to a call of the runtime's memrefCopy.)
// A wrapped dimension (rem) is copied segment by segment (scf.while), each
// segment being contiguous in memory. Before the accesses, scf.for loops
// that carry pointers are given index iter_args carrying the pointers'
// offsets, so that accesses inside the loop are structured too.
//
// What the analyses do not decode stays as it is for the gather/scatter
// patterns of step 3, with a debug remark (and an MLIR remark when asked).
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/MaskAnalysis.h"
#include "linalg/Analysis/OpFoldResultUtils.h"
#include "linalg/Analysis/PtrAnalysis.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-triton-to-linalg"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

bool isPointerValueType(Type type) {
  return triton::isPointerLike(type) || triton::isTensorPointerType(type);
}

/// Where one dimension of a piece of a tile lives: tile indices
/// [tileOffset, tileOffset + extent) at buffer offsets address + i * stride.
struct DimPiece {
  OpFoldResult tileOffset, extent, address, stride;
};

/// Called for each contiguous piece of a tile with the piece's position in
/// the tile, its sizes, and the strided view of the buffer it maps to.
using PieceFn = function_ref<void(OpBuilder &, Location, ArrayRef<OpFoldResult>,
                                  ArrayRef<OpFoldResult>, Value)>;

class StructuredLowering {
public:
  explicit StructuredLowering(MLIRContext *ctx, bool reportFallbacks)
      : builder(ctx), ptrs(builder), masks(ptrs),
        reportFallbacks(reportFallbacks) {}

  void run(func::FuncOp func);

private:
  void rewriteLoop(scf::ForOp forOp);
  LogicalResult lowerLoad(LoadOp op);
  LogicalResult lowerStore(StoreOp op);
  /// The decoded pointer and box of an access; failure means fallback.
  LogicalResult analyze(Operation *op, Value ptr, Value mask,
                        ArrayRef<int32_t> boundaryCheck, PtrState &state,
                        std::optional<MaskState> &box);
  void fallback(Operation *op, const Twine &reason);

  void emitPieces(OpBuilder &b, Location loc, const PtrState &state,
                  const MaskState &box, PieceFn fn);
  void emitPiecesRec(OpBuilder &b, Location loc, const PtrState &state,
                     ArrayRef<unsigned> wrapped, const MaskState &box,
                     SmallVectorImpl<DimPiece> &pieces, PieceFn fn);

  OpBuilder builder;
  PtrAnalysis ptrs;
  MaskAnalysis masks;
  bool reportFallbacks;
};

void StructuredLowering::fallback(Operation *op, const Twine &reason) {
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] gather/scatter fallback for "
                          << op->getName() << " at " << op->getLoc() << ": "
                          << reason << "\n");
  if (reportFallbacks)
    op->emitRemark() << "gather/scatter fallback: " << reason;
}

//===----------------------------------------------------------------------===//
// Loops that carry pointers
//===----------------------------------------------------------------------===//

void StructuredLowering::rewriteLoop(scf::ForOp forOp) {
  struct Candidate {
    unsigned index;
    PtrState init;
    unsigned firstNew = 0, numNew = 0;
    bool ok = true;
  };
  SmallVector<Candidate> candidates;
  Location loc = forOp.getLoc();
  for (auto [i, init] : llvm::enumerate(forOp.getInitArgs())) {
    if (!isPointerValueType(init.getType()))
      continue;
    builder.setInsertionPoint(forOp);
    ptrs.clearCache();
    FailureOr<PtrState> state = ptrs.visit(init, loc);
    if (failed(state) || !state->source) {
      LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] loop-carried pointer #" << i
                              << " stays a tensor of offsets: "
                              << ptrs.getFailureReason() << "\n");
      continue;
    }
    candidates.push_back({static_cast<unsigned>(i), *state});
  }
  if (candidates.empty())
    return;

  SmallVector<Value> newInits;
  builder.setInsertionPoint(forOp);
  for (Candidate &c : candidates) {
    c.firstNew = newInits.size();
    for (OpFoldResult v : c.init.getLoopCarried())
      newInits.push_back(materializeIndex(builder, loc, v));
    c.numNew = newInits.size() - c.firstNew;
  }

  auto yieldFn = [&](OpBuilder &, Location yieldLoc,
                     ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
    auto iterState = [&](const Candidate &c) {
      SmallVector<OpFoldResult> carried;
      for (BlockArgument arg : newArgs.slice(c.firstNew, c.numNew))
        carried.push_back(arg);
      return c.init.withLoopCarried(carried);
    };
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    SmallVector<Value> results;
    // Iterate until no candidate is dropped: a dropped candidate's state
    // must not feed another's yield.
    bool changed = true;
    while (changed) {
      changed = false;
      results.clear();
      for (Candidate &c : candidates) {
        BlockArgument oldArg = forOp.getRegionIterArgs()[c.index];
        if (c.ok)
          ptrs.setKnownState(oldArg, iterState(c));
        else
          ptrs.forgetKnownState(oldArg);
      }
      for (Candidate &c : candidates) {
        if (!c.ok) {
          llvm::append_range(results, newArgs.slice(c.firstNew, c.numNew));
          continue;
        }
        builder.setInsertionPoint(yield);
        ptrs.clearCache();
        FailureOr<PtrState> next =
            ptrs.visit(yield.getOperand(c.index), yieldLoc);
        if (failed(next) || !next->hasSameStructure(iterState(c))) {
          LLVM_DEBUG(llvm::dbgs()
                     << "[" DEBUG_TYPE "] loop-carried pointer #" << c.index
                     << " is not advanced by a loop-invariant step: "
                     << (failed(next) ? ptrs.getFailureReason()
                                      : std::string("its strides change"))
                     << "\n");
          c.ok = false;
          changed = true;
          break;
        }
        for (OpFoldResult v : next->getLoopCarried())
          results.push_back(materializeIndex(builder, yieldLoc, v));
      }
    }
    return results;
  };

  IRRewriter rewriter(forOp.getContext());
  rewriter.setInsertionPoint(forOp);
  SmallVector<BlockArgument> oldArgs;
  for (Candidate &c : candidates)
    oldArgs.push_back(forOp.getRegionIterArgs()[c.index]);
  unsigned numResults = forOp.getNumResults();
  FailureOr<LoopLikeOpInterface> replaced = forOp.replaceWithAdditionalYields(
      rewriter, newInits, /*replaceInitOperandUsesInLoop=*/false, yieldFn);
  // The old block arguments are gone: forget them before their storage is
  // reused.
  for (BlockArgument arg : oldArgs)
    ptrs.forgetKnownState(arg);
  if (failed(replaced))
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  for (Candidate &c : candidates) {
    if (!c.ok)
      continue;
    SmallVector<OpFoldResult> carried, results;
    for (unsigned k = 0; k < c.numNew; ++k) {
      carried.push_back(
          newLoop.getRegionIterArgs()[numResults + c.firstNew + k]);
      results.push_back(newLoop.getResult(numResults + c.firstNew + k));
    }
    ptrs.setKnownState(newLoop.getRegionIterArgs()[c.index],
                       c.init.withLoopCarried(carried));
    ptrs.setKnownState(newLoop.getResult(c.index),
                       c.init.withLoopCarried(results));
  }
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

LogicalResult StructuredLowering::analyze(Operation *op, Value ptr, Value mask,
                                          ArrayRef<int32_t> boundaryCheck,
                                          PtrState &state,
                                          std::optional<MaskState> &box) {
  Location loc = op->getLoc();
  builder.setInsertionPoint(op);
  ptrs.clearCache();
  FailureOr<PtrState> decoded = ptrs.visit(ptr, loc);
  if (failed(decoded)) {
    fallback(op, ptrs.getFailureReason());
    return failure();
  }
  if (!decoded->source) {
    fallback(op, "the pointer is not derived from a buffer");
    return failure();
  }
  state = *decoded;
  if (state.isBlockPointer) {
    if (!boundaryCheck.empty()) {
      MaskState check = masks.getFull(state.getSizes());
      for (int32_t d : boundaryCheck) {
        OpFoldResult size = builder.getIndexAttr(state.dims[d].size);
        OpFoldResult zero = builder.getIndexAttr(0);
        OpFoldResult neg = subOFRs(builder, loc, zero, state.dims[d].offset);
        OpFoldResult room =
            subOFRs(builder, loc, state.shape[d], state.dims[d].offset);
        check.lo[d] = clampOFR(builder, loc, neg, zero, size);
        check.hi[d] = clampOFR(builder, loc, room, zero, size);
      }
      box = check;
    }
    state = ptrs.flattenBlockPointer(state, loc);
  }
  if (mask) {
    FailureOr<MaskState> decodedMask = masks.visit(mask, loc);
    if (failed(decodedMask)) {
      fallback(op, masks.getFailureReason());
      return failure();
    }
    box = box ? masks.intersect(*box, *decodedMask, loc) : *decodedMask;
  }
  auto bufferType = cast<MemRefType>(state.source.getType());
  Type elementType = getElementTypeOrSelf(getPointeeType(ptr.getType()));
  if (bufferType.getElementType() != elementType) {
    fallback(op, "the pointer's element type differs from its buffer's");
    return failure();
  }
  return success();
}

void StructuredLowering::emitPieces(OpBuilder &b, Location loc,
                                    const PtrState &state, const MaskState &box,
                                    PieceFn fn) {
  SmallVector<unsigned> wrapped;
  SmallVector<DimPiece> pieces(state.getRank());
  for (auto [d, dim] : llvm::enumerate(state.dims)) {
    if (dim.hasModulo()) {
      wrapped.push_back(d);
      continue;
    }
    DimPiece &piece = pieces[d];
    piece.tileOffset = box.lo[d];
    piece.extent = maxOFRs(b, loc, subOFRs(b, loc, box.hi[d], box.lo[d]),
                           b.getIndexAttr(0));
    piece.address =
        addOFRs(b, loc, dim.offset, mulOFRs(b, loc, box.lo[d], dim.stride));
    piece.stride = dim.stride;
  }
  emitPiecesRec(b, loc, state, wrapped, box, pieces, fn);
}

void StructuredLowering::emitPiecesRec(OpBuilder &b, Location loc,
                                       const PtrState &state,
                                       ArrayRef<unsigned> wrapped,
                                       const MaskState &box,
                                       SmallVectorImpl<DimPiece> &pieces,
                                       PieceFn fn) {
  if (wrapped.empty()) {
    OpFoldResult offset = b.getIndexAttr(0);
    SmallVector<OpFoldResult> tileOffsets, sizes, strides;
    for (DimPiece &piece : pieces) {
      offset = addOFRs(b, loc, offset, piece.address);
      tileOffsets.push_back(piece.tileOffset);
      sizes.push_back(piece.extent);
      strides.push_back(piece.stride);
    }
    Value view = memref::ReinterpretCastOp::create(b, loc, state.source, offset,
                                                   sizes, strides);
    fn(b, loc, tileOffsets, sizes, view);
    return;
  }

  // A wrapped dimension: walk its segments [t, t + n), each contiguous.
  unsigned d = wrapped.front();
  const PtrDim &dim = state.dims[d];
  Value lo = materializeIndex(b, loc, box.lo[d]);
  Value hi = materializeIndex(b, loc, box.hi[d]);
  scf::WhileOp::create(
      b, loc, TypeRange{b.getIndexType()}, ValueRange{lo},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value more = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt,
                                           args[0], hi);
        scf::ConditionOp::create(nb, nloc, more, args);
      },
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        OpFoldResult t = args[0];
        OpFoldResult m = dim.modulus;
        OpFoldResult x =
            addOFRs(nb, nloc, dim.offset, mulOFRs(nb, nloc, t, dim.stride));
        // Position in [0, m) even when x is negative.
        OpFoldResult p =
            remOFRs(nb, nloc, addOFRs(nb, nloc, remOFRs(nb, nloc, x, m), m), m);
        Value room = arith::CeilDivSIOp::create(
            nb, nloc, materializeIndex(nb, nloc, subOFRs(nb, nloc, m, p)),
            materializeIndex(nb, nloc, dim.stride));
        OpFoldResult n = minOFRs(nb, nloc, room, subOFRs(nb, nloc, hi, t));
        DimPiece &piece = pieces[d];
        piece.tileOffset = t;
        piece.extent = n;
        piece.address = mulOFRs(nb, nloc, p, dim.scale);
        piece.stride = mulOFRs(nb, nloc, dim.stride, dim.scale);
        emitPiecesRec(nb, nloc, state, wrapped.drop_front(), box, pieces, fn);
        Value next = materializeIndex(nb, nloc, addOFRs(nb, nloc, t, n));
        scf::YieldOp::create(nb, nloc, next);
      });
}

/// The scalar that fills masked-off elements of a load, or null when
/// `other` is not a splat (the caller selects with the mask instead).
static Value getOtherScalar(OpBuilder &b, Location loc, LoadOp op,
                            Type elementType, bool padWithNan) {
  Value other = op.getOther();
  if (!other) {
    if (padWithNan)
      return arith::ConstantOp::create(
          b, loc, elementType,
          b.getFloatAttr(
              elementType,
              APFloat::getNaN(
                  cast<FloatType>(elementType).getFloatSemantics())));
    return arith::ConstantOp::create(b, loc, elementType,
                                     b.getZeroAttr(elementType));
  }
  DenseElementsAttr dense;
  if (matchPattern(other, m_Constant(&dense)) && dense.isSplat())
    return arith::ConstantOp::create(b, loc, dense.getSplatValue<TypedAttr>());
  if (auto splat = other.getDefiningOp<SplatOp>())
    return splat.getSrc();
  return Value();
}

LogicalResult StructuredLowering::lowerLoad(LoadOp op) {
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!resultType)
    return failure(); // Scalars: a plain memref.load in step 3.
  PtrState state;
  std::optional<MaskState> box;
  if (failed(analyze(op, op.getPtr(), op.getMask(), op.getBoundaryCheck(),
                     state, box)))
    return failure();

  Location loc = op.getLoc();
  OpBuilder &b = builder;
  Type elementType = resultType.getElementType();
  bool padWithNan = op.getPadding() &&
                    *op.getPadding() == PaddingOption::PAD_NAN &&
                    isa<FloatType>(elementType);
  auto allocType = MemRefType::get(resultType.getShape(), elementType);
  Value alloc = memref::AllocOp::create(b, loc, allocType);
  MaskState valid = box ? *box : masks.getFull(state.getSizes());
  Value otherScalar = getOtherScalar(b, loc, op, elementType, padWithNan);
  Value fillValue = otherScalar
                        ? otherScalar
                        : arith::ConstantOp::create(b, loc, elementType,
                                                    b.getZeroAttr(elementType))
                              .getResult();
  if (!valid.isStaticallyFull()) {
    // Fill only when the valid box does not cover the tile.
    Value partial = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    for (auto [size, lo, hi] :
         llvm::zip_equal(valid.sizes, valid.lo, valid.hi)) {
      Value loCut = sltOFRs(b, loc, b.getIndexAttr(0), lo);
      Value hiCut = sltOFRs(b, loc, hi, b.getIndexAttr(size));
      partial = arith::OrIOp::create(b, loc, partial, loCut);
      partial = arith::OrIOp::create(b, loc, partial, hiCut);
    }
    scf::IfOp::create(b, loc, partial, [&](OpBuilder &nb, Location nloc) {
      linalg::FillOp::create(nb, nloc, ValueRange{fillValue},
                             ValueRange{alloc});
      scf::YieldOp::create(nb, nloc);
    });
  }
  emitPieces(b, loc, state, valid,
             [&](OpBuilder &nb, Location nloc, ArrayRef<OpFoldResult> offsets,
                 ArrayRef<OpFoldResult> sizes, Value view) {
               SmallVector<OpFoldResult> ones(sizes.size(), nb.getIndexAttr(1));
               Value dst = memref::SubViewOp::create(nb, nloc, alloc, offsets,
                                                     sizes, ones);
               linalg::CopyOp::create(nb, nloc, view, dst);
             });
  Value result = bufferization::ToTensorOp::create(
      b, loc, resultType, alloc, /*restrict=*/true, /*writable=*/true);
  if (!otherScalar && op.getMask())
    result =
        arith::SelectOp::create(b, loc, op.getMask(), result, op.getOther());
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

LogicalResult StructuredLowering::lowerStore(StoreOp op) {
  auto valueType = dyn_cast<RankedTensorType>(op.getValue().getType());
  if (!valueType)
    return failure(); // Scalars: a plain memref.store in step 3.
  PtrState state;
  std::optional<MaskState> box;
  if (failed(analyze(op, op.getPtr(), op.getMask(), op.getBoundaryCheck(),
                     state, box)))
    return failure();

  Location loc = op.getLoc();
  Value value = op.getValue();
  MaskState valid = box ? *box : masks.getFull(state.getSizes());
  emitPieces(builder, loc, state, valid,
             [&](OpBuilder &nb, Location nloc, ArrayRef<OpFoldResult> offsets,
                 ArrayRef<OpFoldResult> sizes, Value view) {
               SmallVector<OpFoldResult> ones(sizes.size(), nb.getIndexAttr(1));
               Value slice = tensor::ExtractSliceOp::create(
                   nb, nloc, value, offsets, sizes, ones);
               auto write = bufferization::MaterializeInDestinationOp::create(
                   nb, nloc, slice, view);
               write.setWritable(true);
             });
  op.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// After the rewrite, a loop may still carry a pointer that nothing reads:
/// its only uses compute its next value. Make the loop forward it unchanged
/// so that the canonicalizer drops it (and the dead arithmetic with it).
void forwardDeadPointerIterArgs(func::FuncOp func) {
  func.walk([&](scf::ForOp forOp) {
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
      if (!isPointerValueType(arg.getType()) || !forOp.getResult(i).use_empty())
        continue;
      // The forward slice of the argument inside the loop must be pure and
      // end only in its own yield operand.
      SmallVector<Value> worklist{arg};
      llvm::DenseSet<Operation *> slice;
      bool dead = true;
      while (!worklist.empty() && dead) {
        Value v = worklist.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (user == yield) {
            if (use.getOperandNumber() != i)
              dead = false;
            continue;
          }
          if (!isPure(user) || user->getNumRegions() != 0) {
            dead = false;
            break;
          }
          if (slice.insert(user).second)
            llvm::append_range(worklist, user->getResults());
        }
      }
      if (dead)
        yield->setOperand(i, arg);
    }
  });
}

void StructuredLowering::run(func::FuncOp func) {
  SmallVector<scf::ForOp> loops;
  func.walk<WalkOrder::PreOrder>(
      [&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    rewriteLoop(loop);

  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (isa<LoadOp, StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    if (auto load = dyn_cast<LoadOp>(op))
      (void)lowerLoad(load);
    else
      (void)lowerStore(cast<StoreOp>(op));
  }
}

} // namespace

void lowerStructuredMemoryAccesses(ModuleOp module, bool reportFallbacks) {
  for (func::FuncOp func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    StructuredLowering(module.getContext(), reportFallbacks).run(func);
    forwardDeadPointerIterArgs(func);
  }
  // Drop the forwarded iter_args and the pointer arithmetic nothing reads.
  RewritePatternSet patterns(module.getContext());
  scf::ForOp::getCanonicalizationPatterns(patterns, module.getContext());
  (void)applyPatternsGreedily(module, std::move(patterns));
}

} // namespace mlir::triton::cpu

//===- ForwardTileCopies.cpp - Masked vector transfers instead of copies --===//
//
// The conversion from TTIR loads a block into a tile buffer (fill with the
// `other` value where the block is partial, copy the valid part) and stores
// one through a copy of the valid part. Once the computation is vectorized,
// both become masked vector transfers on the kernel's buffers, with no tile
// buffer and no copy in between.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-forward-tile-copies"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_FORWARDTILECOPIES
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// Whether `values` are all the constant 0.
bool areZeros(ArrayRef<OpFoldResult> values) {
  return llvm::all_of(values, [](OpFoldResult v) { return isZeroInteger(v); });
}
bool areZeros(ValueRange values) {
  return llvm::all_of(values,
                      [](Value v) { return matchPattern(v, m_Zero()); });
}

/// Whether `type` is a buffer that a vector transfer can read or write row
/// by row: a strided layout whose innermost stride is 1.
bool hasUnitInnerStride(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// Whether `xfer` moves a whole tensor of type `type` at index 0, unmasked.
bool isWholeTransfer(VectorTransferOpInterface xfer, ShapedType type) {
  return !xfer.getMask() && areZeros(xfer.getIndices()) &&
         xfer.getPermutationMap().isMinorIdentity() &&
         xfer.getVectorType().getRank() == type.getRank() &&
         xfer.getVectorType().getShape() == type.getShape();
}

/// The mask of `sizes` valid elements of `vectorType`, or a null value when
/// the sizes cover the whole vector.
Value createMask(OpBuilder &b, Location loc, VectorType vectorType,
                 ArrayRef<OpFoldResult> sizes) {
  std::optional<SmallVector<int64_t>> constant = getConstantIntValues(sizes);
  if (constant && ArrayRef<int64_t>(*constant) == vectorType.getShape())
    return Value();
  auto maskType = VectorType::get(vectorType.getShape(), b.getI1Type());
  SmallVector<Value> operands;
  for (OpFoldResult size : sizes)
    operands.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
  return vector::CreateMaskOp::create(b, loc, maskType, operands);
}

/// Whether all `sizes` equal the dimensions of `vectorType`, as an i1.
Value createIsWhole(OpBuilder &b, Location loc, VectorType vectorType,
                    ArrayRef<OpFoldResult> sizes) {
  Value whole;
  for (auto [size, dim] : llvm::zip(sizes, vectorType.getShape())) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    if (constant && *constant == dim)
      continue;
    Value eq = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        getValueOrCreateConstantIndexOp(b, loc, size),
        arith::ConstantIndexOp::create(b, loc, dim));
    whole = whole ? arith::AndIOp::create(b, loc, whole, eq).getResult() : eq;
  }
  return whole;
}

/// Reads `vectorType` from `source` at 0, masked by `sizes`: when the sizes
/// may be partial, an scf.if reads a whole block unmasked and a partial one
/// masked (masked loads and stores cost more on the host's memory streams).
Value createRead(OpBuilder &b, Location loc, VectorType vectorType,
                 Value source, Value other, ArrayRef<OpFoldResult> sizes) {
  int64_t rank = vectorType.getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indices(rank, zero);
  SmallVector<bool> inBounds(rank, true);
  AffineMap map = b.getMultiDimIdentityMap(rank);
  auto read = [&](OpBuilder &nb, Location nloc, Value mask) -> Value {
    return vector::TransferReadOp::create(nb, nloc, vectorType, source,
                                          indices, AffineMapAttr::get(map),
                                          other, mask,
                                          nb.getBoolArrayAttr(inBounds));
  };
  Value mask = createMask(b, loc, vectorType, sizes);
  if (!mask)
    return read(b, loc, Value());
  Value whole = createIsWhole(b, loc, vectorType, sizes);
  auto ifOp = scf::IfOp::create(
      b, loc, whole,
      [&](OpBuilder &nb, Location nloc) {
        scf::YieldOp::create(nb, nloc, read(nb, nloc, Value()));
      },
      [&](OpBuilder &nb, Location nloc) {
        scf::YieldOp::create(nb, nloc, read(nb, nloc, mask));
      });
  return ifOp.getResult(0);
}

/// Writes `vector` into `dest` at 0, masked by `sizes`, with the same split
/// as createRead.
void createWrite(OpBuilder &b, Location loc, Value vector, Value dest,
                 ArrayRef<OpFoldResult> sizes) {
  auto vectorType = cast<VectorType>(vector.getType());
  int64_t rank = vectorType.getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indices(rank, zero);
  SmallVector<bool> inBounds(rank, true);
  AffineMap map = b.getMultiDimIdentityMap(rank);
  auto write = [&](OpBuilder &nb, Location nloc, Value mask) {
    vector::TransferWriteOp::create(nb, nloc, vector, dest, indices,
                                    AffineMapAttr::get(map), mask,
                                    nb.getBoolArrayAttr(inBounds));
  };
  Value mask = createMask(b, loc, vectorType, sizes);
  if (!mask)
    return write(b, loc, Value());
  Value whole = createIsWhole(b, loc, vectorType, sizes);
  scf::IfOp::create(
      b, loc, whole,
      [&](OpBuilder &nb, Location nloc) {
        write(nb, nloc, Value());
        scf::YieldOp::create(nb, nloc);
      },
      [&](OpBuilder &nb, Location nloc) {
        write(nb, nloc, mask);
        scf::YieldOp::create(nb, nloc);
      });
}

/// A block load as the conversion writes it:
///   %t = memref.alloc() : memref<SxT>
///   [scf.if %partial {] linalg.fill ins(%other) outs(%t) [}]
///   %v = memref.subview %t[0..] [sizes] [1..]
///   linalg.copy ins(%src) outs(%v)
///   %tensor = bufferization.to_tensor %t
/// where every use of %tensor is a whole vector.transfer_read, or the
/// destination of a whole vector.transfer_write (which overwrites it all).
struct TileLoad {
  memref::AllocOp alloc;
  bufferization::ToTensorOp toTensor;
  Operation *copy = nullptr;
  Value source;
  memref::SubViewOp subview;
  Operation *fill = nullptr; // the fill, or the scf.if around it
  Attribute otherAttr;
  SmallVector<OpFoldResult> sizes;
};

/// The constant that `op` fills all of `buffer` with: a linalg.fill of a
/// constant, or a whole vector.transfer_write of a constant splat (a fill
/// that linalg-cpu-vectorize vectorized).
std::optional<Attribute> getFilledConstant(Operation *op, Value buffer) {
  Attribute value;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    if (fill.getOutputs().front() != buffer ||
        !matchPattern(fill.getInputs().front(), m_Constant(&value)))
      return std::nullopt;
    return value;
  }
  if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    auto type = cast<ShapedType>(buffer.getType());
    DenseElementsAttr splat;
    if (write.getBase() != buffer || !isWholeTransfer(write, type) ||
        !matchPattern(write.getVector(), m_Constant(&splat)) ||
        !splat.isSplat())
      return std::nullopt;
    return splat.getSplatValue<Attribute>();
  }
  return std::nullopt;
}

/// The tile load that ends in `toTensor`, or nullopt (with the reason as a
/// debug message) when the buffer does anything else.
std::optional<TileLoad> matchTileLoad(bufferization::ToTensorOp toTensor) {
  auto fail = [&](const char *why) -> std::optional<TileLoad> {
    LLVM_DEBUG(llvm::dbgs() << "not forwarded (" << why << "): " << toTensor
                            << "\n");
    return std::nullopt;
  };
  TileLoad load;
  load.toTensor = toTensor;
  load.alloc = toTensor.getBuffer().getDefiningOp<memref::AllocOp>();
  if (!load.alloc)
    return fail("not a fresh buffer");
  MemRefType type = load.alloc.getType();
  if (!type.hasStaticShape() || type.getRank() == 0 ||
      !type.getElementType().isIntOrFloat() ||
      type.getElementType().isInteger(1))
    return fail("shape or element type");
  Block *block = toTensor->getBlock();
  if (load.alloc->getBlock() != block)
    return fail("buffer in another block");

  for (Operation *user : load.alloc->getUsers()) {
    if (user == toTensor)
      continue;
    if (std::optional<Attribute> value = getFilledConstant(user, load.alloc)) {
      if (load.fill)
        return fail("two fills");
      load.otherAttr = *value;
      Operation *anchor = user;
      if (user->getBlock() != block) {
        auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
        if (!ifOp || ifOp->getBlock() != block || ifOp.getNumResults() ||
            !ifOp.getElseRegion().empty() ||
            ifOp.thenBlock()->getOperations().size() != 2)
          return fail("fill under control flow");
        anchor = ifOp;
      }
      load.fill = anchor;
      continue;
    }
    if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
      if (load.subview || !areZeros(subview.getMixedOffsets()) ||
          !llvm::all_of(subview.getMixedStrides(),
                        [](OpFoldResult s) { return isOneInteger(s); }) ||
          subview.getType().getRank() != type.getRank() ||
          !subview->hasOneUse())
        return fail("view");
      auto copy = dyn_cast<linalg::CopyOp>(*subview->getUsers().begin());
      if (!copy || copy->getBlock() != block ||
          copy.getOutputs().front() != subview.getResult())
        return fail("the view is not the target of a copy");
      load.subview = subview;
      load.copy = copy;
      load.source = copy.getInputs().front();
      load.sizes = subview.getMixedSizes();
      continue;
    }
    return fail("other use of the buffer");
  }
  if (!load.copy)
    return fail("no copy");
  if (!hasUnitInnerStride(load.source.getType()))
    return fail("the source's inner stride is not 1");
  if (load.fill && !load.fill->isBeforeInBlock(load.copy))
    return fail("fill after the copy");
  if (!load.copy->isBeforeInBlock(toTensor))
    return fail("copy after the tensor");

  for (OpOperand &use : toTensor->getUses()) {
    auto xfer = dyn_cast<VectorTransferOpInterface>(use.getOwner());
    if (!xfer || !isWholeTransfer(xfer, cast<ShapedType>(toTensor.getType())))
      return fail("a use is not a whole vector transfer");
    if (isa<vector::TransferWriteOp>(use.getOwner()) &&
        use.getOperandNumber() != 1)
      return fail("written as a vector");
  }
  return load;
}

/// Replaces the tile load by one masked vector read of its source, where the
/// copy was; the buffer, its fill and copy go away.
void forwardTileLoad(TileLoad &load, RewriterBase &rewriter) {
  Location loc = load.copy->getLoc();
  rewriter.setInsertionPointAfter(load.copy);
  auto tensorType = cast<RankedTensorType>(load.toTensor.getType());
  Type elementType = tensorType.getElementType();
  auto vectorType = VectorType::get(tensorType.getShape(), elementType);
  auto otherAttr = dyn_cast_or_null<TypedAttr>(load.otherAttr);
  if (!otherAttr)
    otherAttr = cast<TypedAttr>(rewriter.getZeroAttr(elementType));
  Value other = arith::ConstantOp::create(rewriter, loc, otherAttr);
  Value value = createRead(rewriter, loc, vectorType, load.source, other,
                           load.sizes);

  Value empty;
  for (OpOperand &use : llvm::make_early_inc_range(load.toTensor->getUses())) {
    Operation *user = use.getOwner();
    if (auto read = dyn_cast<vector::TransferReadOp>(user)) {
      rewriter.replaceOp(read, value);
      continue;
    }
    // A whole write: what it overwrites does not matter.
    if (!empty) {
      rewriter.setInsertionPoint(load.toTensor);
      empty = tensor::EmptyOp::create(rewriter, loc, tensorType.getShape(),
                                      elementType);
    }
    rewriter.modifyOpInPlace(user, [&] { use.set(empty); });
  }
  rewriter.eraseOp(load.toTensor);
  rewriter.eraseOp(load.copy);
  rewriter.eraseOp(load.subview);
  if (load.fill)
    rewriter.eraseOp(load.fill);
  rewriter.eraseOp(load.alloc);
}

/// A block store as the conversion writes it, after vectorization:
///   %t = vector.transfer_write %v, %any[0..] : vector<S>, tensor<S>
///   %s = tensor.extract_slice %t[0..] [sizes] [1..]
///   bufferization.materialize_in_destination %s in writable %dst
/// becomes a masked vector.transfer_write of %v into %dst.
struct ForwardTileStore
    : public OpRewritePattern<bufferization::MaterializeInDestinationOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult
  matchAndRewrite(bufferization::MaterializeInDestinationOp op,
                  PatternRewriter &rewriter) const override {
    Value dest = op.getDest();
    if (!isa<MemRefType>(dest.getType()) || !op.getWritable())
      return rewriter.notifyMatchFailure(op, "not a store into a buffer");
    if (!hasUnitInnerStride(dest.getType()))
      return rewriter.notifyMatchFailure(op, "inner stride is not 1");
    Value source = op.getSource();
    SmallVector<OpFoldResult> sizes;
    if (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!areZeros(slice.getMixedOffsets()) || !slice.hasUnitStride() ||
          slice.getType().getRank() != slice.getSourceType().getRank())
        return rewriter.notifyMatchFailure(op, "not a leading slice");
      sizes = slice.getMixedSizes();
      source = slice.getSource();
    } else {
      auto type = cast<RankedTensorType>(source.getType());
      if (!type.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "dynamic shape");
      for (int64_t size : type.getShape())
        sizes.push_back(rewriter.getIndexAttr(size));
    }
    auto write = source.getDefiningOp<vector::TransferWriteOp>();
    auto tensorType = dyn_cast<RankedTensorType>(source.getType());
    if (!write || !tensorType || !tensorType.hasStaticShape() ||
        !isWholeTransfer(write, tensorType) ||
        tensorType.getElementType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "not a whole vector write");

    createWrite(rewriter, op.getLoc(), write.getVector(), dest, sizes);
    rewriter.eraseOp(op);
    return success();
  }
};

class ForwardTileCopiesPass
    : public mlir::triton::cpu::impl::ForwardTileCopiesBase<
          ForwardTileCopiesPass> {
public:
  void runOnOperation() override {
    SmallVector<bufferization::ToTensorOp> candidates;
    getOperation().walk(
        [&](bufferization::ToTensorOp op) { candidates.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (bufferization::ToTensorOp toTensor : candidates)
      if (std::optional<TileLoad> load = matchTileLoad(toTensor))
        forwardTileLoad(*load, rewriter);

    RewritePatternSet patterns(&getContext());
    patterns.add<ForwardTileStore>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

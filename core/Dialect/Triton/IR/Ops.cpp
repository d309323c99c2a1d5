//===- Ops.cpp - Operations of the tt dialect -----------------------------===//
//
// Verifiers, builders, folders and interface methods of the tt operations.
// Every check a user can trip is a diagnostic naming the offending types.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "trident/Dialect/Triton/IR/TritonOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {
/// Bit width of a scalar element; pointers are 64-bit.
unsigned getElementBitWidth(Type type) {
  Type elem = getElementTypeOrSelf(type);
  if (isa<PointerType>(elem))
    return 64;
  return elem.getIntOrFloatBitWidth();
}

/// True when `order` is a permutation of [0, rank).
bool isPermutation(ArrayRef<int32_t> order, size_t rank) {
  if (order.size() != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || static_cast<size_t>(d) >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// The splat value of a constant operand, if it is one.
Attribute getSplatValue(Attribute attr) {
  auto dense = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!dense)
    return {};
  return dense.getSplatValue<Attribute>();
}

/// Re-splat a constant splat with another tensor type.
OpFoldResult resplat(Attribute operand, Type resultType) {
  auto dense = dyn_cast_or_null<SplatElementsAttr>(operand);
  if (!dense)
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(resultType),
                                dense.getSplatValue<Attribute>());
}

/// Checks a layout-dependent result encoding through the owning dialect's
/// layout interface, if the operand has an encoding and the dialect has one.
LogicalResult
verifyInferredEncoding(Operation *op, RankedTensorType operand,
                       RankedTensorType result,
                       function_ref<FailureOr<Attribute>(
                           const TritonLayoutInterface *, Attribute)>
                           infer) {
  Attribute encoding = operand.getEncoding();
  if (!encoding)
    return success();
  const TritonLayoutInterface *layouts = getLayoutInterface(encoding);
  if (!layouts)
    return success();
  FailureOr<Attribute> expected = infer(layouts, encoding);
  if (failed(expected))
    return op->emitOpError() << "cannot infer the result encoding from "
                             << operand;
  if (*expected != result.getEncoding())
    return op->emitOpError() << "expected result encoding " << *expected
                             << " but got " << result;
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type src = getSrc().getType(), dst = getType();
  if (isPointerLike(src) != isPointerLike(dst) &&
      (getElementBitWidth(src) != 64 || getElementBitWidth(dst) != 64))
    return emitOpError() << "cannot cast between " << src << " and " << dst;
  if (getElementBitWidth(src) != getElementBitWidth(dst))
    return emitOpError() << "requires types of the same bit width, but got "
                         << src << " and " << dst;
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

LogicalResult FpToFpOp::verify() {
  unsigned srcWidth = getElementBitWidth(getSrc().getType());
  unsigned dstWidth = getElementBitWidth(getType());
  // A rounding mode on a widening conversion is accepted and has no effect
  // (every value is exact), as in upstream Triton.
  if (dstWidth < srcWidth && !getRounding())
    return emitOpError() << "requires a rounding mode to narrow "
                         << getSrc().getType() << " to " << getType();
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(adaptor.getOffset(), m_Zero()) ||
      (getSplatValue(adaptor.getOffset()) &&
       matchPattern(getSplatValue(adaptor.getOffset()), m_Zero())))
    return getPtr();
  return {};
}

static int64_t getBlockRank(Type blockPointer) {
  return cast<RankedTensorType>(cast<PointerType>(blockPointer).getPointeeType())
      .getRank();
}

LogicalResult AdvanceOp::verify() {
  int64_t rank = getBlockRank(getPtr().getType());
  if (static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError() << "expects " << rank << " offsets for "
                         << getPtr().getType() << ", but got "
                         << getOffsets().size();
  return success();
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  for (Attribute offset : adaptor.getOffsets())
    if (!offset || !matchPattern(offset, m_Zero()))
      return {};
  return getPtr();
}

LogicalResult MakeTensorPtrOp::verify() {
  int64_t rank = getBlockRank(getType());
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError() << "expects " << rank << " shape, stride and offset "
                         << "values for " << getType() << ", but got "
                         << getShape().size();
  if (!isPermutation(getOrder(), rank))
    return emitOpError() << "expects order to be a permutation of [0, "
                         << rank << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, ptr, mask, other, /*boundaryCheck=*/{},
        /*padding=*/nullptr, cache, evict, isVolatile);
}

/// Shared by loads and stores: block pointers take no mask but may have a
/// boundary check; tensors of pointers have no boundary check.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck,
                                         bool hasMask) {
  if (!isTensorPointerType(ptrType)) {
    if (!boundaryCheck.empty())
      return op->emitOpError()
             << "boundaryCheck requires a block pointer, but got " << ptrType;
    return success();
  }
  if (hasMask)
    return op->emitOpError() << "cannot mask an access through a block "
                                "pointer; use boundaryCheck instead";
  int64_t rank = getBlockRank(ptrType);
  for (int32_t dim : boundaryCheck)
    if (dim < 0 || dim >= rank)
      return op->emitOpError() << "boundaryCheck dimension " << dim
                               << " is out of range for " << ptrType;
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                                 getMask() != nullptr)))
    return failure();
  if (getPadding() && !isTensorPointerType(getPtr().getType()))
    return emitOpError() << "padding requires a block pointer, but got "
                         << getPtr().getType();
  if (getOther() && !getMask())
    return emitOpError() << "takes an 'other' value only with a mask";
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor merged with another.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                    Value value, Value mask, CacheModifier cache,
                    EvictionPolicy evict) {
  build(builder, state, ptr, value, mask, /*boundaryCheck=*/{}, cache, evict);
}

LogicalResult StoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                             getMask() != nullptr);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!elem.isInteger())
      return emitOpError() << "'" << stringifyRMWOp(getAtomicRmwOp())
                           << "' requires integer values, but got "
                           << getVal().getType();
    break;
  case RMWOp::FADD:
    if (!isa<FloatType>(elem))
      return emitOpError() << "'fadd' requires floating-point values, but got "
                           << getVal().getType();
    break;
  default:
    break;
  }
  if (getResult().getType() != getVal().getType())
    return emitOpError() << "result type " << getResult().getType()
                         << " differs from value type " << getVal().getType();
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type pointee = getPointeeType(getPtr().getType());
  if (getCmp().getType() != pointee || getVal().getType() != pointee ||
      getResult().getType() != pointee)
    return emitOpError() << "requires cmp, val and result of type " << pointee
                         << " for " << getPtr().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  auto tensor = dyn_cast<RankedTensorType>(getSrc().getType());
  if (tensor && tensor.getRank() != 0)
    return emitOpError() << "expects a scalar or 0-d tensor operand, but got "
                         << getSrc().getType();
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  // A 0-d constant tensor holds the one element to splat.
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(value))
    value = dense.getSplatValue<Attribute>();
  if (!value || !isa<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

LogicalResult UnsplatOp::verify() {
  if (getSrc().getType().getNumElements() != 1)
    return emitOpError() << "expects a tensor with one element, but got "
                         << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  inferredReturnTypes.push_back(
      cast<RankedTensorType>(operands[0].getType()).getElementType());
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis << " is out of range for " << src;
  SmallVector<int64_t> shape(src.getShape());
  shape.insert(shape.begin() + axis, 1);
  if (result.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError() << "expected result shape [" << shape
                         << "] but got " << result;
  return verifyInferredEncoding(
      *this, src, result,
      [&](const TritonLayoutInterface *layouts, Attribute encoding) {
        return layouts->inferExpandDimsOpEncoding(encoding, axis);
      });
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return resplat(adaptor.getSrc(), getType());
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getNumElements() != result.getNumElements())
    return emitOpError() << "cannot reshape " << src << " into " << result
                         << ": the number of elements differs";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType() && !getAllowReorder())
    return getSrc();
  return resplat(adaptor.getSrc(), getType());
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getRank() != result.getRank())
    return emitOpError() << "cannot broadcast " << src << " to " << result
                         << ": the ranks differ";
  for (auto [from, to] : llvm::zip(src.getShape(), result.getShape()))
    if (from != to && from != 1)
      return emitOpError() << "cannot broadcast " << src << " to " << result
                           << ": only dimensions of size 1 can grow";
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return resplat(adaptor.getSrc(), getType());
}

LogicalResult CatOp::verify() {
  RankedTensorType lhs = getLhs().getType(), result = getType();
  if (result.getNumElements() != 2 * lhs.getNumElements())
    return emitOpError() << "expects a result with twice the elements of "
                         << lhs << ", but got " << result;
  if (result.getRank() != lhs.getRank())
    return emitOpError() << "expects a result of rank " << lhs.getRank()
                         << ", but got " << result;
  return success();
}

LogicalResult JoinOp::verify() {
  RankedTensorType lhs = getLhs().getType(), result = getType();
  SmallVector<int64_t> shape(lhs.getShape());
  shape.push_back(2);
  if (result.getShape() != ArrayRef<int64_t>(shape) ||
      result.getElementType() != lhs.getElementType())
    return emitOpError() << "expected a result of shape [" << shape
                         << "] with elements " << lhs.getElementType()
                         << ", but got " << result;
  Attribute encoding = lhs.getEncoding();
  if (bool(encoding) != bool(result.getEncoding()))
    return emitOpError() << "expects operands and result to all have an "
                            "encoding or none to have one, but got "
                         << lhs << " and " << result;
  const TritonLayoutInterface *layouts =
      encoding ? getLayoutInterface(encoding) : nullptr;
  if (!layouts)
    return success();
  // Any layout that places the pairs as the inferred one does is accepted,
  // as upstream compares layouts by their linear layouts.
  FailureOr<Attribute> expected =
      layouts->inferJoinOpEncoding(encoding, lhs.getShape());
  if (failed(expected))
    return emitOpError() << "cannot infer the result encoding from " << lhs;
  if (!layouts->areLayoutsEquivalent(shape, *expected, result.getEncoding()))
    return emitOpError() << "expected result encoding " << *expected
                         << " (or one equivalent to it) but got " << result;
  return success();
}

LogicalResult SplitOp::verify() {
  RankedTensorType src = getSrc().getType(), out = getOutLHS().getType();
  if (src.getRank() < 1 || src.getShape().back() != 2)
    return emitOpError() << "expects a last dimension of size 2, but got "
                         << src;
  if (out.getShape() != src.getShape().drop_back() ||
      out.getElementType() != src.getElementType())
    return emitOpError() << "expects results of shape ["
                         << src.getShape().drop_back() << "] with elements "
                         << src.getElementType() << ", but got " << out;
  return success();
}

LogicalResult TransOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, src.getRank()))
    return emitOpError() << "expects order to be a permutation of [0, "
                         << src.getRank() << ")";
  for (auto [i, d] : llvm::enumerate(order))
    if (result.getDimSize(i) != src.getDimSize(d))
      return emitOpError() << "expected result dimension " << i << " to be "
                           << src.getDimSize(d) << ", but got " << result;
  return success();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())) &&
      getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    // trans(trans(x)) with inverse orders is x.
    ArrayRef<int32_t> outer = getOrder(), innerOrder = inner.getOrder();
    bool inverse = true;
    for (auto [i, d] : llvm::enumerate(outer))
      inverse &= innerOrder[d] == static_cast<int32_t>(i);
    if (inverse && inner.getSrc().getType() == getType())
      return inner.getSrc();
  }
  return resplat(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  RankedTensorType type = getType();
  if (start >= end)
    return emitOpError() << "expects start < end, but got start = " << start
                         << " and end = " << end;
  if (type.getRank() != 1 || !type.getElementType().isInteger(32))
    return emitOpError() << "expects a 1-D tensor of i32, but got " << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "expects " << end - start
                         << " elements for [start, end), but got " << type;
  return success();
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  if (getType().getNumElements() != 1)
    return {};
  return SplatElementsAttr::get(getType(), getStartAttr());
}

//===----------------------------------------------------------------------===//
// Dots
//===----------------------------------------------------------------------===//

/// Shapes [B..., M, K] x [B..., K, N] -> [B..., M, N].
static LogicalResult verifyDotShapes(Operation *op, RankedTensorType a,
                                     RankedTensorType b, RankedTensorType c) {
  if (a.getRank() != b.getRank() || a.getRank() != c.getRank() ||
      a.getRank() < 2 || a.getRank() > 3)
    return op->emitOpError() << "expects operands of equal rank 2 or 3, but "
                                "got "
                             << a << ", " << b << " and " << c;
  int64_t rank = a.getRank();
  if (a.getDimSize(rank - 1) != b.getDimSize(rank - 2))
    return op->emitOpError() << "reduction dimensions differ: " << a << " * "
                             << b;
  if (c.getDimSize(rank - 2) != a.getDimSize(rank - 2) ||
      c.getDimSize(rank - 1) != b.getDimSize(rank - 1) ||
      (rank == 3 && (a.getDimSize(0) != b.getDimSize(0) ||
                     a.getDimSize(0) != c.getDimSize(0))))
    return op->emitOpError() << "accumulator " << c
                             << " does not match the product of " << a
                             << " and " << b;
  return success();
}

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (failed(verifyDotShapes(*this, a, b, c)))
    return failure();
  Type aElem = a.getElementType(), bElem = b.getElementType(),
       cElem = c.getElementType();
  if (isa<FloatType>(aElem) != isa<FloatType>(bElem) ||
      isa<FloatType>(aElem) != isa<FloatType>(cElem))
    return emitOpError() << "mixes integer and floating-point operands: "
                         << a << " * " << b << " -> " << c;
  // As upstream: the frontend converts the narrower operand first (an fp8
  // times an f16 is an f16 dot), and the lowerings assume one width.
  if (aElem.getIntOrFloatBitWidth() != bElem.getIntOrFloatBitWidth())
    return emitOpError() << "expects operands of one element bit width, but "
                            "got "
                         << a << " * " << b;
  if (bool(a.getEncoding()) != bool(c.getEncoding()) ||
      bool(b.getEncoding()) != bool(c.getEncoding()))
    return emitOpError() << "expects all operands to have an encoding or "
                            "none to have one";
  if (const TritonLayoutInterface *layouts =
          c.getEncoding() ? getLayoutInterface(c.getEncoding()) : nullptr)
    return layouts->verifyDotOpEncodings(*this, a.getEncoding(),
                                         b.getEncoding(), c.getEncoding());
  return success();
}

LogicalResult DotScaledOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (a.getRank() != b.getRank() || a.getRank() != c.getRank() ||
      a.getRank() < 2)
    return emitOpError() << "expects operands of equal rank 2 or 3, but got "
                         << a << ", " << b << " and " << c;
  int64_t rank = a.getRank();
  // e2m1 packed along M (or N) rather than K holds two rows per byte.
  int64_t m = a.getDimSize(rank - 2), n = b.getDimSize(rank - 1);
  if (getAElemType() == ScaleDotElemType::E2M1 && !getLhsKPack())
    m *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1 && !getRhsKPack())
    n *= 2;
  if (c.getDimSize(rank - 2) != m || c.getDimSize(rank - 1) != n)
    return emitOpError() << "accumulator " << c
                         << " does not match the product of " << a << " and "
                         << b;
  // e2m1 packed along K holds two K values per byte.
  int64_t aK = a.getDimSize(rank - 1), bK = b.getDimSize(rank - 2);
  if (getAElemType() == ScaleDotElemType::E2M1 && getLhsKPack())
    aK *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1 && getRhsKPack())
    bK *= 2;
  if (aK != bK)
    return emitOpError() << "reduction dimensions differ: " << aK << " for "
                         << a << " and " << bK << " for " << b;

  // Each scale covers a block of 16 or 32 K values (upstream's rule); a
  // one-element scale says nothing about the block. Both scales, if they
  // say, must agree; without either the block is 32.
  auto getScale = [](Value scale) {
    return scale ? cast<RankedTensorType>(scale.getType()) : RankedTensorType();
  };
  RankedTensorType aScale = getScale(getAScale()),
                   bScale = getScale(getBScale());
  int64_t blockSize = 0;
  for (RankedTensorType scale : {aScale, bScale}) {
    if (!scale)
      continue;
    if (scale.getRank() != rank)
      return emitOpError() << "expects scales of rank " << rank << ", but got "
                           << scale;
    if (scale.getNumElements() == 1)
      continue;
    int64_t scaleK = scale.getDimSize(rank - 1);
    int64_t block = scaleK > 0 && aK % scaleK == 0 ? aK / scaleK : 0;
    if (block != 16 && block != 32)
      return emitOpError() << "scale " << scale << " must cover blocks of 16 "
                           << "or 32 of the " << aK << " reduction values";
    if (blockSize && block != blockSize)
      return emitOpError() << "scales cover blocks of " << blockSize << " and "
                           << block << " reduction values; they must agree";
    blockSize = block;
  }
  if (!blockSize)
    blockSize = 32;
  auto checkScale = [&](RankedTensorType scale, int64_t rows,
                        StringRef what) -> LogicalResult {
    if (!scale || (scale.getDimSize(rank - 2) == rows &&
                   scale.getDimSize(rank - 1) == aK / blockSize))
      return success();
    return emitOpError() << "expects a " << what << " scale of " << rows << "x"
                         << aK / blockSize << " (blocks of " << blockSize
                         << "), but got " << scale;
  };
  if (failed(checkScale(aScale, m, "lhs")) ||
      failed(checkScale(bScale, n, "rhs")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

namespace {
/// The type of reducing `axis` away from `type`: a scalar for rank 1.
Type getReducedType(RankedTensorType type, unsigned axis) {
  if (type.getRank() == 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  Attribute encoding;
  if (Attribute src = type.getEncoding())
    if (const TritonLayoutInterface *layouts = getLayoutInterface(src)) {
      FailureOr<Attribute> inferred = layouts->inferReduceOpEncoding(src, axis);
      if (succeeded(inferred))
        encoding = *inferred;
    }
  return RankedTensorType::get(shape, type.getElementType(), encoding);
}

/// Shared by reduce and scan: the combiner takes two values per operand and
/// its terminator yields one value per operand, all of the element types.
template <typename TerminatorT>
LogicalResult verifyCombiner(Operation *op, Region &region,
                             ArrayRef<Type> elementTypes) {
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << "expects a combiner with " << 2 * n
                             << " arguments, but it has "
                             << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elementTypes[i % n])
      return op->emitOpError()
             << "combiner argument " << i << " has type " << arg.getType()
             << ", expected " << elementTypes[i % n];
  auto terminator = dyn_cast<TerminatorT>(block.getTerminator());
  if (!terminator)
    return op->emitOpError() << "expects the combiner to end with '"
                             << TerminatorT::getOperationName() << "'";
  if (terminator->getNumOperands() != n)
    return op->emitOpError() << "expects the combiner to return " << n
                             << " values, but it returns "
                             << terminator->getNumOperands();
  for (auto [i, type] : llvm::enumerate(terminator->getOperandTypes()))
    if (type != elementTypes[i])
      return op->emitOpError() << "combiner returns " << type
                               << " for operand " << i << ", expected "
                               << elementTypes[i];
  return success();
}

SmallVector<RankedTensorType> getTensorTypes(ValueRange values) {
  SmallVector<RankedTensorType> types;
  for (Value v : values)
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

SmallVector<Type> getElementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(cast<RankedTensorType>(v.getType()).getElementType());
  return types;
}
} // namespace

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange srcs, int axis) {
  SmallVector<Type> resultTypes;
  for (Value src : srcs)
    resultTypes.push_back(
        getReducedType(cast<RankedTensorType>(src.getType()), axis));
  build(builder, state, resultTypes, srcs, axis);
}

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  return getTensorTypes(getSrcs());
}

SmallVector<Type> ReduceOp::getElementTypes() {
  return getElementTypesOf(getSrcs());
}

Operation *ReduceOp::getSingleCombiner() {
  Block &block = getCombineOp().front();
  if (block.getOperations().size() != 2)
    return nullptr;
  return &block.front();
}

LogicalResult ReduceOp::verify() {
  RankedTensorType first = getInputTypes().front();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= first.getRank())
    return emitOpError() << "axis " << axis << " is out of range for "
                         << first;
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "expects one result per operand";
  for (auto [src, result] : llvm::zip(getInputTypes(), getResultTypes())) {
    Type expected = getReducedType(src, axis);
    auto resultTensor = dyn_cast<RankedTensorType>(result);
    auto expectedTensor = dyn_cast<RankedTensorType>(expected);
    bool matches =
        resultTensor && expectedTensor
            ? resultTensor.getShape() == expectedTensor.getShape() &&
                  resultTensor.getElementType() ==
                      expectedTensor.getElementType() &&
                  (!expectedTensor.getEncoding() ||
                   resultTensor.getEncoding() == expectedTensor.getEncoding())
            : result == expected;
    if (!matches)
      return emitOpError() << "expected result type " << expected
                           << " for reducing axis " << axis << " of " << src
                           << ", but got " << result;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner<ReduceReturnOp>(*this, getCombineOp(),
                                        getElementTypes());
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, srcs.getTypes(), srcs, axis, reverse);
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  return getTensorTypes(getSrcs());
}

SmallVector<Type> ScanOp::getElementTypes() {
  return getElementTypesOf(getSrcs());
}

LogicalResult ScanOp::verify() {
  RankedTensorType first = getInputTypes().front();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= first.getRank())
    return emitOpError() << "axis " << axis << " is out of range for "
                         << first;
  if (getResultTypes() != getSrcs().getTypes())
    return emitOpError() << "expects results of the operands' types";
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner<ScanReturnOp>(*this, getCombineOp(),
                                      getElementTypes());
}

LogicalResult MapElementwiseOp::verify() {
  if (getSrcs().empty())
    return emitOpError() << "expects at least one operand";
  int64_t pack = getPack();
  if (pack < 1 || !llvm::isPowerOf2_64(pack))
    return emitOpError() << "expects pack to be a positive power of two, but "
                            "got "
                         << pack;
  if (getScalarOp().empty())
    return emitOpError() << "expects a non-empty region";
  Block &block = getScalarOp().front();
  size_t expectedArgs = getSrcs().size() * pack;
  if (block.getNumArguments() != expectedArgs)
    return emitOpError() << "expects " << expectedArgs
                         << " region arguments, but got "
                         << block.getNumArguments();
  return success();
}

/// The element types of `values`, each repeated `pack` times in a row: the
/// region sees `pack` consecutive elements of each operand (or result).
static SmallVector<Type> getPackedElementTypes(TypeRange types, int64_t pack) {
  SmallVector<Type> packed;
  for (Type type : types)
    packed.append(pack, getElementTypeOrSelf(type));
  return packed;
}

LogicalResult MapElementwiseOp::verifyRegions() {
  int64_t pack = getPack();
  SmallVector<Type> argTypes =
      getPackedElementTypes(getSrcs().getTypes(), pack);
  for (auto [i, arg] : llvm::enumerate(getScalarOp().getArguments()))
    if (arg.getType() != argTypes[i])
      return emitOpError() << "region argument " << i << " has type "
                           << arg.getType() << ", expected " << argTypes[i];
  SmallVector<Type> returnTypes = getPackedElementTypes(getResultTypes(), pack);
  WalkResult walk = getScalarOp().walk([&](Operation *op) {
    // The region runs once per group of elements without the op's masks,
    // so a store in it would write elements that are masked off.
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && effects.hasEffect<MemoryEffects::Write>()) {
      op->emitOpError() << "writes memory, which is not allowed inside "
                           "'tt.map_elementwise'";
      return WalkResult::interrupt();
    }
    auto ret = dyn_cast<MapElementwiseReturnOp>(op);
    if (ret &&
        TypeRange(ret.getResult().getTypes()) != TypeRange(returnTypes)) {
      emitOpError() << "region returns (" << ret.getResult().getTypes()
                    << "), expected " << returnTypes.size()
                    << " values of types (" << TypeRange(returnTypes)
                    << ") for " << pack << " elements of each result";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// External code
//===----------------------------------------------------------------------===//

static void
getForeignEffects(bool pure,
                  SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                      &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getForeignEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getForeignEffects(getPure(), effects);
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t packed = getPackedElement();
  if (packed < 1)
    return emitOpError() << "expects packed_element >= 1, but got " << packed;
  // The Elementwise trait already checks that all shapes agree.
  if (auto tensor = dyn_cast<RankedTensorType>(getResult()[0].getType()))
    if (tensor.getNumElements() % packed != 0)
      return emitOpError() << "packs " << packed << " elements, which does "
                           << "not divide " << tensor;
  return success();
}

//===----------------------------------------------------------------------===//
// Histogram and gather
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getRank() != 1 || result.getRank() != 1)
    return emitOpError() << "expects 1-D source and result, but got " << src
                         << " and " << result;
  if (Value mask = getMask()) {
    auto maskType = dyn_cast<RankedTensorType>(mask.getType());
    if (!maskType || maskType.getShape() != src.getShape())
      return emitOpError() << "expects a mask shaped like " << src
                           << ", but got " << mask.getType();
  }
  return success();
}

LogicalResult GatherOp::verify() {
  RankedTensorType src = getSrc().getType(), indices = getIndices().getType(),
                   result = getType();
  int64_t axis = getAxis();
  if (src.getRank() != indices.getRank() || src.getRank() != result.getRank())
    return emitOpError() << "expects source, indices and result of one rank, "
                            "but got "
                         << src << ", " << indices << " and " << result;
  if (axis < 0 || axis >= src.getRank())
    return emitOpError() << "axis " << axis << " is out of range for " << src;
  if (result.getShape() != indices.getShape() ||
      result.getElementType() != src.getElementType())
    return emitOpError() << "expects a result shaped like " << indices
                         << " with elements " << src.getElementType()
                         << ", but got " << result;
  // The result is read off the indices element by element, in their layout.
  if (result.getEncoding() != indices.getEncoding())
    return emitOpError() << "expects the result in the layout of the indices "
                         << indices << ", but got " << result;
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (d != axis && indices.getDimSize(d) > src.getDimSize(d))
      return emitOpError() << "indices dimension " << d << " of " << indices
                           << " exceeds the source " << src;
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  // Without arguments the flags are unused (upstream's frontend may still
  // pass some).
  if (!getArgs().empty() && getIsSigned().size() != getArgs().size())
    return emitOpError() << "expects one isSigned flag per argument, but got "
                         << getIsSigned().size() << " for "
                         << getArgs().size() << " arguments";
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

/// Triton's frontend spells integer elements of a descriptor's block with
/// their signedness (`si32`), while the pointers and tensors it pairs them
/// with are signless; the bits are the same, so compare without the sign.
static Type withoutSign(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    if (!integer.isSignless())
      return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  if (static_cast<int64_t>(getShape().size()) != block.getRank())
    return emitOpError() << "expects " << block.getRank()
                         << " shape and stride values for " << getType()
                         << ", but got " << getShape().size();
  if (withoutSign(getBase().getType().getPointeeType()) !=
      withoutSign(block.getElementType()))
    return emitOpError() << "base " << getBase().getType()
                         << " does not point to the elements of " << getType();
  return success();
}

/// A descriptor access names one index per block dimension and moves a
/// tensor with the block's elements (leading unit dimensions may be dropped).
static LogicalResult verifyDescriptorAccess(Operation *op,
                                            TensorDescType desc,
                                            size_t numIndices,
                                            RankedTensorType tensor) {
  RankedTensorType block = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != block.getRank())
    return op->emitOpError() << "expects " << block.getRank()
                             << " indices for " << desc << ", but got "
                             << numIndices;
  if (withoutSign(tensor.getElementType()) !=
          withoutSign(block.getElementType()) ||
      tensor.getNumElements() != block.getNumElements())
    return op->emitOpError() << "tensor " << tensor
                             << " does not match the block of " << desc;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(), getType());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(), getSrc().getType());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(), getSrc().getType());
}

/// Row gathers and scatters: a block of one row, a 1-D tensor of row
/// indices, and a 2-D tensor of those rows.
static LogicalResult verifyDescriptorRows(Operation *op, TensorDescType desc,
                                          RankedTensorType xOffsets,
                                          RankedTensorType rows) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError() << "expects a descriptor of one row, but got "
                             << desc;
  if (xOffsets.getRank() != 1)
    return op->emitOpError() << "expects 1-D row offsets, but got "
                             << xOffsets;
  if (rows.getRank() != 2 || rows.getDimSize(0) != xOffsets.getDimSize(0) ||
      rows.getDimSize(1) != block.getDimSize(1) ||
      withoutSign(rows.getElementType()) !=
          withoutSign(block.getElementType()))
    return op->emitOpError() << "expects a " << xOffsets.getDimSize(0) << "x"
                             << block.getDimSize(1) << " tensor of "
                             << block.getElementType() << ", but got " << rows;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getSrc().getType());
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!fn)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a valid function";
  FunctionType type = fn.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError() << "passes " << getNumOperands() << " operands to '"
                         << callee.getValue() << "', which takes "
                         << type.getNumInputs();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(type.getInputs(), getOperandTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "operand " << i << " has type "
                           << std::get<1>(pair) << ", but '"
                           << callee.getValue() << "' expects "
                           << std::get<0>(pair);
  if (!llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError() << "result types do not match those of '"
                         << callee.getValue() << "'";
  return success();
}

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError() << "returns " << getNumOperands()
                         << " values, but '" << function.getName()
                         << "' declares " << results.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getOperandTypes(), results)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "returns " << std::get<0>(pair)
                           << " for result " << i << ", but '"
                           << function.getName() << "' declares "
                           << std::get<1>(pair);
  return success();
}

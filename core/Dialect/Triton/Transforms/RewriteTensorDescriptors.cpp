//===- RewriteTensorDescriptors.cpp - Lower tensor descriptors
//-------------===//
//
// tt-rewrite-tensor-descriptors: a tensor descriptor (`!tt.tensordesc<...>`,
// made in the kernel by tt.make_tensor_descriptor) becomes the values it
// stands for: base pointer, i64 shape, i64 strides and an i1 "pad with NaN"
// flag. tt.descriptor_load/store/reduce/gather/scatter become tt.load,
// tt.store and tt.atomic_rmw through a tensor of pointers
// `base + sum_d (index_d + [0, size_d)) * stride_d`, masked to the elements
// with 0 <= index < shape in every dimension, so that targets without tensor
// memory accelerators (and every target before its own lowering) see plain
// pointer arithmetic.
//
// The rewrite is a 1:N dialect conversion: descriptors carried by scf.for,
// scf.if, scf.while, arith.select and (non-inlined) tt.call/tt.func/tt.return
// are split into their parts by the structural conversion patterns.
//
// A kernel parameter of descriptor type (a host-side TensorDescriptor)
// becomes the same parts as parameters, named `<name>.base`,
// `<name>.shape<d>`, `<name>.stride<d>` and `<name>.pad_nan`: the launcher
// passes the descriptor's base tensor, shape, strides and padding
// (docs/python.md).
//
// Refused with an error: tt.reinterpret_tensor_descriptor (an opaque TMA
// descriptor, whose shape and strides are unknown here).
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tt-rewrite-tensor-descriptors"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORS
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

bool hasDescriptor(TypeRange types) {
  return llvm::any_of(types, llvm::IsaPred<TensorDescType>);
}

bool usesDescriptor(Operation *op) {
  return hasDescriptor(op->getOperandTypes()) ||
         hasDescriptor(op->getResultTypes());
}

Type signless(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

/// The block of a descriptor with signless elements: descriptors of Triton's
/// signed or unsigned integers carry the sign, pointers and tensors do not.
RankedTensorType signlessBlockType(TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  return RankedTensorType::get(block.getShape(),
                               signless(block.getElementType()));
}

//===----------------------------------------------------------------------===//
// The values a descriptor stands for
//===----------------------------------------------------------------------===//

/// The parts of one descriptor, in the order the type converter gives them:
/// base, `rank` i64 sizes, `rank` i64 strides, and an i1 that is true when
/// out-of-bounds loads read NaN rather than zero.
struct Descriptor {
  Value base;
  ValueRange shape, strides;
  Value padNaN;

  static Descriptor unpack(TensorDescType type, ValueRange parts) {
    int64_t rank = type.getBlockType().getRank();
    assert(static_cast<int64_t>(parts.size()) == 2 + 2 * rank &&
           "a descriptor has 2 + 2 * rank parts");
    return {parts[0], parts.slice(1, rank), parts.slice(1 + rank, rank),
            parts[1 + 2 * rank]};
  }
};

LogicalResult convertDescriptorType(TensorDescType type,
                                    SmallVectorImpl<Type> &parts) {
  RankedTensorType block = signlessBlockType(type);
  MLIRContext *ctx = type.getContext();
  parts.push_back(PointerType::get(block.getElementType(), 1));
  parts.append(2 * block.getRank(), IntegerType::get(ctx, 64));
  parts.push_back(IntegerType::get(ctx, 1));
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers, masks and padding of a block access
//===----------------------------------------------------------------------===//

Value broadcastTo(OpBuilder &b, Location loc, Value value,
                  RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return BroadcastOp::create(b, loc, type, value);
}

/// `indices` (tensor<N x i64>) reshaped to [1, .., N, .., 1] with N at
/// `dim` of `rank` dimensions, so that it broadcasts along the others.
Value expandAround(OpBuilder &b, Location loc, Value indices, unsigned dim,
                   unsigned rank) {
  auto type = cast<RankedTensorType>(indices.getType());
  SmallVector<int64_t> shape{type.getDimSize(0)};
  for (unsigned axis = 0; axis < rank; ++axis) {
    if (axis == dim)
      continue;
    shape.insert(shape.begin() + axis, 1);
    indices = ExpandDimsOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), indices,
        axis);
  }
  return indices;
}

/// The i64 indices `start + [0, size)` of dimension `dim`, expanded.
Value rangeIndices(OpBuilder &b, Location loc, Value start, int64_t size,
                   unsigned dim, unsigned rank) {
  auto rowType = RankedTensorType::get({size}, b.getI64Type());
  Value range =
      MakeRangeOp::create(b, loc, RankedTensorType::get({size}, b.getI32Type()),
                          0, static_cast<uint32_t>(size));
  Value wideRange = arith::ExtSIOp::create(b, loc, rowType, range);
  Value splatStart = SplatOp::create(b, loc, rowType, start);
  Value indices = arith::AddIOp::create(b, loc, splatStart, wideRange);
  return expandAround(b, loc, indices, dim, rank);
}

Value toI64(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isInteger(64))
    return value;
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), value);
}

/// What an access through a descriptor touches: a tensor of pointers of the
/// block's shape and the mask of its in-bounds elements.
struct BlockAccess {
  Value pointers;
  Value mask;
};

/// `indices[d]` are the expanded i64 indices of dimension d (one size-1
/// dimension each, except d). The stride is splatted to the expanded shape,
/// not the full one, so that products stay small until the broadcast.
BlockAccess buildAccess(OpBuilder &b, Location loc, const Descriptor &desc,
                        ArrayRef<int64_t> shape, ArrayRef<Value> indices) {
  auto offsetType = RankedTensorType::get(shape, b.getI64Type());
  auto maskType = RankedTensorType::get(shape, b.getI1Type());
  Value offset, mask;
  for (auto [d, index] : llvm::enumerate(indices)) {
    auto rowType = cast<RankedTensorType>(index.getType());
    Value stride = SplatOp::create(b, loc, rowType, desc.strides[d]);
    Value scaled = broadcastTo(
        b, loc, arith::MulIOp::create(b, loc, index, stride), offsetType);
    offset = offset ? arith::AddIOp::create(b, loc, offset, scaled) : scaled;

    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(rowType, b.getI64IntegerAttr(0)));
    Value bound = SplatOp::create(b, loc, rowType, desc.shape[d]);
    Value aboveZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero);
    Value belowBound =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, bound);
    Value inBounds = broadcastTo(
        b, loc, arith::AndIOp::create(b, loc, aboveZero, belowBound), maskType);
    mask = mask ? arith::AndIOp::create(b, loc, mask, inBounds) : inBounds;
  }
  auto pointersType = RankedTensorType::get(shape, desc.base.getType());
  Value pointers = AddPtrOp::create(
      b, loc, pointersType, SplatOp::create(b, loc, pointersType, desc.base),
      offset);
  return {pointers, mask};
}

/// The access of the block of `blockShape` whose first element is at
/// `starts`, as a tensor of `shape`. A descriptor access may move a tensor
/// without the block's leading unit dimensions (rank-reduced): each of those
/// has a single index, which moves the base and masks the whole block.
BlockAccess buildBlockAccess(OpBuilder &b, Location loc, Descriptor desc,
                             ArrayRef<int64_t> blockShape,
                             ArrayRef<int64_t> shape, ValueRange starts) {
  size_t dropped = blockShape.size() - shape.size();
  Value blockInBounds;
  for (size_t d = 0; d < dropped; ++d) {
    Value start = toI64(b, loc, starts[d]);
    Value offset = arith::MulIOp::create(b, loc, start, desc.strides[d]);
    desc.base =
        AddPtrOp::create(b, loc, desc.base.getType(), desc.base, offset);
    Value zero = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
    Value aboveZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, start, zero);
    Value belowBound = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             start, desc.shape[d]);
    Value inBounds = arith::AndIOp::create(b, loc, aboveZero, belowBound);
    blockInBounds = blockInBounds
                        ? arith::AndIOp::create(b, loc, blockInBounds, inBounds)
                        : inBounds;
  }
  desc.shape = desc.shape.drop_front(dropped);
  desc.strides = desc.strides.drop_front(dropped);

  SmallVector<Value> indices;
  for (auto [d, start] : llvm::enumerate(starts.drop_front(dropped)))
    indices.push_back(
        rangeIndices(b, loc, toI64(b, loc, start), shape[d], d, shape.size()));
  BlockAccess access = buildAccess(b, loc, desc, shape, indices);
  if (blockInBounds) {
    Value splat = SplatOp::create(b, loc, access.mask.getType(), blockInBounds);
    access.mask = arith::AndIOp::create(b, loc, access.mask, splat);
  }
  return access;
}

/// The shape in which an access of `blockShape` moves `tensor`: the
/// tensor's own where it is the block without some leading unit dimensions,
/// else the block's (and the tensor is reshaped, row-major, which the
/// verifier's equal element counts allow).
ArrayRef<int64_t> accessShape(ArrayRef<int64_t> blockShape,
                              RankedTensorType tensor) {
  ArrayRef<int64_t> shape = tensor.getShape();
  if (shape.size() > blockShape.size())
    return blockShape;
  size_t dropped = blockShape.size() - shape.size();
  if (blockShape.drop_front(dropped) != shape ||
      llvm::any_of(blockShape.take_front(dropped),
                   [](int64_t size) { return size != 1; }))
    return blockShape;
  return shape;
}

/// The access of rows `rows` (tensor<R x i32>), columns
/// `column + [0, shape[1])`, of a gather or scatter.
BlockAccess buildRowsAccess(OpBuilder &b, Location loc, const Descriptor &desc,
                            ArrayRef<int64_t> shape, Value rows, Value column) {
  auto rowsType = RankedTensorType::get({shape[0]}, b.getI64Type());
  Value rowIndices = expandAround(
      b, loc, arith::ExtSIOp::create(b, loc, rowsType, rows), 0, 2);
  Value columnIndices =
      rangeIndices(b, loc, toI64(b, loc, column), shape[1], 1, 2);
  return buildAccess(b, loc, desc, shape, {rowIndices, columnIndices});
}

/// What a masked-off element of a load reads: zero, or NaN for floats of a
/// descriptor made with padding = nan. The flag is usually a constant; where
/// it is not (a descriptor chosen at run time), both are selected between.
Value buildOther(OpBuilder &b, Location loc, RankedTensorType type,
                 Value padNaN) {
  auto floatType = dyn_cast<FloatType>(type.getElementType());
  if (!floatType || matchPattern(padNaN, m_Zero()))
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value nan = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(
          type, b.getFloatAttr(floatType, APFloat::getNaN(
                                              floatType.getFloatSemantics()))));
  if (matchPattern(padNaN, m_One()))
    return nan;
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  return arith::SelectOp::create(b, loc, padNaN, nan, zero);
}

/// `value` reshaped to `type` when they differ (see accessShape).
Value reshapeTo(OpBuilder &b, Location loc, Value value,
                RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return ReshapeOp::create(b, loc, type, value, /*allow_reorder=*/false,
                           /*efficient_layout=*/false);
}

//===----------------------------------------------------------------------===//
// Descriptor operations
//===----------------------------------------------------------------------===//

struct RewriteMakeDescriptor : OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> parts{adaptor.getBase()};
    for (Value size : adaptor.getShape())
      parts.push_back(toI64(rewriter, loc, size));
    llvm::append_range(parts, adaptor.getStrides());
    parts.push_back(arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getBoolAttr(op.getPadding() == PaddingOption::PAD_NAN)));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct RewriteDescriptorLoad : OpConversionPattern<DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType descType = op.getDesc().getType();
    RankedTensorType block = signlessBlockType(descType);
    Descriptor desc = Descriptor::unpack(descType, adaptor.getDesc());
    auto type = RankedTensorType::get(
        accessShape(block.getShape(), op.getType()), block.getElementType());
    BlockAccess access = buildBlockAccess(rewriter, loc, desc, block.getShape(),
                                          type.getShape(), op.getIndices());
    Value load =
        LoadOp::create(rewriter, loc, access.pointers, access.mask,
                       buildOther(rewriter, loc, type, desc.padNaN),
                       op.getCache(), op.getEvict(), /*isVolatile=*/false);
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, load, op.getType()));
    return success();
  }
};

struct RewriteDescriptorStore : OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType descType = op.getDesc().getType();
    RankedTensorType block = signlessBlockType(descType);
    Descriptor desc = Descriptor::unpack(descType, adaptor.getDesc());
    auto type = RankedTensorType::get(
        accessShape(block.getShape(), op.getSrc().getType()),
        block.getElementType());
    BlockAccess access = buildBlockAccess(rewriter, loc, desc, block.getShape(),
                                          type.getShape(), op.getIndices());
    rewriter.replaceOpWithNewOp<StoreOp>(
        op, access.pointers, reshapeTo(rewriter, loc, op.getSrc(), type),
        access.mask, CacheModifier::NONE, EvictionPolicy::NORMAL);
    return success();
  }
};

/// The tt.atomic_rmw of a descriptor reduction of elements of `type` (as the
/// descriptor declares them: signless integers count as signed, Triton's
/// default), or nothing where tt.atomic_rmw has no such operation.
std::optional<RMWOp> atomicKind(DescriptorReduceKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  bool isUnsigned = type.isUnsignedInteger();
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isFloat ? RMWOp::FADD : RMWOp::ADD;
  case DescriptorReduceKind::MIN:
    if (isFloat)
      return std::nullopt;
    return isUnsigned ? RMWOp::UMIN : RMWOp::MIN;
  case DescriptorReduceKind::MAX:
    if (isFloat)
      return std::nullopt;
    return isUnsigned ? RMWOp::UMAX : RMWOp::MAX;
  case DescriptorReduceKind::AND:
    return isFloat ? std::nullopt : std::optional(RMWOp::AND);
  case DescriptorReduceKind::OR:
    return isFloat ? std::nullopt : std::optional(RMWOp::OR);
  case DescriptorReduceKind::XOR:
    return isFloat ? std::nullopt : std::optional(RMWOp::XOR);
  default:
    return std::nullopt;
  }
}

struct RewriteDescriptorReduce : OpConversionPattern<DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType descType = op.getDesc().getType();
    RankedTensorType block = signlessBlockType(descType);
    // Checked before the conversion (see checkSupported).
    std::optional<RMWOp> kind =
        atomicKind(op.getKind(), descType.getBlockType().getElementType());
    if (!kind)
      return rewriter.notifyMatchFailure(op, "no atomic for this reduction");
    Descriptor desc = Descriptor::unpack(descType, adaptor.getDesc());
    auto type = RankedTensorType::get(
        accessShape(block.getShape(), op.getSrc().getType()),
        block.getElementType());
    BlockAccess access = buildBlockAccess(rewriter, loc, desc, block.getShape(),
                                          type.getShape(), op.getIndices());
    // Release, as a TMA reduction orders the stores before it.
    AtomicRMWOp::create(rewriter, loc, type, *kind, access.pointers,
                        reshapeTo(rewriter, loc, op.getSrc(), type),
                        access.mask, MemSemantic::RELEASE, MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RewriteDescriptorGather : OpConversionPattern<DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType descType = op.getDesc().getType();
    RankedTensorType type = op.getType();
    Descriptor desc = Descriptor::unpack(descType, adaptor.getDesc());
    BlockAccess access = buildRowsAccess(rewriter, loc, desc, type.getShape(),
                                         op.getXOffsets(), op.getYOffset());
    rewriter.replaceOpWithNewOp<LoadOp>(
        op, access.pointers, access.mask,
        buildOther(rewriter, loc, type, desc.padNaN), CacheModifier::NONE,
        EvictionPolicy::NORMAL, /*isVolatile=*/false);
    return success();
  }
};

struct RewriteDescriptorScatter : OpConversionPattern<DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType descType = op.getDesc().getType();
    Descriptor desc = Descriptor::unpack(descType, adaptor.getDesc());
    BlockAccess access =
        buildRowsAccess(rewriter, loc, desc, op.getSrc().getType().getShape(),
                        op.getXOffsets(), op.getYOffset());
    rewriter.replaceOpWithNewOp<StoreOp>(op, access.pointers, op.getSrc(),
                                         access.mask, CacheModifier::NONE,
                                         EvictionPolicy::NORMAL);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Operations that only carry descriptors
//===----------------------------------------------------------------------===//

SmallVector<Value> flatten(ArrayRef<ValueRange> values) {
  SmallVector<Value> flat;
  for (ValueRange range : values)
    llvm::append_range(flat, range);
  return flat;
}

/// arith.select between descriptors selects between each of their parts.
struct RewriteSelect : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getCondition().size() != 1)
      return rewriter.notifyMatchFailure(op, "selects on a descriptor");
    Value condition = adaptor.getCondition().front();
    SmallVector<Value> parts;
    for (auto [t, f] :
         llvm::zip_equal(adaptor.getTrueValue(), adaptor.getFalseValue()))
      parts.push_back(
          arith::SelectOp::create(rewriter, op.getLoc(), condition, t, f));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

/// ub.poison of a descriptor (the frontend's value after an early return)
/// is a poison of each part.
struct RewritePoison : OpConversionPattern<ub::PoisonOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ub::PoisonOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertType(op.getType(), types)))
      return failure();
    SmallVector<Value> parts;
    for (Type type : types)
      parts.push_back(ub::PoisonOp::create(rewriter, op.getLoc(), type));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct RewriteCall : OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> counts;
    for (Type type : op.getResultTypes()) {
      size_t before = resultTypes.size();
      if (failed(getTypeConverter()->convertType(type, resultTypes)))
        return rewriter.notifyMatchFailure(op, "unconvertible result");
      counts.push_back(resultTypes.size() - before);
    }
    auto call = CallOp::create(rewriter, op.getLoc(), op.getCalleeAttr(),
                               resultTypes, flatten(adaptor.getOperands()));
    SmallVector<ValueRange> results;
    unsigned next = 0;
    for (unsigned count : counts) {
      results.push_back(call.getResults().slice(next, count));
      next += count;
    }
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};

struct RewriteReturn : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReturnOp>(op, flatten(adaptor.getOperands()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// What cannot be rewritten
//===----------------------------------------------------------------------===//

/// The name of a function argument as the frontend's location gives it.
std::string argumentName(BlockArgument arg) {
  if (auto name = dyn_cast<NameLoc>(arg.getLoc()))
    return name.getName().str();
  return "#" + std::to_string(arg.getArgNumber());
}

/// Reports every descriptor this pass cannot rewrite, with one error each.
LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (isa<FuncOp>(op))
      return;
    if (isa<ReinterpretTensorDescOp>(op)) {
      op->emitError() << "'" << op->getName()
                      << "' cannot be rewritten to pointer arithmetic: the "
                         "shape and strides of an opaque TMA descriptor are "
                         "not known to the kernel";
      ok = false;
      return;
    }
    if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
      Type element = reduce.getDesc().getType().getBlockType().getElementType();
      if (!atomicKind(reduce.getKind(), element)) {
        op->emitError() << "'" << op->getName() << "' of kind '"
                        << stringifyDescriptorReduceKind(reduce.getKind())
                        << "' on " << element
                        << " has no tt.atomic_rmw equivalent";
        ok = false;
      }
      return;
    }
    if (!usesDescriptor(op) ||
        isa<MakeTensorDescOp, DescriptorLoadOp, DescriptorStoreOp,
            DescriptorGatherOp, DescriptorScatterOp, arith::SelectOp,
            ub::PoisonOp, CallOp, ReturnOp>(op) ||
        isa<scf::SCFDialect>(op->getDialect()))
      return;
    op->emitError() << "'" << op->getName()
                    << "' on a tensor descriptor cannot be rewritten to "
                       "pointer arithmetic";
    ok = false;
  });
  return success(ok);
}

/// A function's parameters before the rewrite, to give the parts of its
/// descriptor parameters names and to keep every parameter's attributes
/// (the type conversion changes the function type, not its argument
/// attributes).
struct FunctionParameters {
  FuncOp func;
  SmallVector<std::string> names;
  SmallVector<unsigned> parts; // how many parameters each one becomes
  SmallVector<DictionaryAttr> attrs;
};

SmallVector<FunctionParameters> takeDescriptorParameters(ModuleOp module) {
  SmallVector<FunctionParameters> result;
  module.walk([&](FuncOp func) {
    if (func.isExternal() || !hasDescriptor(func.getArgumentTypes()))
      return;
    FunctionParameters params{func, {}, {}, {}};
    for (BlockArgument arg : func.getArguments()) {
      params.names.push_back(argumentName(arg));
      auto desc = dyn_cast<TensorDescType>(arg.getType());
      params.parts.push_back(desc ? 2 * desc.getBlockType().getRank() + 2 : 1);
      params.attrs.push_back(func.getArgAttrDict(arg.getArgNumber()));
    }
    func.removeArgAttrsAttr();
    result.push_back(std::move(params));
  });
  return result;
}

/// Names the parts of each descriptor parameter and puts the other
/// parameters' attributes back at their new positions.
void restoreParameters(ArrayRef<FunctionParameters> functions) {
  for (const FunctionParameters &params : functions) {
    FuncOp func = params.func;
    Block &entry = func.getBody().front();
    MLIRContext *ctx = func.getContext();
    SmallVector<Attribute> attrs;
    unsigned next = 0;
    for (auto [name, parts, dict] :
         llvm::zip_equal(params.names, params.parts, params.attrs)) {
      if (parts == 1) {
        attrs.push_back(dict ? Attribute(dict) : DictionaryAttr::get(ctx));
        ++next;
        continue;
      }
      unsigned rank = (parts - 2) / 2;
      for (unsigned i = 0; i < parts; ++i) {
        std::string part = i == 0      ? ".base"
                           : i <= rank ? ".shape" + std::to_string(i - 1)
                           : i <= 2 * rank
                               ? ".stride" + std::to_string(i - 1 - rank)
                               : ".pad_nan";
        BlockArgument arg = entry.getArgument(next++);
        Location where = arg.getLoc();
        if (auto named = dyn_cast<NameLoc>(where))
          where = named.getChildLoc();
        arg.setLoc(NameLoc::get(StringAttr::get(ctx, name + part), where));
        attrs.push_back(DictionaryAttr::get(ctx));
      }
    }
    func.setAllArgAttrs(attrs);
  }
}

struct RewriteTensorDescriptorsPass
    : triton::impl::TritonRewriteTensorDescriptorsBase<
          RewriteTensorDescriptorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool any = false;
    module.walk([&](Operation *op) {
      if (usesDescriptor(op))
        any = true;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (hasDescriptor(block.getArgumentTypes()))
            any = true;
      return any ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!any)
      return;
    if (failed(checkSupported(module)))
      return signalPassFailure();
    // The conversion visits only reachable blocks; a descriptor left in an
    // unreachable one (the frontend's code after a return) would survive it.
    IRRewriter rewriter(module);
    (void)eraseUnreachableBlocks(rewriter, module->getRegions());

    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(convertDescriptorType);

    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !usesDescriptor(op); });
    target.addDynamicallyLegalOp<FuncOp>([](FuncOp func) {
      return !hasDescriptor(func.getArgumentTypes()) &&
             !hasDescriptor(func.getResultTypes());
    });

    SmallVector<FunctionParameters> parameters =
        takeDescriptorParameters(module);
    RewritePatternSet patterns(ctx);
    patterns.add<RewriteMakeDescriptor, RewriteDescriptorLoad,
                 RewriteDescriptorStore, RewriteDescriptorReduce,
                 RewriteDescriptorGather, RewriteDescriptorScatter,
                 RewriteSelect, RewritePoison, RewriteCall, RewriteReturn>(
        converter, ctx);
    scf::populateSCFStructuralTypeConversions(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);

    // Every descriptor is rewritten, so no casts between a descriptor and
    // its parts are needed (one left over is a bug and fails the pass).
    ConversionConfig config;
    config.buildMaterializations = false;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    restoreParameters(parameters);
  }
};

} // namespace

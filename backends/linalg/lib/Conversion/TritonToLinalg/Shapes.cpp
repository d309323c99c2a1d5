//===- Shapes.cpp - Tensor creation and shape ops to linalg/tensor --------===//
//
//   tt.splat        linalg.fill
//   tt.broadcast    tensor.collapse_shape (drop the unit dims) +
//                   linalg.broadcast
//   tt.expand_dims  tensor.expand_shape
//   tt.make_range   linalg.generic over linalg.index
//   tt.reshape      tensor.collapse_shape / tensor.expand_shape
//   tt.trans        linalg.transpose
//   tt.join/split   tensor.insert_slice / tensor.extract_slice on a new
//                   minor dimension of size 2
//   tt.cat          two tensor.insert_slice along dimension 0
//   tt.unsplat      tensor.extract
//   tt.gather       linalg.generic with tensor.extract
//   tt.histogram    scf.for over the input, counting into a tensor
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

RankedTensorType convertTensorType(const TypeConverter *converter, Type type) {
  return dyn_cast_or_null<RankedTensorType>(converter->convertType(type));
}

/// `src` reshaped to `type` (same number of elements, row-major order).
Value reshapeTensor(OpBuilder &b, Location loc, Value src,
                    RankedTensorType type) {
  auto srcType = cast<RankedTensorType>(src.getType());
  if (srcType.getShape() == type.getShape())
    return src;
  if (type.getRank() < srcType.getRank()) {
    if (auto groups = getReassociationIndicesForCollapse(srcType.getShape(),
                                                         type.getShape()))
      return tensor::CollapseShapeOp::create(b, loc, type, src, *groups);
  } else if (type.getRank() > srcType.getRank()) {
    if (auto groups = getReassociationIndicesForCollapse(type.getShape(),
                                                         srcType.getShape()))
      return tensor::ExpandShapeOp::create(b, loc, type, src, *groups);
  }
  // Through a 1-D tensor.
  auto flatType =
      RankedTensorType::get({srcType.getNumElements()}, type.getElementType());
  Value flat = src;
  if (srcType.getRank() != 1) {
    ReassociationIndices all =
        llvm::to_vector<2>(llvm::seq<int64_t>(0, srcType.getRank()));
    flat = tensor::CollapseShapeOp::create(b, loc, flatType, src,
                                           ArrayRef<ReassociationIndices>{all});
  }
  if (type.getRank() == 1)
    return flat;
  ReassociationIndices all =
      llvm::to_vector<2>(llvm::seq<int64_t>(0, type.getRank()));
  return tensor::ExpandShapeOp::create(b, loc, type, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

struct SplatConversion : public OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    rewriter.replaceOp(
        op, createFilledTensor(rewriter, op.getLoc(), type, adaptor.getSrc()));
    return success();
  }
};

struct BroadcastConversion : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> broadcastDims, keptShape;
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices pending;
    for (int64_t d = 0; d < srcType.getRank(); ++d) {
      if (srcType.getDimSize(d) != type.getDimSize(d)) {
        broadcastDims.push_back(d);
        if (groups.empty())
          pending.push_back(d);
        else
          groups.back().push_back(d);
        continue;
      }
      keptShape.push_back(srcType.getDimSize(d));
      pending.push_back(d);
      groups.push_back(pending);
      pending.clear();
    }
    if (broadcastDims.empty()) {
      rewriter.replaceOp(op, src);
      return success();
    }
    if (keptShape.empty())
      groups.clear();
    auto collapsedType =
        RankedTensorType::get(keptShape, srcType.getElementType());
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, collapsedType, src, groups);
    Value init = createEmptyTensor(rewriter, loc, type);
    auto broadcast = linalg::BroadcastOp::create(rewriter, loc, collapsed, init,
                                                 broadcastDims);
    rewriter.replaceOp(op, broadcast.getResult());
    return success();
  }
};

struct ExpandDimsConversion : public OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    int64_t srcRank = type.getRank() - 1;
    int64_t axis = op.getAxis();
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0; i < srcRank; ++i)
      groups.push_back({i < axis ? i : i + 1});
    if (axis < srcRank)
      groups[axis].insert(groups[axis].begin(), axis);
    else
      groups.back().push_back(axis);
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, adaptor.getSrc(), groups);
    return success();
  }
};

struct MakeRangeConversion : public OpConversionPattern<MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    Value init = createEmptyTensor(rewriter, loc, type);
    int64_t start = op.getStart();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(1)},
        ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &b, Location nestedLoc, ValueRange) {
          Value index = linalg::IndexOp::create(b, nestedLoc, 0);
          Value value = arith::IndexCastOp::create(
              b, nestedLoc, type.getElementType(), index);
          if (start != 0)
            value = arith::AddIOp::create(
                b, nestedLoc, value,
                arith::ConstantOp::create(
                    b, nestedLoc, type.getElementType(),
                    b.getIntegerAttr(type.getElementType(), start)));
          linalg::YieldOp::create(b, nestedLoc, value);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct ReshapeConversion : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    rewriter.replaceOp(
        op, reshapeTensor(rewriter, op.getLoc(), adaptor.getSrc(), type));
    return success();
  }
};

struct TransConversion : public OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    Value init = createEmptyTensor(rewriter, loc, type);
    SmallVector<int64_t> permutation(op.getOrder().begin(),
                                     op.getOrder().end());
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getSrc(), init, permutation);
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// Offsets, sizes and unit strides of the slice `index` of the minor
/// dimension of a tensor of `shape` (the join/split layout).
void getMinorSlice(OpBuilder &b, ArrayRef<int64_t> shape, int64_t index,
                   SmallVectorImpl<OpFoldResult> &offsets,
                   SmallVectorImpl<OpFoldResult> &sizes,
                   SmallVectorImpl<OpFoldResult> &strides) {
  for (auto [d, size] : llvm::enumerate(shape)) {
    bool minor = d + 1 == shape.size();
    offsets.push_back(b.getIndexAttr(minor ? index : 0));
    sizes.push_back(b.getIndexAttr(minor ? 1 : size));
    strides.push_back(b.getIndexAttr(1));
  }
}

struct JoinConversion : public OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    Value result = createEmptyTensor(rewriter, loc, type);
    SmallVector<Value> parts{adaptor.getLhs(), adaptor.getRhs()};
    for (auto [i, part] : llvm::enumerate(parts)) {
      SmallVector<OpFoldResult> offsets, sizes, strides;
      getMinorSlice(rewriter, type.getShape(), i, offsets, sizes, strides);
      result = tensor::InsertSliceOp::create(rewriter, loc, part, result,
                                             offsets, sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplitConversion : public OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        convertTensorType(typeConverter, op.getOutLHS().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    SmallVector<Value> results;
    for (int64_t i = 0; i < 2; ++i) {
      SmallVector<OpFoldResult> offsets, sizes, strides;
      getMinorSlice(rewriter, srcType.getShape(), i, offsets, sizes, strides);
      results.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, type, adaptor.getSrc(), offsets, sizes, strides));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct CatConversion : public OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    Value result = createEmptyTensor(rewriter, loc, type);
    int64_t start = 0;
    for (Value part : {adaptor.getLhs(), adaptor.getRhs()}) {
      auto partType = cast<RankedTensorType>(part.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (auto [d, size] : llvm::enumerate(partType.getShape())) {
        offsets.push_back(rewriter.getIndexAttr(d == 0 ? start : 0));
        sizes.push_back(rewriter.getIndexAttr(size));
        strides.push_back(rewriter.getIndexAttr(1));
      }
      result = tensor::InsertSliceOp::create(rewriter, loc, part, result,
                                             offsets, sizes, strides);
      start += partType.getDimSize(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct UnsplatConversion : public OpConversionPattern<UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Value> indices(srcType.getRank(), zero);
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, adaptor.getSrc(),
                                                   indices);
    return success();
  }
};

struct GatherConversion : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertTensorType(typeConverter, op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    unsigned rank = type.getRank();
    unsigned axis = op.getAxis();
    Value src = adaptor.getSrc();
    Value init = createEmptyTensor(rewriter, loc, type);
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{adaptor.getIndices()},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          SmallVector<Value> coords;
          for (unsigned d = 0; d < rank; ++d) {
            if (d == axis)
              coords.push_back(arith::IndexCastOp::create(
                  b, nestedLoc, b.getIndexType(), args[0]));
            else
              coords.push_back(linalg::IndexOp::create(b, nestedLoc, d));
          }
          Value value = tensor::ExtractOp::create(b, nestedLoc, src, coords);
          linalg::YieldOp::create(b, nestedLoc, value);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct HistogramConversion : public OpConversionPattern<HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    if (srcType.getRank() != 1 || type.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "histogram of a non-1-D tensor");
    Location loc = op.getLoc();
    Type countType = type.getElementType();
    Type valueType = srcType.getElementType();
    Value zeros = createFilledTensor(rewriter, loc, type,
                                     createZero(rewriter, loc, countType));
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ub =
        arith::ConstantIndexOp::create(rewriter, loc, srcType.getDimSize(0));
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value bins = arith::ConstantOp::create(
        rewriter, loc, valueType,
        rewriter.getIntegerAttr(valueType, type.getDimSize(0)));
    Value zeroValue = createZero(rewriter, loc, valueType);
    Value one = arith::ConstantOp::create(
        rewriter, loc, countType, rewriter.getIntegerAttr(countType, 1));
    Value src = adaptor.getSrc();
    Value mask = adaptor.getMask();
    auto loop = scf::ForOp::create(
        rewriter, loc, lb, ub, step, ValueRange{zeros},
        [&](OpBuilder &b, Location nestedLoc, Value iv, ValueRange iterArgs) {
          Value hist = iterArgs[0];
          Value v = tensor::ExtractOp::create(b, nestedLoc, src, iv);
          Value inRange = arith::AndIOp::create(
              b, nestedLoc,
              arith::CmpIOp::create(b, nestedLoc, arith::CmpIPredicate::sge, v,
                                    zeroValue),
              arith::CmpIOp::create(b, nestedLoc, arith::CmpIPredicate::slt, v,
                                    bins));
          if (mask)
            inRange = arith::AndIOp::create(
                b, nestedLoc, inRange,
                tensor::ExtractOp::create(b, nestedLoc, mask, iv));
          auto ifOp = scf::IfOp::create(
              b, nestedLoc, inRange,
              [&](OpBuilder &tb, Location tloc) {
                Value idx =
                    arith::IndexCastOp::create(tb, tloc, tb.getIndexType(), v);
                Value count = tensor::ExtractOp::create(tb, tloc, hist, idx);
                Value inc = arith::AddIOp::create(tb, tloc, count, one);
                Value updated =
                    tensor::InsertOp::create(tb, tloc, inc, hist, idx);
                scf::YieldOp::create(tb, tloc, updated);
              },
              [&](OpBuilder &eb, Location eloc) {
                scf::YieldOp::create(eb, eloc, hist);
              });
          scf::YieldOp::create(b, nestedLoc, ifOp.getResult(0));
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void populateShapePatterns(const TypeConverter &typeConverter,
                           RewritePatternSet &patterns) {
  patterns.add<BroadcastConversion, CatConversion, ExpandDimsConversion,
               GatherConversion, HistogramConversion, JoinConversion,
               MakeRangeConversion, ReshapeConversion, SplatConversion,
               SplitConversion, TransConversion, UnsplatConversion>(
      typeConverter, patterns.getContext());
}

} // namespace mlir::triton::cpu

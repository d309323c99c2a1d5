//===- Reduce.cpp - tt.reduce to linalg.reduce ----------------------------===//
//
// A tt.reduce of any combiner and any number of operands becomes one
// linalg.reduce along the axis, with the combiner inlined in its body
// (linalg's accumulator is the combiner's left operand, the element its
// right one). When the combiner is a single op with a neutral element
// (addf, maxnumf, ori, ...), the accumulator starts at that element;
// otherwise it starts at the first slice along the axis and the rest is
// reduced into it, which works for any combiner (argmax, for example).
// Reducing a 1-D tensor gives a 0-d tensor, read back with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg-backend/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

/// The neutral element of a combiner that is exactly one op of the two
/// block arguments, if it has one.
std::optional<TypedAttr> getCombinerIdentity(ReduceOp op) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  Operation *combiner = op.getSingleCombiner();
  Block &block = op.getCombineOp().front();
  if (!combiner || combiner->getNumOperands() != 2 ||
      combiner->getNumResults() != 1 ||
      block.getTerminator()->getOperand(0) != combiner->getResult(0))
    return std::nullopt;
  for (Value operand : combiner->getOperands())
    if (!isa<BlockArgument>(operand) ||
        cast<BlockArgument>(operand).getOwner() != &block)
      return std::nullopt;
  if (combiner->getOperand(0) == combiner->getOperand(1))
    return std::nullopt;
  return arith::getNeutralElement(combiner);
}

/// The slice [start, start + size) of `src` along `axis`; with
/// `dropAxis` (size 1) the axis is removed from the result type.
Value sliceAlong(OpBuilder &b, Location loc, Value src, int64_t axis,
                 int64_t start, int64_t size, bool dropAxis) {
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    bool isAxis = d == axis;
    offsets.push_back(b.getIndexAttr(isAxis ? start : 0));
    sizes.push_back(b.getIndexAttr(isAxis ? size : type.getDimSize(d)));
    strides.push_back(b.getIndexAttr(1));
    if (!isAxis || !dropAxis)
      shape.push_back(isAxis ? size : type.getDimSize(d));
  }
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, resultType, src, offsets, sizes,
                                        strides);
}

struct ReduceConversion : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    ValueRange srcs = adaptor.getSrcs();
    unsigned n = srcs.size();
    auto srcType = cast<RankedTensorType>(srcs.front().getType());
    int64_t axisSize = srcType.getDimSize(axis);
    SmallVector<int64_t> reducedShape;
    for (int64_t d = 0; d < srcType.getRank(); ++d)
      if (d != axis)
        reducedShape.push_back(srcType.getDimSize(d));

    SmallVector<Value> inputs, inits;
    if (std::optional<TypedAttr> identity = getCombinerIdentity(op)) {
      inputs.push_back(srcs.front());
      auto initType =
          RankedTensorType::get(reducedShape, srcType.getElementType());
      Value neutral = arith::ConstantOp::create(rewriter, loc, *identity);
      inits.push_back(createFilledTensor(rewriter, loc, initType, neutral));
    } else {
      for (Value src : srcs) {
        inits.push_back(sliceAlong(rewriter, loc, src, axis, 0, 1,
                                   /*dropAxis=*/true));
        inputs.push_back(sliceAlong(rewriter, loc, src, axis, 1, axisSize - 1,
                                    /*dropAxis=*/false));
      }
    }

    Region &combiner = op.getCombineOp();
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, inputs, inits, ArrayRef<int64_t>{axis},
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          // linalg: (elements..., accumulators...); tt: (lhs..., rhs...).
          SmallVector<Value> combinerArgs(args.drop_front(n));
          llvm::append_range(combinerArgs, args.take_front(n));
          SmallVector<Value> results =
              inlineCombiner(b, combiner, combinerArgs);
          linalg::YieldOp::create(b, nestedLoc, results);
        });

    SmallVector<Value> results;
    for (Value result : reduce.getResults()) {
      if (reducedShape.empty())
        result = tensor::ExtractOp::create(rewriter, loc, result, ValueRange{});
      results.push_back(result);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateReducePatterns(const TypeConverter &typeConverter,
                            RewritePatternSet &patterns) {
  patterns.add<ReduceConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::triton::cpu

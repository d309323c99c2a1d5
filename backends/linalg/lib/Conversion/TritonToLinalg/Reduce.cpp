//===- Reduce.cpp - tt.reduce to linalg.reduce ----------------------------===//
//
// A tt.reduce of any combiner and any number of operands becomes one
// linalg.reduce along the axis, with the combiner inlined in its body
// (linalg's accumulator is the combiner's left operand, the element its
// right one). When the combiner is a single op with a neutral element
// (addf, maxnumf, ori, ...), the accumulator starts at that element;
// otherwise it starts at the first slice along the axis and the rest is
// reduced into it, which works for any combiner (argmax, for example).
// The NaN-propagating maximum and minimum that Inductor writes out
// (`where(a > b | a != a, a, b)`) become arith.maximumf / minimumf, which
// the vectorizer reduces in vector registers.
// Reducing a 1-D tensor gives a 0-d tensor, read back with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

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

/// Whether `value` is `cmpf <predicate>, lhs, rhs` of the two block
/// arguments, in that order.
bool isCompare(Value value, arith::CmpFPredicate predicate, Value lhs,
               Value rhs) {
  auto compare = value.getDefiningOp<arith::CmpFOp>();
  return compare && compare.getPredicate() == predicate &&
         compare.getLhs() == lhs && compare.getRhs() == rhs;
}

/// For a single-operand combiner `select(a > b | a != a, a, b)` (or with
/// `<`), the NaN-propagating maximum (minimum) of Inductor's
/// triton_helpers, says which: arith.maximumf (minimumf) returns the same value but for the sign of a zero when a and
/// b are zeros of both signs. True for the maximum, false for the minimum.
std::optional<bool> getNaNPropagatingMinMax(ReduceOp op) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  Block &block = op.getCombineOp().front();
  if (block.getNumArguments() != 2 ||
      !isa<FloatType>(block.getArgument(0).getType()))
    return std::nullopt;
  Value lhs = block.getArgument(0), rhs = block.getArgument(1);
  auto select =
      block.getTerminator()->getOperand(0).getDefiningOp<arith::SelectOp>();
  if (!select || select.getTrueValue() != lhs ||
      select.getFalseValue() != rhs)
    return std::nullopt;
  auto mask = select.getCondition().getDefiningOp<arith::OrIOp>();
  if (!mask)
    return std::nullopt;
  for (auto [order, isNaN] :
       {std::pair(mask.getLhs(), mask.getRhs()),
        std::pair(mask.getRhs(), mask.getLhs())}) {
    if (!isCompare(isNaN, arith::CmpFPredicate::UNE, lhs, lhs))
      continue;
    if (isCompare(order, arith::CmpFPredicate::OGT, lhs, rhs))
      return true;
    if (isCompare(order, arith::CmpFPredicate::OLT, lhs, rhs))
      return false;
  }
  return std::nullopt;
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
    std::optional<bool> isMax = getNaNPropagatingMinMax(op);
    if (isMax) {
      auto element = cast<FloatType>(srcType.getElementType());
      inputs.push_back(srcs.front());
      Value neutral = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getFloatAttr(
              element, APFloat::getInf(element.getFloatSemantics(),
                                       /*Negative=*/*isMax)));
      inits.push_back(createFilledTensor(
          rewriter, loc, RankedTensorType::get(reducedShape, element),
          neutral));
    } else if (std::optional<TypedAttr> identity = getCombinerIdentity(op)) {
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
          if (isMax) {
            Value lhs = combinerArgs[0], rhs = combinerArgs[1];
            Value result =
                *isMax ? arith::MaximumFOp::create(b, nestedLoc, lhs, rhs)
                             .getResult()
                       : arith::MinimumFOp::create(b, nestedLoc, lhs, rhs)
                             .getResult();
            linalg::YieldOp::create(b, nestedLoc, result);
            return;
          }
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

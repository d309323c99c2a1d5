//===- TritonToTritonGPU.cpp - Patterns of the TTIR to TTGIR conversion ---===//
//
// The type converter and the patterns: most operations only change their
// result types (GenericOpPattern); the ones whose operands or results need a
// layout other than the default of their shape have their own pattern.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonToTritonGPU/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Type converter
//===----------------------------------------------------------------------===//

TritonGPUTypeConverter::TritonGPUTypeConverter(MLIRContext *context,
                                               int numWarps, int threadsPerWarp,
                                               int numCTAs)
    : context(context), numWarps(numWarps), threadsPerWarp(threadsPerWarp),
      numCTAs(numCTAs) {
  addConversion([](Type type) { return type; });
  // A 0-d tensor has no distributed layout (a blocked layout has rank 1 or
  // more): it does not convert, and the ops holding one fail to legalize.
  addConversion([this](RankedTensorType type) -> Type {
    if (type.getEncoding())
      return type;
    if (type.getRank() == 0)
      return Type();
    return ttg::withEncoding(type, getDefaultEncoding(type.getShape()));
  });
  // Block pointers point to tensors with layouts too.
  addConversion([this](PointerType type) -> Type {
    auto tensor = dyn_cast<RankedTensorType>(type.getPointeeType());
    if (!tensor || tensor.getEncoding())
      return type;
    if (tensor.getRank() == 0)
      return Type();
    return PointerType::get(
        ttg::withEncoding(tensor, getDefaultEncoding(tensor.getShape())),
        type.getAddressSpace());
  });
  // A value whose layout is not the one its user needs goes through a
  // layout conversion.
  auto convertLayout = [](OpBuilder &builder, RankedTensorType type,
                          ValueRange inputs, Location loc) -> Value {
    if (inputs.size() != 1 || !isa<RankedTensorType>(inputs[0].getType()))
      return Value();
    return ttg::ConvertLayoutOp::create(builder, loc, type, inputs[0]);
  };
  addTargetMaterialization(convertLayout);
  addSourceMaterialization(convertLayout);
}

Attribute
TritonGPUTypeConverter::getDefaultEncoding(ArrayRef<int64_t> shape) const {
  return ttg::getDefaultBlockedEncoding(context, shape, numWarps,
                                        threadsPerWarp, numCTAs);
}

namespace {

/// The default-layout tensor type of `type`'s shape; null for a 0-d tensor,
/// which has none.
RankedTensorType defaultType(const TritonGPUTypeConverter &converter,
                             RankedTensorType type) {
  if (type.getRank() == 0)
    return RankedTensorType();
  return ttg::withEncoding(type, converter.getDefaultEncoding(type.getShape()));
}

/// `value` in `encoding`, converting when it has another layout.
Value convertTo(ConversionPatternRewriter &rewriter, Location loc, Value value,
                Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  // Look through the conversion the driver inserted for this user.
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    if (convert.getSrc().getType().getEncoding() == encoding)
      return convert.getSrc();
  return ttg::ConvertLayoutOp::create(rewriter, loc,
                                      ttg::withEncoding(type, encoding), value);
}

//===----------------------------------------------------------------------===//
// Generic pattern: retype the results, keep everything else
//===----------------------------------------------------------------------===//

struct GenericOpPattern : public ConversionPattern {
  GenericOpPattern(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    // Functions, structured control flow and branches have their own
    // patterns.
    // (An unregistered op has no dialect.)
    if (isa<FunctionOpInterface, BranchOpInterface>(op) ||
        isa_and_nonnull<scf::SCFDialect>(op->getDialect()))
      return rewriter.notifyMatchFailure(op, "converted by its own pattern");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         resultTypes, op->getAttrs(), op->getSuccessors());
    for (Region &region : op->getRegions()) {
      Region *newRegion = state.addRegion();
      rewriter.inlineRegionBefore(region, *newRegion, newRegion->end());
      if (failed(rewriter.convertRegionTypes(newRegion, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op,
                                           "a region type does not convert");
    }
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns with layout decisions
//===----------------------------------------------------------------------===//

template <typename OpT>
struct TTGOpConversion : public OpConversionPattern<OpT> {
  TTGOpConversion(const TritonGPUTypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern<OpT>(converter, ctx, /*benefit=*/2),
        converter(converter) {}

protected:
  const TritonGPUTypeConverter &converter;
};

/// Dense constants take the converted type.
struct ConstantPattern : public TTGOpConversion<arith::ConstantOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !dense)
      return rewriter.notifyMatchFailure(op, "not a dense tensor constant");
    RankedTensorType newType = defaultType(converter, type);
    if (!newType)
      return rewriter.notifyMatchFailure(op, "a 0-d tensor has no layout");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, newType,
                                                   dense.reshape(newType));
    return success();
  }
};

/// expand_dims reads a slice of its result's layout.
struct ExpandDimsPattern : public TTGOpConversion<ExpandDimsOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = defaultType(converter, op.getType());
    auto parent = cast<ttg::DistributedEncodingTrait>(resultType.getEncoding());
    auto slice =
        ttg::SliceEncodingAttr::get(op.getContext(), op.getAxis(), parent);
    Value src = convertTo(rewriter, op.getLoc(), adaptor.getSrc(), slice);
    rewriter.replaceOpWithNewOp<ExpandDimsOp>(op, resultType, src,
                                              op.getAxis());
    return success();
  }
};

/// broadcast keeps one layout: its result's.
struct BroadcastPattern : public TTGOpConversion<BroadcastOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = defaultType(converter, op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "a 0-d tensor has no layout");
    Value src = convertTo(rewriter, op.getLoc(), adaptor.getSrc(),
                          resultType.getEncoding());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, resultType, src);
    return success();
  }
};

/// A reduction's results are slices of its operands' layout (scalars when
/// the operand is 1-D).
struct ReducePattern : public TTGOpConversion<ReduceOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    for (auto [operand, result] :
         llvm::zip(adaptor.getOperands(), op.getResults())) {
      auto resultType = dyn_cast<RankedTensorType>(result.getType());
      if (!resultType) {
        resultTypes.push_back(result.getType());
        continue;
      }
      auto parent = cast<ttg::DistributedEncodingTrait>(
          cast<RankedTensorType>(operand.getType()).getEncoding());
      resultTypes.push_back(ttg::withEncoding(
          resultType,
          ttg::SliceEncodingAttr::get(op.getContext(), op.getAxis(), parent)));
    }
    auto newOp = ReduceOp::create(rewriter, op.getLoc(), resultTypes,
                                  adaptor.getOperands(), op->getAttrs());
    rewriter.inlineRegionBefore(op.getCombineOp(), newOp.getCombineOp(),
                                newOp.getCombineOp().end());
    rewriter.replaceOp(op, newOp.getResults());
    return success();
  }
};

/// A dot on blocked layouts (the FMA form): operands in dot-operand layouts
/// of the result's layout.
struct DotPattern : public TTGOpConversion<DotOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = defaultType(converter, op.getType());
    Attribute parent = resultType.getEncoding();
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    Value a = convertTo(rewriter, loc, adaptor.getA(),
                        ttg::DotOperandEncodingAttr::get(ctx, 0, parent, 0));
    Value b = convertTo(rewriter, loc, adaptor.getB(),
                        ttg::DotOperandEncodingAttr::get(ctx, 1, parent, 0));
    Value c = convertTo(rewriter, loc, adaptor.getC(), parent);
    auto newOp = DotOp::create(rewriter, loc, resultType, ValueRange{a, b, c},
                               op->getAttrs());
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// Permutes the fields of a blocked layout: result dimension i is source
/// dimension order[i].
ttg::BlockedEncodingAttr permuteBlocked(ttg::BlockedEncodingAttr src,
                                        ArrayRef<int32_t> order) {
  unsigned rank = order.size();
  SmallVector<unsigned> spt, lanes, warps, ctasPerCGA, split, dimOrder(rank);
  SmallVector<unsigned> srcSpt = src.getSizePerThread(),
                        srcLanes = src.getThreadsPerWarp(),
                        srcWarps = src.getWarpsPerCTA();
  ttg::CTALayoutAttr cta = src.getCTALayout();
  // inverse[d] = the result dimension that source dimension d becomes.
  SmallVector<unsigned> inverse(rank);
  for (unsigned i = 0; i < rank; ++i) {
    inverse[order[i]] = i;
    spt.push_back(srcSpt[order[i]]);
    lanes.push_back(srcLanes[order[i]]);
    warps.push_back(srcWarps[order[i]]);
    ctasPerCGA.push_back(cta.getCTAsPerCGA()[order[i]]);
    split.push_back(cta.getCTASplitNum()[order[i]]);
  }
  SmallVector<unsigned> ctaOrder;
  for (unsigned i = 0; i < rank; ++i) {
    dimOrder[i] = inverse[src.getOrder()[i]];
    ctaOrder.push_back(inverse[cta.getCTAOrder()[i]]);
  }
  MLIRContext *ctx = src.getContext();
  return ttg::BlockedEncodingAttr::get(
      ctx, spt, lanes, warps, dimOrder,
      ttg::CTALayoutAttr::get(ctx, ctasPerCGA, split, ctaOrder));
}

/// trans permutes its operand's layout.
struct TransPattern : public TTGOpConversion<TransOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    auto blocked =
        dyn_cast_or_null<ttg::BlockedEncodingAttr>(srcType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "operand layout is not blocked");
    RankedTensorType resultType =
        ttg::withEncoding(op.getType(), permuteBlocked(blocked, op.getOrder()));
    rewriter.replaceOpWithNewOp<TransOp>(op, resultType, src, op.getOrder());
    return success();
  }
};

/// The layout of `join`'s result given its operands' blocked layout: a new
/// fastest dimension of 2 elements held by each thread.
ttg::BlockedEncodingAttr appendPairDim(ttg::BlockedEncodingAttr src) {
  SmallVector<unsigned> spt = src.getSizePerThread(),
                        lanes = src.getThreadsPerWarp(),
                        warps = src.getWarpsPerCTA();
  unsigned rank = spt.size();
  spt.push_back(2);
  lanes.push_back(1);
  warps.push_back(1);
  SmallVector<unsigned> order{rank};
  llvm::append_range(order, src.getOrder());
  ttg::CTALayoutAttr cta = src.getCTALayout();
  SmallVector<unsigned> ctas(cta.getCTAsPerCGA()), split(cta.getCTASplitNum()),
      ctaOrder{rank};
  ctas.push_back(1);
  split.push_back(1);
  llvm::append_range(ctaOrder, cta.getCTAOrder());
  MLIRContext *ctx = src.getContext();
  return ttg::BlockedEncodingAttr::get(
      ctx, spt, lanes, warps, order,
      ttg::CTALayoutAttr::get(ctx, ctas, split, ctaOrder));
}

struct JoinPattern : public TTGOpConversion<JoinOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto blocked =
        dyn_cast_or_null<ttg::BlockedEncodingAttr>(srcType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "operand layout is not blocked");
    RankedTensorType resultType =
        ttg::withEncoding(op.getType(), appendPairDim(blocked));
    rewriter.replaceOpWithNewOp<JoinOp>(op, resultType, adaptor.getLhs(),
                                        adaptor.getRhs());
    return success();
  }
};

/// split reads its operand in the layout `join` would have produced from
/// the default layout of its results.
struct SplitPattern : public TTGOpConversion<SplitOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType outType = defaultType(converter, op.getOutLHS().getType());
    if (!outType)
      return rewriter.notifyMatchFailure(op, "a 0-d tensor has no layout");
    auto blocked = cast<ttg::BlockedEncodingAttr>(outType.getEncoding());
    Value src = convertTo(rewriter, op.getLoc(), adaptor.getSrc(),
                          appendPairDim(blocked));
    rewriter.replaceOpWithNewOp<SplitOp>(op, TypeRange{outType, outType}, src);
    return success();
  }
};

/// cat may reorder the elements of its result (Triton's only form): each
/// thread puts its registers of both operands side by side, so the result
/// layout holds per thread as many elements as the two operands together
/// (its fastest dimension's sizePerThread scaled up to that).
struct CatPattern : public TTGOpConversion<CatOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    Value rhs = convertTo(rewriter, op.getLoc(), adaptor.getRhs(),
                          lhsType.getEncoding());
    RankedTensorType resultType = defaultType(converter, op.getType());
    auto blocked =
        dyn_cast_or_null<ttg::BlockedEncodingAttr>(resultType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "result layout is not blocked");
    MLIRContext *ctx = op.getContext();
    StringAttr reg = StringAttr::get(ctx, "register");
    int64_t operandRegs = ttg::toLinearLayout(lhsType).getInDimSize(reg);
    int64_t resultRegs = ttg::toLinearLayout(resultType).getInDimSize(reg);
    int64_t wanted = int64_t(llvm::PowerOf2Ceil(2 * operandRegs));
    if (wanted > resultRegs) {
      SmallVector<unsigned> spt(blocked.getSizePerThread());
      spt[blocked.getOrder()[0]] *= wanted / resultRegs;
      blocked = ttg::BlockedEncodingAttr::get(
          ctx, spt, blocked.getThreadsPerWarp(), blocked.getWarpsPerCTA(),
          blocked.getOrder(), blocked.getCTALayout());
      resultType = ttg::withEncoding(resultType, blocked);
    }
    rewriter.replaceOpWithNewOp<CatOp>(op, resultType, adaptor.getLhs(), rhs);
    return success();
  }
};

/// Functions: the signature, the entry block and every other block.
struct FuncPattern : public TTGOpConversion<FuncOp> {
  using TTGOpConversion::TTGOpConversion;
  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type converted = converter.convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "an argument does not convert");
      signature.addInputs(i, converted);
    }
    SmallVector<Type> results;
    if (failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "a result does not convert");
    if (!op.isExternal() && failed(rewriter.convertRegionTypes(
                                &op.getBody(), converter, &signature)))
      return rewriter.notifyMatchFailure(op, "a block does not convert");
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(FunctionType::get(
          op.getContext(), signature.getConvertedTypes(), results));
    });
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Legality and population
//===----------------------------------------------------------------------===//

void mlir::triton::populateTritonToTritonGPULegality(
    ConversionTarget &target, const TritonGPUTypeConverter &converter) {
  target.addLegalDialect<ttg::TritonGPUDialect>();
  target.markUnknownOpDynamicallyLegal([&converter](Operation *op) -> bool {
    // Functions of other function types (llvm.func) hold no tensors in
    // their signature.
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (auto type = dyn_cast<FunctionType>(func.getFunctionType()))
        if (!converter.isSignatureLegal(type))
          return false;
    if (!converter.isLegal(op))
      return false;
    for (Region &region : op->getRegions())
      if (!converter.isLegal(&region))
        return false;
    if (auto dot = dyn_cast<DotOp>(op))
      return isa_and_nonnull<ttg::DotOperandEncodingAttr>(
                 dot.getA().getType().getEncoding()) &&
             isa_and_nonnull<ttg::DotOperandEncodingAttr>(
                 dot.getB().getType().getEncoding());
    return true;
  });
}

void mlir::triton::populateTritonToTritonGPUPatterns(
    TritonGPUTypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<GenericOpPattern>(converter, ctx);
  patterns.add<ConstantPattern, ExpandDimsPattern, BroadcastPattern,
               ReducePattern, DotPattern, TransPattern, JoinPattern,
               SplitPattern, CatPattern, FuncPattern>(converter, ctx);
  populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
}

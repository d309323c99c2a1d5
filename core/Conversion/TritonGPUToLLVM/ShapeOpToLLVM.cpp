//===- ShapeOpToLLVM.cpp - trans, reshape, join, split, cat, unsplat ------===//
//
// Shape ops whose result layout keeps every element in the thread that
// held it only pick registers. Which source register feeds each result
// register is read off the layouts at register 0 of thread 0, then checked
// for every thread: if any thread would need an element it does not hold,
// the op is not lowered here (it needs a convert_layout first).
//
// tt.cat may reorder elements (as in Triton): each thread's registers of
// the two operands are concatenated. tt.unsplat reads the one element of
// its tensor, which every thread holds.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coords = SmallVector<int32_t>;
/// Where a result element comes from: (source operand, its coordinates).
using Projection = function_ref<std::pair<unsigned, Coords>(const Coords &)>;

/// The layout evaluated at (register, lane, warp, block).
Coords evaluate(const LinearLayout &layout, int32_t reg, int32_t lane,
                int32_t warp, int32_t block) {
  SmallVector<std::pair<StringAttr, int32_t>> ins;
  for (StringAttr dim : layout.getInDimNames()) {
    StringRef name = dim.getValue();
    int32_t v = name == "register" ? reg
                : name == "lane"   ? lane
                : name == "warp"   ? warp
                                   : block;
    ins.push_back({dim, v});
  }
  Coords result;
  for (auto [outDim, v] : layout.apply(ins))
    result.push_back(v);
  return result;
}

int32_t inSize(const LinearLayout &layout, StringRef name) {
  StringAttr dim = StringAttr::get(
      layout.getInDimNames().begin()->getContext(), name);
  return layout.hasInDim(dim) ? layout.getInDimSize(dim) : 1;
}

/// For each result register, (source operand, source register), valid in
/// every thread; failure otherwise.
FailureOr<SmallVector<std::pair<unsigned, int32_t>>>
mapRegisters(ArrayRef<LinearLayout> sources, const LinearLayout &result,
             Projection project) {
  SmallVector<std::map<std::vector<int32_t>, int32_t>> byCoords;
  for (const LinearLayout &src : sources) {
    std::map<std::vector<int32_t>, int32_t> regs;
    for (int32_t r = 0; r < inSize(src, "register"); ++r) {
      Coords c = evaluate(src, r, 0, 0, 0);
      regs.try_emplace(std::vector<int32_t>(c.begin(), c.end()), r);
    }
    byCoords.push_back(std::move(regs));
  }
  SmallVector<std::pair<unsigned, int32_t>> plan;
  for (int32_t r = 0; r < inSize(result, "register"); ++r) {
    auto [idx, c] = project(evaluate(result, r, 0, 0, 0));
    auto it = byCoords[idx].find(std::vector<int32_t>(c.begin(), c.end()));
    if (it == byCoords[idx].end())
      return failure();
    plan.push_back({idx, it->second});
  }
  // Every thread must find its element in the same register.
  for (int32_t block = 0; block < inSize(result, "block"); ++block)
    for (int32_t warp = 0; warp < inSize(result, "warp"); ++warp)
      for (int32_t lane = 0; lane < inSize(result, "lane"); ++lane)
        for (auto [r, source] : llvm::enumerate(plan)) {
          auto [idx, c] = project(evaluate(result, r, lane, warp, block));
          if (evaluate(sources[idx], source.second, lane, warp, block) != c)
            return failure();
        }
  return plan;
}

bool hasLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor &&
         isa_and_nonnull<gpu::DistributedEncodingTrait>(tensor.getEncoding());
}

/// Replaces `op`'s results: result i takes the registers `plans[i]` of the
/// converted `operands`.
LogicalResult
lowerByRegisters(Operation *op, ValueRange operands,
                 ArrayRef<SmallVector<std::pair<unsigned, int32_t>>> plans,
                 const TypeConverter *converter,
                 ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  SmallVector<SmallVector<Value>> values;
  for (Value operand : operands)
    values.push_back(unpackLLElements(loc, operand, rewriter));
  SmallVector<Value> results;
  for (auto [i, plan] : llvm::enumerate(plans)) {
    SmallVector<Value> regs;
    for (auto [idx, r] : plan)
      regs.push_back(values[idx][r]);
    results.push_back(packLLElements(loc, converter, regs, rewriter,
                                     op->getResult(i).getType()));
  }
  rewriter.replaceOp(op, results);
  return success();
}

struct TransOpConversion : public ConvertOpToLLVMPattern<TransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayout(op.getSrc().getType()) || !hasLayout(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    ArrayRef<int32_t> order = op.getOrder();
    auto plan = mapRegisters(
        {gpu::toLinearLayout(cast<RankedTensorType>(op.getSrc().getType()))},
        gpu::toLinearLayout(op.getType()), [&](const Coords &c) {
          // result[i] = src[order[i]]
          Coords src(c.size());
          for (auto [i, o] : llvm::enumerate(order))
            src[o] = c[i];
          return std::pair<unsigned, Coords>{0, src};
        });
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "elements change threads");
    return lowerByRegisters(op, adaptor.getOperands(), {*plan},
                            getTypeConverter(), rewriter);
  }
};

struct ReshapeOpConversion : public ConvertOpToLLVMPattern<ReshapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (!hasLayout(srcType) || !hasLayout(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    ArrayRef<int64_t> srcShape = srcType.getShape();
    ArrayRef<int64_t> dstShape = op.getType().getShape();
    auto plan = mapRegisters(
        {gpu::toLinearLayout(srcType)}, gpu::toLinearLayout(op.getType()),
        [&](const Coords &c) {
          // Row-major: same linear index.
          int64_t linear = 0;
          for (auto [d, v] : llvm::enumerate(c))
            linear = linear * dstShape[d] + v;
          Coords src(srcShape.size());
          for (int d = srcShape.size() - 1; d >= 0; --d) {
            src[d] = linear % srcShape[d];
            linear /= srcShape[d];
          }
          return std::pair<unsigned, Coords>{0, src};
        });
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "elements change threads");
    return lowerByRegisters(op, adaptor.getOperands(), {*plan},
                            getTypeConverter(), rewriter);
  }
};

struct JoinOpConversion : public ConvertOpToLLVMPattern<JoinOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getLhs().getType());
    if (!hasLayout(srcType) || !hasLayout(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    LinearLayout src = gpu::toLinearLayout(srcType);
    auto plan = mapRegisters({src, src}, gpu::toLinearLayout(op.getType()),
                             [&](const Coords &c) {
                               Coords s(c.begin(), c.end() - 1);
                               return std::pair<unsigned, Coords>{
                                   unsigned(c.back()), s};
                             });
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "elements change threads");
    return lowerByRegisters(op, adaptor.getOperands(), {*plan},
                            getTypeConverter(), rewriter);
  }
};

struct SplitOpConversion : public ConvertOpToLLVMPattern<SplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (!hasLayout(srcType) || !hasLayout(op.getOutLHS().getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    LinearLayout src = gpu::toLinearLayout(srcType);
    SmallVector<SmallVector<std::pair<unsigned, int32_t>>> plans;
    for (int32_t half = 0; half < 2; ++half) {
      auto resultType = cast<RankedTensorType>(op->getResult(half).getType());
      auto plan = mapRegisters({src}, gpu::toLinearLayout(resultType),
                               [&](const Coords &c) {
                                 Coords s(c.begin(), c.end());
                                 s.push_back(half);
                                 return std::pair<unsigned, Coords>{0, s};
                               });
      if (failed(plan))
        return rewriter.notifyMatchFailure(op, "elements change threads");
      plans.push_back(*plan);
    }
    return lowerByRegisters(op, adaptor.getOperands(), plans,
                            getTypeConverter(), rewriter);
  }
};

struct CatOpConversion : public ConvertOpToLLVMPattern<CatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayout(op.getLhs().getType()) || !hasLayout(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    Location loc = op.getLoc();
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getLhs(), rewriter);
    SmallVector<Value> rhs = unpackLLElements(loc, adaptor.getRhs(), rewriter);
    values.append(rhs.begin(), rhs.end());
    if (values.size() != getNumRegisters(op.getType()))
      return rewriter.notifyMatchFailure(
          op, "the result has not the operands' registers together");
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, op.getType()));
    return success();
  }
};

struct UnsplatOpConversion : public ConvertOpToLLVMPattern<UnsplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayout(op.getSrc().getType()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    // A one-element tensor: every register of every thread is that element.
    rewriter.replaceOp(
        op, unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter).front());
    return success();
  }
};

} // namespace

void mlir::triton::populateShapeOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<TransOpConversion, ReshapeOpConversion, JoinOpConversion,
               SplitOpConversion, CatOpConversion, UnsplatOpConversion>(
      typeConverter, benefit);
}

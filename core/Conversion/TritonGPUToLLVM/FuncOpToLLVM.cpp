//===- FuncOpToLLVM.cpp - tt.func, tt.return and tt.call to LLVM ----------===//
//
// Functions keep their bodies; their signatures are converted (pointer
// arguments become !llvm.ptr<1>, tensors the structs of their per-thread
// values). A public function is a kernel: the target marks it.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The LLVM result type of a function returning `results`: void, the one
/// converted type, or a struct of them.
Type convertResultTypes(const TypeConverter &converter, MLIRContext *ctx,
                        TypeRange results) {
  if (results.empty())
    return LLVM::LLVMVoidType::get(ctx);
  SmallVector<Type> converted;
  for (Type type : results) {
    Type c = converter.convertType(type);
    if (!c)
      return nullptr;
    converted.push_back(c);
  }
  if (converted.size() == 1)
    return converted.front();
  return LLVM::LLVMStructType::getLiteral(ctx, converted);
}

struct FuncOpConversion : public ConvertTritonGPUOpToLLVMPattern<FuncOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FuncOp funcOp, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = funcOp.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> argTypes;
    for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
      Type converted = converter.convertType(argType);
      if (!converted)
        return rewriter.notifyMatchFailure(funcOp,
                                           "an argument type has no LLVM form");
      signature.addInputs(i, converted);
      argTypes.push_back(converted);
    }
    Type resultType = convertResultTypes(converter, getContext(), type.getResults());
    if (!resultType)
      return rewriter.notifyMatchFailure(funcOp,
                                         "a result type has no LLVM form");
    auto llvmType = LLVM::LLVMFunctionType::get(resultType, argTypes);

    auto newFunc = LLVM::LLVMFuncOp::create(
        rewriter, funcOp.getLoc(), funcOp.getSymName(), llvmType,
        funcOp.isPublic() ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    // Argument attributes (tt.divisibility, ...) are kept for the target.
    if (ArrayAttr argAttrs = funcOp.getAllArgAttrs())
      newFunc.setAllArgAttrs(argAttrs);
    rewriter.inlineRegionBefore(funcOp.getBody(), newFunc.getBody(),
                                newFunc.end());
    if (failed(rewriter.convertRegionTypes(&newFunc.getBody(), converter,
                                           &signature)))
      return rewriter.notifyMatchFailure(funcOp, "cannot convert the body");

    if (funcOp.isPublic()) {
      auto module = funcOp->getParentOfType<ModuleOp>();
      int numWarps = 4, threadsPerWarp = targetInfo.getWarpSize();
      if (std::optional<int> n = gpu::maybeLookupNumWarps(funcOp))
        numWarps = *n;
      if (module)
        if (auto attr = module->getAttrOfType<IntegerAttr>(
                "ttg.threads-per-warp"))
          threadsPerWarp = attr.getInt();
      targetInfo.markAsKernel(newFunc, numWarps, threadsPerWarp);
    }
    rewriter.eraseOp(funcOp);
    return success();
  }
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    if (operands.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, operands);
      return success();
    }
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return rewriter.notifyMatchFailure(op, "not in a converted function");
    Type structType = func.getFunctionType().getReturnType();
    Value result = LLVM::UndefOp::create(rewriter, op.getLoc(), structType);
    for (auto [i, v] : llvm::enumerate(operands))
      result = LLVM::InsertValueOp::create(rewriter, op.getLoc(), result, v,
                                           ArrayRef<int64_t>{int64_t(i)});
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, result);
    return success();
  }
};

struct CallOpConversion : public ConvertOpToLLVMPattern<CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convertResultTypes(*getTypeConverter(), getContext(),
                                         op.getResultTypes());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "a result type has no LLVM form");
    SmallVector<Type> argTypes;
    for (Value v : adaptor.getOperands())
      argTypes.push_back(v.getType());
    auto fnType = LLVM::LLVMFunctionType::get(resultType, argTypes);
    auto call = LLVM::CallOp::create(rewriter, op.getLoc(), fnType,
                                     op.getCalleeAttr(), adaptor.getOperands());
    unsigned numResults = op.getNumResults();
    if (numResults == 0) {
      rewriter.eraseOp(op);
    } else if (numResults == 1) {
      rewriter.replaceOp(op, call.getResult());
    } else {
      SmallVector<Value> results;
      for (unsigned i = 0; i < numResults; ++i)
        results.push_back(LLVM::ExtractValueOp::create(
            rewriter, op.getLoc(), call.getResult(),
            ArrayRef<int64_t>{int64_t(i)}));
      rewriter.replaceOp(op, results);
    }
    return success();
  }
};

} // namespace

void mlir::triton::populateFuncOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<FuncOpConversion>(typeConverter, targetInfo, benefit);
  patterns.add<ReturnOpConversion, CallOpConversion>(typeConverter, benefit);
}

//===- ElementwiseOpToLLVM.cpp - Target-flavoured elementwise ops ---------===//
//
// tt.extern_elementwise and tt.elementwise_inline_asm on tensors with a
// distributed layout: one call (one asm statement) per register of the
// thread, over the unpacked operands.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

/// The per-register operands of `operands` (tensors unpacked, scalars
/// repeated) and the number of registers.
SmallVector<SmallVector<Value>> unpackOperands(Location loc,
                                               ValueRange originals,
                                               ValueRange operands,
                                               RewriterBase &rewriter,
                                               unsigned &count) {
  SmallVector<SmallVector<Value>> perOperand;
  count = 1;
  for (auto [original, operand] : llvm::zip(originals, operands)) {
    if (isa<RankedTensorType>(original.getType())) {
      perOperand.push_back(triton::unpackLLElements(loc, operand, rewriter));
      count = perOperand.back().size();
    } else {
      perOperand.push_back({operand});
    }
  }
  SmallVector<SmallVector<Value>> perRegister(count);
  for (unsigned r = 0; r < count; ++r)
    for (auto &values : perOperand)
      perRegister[r].push_back(values.size() == 1 ? values.front()
                                                  : values[r]);
  return perRegister;
}

struct ExternElementwiseOpConversion
    : public ConvertOpToLLVMPattern<triton::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    Type elementType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "result type has no LLVM form");
    unsigned count = 1;
    SmallVector<SmallVector<Value>> perRegister = unpackOperands(
        loc, op.getSrcs(), adaptor.getSrcs(), rewriter, count);

    // Declare the symbol with the element types of the first register.
    SmallVector<Type> argTypes;
    for (Value v : perRegister.front())
      argTypes.push_back(v.getType());
    auto functionType = LLVM::LLVMFunctionType::get(elementType, argTypes);
    auto module = op->getParentOfType<ModuleOp>();
    StringRef symbol = op.getSymbol();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
      if (existing.getFunctionType() != functionType)
        return op.emitOpError() << "calls '" << symbol << "' as "
                                << functionType << ", but it is declared as "
                                << existing.getFunctionType();
    } else {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::LLVMFuncOp::create(rewriter, loc, symbol, functionType);
    }

    SmallVector<Value> results;
    for (ValueRange args : perRegister)
      results.push_back(
          LLVM::CallOp::create(rewriter, loc, functionType,
                               FlatSymbolRefAttr::get(getContext(), symbol),
                               args)
              .getResult());
    rewriter.replaceOp(op, tensorType
                               ? triton::packLLElements(loc, getTypeConverter(),
                                                        results, rewriter,
                                                        resultType)
                               : results.front());
    return success();
  }
};

struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<triton::ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPackedElement() != 1)
      return rewriter.notifyMatchFailure(
          op, "only packed_element = 1 is lowered");
    if (op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "only one result is lowered");
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    Type elementType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "result type has no LLVM form");
    unsigned count = 1;
    SmallVector<SmallVector<Value>> perRegister = unpackOperands(
        loc, op.getArgs(), adaptor.getArgs(), rewriter, count);
    SmallVector<Value> results;
    for (ValueRange args : perRegister)
      results.push_back(
          LLVM::InlineAsmOp::create(
              rewriter, loc, elementType, args, op.getAsmString(),
              op.getConstraints(), /*has_side_effects=*/!op.getPure(),
              /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
              LLVM::AsmDialectAttr::get(getContext(),
                                        LLVM::AsmDialect::AD_ATT),
              ArrayAttr())
              .getResult(0));
    rewriter.replaceOp(op, tensorType
                               ? triton::packLLElements(loc, getTypeConverter(),
                                                        results, rewriter,
                                                        resultType)
                               : results.front());
    return success();
  }
};

} // namespace

void mlir::triton::nvidia_gpu::populateElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<ExternElementwiseOpConversion,
               ElementwiseInlineAsmOpConversion>(typeConverter, benefit);
}

//===- AssertOpToLLVM.cpp - tt.assert through the target's assertFail -----===//
//
// A thread whose part of the condition has a false element calls the
// target's assertion failure (`__assertfail` on NVIDIA GPUs) with the
// message, file, function and line; the others go on.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace {

struct AssertOpConversion : public ConvertOpToLLVMPattern<triton::AssertOp> {
  AssertOpConversion(LLVMTypeConverter &typeConverter,
                     const trident::TargetInfoBase &targetInfo,
                     PatternBenefit benefit)
      : ConvertOpToLLVMPattern(typeConverter, benefit),
        targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(triton::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> conditions =
        isa<RankedTensorType>(op.getCondition().getType())
            ? triton::unpackLLElements(loc, adaptor.getCondition(), rewriter)
            : SmallVector<Value>{adaptor.getCondition()};
    Type i1 = rewriter.getI1Type();
    Value one = LLVM::ConstantOp::create(rewriter, loc, i1,
                                         rewriter.getBoolAttr(true));
    Value anyFalse = LLVM::ConstantOp::create(rewriter, loc, i1,
                                              rewriter.getBoolAttr(false));
    for (Value condition : conditions) {
      if (condition.getType() != i1)
        condition = LLVM::TruncOp::create(rewriter, loc, i1, condition);
      anyFalse = LLVM::OrOp::create(
          rewriter, loc, anyFalse,
          LLVM::XOrOp::create(rewriter, loc, condition, one));
    }

    std::string file = "unknown";
    int line = 0;
    if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
      file = fileLoc.getFilename().str();
      line = fileLoc.getLine();
    }
    std::string function = "unknown";
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName().str();

    // prev: ... cond_br anyFalse, fail, rest; fail: assertFail; br rest.
    Block *prev = op->getBlock();
    Block *fail = rewriter.splitBlock(prev, op->getIterator());
    rewriter.setInsertionPointToStart(fail);
    targetInfo.assertFail(rewriter, loc, op.getMessage(), file, function,
                          line);
    Block *rest = rewriter.splitBlock(fail, op->getIterator());
    rewriter.setInsertionPointToEnd(fail);
    LLVM::BrOp::create(rewriter, loc, rest);
    rewriter.setInsertionPointToEnd(prev);
    LLVM::CondBrOp::create(rewriter, loc, anyFalse, fail, rest);
    rewriter.eraseOp(op);
    return success();
  }

private:
  const trident::TargetInfoBase &targetInfo;
};

} // namespace

void mlir::triton::nvidia_gpu::populateAssertOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<AssertOpConversion>(typeConverter, targetInfo, benefit);
}

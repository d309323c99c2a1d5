//===- SPMDOpToLLVM.cpp - Program ids, ranges and barriers -----------------===//
//
// The ops that ask where a thread is: tt.get_program_id and
// tt.get_num_programs (through the target), tt.make_range (from the
// tensor's linear layout), and gpu.barrier (through the target).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct GetProgramIdOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<GetProgramIdOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, targetInfo.programId(rewriter, op.getLoc(), op.getAxisAsInt()));
    return success();
  }
};

struct GetNumProgramsOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<GetNumProgramsOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, targetInfo.numPrograms(
                               rewriter, op.getLoc(),
                               static_cast<int>(op.getAxis())));
    return success();
  }
};

struct MakeRangeOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<MakeRangeOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = op.getType();
    if (!isa_and_nonnull<triton::gpu::DistributedEncodingTrait>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> indices =
        emitIndices(loc, rewriter, targetInfo, type);
    Value start = i32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (auto &index : indices)
      values.push_back(LLVM::AddOp::create(rewriter, loc, index[0], start));
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, type));
    return success();
  }
};

struct BarrierOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<mlir::gpu::BarrierOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(mlir::gpu::BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    targetInfo.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateSPMDOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<GetProgramIdOpConversion, GetNumProgramsOpConversion,
               MakeRangeOpConversion, BarrierOpConversion>(
      typeConverter, targetInfo, benefit);
}

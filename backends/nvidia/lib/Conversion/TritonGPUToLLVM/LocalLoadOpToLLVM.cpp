//===- LocalLoadOpToLLVM.cpp - ttg.local_load of 16-bit tiles by ldmatrix -===//
//
// A local_load whose registers are 8x8 tiles of 16-bit elements (see
// MatrixTiles.h) reads four of them per `ldmatrix.sync.aligned.m8n8.x4`
// (`.trans` where the tiles are transposed in memory). Anything else is
// left to the core's plain shared loads.
//
//===----------------------------------------------------------------------===//

#include "MatrixTiles.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct LdmatrixLocalLoadOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::LocalLoadOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "result without a layout");
    Type elemType = getTypeConverter()->convertType(type.getElementType());
    if (!elemType || !elemType.isIntOrFloat() ||
        elemType.getIntOrFloatBitWidth() != 16)
      return rewriter.notifyMatchFailure(op, "not 16-bit elements");
    std::string why;
    FailureOr<SharedAccessPlan> plan =
        analyzeSharedAccess(targetInfo, type, op.getSrc(), 16, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    const LinearLayout &toOffset = plan->toOffset;
    std::optional<bool> transposed =
        nvidia_gpu::getMatrixTileTransposition(toOffset, plan->originOffset);
    if (!transposed)
      return rewriter.notifyMatchFailure(op, "registers are not 8x8 tiles");
    bool trans = *transposed;

    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type();
    auto c = [&](int32_t v) { return i32Constant(rewriter, loc, v); };
    Value rowOffset = nvidia_gpu::emitMatrixRowOffset(
        loc, rewriter, targetInfo, toOffset, trans, plan->originOffset);

    auto resultType =
        LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
    std::string asmText = std::string("ldmatrix.sync.aligned.m8n8.x4") +
                          (trans ? ".trans" : "") +
                          ".shared.b16 {$0, $1, $2, $3}, [$4];";
    auto pairType = VectorType::get({2}, elemType);
    int32_t numRegs = toOffset.getInDimSize(kRegister(ctx));
    SmallVector<Value> results(numRegs);
    for (int32_t group = 0; group < numRegs; group += 8) {
      Value address = nvidia_gpu::emitMatrixGroupAddress(
          loc, rewriter, adaptor.getSrc(), elemType, toOffset, rowOffset,
          group);
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, resultType, ValueRange{address}, asmText,
          "=r,=r,=r,=r,r", /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
          ArrayAttr());
      for (int32_t j = 0; j < 4; ++j) {
        Value word =
            LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0), j);
        Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
        for (int32_t h = 0; h < 2; ++h)
          results[group + 2 * j + h] =
              LLVM::ExtractElementOp::create(rewriter, loc, pair, c(h));
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), results, rewriter, type));
    return success();
  }
};

} // namespace

void mlir::triton::nvidia_gpu::populateLocalLoadOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<LdmatrixLocalLoadOpConversion>(typeConverter, targetInfo,
                                              benefit);
}

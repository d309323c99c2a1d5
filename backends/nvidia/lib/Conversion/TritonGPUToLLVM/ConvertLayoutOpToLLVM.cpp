//===- ConvertLayoutOpToLLVM.cpp - layout conversions through stmatrix ----===//
//
// A ttg.convert_layout of 16-bit elements whose source registers are 8x8
// tiles (an mma accumulator, see MatrixTiles.h) writes its scratch buffer
// with `stmatrix.sync.aligned.m8n8.x4` (sm_90+): four tiles, 16 bytes a lane,
// per instruction, where plain stores move 4 bytes (matmul's epilogue: 16
// stores a thread instead of 64). The scratch layout and the reads back are
// the core's, so only the writing differs from the core's lowering, which
// takes every other conversion.
//
//===----------------------------------------------------------------------===//

#include "MatrixTiles.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct StmatrixConvertLayoutOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::ConvertLayoutOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType dstType = op.getType();
    auto isDistributed = [](RankedTensorType type) {
      return isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding());
    };
    if (!isDistributed(srcType) || !isDistributed(dstType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    if (!convertLayoutNeedsSharedMemory(srcType, dstType))
      return rewriter.notifyMatchFailure(op, "registers suffice");
    if (!op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    if (!elemType || !elemType.isIntOrFloat() ||
        elemType.getIntOrFloatBitWidth() != 16)
      return rewriter.notifyMatchFailure(op, "not 16-bit elements");

    // The scratch layout the core's lowering would use (and the allocation
    // sized), at the width the elements are stored with.
    unsigned storageBits =
        getSharedStorageType(rewriter, elemType).getIntOrFloatBitWidth();
    auto scratchType = gpu::MemDescType::get(
        srcType.getShape(), srcType.getElementType(),
        getConvertLayoutScratchLayout(srcType, dstType, storageBits),
        gpu::SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/true);
    SmallVector<int32_t> origin(srcType.getRank(), 0);
    std::string why;
    FailureOr<SharedAccessPlan> plan = analyzeSharedAccess(
        targetInfo, srcType, scratchType, origin, storageBits, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    const LinearLayout &toOffset = plan->toOffset;
    // Only the plain tiles (row-major in the scratch, as an accumulator
    // converted to a row-major layout has them) have been checked on a GPU;
    // transposed ones are left to the core.
    std::optional<bool> transposed =
        nvidia_gpu::getMatrixTileTransposition(toOffset, plan->originOffset);
    if (!transposed)
      return rewriter.notifyMatchFailure(op, "registers are not 8x8 tiles");
    if (*transposed)
      return rewriter.notifyMatchFailure(op, "transposed 8x8 tiles");

    Value base = *getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    Type i32 = rewriter.getI32Type();
    auto c = [&](int32_t v) { return i32Constant(rewriter, loc, v); };
    Value rowOffset =
        nvidia_gpu::emitMatrixRowOffset(loc, rewriter, targetInfo, toOffset,
                                        /*trans=*/false, plan->originOffset);
    std::string asmText =
        "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};";
    auto pairType = VectorType::get({2}, elemType);
    for (int32_t group = 0; group < int32_t(values.size()); group += 8) {
      SmallVector<Value> operands = {nvidia_gpu::emitMatrixGroupAddress(
          loc, rewriter, base, elemType, toOffset, rowOffset, group)};
      for (int32_t j = 0; j < 4; ++j) {
        Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
        for (int32_t h = 0; h < 2; ++h)
          pair = LLVM::InsertElementOp::create(rewriter, loc, pair,
                                               values[group + 2 * j + h], c(h));
        operands.push_back(LLVM::BitcastOp::create(rewriter, loc, i32, pair));
      }
      LLVM::InlineAsmOp::create(rewriter, loc, TypeRange{}, operands, asmText,
                                "r,r,r,r,r", /*has_side_effects=*/true,
                                /*is_align_stack=*/false,
                                LLVM::tailcallkind::TailCallKind::None,
                                LLVM::AsmDialectAttr(), ArrayAttr());
    }
    targetInfo.barrier(rewriter, loc);
    FailureOr<SmallVector<Value>> results =
        loadDistributedFromShared(loc, rewriter, targetInfo, getTypeConverter(),
                                  base, dstType, scratchType, origin, why);
    if (failed(results))
      return op.emitError("cannot lower ttg.convert_layout: ") << why;
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *results,
                                          rewriter, dstType));
    return success();
  }
};

} // namespace

void mlir::triton::nvidia_gpu::populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, int computeCapability,
    PatternBenefit benefit) {
  if (computeCapability >= 90)
    patterns.add<StmatrixConvertLayoutOpConversion>(typeConverter, targetInfo,
                                                    benefit);
}

//===- GatherOpToLLVM.cpp - tt.gather through shared memory ---------------===//
//
// result[c] = src[c with c[axis] replaced by indices[c]], in two steps over
// the op's scratch buffer (the whole source, row-major):
//
//  1. one copy of every source element is stored at its row-major index
//     (threads and registers holding copies of an element skip it), and a
//     barrier follows;
//  2. every thread loads each of its result elements at the row-major index
//     of its source coordinates (its own coordinates, with the index it
//     holds along the axis).
//
// The indices and the result must have the same layout (as
// TritonToTritonGPU gives them), so that each register of one is the same
// element of the other. Out-of-range indices are undefined, as in Triton.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

bool hasDistributedLayout(RankedTensorType type) {
  return isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding());
}

struct GatherOpConversion : public ConvertOpToLLVMPattern<GatherOp> {
  GatherOpConversion(LLVMTypeConverter &converter,
                     const trident::TargetInfoBase &targetInfo,
                     PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType indicesType = op.getIndices().getType();
    RankedTensorType resultType = op.getType();
    if (!hasDistributedLayout(srcType) || !hasDistributedLayout(indicesType) ||
        !hasDistributedLayout(resultType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    if (gpu::toLinearLayout(indicesType) != gpu::toLinearLayout(resultType))
      return rewriter.notifyMatchFailure(
          op, "the indices and the result have different layouts");
    LinearLayout srcLayout = gpu::toLinearLayout(srcType);
    StringAttr block = kBlock(op.getContext());
    if (srcLayout.hasInDim(block))
      for (int32_t bit = 0; bit < srcLayout.getInDimSizeLog2(block); ++bit)
        if (llvm::any_of(srcLayout.getBasis(block, bit),
                         [](int32_t v) { return v != 0; }))
          return rewriter.notifyMatchFailure(
              op, "the source is split between the CTAs of a cluster");
    FailureOr<Value> base =
        getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");

    unsigned axis = op.getAxis();
    ArrayRef<int64_t> shape = srcType.getShape();
    Type i32 = rewriter.getI32Type();
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    // Booleans and pointers travel as integers of their storage size
    // (getSharedElementBytes, which sized the buffer).
    Type storeType = elemType;
    if (elemType.isInteger(1))
      storeType = rewriter.getI8Type();
    else if (isa<LLVM::LLVMPointerType>(elemType))
      storeType = rewriter.getI64Type();
    auto toStore = [&](Value v) -> Value {
      if (storeType == elemType)
        return v;
      if (isa<LLVM::LLVMPointerType>(elemType))
        return LLVM::PtrToIntOp::create(rewriter, loc, storeType, v);
      return LLVM::ZExtOp::create(rewriter, loc, storeType, v);
    };
    auto fromStore = [&](Value v) -> Value {
      if (storeType == elemType)
        return v;
      if (isa<LLVM::LLVMPointerType>(elemType))
        return LLVM::IntToPtrOp::create(rewriter, loc, elemType, v);
      return LLVM::TruncOp::create(rewriter, loc, elemType, v);
    };
    auto linearize = [&](ArrayRef<Value> coords) {
      Value index = i32Constant(rewriter, loc, 0);
      for (auto [d, coord] : llvm::enumerate(coords))
        index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, index,
                                i32Constant(rewriter, loc, shape[d])),
            coord);
      return index;
    };

    // 1. The source, one copy of each element (per CTA: each has its own
    // shared memory).
    SmallVector<Value> srcValues =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    ids.block = i32Constant(rewriter, loc, 0);
    Value writer = emitUniqueThreadPredicate(loc, rewriter, srcLayout, ids);
    if (!writer)
      writer = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                        rewriter.getBoolAttr(true));
    for (auto [r, coords] :
         llvm::enumerate(emitIndices(loc, rewriter, targetInfo, srcType))) {
      if (isDuplicateRegister(srcLayout, r))
        continue;
      targetInfo.storeShared(
          rewriter, loc,
          gepElements(loc, rewriter, *base, storeType, linearize(coords)),
          toStore(srcValues[r]), writer);
    }
    targetInfo.barrier(rewriter, loc);

    // 2. Each result element from its source coordinates.
    SmallVector<Value> indexValues =
        unpackLLElements(loc, adaptor.getIndices(), rewriter);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    SmallVector<Value> results;
    for (auto [r, coords] : llvm::enumerate(
             emitIndices(loc, rewriter, targetInfo, resultType))) {
      Value index = indexValues[r];
      unsigned width = index.getType().getIntOrFloatBitWidth();
      if (width > 32)
        index = LLVM::TruncOp::create(rewriter, loc, i32, index);
      else if (width == 1)
        index = LLVM::ZExtOp::create(rewriter, loc, i32, index);
      else if (width < 32)
        index = LLVM::SExtOp::create(rewriter, loc, i32, index);
      coords[axis] = index;
      results.push_back(fromStore(targetInfo.loadShared(
          rewriter, loc,
          gepElements(loc, rewriter, *base, storeType, linearize(coords)),
          storeType, always)));
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

private:
  const trident::TargetInfoBase &targetInfo;
};

} // namespace

void mlir::triton::populateGatherOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<GatherOpConversion>(typeConverter, targetInfo, benefit);
}

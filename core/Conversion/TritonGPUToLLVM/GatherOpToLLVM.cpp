//===- GatherOpToLLVM.cpp - tt.gather in a warp or through shared memory --===//
//
// result[c] = src[c with c[axis] replaced by indices[c]].
//
// When every element a warp asks for is in that warp (getWarpLocalGather),
// each result element is read from the source register and lane that the
// inverse of the source layout gives for its coordinates: a shuffle from
// each register that may hold it (no shuffle when the lane is always the
// thread's own) and a select by the register index. No shared memory.
//
// Otherwise, in two steps over the op's scratch buffer (the whole source,
// row-major):
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

/// An index as an i32: truncated, or extended (zero for i1, else sign).
Value toI32(RewriterBase &rewriter, Location loc, Value index) {
  Type i32 = rewriter.getI32Type();
  unsigned width = index.getType().getIntOrFloatBitWidth();
  if (width > 32)
    return LLVM::TruncOp::create(rewriter, loc, i32, index);
  if (width == 1)
    return LLVM::ZExtOp::create(rewriter, loc, i32, index);
  if (width < 32)
    return LLVM::SExtOp::create(rewriter, loc, i32, index);
  return index;
}

struct GatherOpConversion : public ConvertTritonGPUOpToLLVMPattern<GatherOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

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
    if (std::optional<WarpLocalGather> local = getWarpLocalGather(op)) {
      rewriter.replaceOp(op, lowerInWarp(op, adaptor, *local, rewriter));
      return success();
    }
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
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    // Booleans and pointers travel as integers of their storage size
    // (getSharedElementBytes, which sized the buffer).
    Type storeType = getSharedStorageType(rewriter, elemType);

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
          gepElements(loc, rewriter, *base, storeType,
                      linearizeRowMajor(loc, rewriter, coords, shape)),
          toSharedStorage(rewriter, loc, storeType, srcValues[r]), writer);
    }
    targetInfo.barrier(rewriter, loc);

    // 2. Each result element from its source coordinates.
    SmallVector<Value> indexValues =
        unpackLLElements(loc, adaptor.getIndices(), rewriter);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    SmallVector<Value> results;
    for (auto [r, coords] :
         llvm::enumerate(emitIndices(loc, rewriter, targetInfo, resultType))) {
      coords[axis] = toI32(rewriter, loc, indexValues[r]);
      results.push_back(fromSharedStorage(
          rewriter, loc, elemType,
          targetInfo.loadShared(
              rewriter, loc,
              gepElements(loc, rewriter, *base, storeType,
                          linearizeRowMajor(loc, rewriter, coords, shape)),
              storeType, always)));
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

private:
  Value lowerInWarp(GatherOp op, OpAdaptor adaptor,
                    const WarpLocalGather &local,
                    ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    unsigned axis = op.getAxis();
    RankedTensorType resultType = op.getType();
    LinearLayout srcLayout = gpu::toLinearLayout(op.getSrc().getType());
    LinearLayout resultLayout = gpu::toLinearLayout(resultType);
    LinearLayout inverse = srcLayout.pseudoinvert();
    int regOut = -1, laneOut = -1;
    for (auto [i, name] : llvm::enumerate(inverse.getOutDimNames())) {
      if (name == kRegister(ctx))
        regOut = i;
      else if (name == kLane(ctx))
        laneOut = i;
    }
    SmallVector<StringAttr> coordDims(srcLayout.getOutDimNames());
    SmallVector<Value> srcValues =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> indexValues =
        unpackLLElements(loc, adaptor.getIndices(), rewriter);
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    // The coordinates the lane contributes (warps and blocks are the same in
    // the source and do not move along the axis: left out).
    SmallVector<Value> lanePart = applyLinearLayout(loc, rewriter, resultLayout,
                                                    {{kLane(ctx), ids.lane}});
    SmallVector<Value> results;
    for (auto [r, candidates] : llvm::enumerate(local.candidates)) {
      SmallVector<int32_t> regPart = getRegisterCoordinates(resultLayout, r);
      SmallVector<std::pair<StringAttr, Value>> coords;
      for (unsigned d = 0; d < coordDims.size(); ++d) {
        Value c = lanePart[d];
        if (d == axis)
          c = toI32(rewriter, loc, indexValues[r]);
        else if (regPart[d] != 0)
          c = LLVM::XOrOp::create(rewriter, loc, c,
                                  i32Constant(rewriter, loc, regPart[d]));
        coords.push_back({coordDims[d], c});
      }
      SmallVector<Value> where =
          applyLinearLayout(loc, rewriter, inverse, coords);
      Value srcReg =
          regOut >= 0 ? where[regOut] : i32Constant(rewriter, loc, 0);
      Value srcLane =
          laneOut >= 0 ? where[laneOut] : i32Constant(rewriter, loc, 0);
      Value result;
      for (int32_t j : candidates) {
        Value v = local.sameLane
                      ? srcValues[j]
                      : shuffle(rewriter, loc, srcValues[j], srcLane);
        if (!result) {
          result = v;
          continue;
        }
        Value isThis =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, srcReg,
                                 i32Constant(rewriter, loc, j));
        result = LLVM::SelectOp::create(rewriter, loc, isThis, v, result);
      }
      results.push_back(result);
    }
    return packLLElements(loc, getTypeConverter(), results, rewriter,
                          resultType);
  }

  /// `value` from `lane` of the warp; booleans and pointers travel as
  /// integers (i32, i64).
  Value shuffle(RewriterBase &rewriter, Location loc, Value value,
                Value lane) const {
    Type type = value.getType();
    if (isa<LLVM::LLVMPointerType>(type)) {
      Value bits =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), value);
      return LLVM::IntToPtrOp::create(
          rewriter, loc, type,
          targetInfo.shuffleIdx(rewriter, loc, bits, lane));
    }
    if (type.isInteger(1)) {
      Value bits =
          LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), value);
      return LLVM::TruncOp::create(
          rewriter, loc, type,
          targetInfo.shuffleIdx(rewriter, loc, bits, lane));
    }
    return targetInfo.shuffleIdx(rewriter, loc, value, lane);
  }
};

} // namespace

void mlir::triton::populateGatherOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<GatherOpConversion>(typeConverter, targetInfo, benefit);
}

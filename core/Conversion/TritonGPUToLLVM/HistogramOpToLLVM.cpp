//===- HistogramOpToLLVM.cpp - tt.histogram with ballots and atomics ------===//
//
// Counting the values of a 1-D tensor into the bins [0, n):
//
//  1. in each warp, for every register of the source, one ballot per bit of
//     the (padded) bin index, and one of whether the value counts at all (in
//     [0, n), not masked off, not a copy held by another lane or warp). Lane
//     l owns the bins whose high index bits are l; AND-ing the ballots (or
//     their complements) gives, for each of its bins, the mask of the lanes
//     whose value falls in it, and a popcount counts them (the warp-level
//     algorithm of Triton's HistogramOpToLLVM);
//  2. the op's scratch buffer, one i32 per bin, is zeroed, and after a
//     barrier every lane adds its counts to its bins with shared-memory
//     atomics;
//  3. after a barrier, every thread loads the bins its result registers
//     hold.
//
// Values outside [0, n) are not counted (numpy.histogram over that range
// does the same, and so does the linalg target).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

bool hasDistributedLayout(RankedTensorType type) {
  return isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding());
}

/// `value` (an integer) as an i32: zero-extended or truncated.
Value toI32(RewriterBase &rewriter, Location loc, Value value) {
  Type i32 = rewriter.getI32Type();
  unsigned width = value.getType().getIntOrFloatBitWidth();
  if (width < 32)
    return LLVM::ZExtOp::create(rewriter, loc, i32, value);
  if (width > 32)
    return LLVM::TruncOp::create(rewriter, loc, i32, value);
  return value;
}

struct HistogramOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<HistogramOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType resultType = op.getType();
    if (!hasDistributedLayout(srcType) || !hasDistributedLayout(resultType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    LinearLayout layout = gpu::toLinearLayout(srcType);
    StringAttr lane = kLane(ctx), warp = kWarp(ctx), block = kBlock(ctx);
    if (layout.hasInDim(block))
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(block); ++bit)
        if (layout.getBasis(block, bit)[0] != 0)
          return rewriter.notifyMatchFailure(
              op, "the source is split between the CTAs of a cluster");
    int warpSize = targetInfo.getWarpSize();
    if (!llvm::isPowerOf2_32(warpSize) || layout.getInDimSize(lane) != warpSize)
      return rewriter.notifyMatchFailure(
          op, "the layout's lanes are not the target's warp");
    if (!op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");

    int64_t numBins = resultType.getDimSize(0);
    int64_t paddedBins = getHistogramScratchBins(op);
    int numBits = llvm::Log2_64(paddedBins);
    int laneBits = std::min<int>(numBits, llvm::Log2_32(warpSize));
    int lowBits = numBits - laneBits;
    int64_t binsPerLane = int64_t(1) << lowBits;
    Type i32 = rewriter.getI32Type();
    Type i1 = rewriter.getI1Type();
    Type ballotType = IntegerType::get(ctx, warpSize);
    Value noLanes = intConstant(rewriter, loc, ballotType, 0);
    Value allLanes = intConstant(rewriter, loc, ballotType, -1);

    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    // Only one copy of each element counts. Every CTA keeps its own
    // histogram, so copies in other CTAs count there.
    HardwareIds countIds = ids;
    countIds.block = i32Constant(rewriter, loc, 0);
    Value unique = emitUniqueThreadPredicate(loc, rewriter, layout, countIds);
    // For each lane-id bit, the mask that keeps the lanes whose value has the
    // same bit in its bin index: the ballot itself where this lane's bit is
    // set, its complement where not.
    SmallVector<Value> laneFlip;
    for (int i = 0; i < laneBits; ++i) {
      Value isSet = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ne,
          LLVM::AndOp::create(rewriter, loc, ids.lane,
                              i32Constant(rewriter, loc, 1 << i)),
          i32Constant(rewriter, loc, 0));
      laneFlip.push_back(
          LLVM::SelectOp::create(rewriter, loc, isSet, noLanes, allLanes));
    }
    // With fewer bins than lanes, the lanes past the bins own none.
    Value ownsBins;
    if (laneBits < static_cast<int>(llvm::Log2_32(warpSize)))
      ownsBins = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ult, ids.lane,
          i32Constant(rewriter, loc, int64_t(1) << laneBits));

    // 1. Counts of this lane's bins, over the registers.
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    SmallVector<Value> counts(binsPerLane, i32Constant(rewriter, loc, 0));
    for (auto [r, value] : llvm::enumerate(values)) {
      if (isDuplicateRegister(layout, r))
        continue;
      // Narrow values are compared as i32, so that a negative value is out
      // of range like any other.
      Type type = value.getType();
      if (type.getIntOrFloatBitWidth() < 32) {
        value = LLVM::SExtOp::create(rewriter, loc, i32, value);
        type = i32;
      }
      Value counted =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, value,
                               intConstant(rewriter, loc, type, numBins));
      if (!masks.empty())
        counted = LLVM::AndOp::create(rewriter, loc, counted, masks[r]);
      if (unique)
        counted = LLVM::AndOp::create(rewriter, loc, counted, unique);
      Value lanesHere = targetInfo.ballot(rewriter, loc, ballotType, counted);
      SmallVector<Value> bitBallots;
      for (int j = 0; j < numBits; ++j) {
        Value isSet = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::ne,
            LLVM::AndOp::create(
                rewriter, loc, value,
                intConstant(rewriter, loc, type, int64_t(1) << j)),
            intConstant(rewriter, loc, type, 0));
        bitBallots.push_back(
            targetInfo.ballot(rewriter, loc, ballotType, isSet));
      }
      // The lanes whose value falls in one of this lane's bins.
      for (int i = 0; i < laneBits; ++i)
        lanesHere = LLVM::AndOp::create(
            rewriter, loc, lanesHere,
            LLVM::XOrOp::create(rewriter, loc, bitBallots[lowBits + i],
                                laneFlip[i]));
      if (ownsBins)
        lanesHere =
            LLVM::SelectOp::create(rewriter, loc, ownsBins, lanesHere, noLanes);
      SmallVector<Value> clearBallots;
      for (int j = 0; j < lowBits; ++j)
        clearBallots.push_back(
            LLVM::XOrOp::create(rewriter, loc, bitBallots[j], allLanes));
      for (int64_t k = 0; k < binsPerLane; ++k) {
        Value inBin = lanesHere;
        for (int j = 0; j < lowBits; ++j)
          inBin = LLVM::AndOp::create(rewriter, loc, inBin,
                                      (k >> j) & 1 ? bitBallots[j]
                                                   : clearBallots[j]);
        Value count =
            toI32(rewriter, loc,
                  LLVM::CtPopOp::create(rewriter, loc, ballotType, inBin));
        counts[k] = LLVM::AddOp::create(rewriter, loc, counts[k], count);
      }
    }

    // 2. Zero the bins, then every lane adds its counts.
    FailureOr<Value> base =
        getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");
    int64_t numThreads = int64_t(layout.getInDimSize(warp)) * warpSize;
    Value tid = LLVM::AddOp::create(
        rewriter, loc,
        LLVM::MulOp::create(rewriter, loc, ids.warp,
                            i32Constant(rewriter, loc, warpSize)),
        ids.lane);
    Value always =
        LLVM::ConstantOp::create(rewriter, loc, i1, rewriter.getBoolAttr(true));
    Value zero = i32Constant(rewriter, loc, 0);
    for (int64_t first = 0; first < paddedBins; first += numThreads) {
      Value index = LLVM::AddOp::create(rewriter, loc, tid,
                                        i32Constant(rewriter, loc, first));
      Value inside = always;
      if (first + numThreads > paddedBins)
        inside =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, index,
                                 i32Constant(rewriter, loc, paddedBins));
      targetInfo.storeShared(rewriter, loc,
                             gepElements(loc, rewriter, *base, i32, index),
                             zero, inside);
    }
    targetInfo.barrier(rewriter, loc);
    // Lanes past the bins add their zero counts to a bin of another lane.
    Value firstBin = LLVM::MulOp::create(
        rewriter, loc,
        LLVM::AndOp::create(
            rewriter, loc, ids.lane,
            i32Constant(rewriter, loc, (int64_t(1) << laneBits) - 1)),
        i32Constant(rewriter, loc, binsPerLane));
    StringRef scope = targetInfo.getSyncScope(trident::MemoryScope::CTA);
    for (int64_t k = 0; k < binsPerLane; ++k) {
      Value bin = LLVM::AddOp::create(rewriter, loc, firstBin,
                                      i32Constant(rewriter, loc, k));
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                gepElements(loc, rewriter, *base, i32, bin),
                                counts[k], LLVM::AtomicOrdering::monotonic,
                                scope);
    }
    targetInfo.barrier(rewriter, loc);

    // 3. The result registers.
    Type resultElem =
        getTypeConverter()->convertType(resultType.getElementType());
    unsigned resultWidth = resultElem.getIntOrFloatBitWidth();
    SmallVector<Value> results;
    for (SmallVector<Value> &coords :
         emitIndices(loc, rewriter, targetInfo, resultType)) {
      Value count = targetInfo.loadShared(
          rewriter, loc, gepElements(loc, rewriter, *base, i32, coords[0]), i32,
          always);
      if (resultWidth > 32)
        count = LLVM::ZExtOp::create(rewriter, loc, resultElem, count);
      else if (resultWidth < 32)
        count = LLVM::TruncOp::create(rewriter, loc, resultElem, count);
      results.push_back(count);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }
};

} // namespace

void mlir::triton::populateHistogramOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<HistogramOpConversion>(typeConverter, targetInfo, benefit);
}

//===- ViewOpToLLVM.cpp - broadcast, expand_dims, convert_layout ----------===//
//
// Ops that only move elements. When every thread keeps the elements it
// needs, they pick registers: each result register takes the source
// register holding the same coordinates (after projecting away broadcast or
// inserted dimensions), found through the two linear layouts. A layout
// conversion that moves elements between threads goes through the op's
// scratch buffer: each thread writes its elements, a barrier follows, and
// each thread reads what its new registers hold. The scratch buffer is laid
// out as a swizzled shared buffer contiguous along the dimension the
// layouts hold runs of registers in: both sides then move whole vectors
// (up to 16 bytes), and rows 128 bytes or more apart land in different
// banks (an mma accumulator's 8 rows per warp no longer hit one bank).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coords = std::vector<int32_t>;

/// For each register of `dst`, the register of `src` whose coordinates
/// (with lane, warp and block zero) equal `project(dst coordinates)`; fails
/// if one is missing.
FailureOr<SmallVector<int32_t>>
mapRegisters(const LinearLayout &src, const LinearLayout &dst,
             function_ref<Coords(Coords)> project) {
  MLIRContext *ctx = src.getInDimNames().begin()->getContext();
  std::map<Coords, int32_t> srcRegs;
  for (int32_t r = 0; r < src.getInDimSize(kRegister(ctx)); ++r) {
    SmallVector<int32_t> c = getRegisterCoordinates(src, r);
    srcRegs.try_emplace(Coords(c.begin(), c.end()), r);
  }
  SmallVector<int32_t> result;
  for (int32_t r = 0; r < dst.getInDimSize(kRegister(ctx)); ++r) {
    SmallVector<int32_t> c = getRegisterCoordinates(dst, r);
    auto it = srcRegs.find(project(Coords(c.begin(), c.end())));
    if (it == srcRegs.end())
      return failure();
    result.push_back(it->second);
  }
  return result;
}

/// Whether `a` and `b` give every thread the same coordinates along the
/// dimensions `keep` maps (lane, warp and block parts), where `keep[d]` is
/// the dimension of `b` for dimension d of `a`, or -1 to ignore d.
bool sameThreadPart(const LinearLayout &a, const LinearLayout &b,
                    ArrayRef<int> keep) {
  MLIRContext *ctx = a.getInDimNames().begin()->getContext();
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
    int32_t bitsA = a.hasInDim(dim) ? a.getInDimSizeLog2(dim) : 0;
    int32_t bitsB = b.hasInDim(dim) ? b.getInDimSizeLog2(dim) : 0;
    if (bitsA != bitsB)
      return false;
    for (int32_t bit = 0; bit < bitsA; ++bit) {
      ArrayRef<int32_t> ba = a.getBasis(dim, bit), bb = b.getBasis(dim, bit);
      for (auto [d, target] : llvm::enumerate(keep))
        if (target >= 0 && ba[d] != bb[target])
          return false;
    }
  }
  return true;
}

/// Replaces `op` by the registers `regs` of `src` packed as `type`.
void replaceWithRegisters(Operation *op, ArrayRef<Value> src,
                          ArrayRef<int32_t> regs, Type type,
                          const TypeConverter *converter,
                          ConversionPatternRewriter &rewriter) {
  SmallVector<Value> values;
  for (int32_t r : regs)
    values.push_back(src[r]);
  rewriter.replaceOp(op, packLLElements(op->getLoc(), converter, values,
                                        rewriter, type));
}

bool hasLayout(RankedTensorType type) {
  return isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding());
}

struct BroadcastOpConversion : public ConvertOpToLLVMPattern<BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!hasLayout(srcType) || !hasLayout(dstType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    LinearLayout src = gpu::toLinearLayout(srcType);
    LinearLayout dst = gpu::toLinearLayout(dstType);
    SmallVector<int> keep;
    for (unsigned d = 0; d < srcType.getRank(); ++d)
      keep.push_back(srcType.getShape()[d] == 1 ? -1 : int(d));
    if (!sameThreadPart(src, dst, keep))
      return rewriter.notifyMatchFailure(op, "layouts distribute differently");
    FailureOr<SmallVector<int32_t>> regs =
        mapRegisters(src, dst, [&](Coords c) {
          for (unsigned d = 0; d < c.size(); ++d)
            if (srcType.getShape()[d] == 1)
              c[d] = 0;
          return c;
        });
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "registers do not correspond");
    replaceWithRegisters(op, unpackLLElements(op.getLoc(), adaptor.getSrc(),
                                              rewriter),
                         *regs, dstType, getTypeConverter(), rewriter);
    return success();
  }
};

struct ExpandDimsOpConversion : public ConvertOpToLLVMPattern<ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!hasLayout(srcType) || !hasLayout(dstType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    unsigned axis = op.getAxis();
    LinearLayout src = gpu::toLinearLayout(srcType);
    LinearLayout dst = gpu::toLinearLayout(dstType);
    SmallVector<int> keep;
    for (unsigned d = 0; d < srcType.getRank(); ++d)
      keep.push_back(d < axis ? int(d) : int(d) + 1);
    if (!sameThreadPart(src, dst, keep))
      return rewriter.notifyMatchFailure(op, "layouts distribute differently");
    FailureOr<SmallVector<int32_t>> regs =
        mapRegisters(src, dst, [&](Coords c) {
          c.erase(c.begin() + axis);
          return c;
        });
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "registers do not correspond");
    replaceWithRegisters(op, unpackLLElements(op.getLoc(), adaptor.getSrc(),
                                              rewriter),
                         *regs, dstType, getTypeConverter(), rewriter);
    return success();
  }
};

struct ConvertLayoutOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::ConvertLayoutOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType dstType = op.getType();
    if (!hasLayout(srcType) || !hasLayout(dstType))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    LinearLayout src = gpu::toLinearLayout(srcType);
    LinearLayout dst = gpu::toLinearLayout(dstType);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);

    if (!convertLayoutNeedsSharedMemory(srcType, dstType)) {
      FailureOr<SmallVector<int32_t>> regs =
          mapRegisters(src, dst, [](Coords c) { return c; });
      if (failed(regs))
        return rewriter.notifyMatchFailure(op, "registers do not correspond");
      replaceWithRegisters(op, values, *regs, dstType, getTypeConverter(),
                           rewriter);
      return success();
    }

    if (!op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");
    Value base = *getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    ArrayRef<int64_t> shape = srcType.getShape();
    // Booleans and pointers travel as integers of their storage size.
    Type storeType = getSharedStorageType(rewriter, elemType);

    // Vectors through a swizzled scratch layout where the layouts allow.
    {
      auto scratchType = gpu::MemDescType::get(
          shape, srcType.getElementType(),
          getConvertLayoutScratchLayout(srcType, dstType,
                                        storeType.getIntOrFloatBitWidth()),
          gpu::SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/true);
      SmallVector<int32_t> origin(shape.size(), 0);
      // A plan that fails does so before emitting anything; both layouts
      // cover the same elements, so the load's plan holds when the store's
      // does.
      std::string why;
      if (succeeded(storeDistributedToShared(
              loc, rewriter, targetInfo, getTypeConverter(), base, srcType,
              scratchType, origin, values, why))) {
        targetInfo.barrier(rewriter, loc);
        FailureOr<SmallVector<Value>> results = loadDistributedFromShared(
            loc, rewriter, targetInfo, getTypeConverter(), base, dstType,
            scratchType, origin, why);
        if (failed(results))
          return op.emitError("cannot lower ttg.convert_layout: ") << why;
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *results,
                                              rewriter, dstType));
        return success();
      }
    }

    // Otherwise element by element, at row-major indices.
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    Value writer = emitUniqueThreadPredicate(loc, rewriter, src, ids);
    if (!writer)
      writer = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                        rewriter.getBoolAttr(true));
    SmallVector<SmallVector<Value>> srcIndices =
        emitIndices(loc, rewriter, targetInfo, srcType);
    for (auto [r, coords] : llvm::enumerate(srcIndices)) {
      if (isDuplicateRegister(src, r))
        continue;
      Value ptr = gepElements(loc, rewriter, base, storeType,
                              linearizeRowMajor(loc, rewriter, coords, shape));
      targetInfo.storeShared(
          rewriter, loc, ptr,
          toSharedStorage(rewriter, loc, storeType, values[r]), writer);
    }
    targetInfo.barrier(rewriter, loc);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    SmallVector<Value> results;
    for (SmallVector<Value> &coords :
         emitIndices(loc, rewriter, targetInfo, dstType)) {
      Value ptr = gepElements(loc, rewriter, base, storeType,
                              linearizeRowMajor(loc, rewriter, coords, shape));
      results.push_back(fromSharedStorage(
          rewriter, loc, elemType,
          targetInfo.loadShared(rewriter, loc, ptr, storeType, always)));
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, dstType));
    return success();
  }
};

} // namespace

void mlir::triton::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<BroadcastOpConversion, ExpandDimsOpConversion>(typeConverter,
                                                              benefit);
  patterns.add<ConvertLayoutOpConversion>(typeConverter, targetInfo, benefit);
}

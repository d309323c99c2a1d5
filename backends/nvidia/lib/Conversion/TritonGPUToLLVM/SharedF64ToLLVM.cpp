//===- SharedF64ToLLVM.cpp - f64 mma.sync tensors through shared memory ---===//
//
// The f64 tensors of mma.sync m8n8k4 (operands and accumulators in the
// version-2 #ttg.nvidia_mma layouts) move through shared memory by plain
// 64-bit loads and stores (ldmatrix and stmatrix have no 64-bit form), as
// the core moves them, with other addresses. The core addresses register r
// at base + (t ^ o_r), t the thread's part of the offset and o_r the
// register's: thousands of unrelated indices in a large f64 dot, over which
// LLVM's NVPTX straight-line strength reduction takes time quadratic in
// their number (most of the compile time of a 64 x 64 x 64 batched dot).
// Here o_r is split into the bits t can hold, XORed into one base per
// distinct value (a handful), and the others, which XOR as they add: a
// constant offset from that base, which ld.shared and st.shared take as an
// immediate. The elements, the layouts and the instructions are the core's.
//
//  - ttg.local_load into an f64 mma.sync operand;
//  - ttg.convert_layout from or to an f64 mma.sync layout (accumulator or
//    operand) through the core's scratch layout.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `type` is an f64 tensor in a version-2 #ttg.nvidia_mma layout
/// (the accumulator) or one of its dot-operand layouts.
bool isF64MmaTensor(RankedTensorType type) {
  if (!type.getElementType().isF64())
    return false;
  Attribute layout = type.getEncoding();
  if (auto operand = dyn_cast_or_null<gpu::DotOperandEncodingAttr>(layout))
    layout = operand.getParent();
  auto mma = dyn_cast_or_null<gpu::NvidiaMmaEncodingAttr>(layout);
  return mma && mma.getVersionMajor() == 2;
}

/// The addresses of a plan's registers: base + (t ^ o_r) as
/// (base + (t ^ (o_r & T))) + (o_r & ~T), T the bits t can hold.
class SplitAddresses {
public:
  SplitAddresses(const SharedAccessPlan &plan, Value base)
      : plan(plan), base(base) {
    MLIRContext *ctx = base.getContext();
    for (StringAttr inDim : plan.toOffset.getInDimNames()) {
      if (inDim == kRegister(ctx))
        continue;
      for (int32_t b = 0; b < plan.toOffset.getInDimSizeLog2(inDim); ++b)
        threadBits |= plan.toOffset.getBasis(inDim, b).front();
    }
  }

  /// The address of register `r` (in f64 elements).
  Value get(RewriterBase &rewriter, Location loc, int32_t r) {
    Type f64 = rewriter.getF64Type();
    int32_t offset = plan.registerOffsets[r];
    Value &ptr = bases[offset & threadBits];
    if (!ptr) {
      Value index = plan.threadOffset;
      if ((offset & threadBits) != 0)
        index = LLVM::XOrOp::create(
            rewriter, loc, index,
            i32Constant(rewriter, loc, offset & threadBits));
      ptr = gepElements(loc, rewriter, base, f64, index);
    }
    if ((offset & ~threadBits) == 0)
      return ptr;
    return gepElements(loc, rewriter, ptr, f64,
                       i32Constant(rewriter, loc, offset & ~threadBits));
  }

private:
  const SharedAccessPlan &plan;
  Value base;
  int32_t threadBits = 0;
  std::map<int32_t, Value> bases;
};

/// Loads the registers of the f64 tensor `type` from the buffer of
/// `memType` (window `origin`) at `base`.
FailureOr<SmallVector<Value>> loadF64(Location loc, RewriterBase &rewriter,
                                      const trident::TargetInfoBase &targetInfo,
                                      Value base, RankedTensorType type,
                                      gpu::MemDescType memType,
                                      ArrayRef<int32_t> origin,
                                      std::string &why) {
  FailureOr<SharedAccessPlan> plan = planSharedAccess(
      loc, rewriter, targetInfo, type, memType, origin, 64, why);
  if (failed(plan))
    return failure();
  SplitAddresses addresses(*plan, base);
  Type f64 = rewriter.getF64Type();
  Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                          rewriter.getBoolAttr(true));
  int32_t vec = plan->vectorSize;
  SmallVector<Value> results;
  for (int32_t r = 0; r < int32_t(plan->registerOffsets.size()); r += vec) {
    Value ptr = addresses.get(rewriter, loc, r);
    if (vec == 1) {
      results.push_back(targetInfo.loadShared(rewriter, loc, ptr, f64, always));
      continue;
    }
    Value loaded = targetInfo.loadShared(rewriter, loc, ptr,
                                         VectorType::get({vec}, f64), always);
    for (int32_t i = 0; i < vec; ++i)
      results.push_back(LLVM::ExtractElementOp::create(
          rewriter, loc, loaded, i32Constant(rewriter, loc, i)));
  }
  return results;
}

/// Stores `values`, the registers of the f64 tensor `type`, into the buffer
/// of `memType` (window `origin`) at `base`, each element by one thread.
LogicalResult storeF64(Location loc, RewriterBase &rewriter,
                       const trident::TargetInfoBase &targetInfo, Value base,
                       RankedTensorType type, gpu::MemDescType memType,
                       ArrayRef<int32_t> origin, ArrayRef<Value> values,
                       std::string &why) {
  FailureOr<SharedAccessPlan> plan = planSharedAccess(
      loc, rewriter, targetInfo, type, memType, origin, 64, why);
  if (failed(plan))
    return failure();
  SplitAddresses addresses(*plan, base);
  LinearLayout regLayout = gpu::toLinearLayout(type);
  HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
  Value writer = emitUniqueThreadPredicate(loc, rewriter, regLayout, ids);
  if (!writer)
    writer = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(true));
  int32_t vec = plan->vectorSize;
  for (int32_t r = 0; r < int32_t(values.size()); r += vec) {
    if (isDuplicateRegister(regLayout, r))
      continue;
    Value stored = values[r];
    if (vec > 1) {
      stored = LLVM::UndefOp::create(
          rewriter, loc, VectorType::get({vec}, rewriter.getF64Type()));
      for (int32_t i = 0; i < vec; ++i)
        stored =
            LLVM::InsertElementOp::create(rewriter, loc, stored, values[r + i],
                                          i32Constant(rewriter, loc, i));
    }
    targetInfo.storeShared(rewriter, loc, addresses.get(rewriter, loc, r),
                           stored, writer);
  }
  return success();
}

struct F64LocalLoadOpConversion
    : public ConvertOpToLLVMPattern<gpu::LocalLoadOp> {
  F64LocalLoadOpConversion(LLVMTypeConverter &converter,
                           const trident::TargetInfoBase &targetInfo,
                           PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(gpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!isF64MmaTensor(type))
      return rewriter.notifyMatchFailure(op, "not an f64 mma.sync tensor");
    std::string why;
    FailureOr<SmallVector<Value>> results =
        loadF64(op.getLoc(), rewriter, targetInfo, adaptor.getSrc(), type,
                op.getSrc().getType(), getWindowOrigin(op.getSrc()), why);
    if (failed(results))
      return op.emitError("cannot lower ttg.local_load: ") << why;
    rewriter.replaceOp(op, packLLElements(op.getLoc(), getTypeConverter(),
                                          *results, rewriter, type));
    return success();
  }

private:
  const trident::TargetInfoBase &targetInfo;
};

struct F64ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<gpu::ConvertLayoutOp> {
  F64ConvertLayoutOpConversion(LLVMTypeConverter &converter,
                               const trident::TargetInfoBase &targetInfo,
                               PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType dstType = op.getType();
    if (!isF64MmaTensor(srcType) && !isF64MmaTensor(dstType))
      return rewriter.notifyMatchFailure(op, "no f64 mma.sync tensor");
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(
            srcType.getEncoding()) ||
        !isa_and_nonnull<gpu::DistributedEncodingTrait>(
            dstType.getEncoding()) ||
        !convertLayoutNeedsSharedMemory(srcType, dstType) ||
        !op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(
          op, "not a conversion through shared memory");
    // The core's scratch layout (what the allocation sized); the core
    // takes the conversions whose layouts it cannot plan.
    MLIRContext *ctx = op.getContext();
    auto scratchType = gpu::MemDescType::get(
        srcType.getShape(), srcType.getElementType(),
        getConvertLayoutScratchLayout(srcType, dstType, 64),
        gpu::SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/true);
    SmallVector<int32_t> origin(srcType.getRank(), 0);
    std::string why;
    if (failed(analyzeSharedAccess(targetInfo, srcType, scratchType, origin, 64,
                                   why)) ||
        failed(analyzeSharedAccess(targetInfo, dstType, scratchType, origin, 64,
                                   why)))
      return rewriter.notifyMatchFailure(op, why);
    Value base = *getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (failed(storeF64(loc, rewriter, targetInfo, base, srcType, scratchType,
                        origin, values, why)))
      return op.emitError("cannot lower ttg.convert_layout: ") << why;
    targetInfo.barrier(rewriter, loc);
    FailureOr<SmallVector<Value>> results = loadF64(
        loc, rewriter, targetInfo, base, dstType, scratchType, origin, why);
    if (failed(results))
      return op.emitError("cannot lower ttg.convert_layout: ") << why;
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *results,
                                          rewriter, dstType));
    return success();
  }

private:
  const trident::TargetInfoBase &targetInfo;
};

} // namespace

void mlir::triton::nvidia_gpu::populateSharedF64ToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<F64LocalLoadOpConversion, F64ConvertLayoutOpConversion>(
      typeConverter, targetInfo, benefit);
}

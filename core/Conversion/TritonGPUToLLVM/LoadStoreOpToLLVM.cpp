//===- LoadStoreOpToLLVM.cpp - tt.load and tt.store by layout -------------===//
//
// Each thread accesses the elements its registers hold. Consecutive
// registers that hold consecutive elements along the fastest dimension are
// accessed as one vector when the pointers are known to be contiguous and
// aligned (PointerInfoProvider) and the target allows the width. Masks and
// `other` values are per element; a store is done by one thread of each
// group of threads that hold the same elements, and once per duplicated
// register. ttg.async_copy_global_to_local moves the same per-thread
// pieces into a shared buffer through the target's asynchronous copies.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccessPattern.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// How many consecutive registers (starting at a multiple of the result) of
/// `layout` hold consecutive elements along one dimension, e.g. the
/// sizePerThread along the fastest dimension of a blocked layout.
unsigned getRegisterRunLength(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  StringAttr reg = kRegister(ctx);
  if (!layout.hasInDim(reg))
    return 1;
  int32_t bits = layout.getInDimSizeLog2(reg);
  if (bits == 0)
    return 1;
  // The dimension the first register bit steps along.
  ArrayRef<int32_t> first = layout.getBasis(reg, 0);
  int dim = -1;
  for (auto [d, v] : llvm::enumerate(first)) {
    if (v == 0)
      continue;
    if (v != 1 || dim != -1)
      return 1;
    dim = d;
  }
  if (dim < 0)
    return 1;
  unsigned run = 1;
  for (int32_t bit = 0; bit < bits; ++bit) {
    ArrayRef<int32_t> basis = layout.getBasis(reg, bit);
    for (auto [d, v] : llvm::enumerate(basis))
      if (v != (int(d) == dim ? (1 << bit) : 0))
        return run;
    run <<= 1;
  }
  return run;
}

/// The access width in elements for a pointer tensor `ptr` of `type`.
unsigned getVectorSize(Value ptr, RankedTensorType type,
                       const PointerInfoProvider *pointerInfo,
                       const trident::TargetInfoBase &targetInfo,
                       unsigned elemBits) {
  if (!pointerInfo || elemBits == 0 || elemBits % 8 != 0)
    return 1;
  unsigned vec = getRegisterRunLength(gpu::toLinearLayout(type));
  vec = std::min(vec, pointerInfo->getContiguity(ptr));
  vec = std::min(vec, pointerInfo->getPtrAlignment(ptr));
  vec = std::min(vec, std::max(1u, targetInfo.getMaxVectorBits() / elemBits));
  return std::max(1u, unsigned(llvm::bit_floor(vec)));
}

/// Builds a vector of `values` (or returns the single value).
Value buildVector(Location loc, RewriterBase &rewriter,
                  ArrayRef<Value> values) {
  if (values.size() == 1)
    return values.front();
  auto type = VectorType::get({int64_t(values.size())}, values[0].getType());
  Value vec = LLVM::UndefOp::create(rewriter, loc, type);
  for (auto [i, v] : llvm::enumerate(values))
    vec = LLVM::InsertElementOp::create(rewriter, loc, vec, v,
                                        i32Constant(rewriter, loc, i));
  return vec;
}

/// The mask of a group of `vec` elements starting at register `r`: null,
/// one i1 if the group's masks are known equal (`uniform`, or the same
/// value), else a vector.
Value groupMask(Location loc, RewriterBase &rewriter, ArrayRef<Value> masks,
                unsigned r, unsigned vec, Value threadPred, bool uniform) {
  if (masks.empty())
    return threadPred;
  SmallVector<Value> group(masks.begin() + r,
                           masks.begin() + r + (uniform ? 1 : vec));
  if (threadPred)
    for (Value &m : group)
      m = LLVM::AndOp::create(rewriter, loc, m, threadPred);
  if (llvm::all_equal(group))
    return group.front();
  return buildVector(loc, rewriter, group);
}


struct LoadOpConversion : public GlobalAccessPattern<LoadOp> {
  using GlobalAccessPattern::GlobalAccessPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (tensorType && !isa_and_nonnull<gpu::DistributedEncodingTrait>(
                          tensorType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    if (isa<PointerType>(op.getPtr().getType()) && tensorType)
      return rewriter.notifyMatchFailure(op, "block pointers are not lowered");
    Type elemType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elemType)
      return rewriter.notifyMatchFailure(op, "element type has no LLVM form");

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    unsigned numRegs = ptrs.size();
    if (masks.size() == 1 && numRegs > 1)
      masks.assign(numRegs, masks.front());
    if (others.size() == 1 && numRegs > 1)
      others.assign(numRegs, others.front());

    unsigned elemBits = elemType.getIntOrFloatBitWidth();
    unsigned vec = tensorType
                       ? getVectorSize(op.getPtr(), tensorType,
                                       pointerInfo.get(), targetInfo, elemBits)
                       : 1;
    unsigned alignment = std::max(1u, vec * elemBits / 8);
    trident::GlobalAccessHints hints{op.getCache(), op.getEvict(),
                                     op.getIsVolatile()};
    bool maskUniform = op.getMask() && pointerInfo &&
                       pointerInfo->getMaskAlignment(op.getMask()) >= vec;
    SmallVector<Value> results;
    for (unsigned r = 0; r < numRegs; r += vec) {
      Type accessType =
          vec == 1 ? elemType : VectorType::get({int64_t(vec)}, elemType);
      Value mask =
          groupMask(loc, rewriter, masks, r, vec, Value(), maskUniform);
      Value other;
      if (!others.empty() && mask)
        other =
            buildVector(loc, rewriter, ArrayRef<Value>(others).slice(r, vec));
      Value loaded = targetInfo.loadGlobal(rewriter, loc, ptrs[r], accessType,
                                           mask, other, alignment, hints);
      if (vec == 1) {
        results.push_back(loaded);
        continue;
      }
      for (unsigned i = 0; i < vec; ++i)
        results.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, loaded, i32Constant(rewriter, loc, i)));
    }
    if (tensorType)
      rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                            rewriter, tensorType));
    else
      rewriter.replaceOp(op, results.front());
    return success();
  }
};

struct StoreOpConversion : public GlobalAccessPattern<StoreOp> {
  using GlobalAccessPattern::GlobalAccessPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type valueType = op.getValue().getType();
    auto tensorType = dyn_cast<RankedTensorType>(valueType);
    if (tensorType && !isa_and_nonnull<gpu::DistributedEncodingTrait>(
                          tensorType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    if (isa<PointerType>(op.getPtr().getType()) && tensorType)
      return rewriter.notifyMatchFailure(op, "block pointers are not lowered");

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    unsigned numRegs = ptrs.size();
    if (masks.size() == 1 && numRegs > 1)
      masks.assign(numRegs, masks.front());
    if (values.size() == 1 && numRegs > 1)
      values.assign(numRegs, values.front());

    unsigned elemBits = values[0].getType().getIntOrFloatBitWidth();
    unsigned vec = 1;
    Value threadPred;
    std::optional<LinearLayout> layout;
    if (tensorType) {
      vec = getVectorSize(op.getPtr(), tensorType, pointerInfo.get(),
                          targetInfo, elemBits);
      layout = gpu::toLinearLayout(tensorType);
      HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
      threadPred = emitUniqueThreadPredicate(loc, rewriter, *layout, ids);
    }
    unsigned alignment = std::max(1u, vec * elemBits / 8);
    trident::GlobalAccessHints hints{op.getCache(), op.getEvict(), false};
    bool maskUniform = op.getMask() && pointerInfo &&
                       pointerInfo->getMaskAlignment(op.getMask()) >= vec;
    for (unsigned r = 0; r < numRegs; r += vec) {
      // A duplicated register holds what an earlier one stored already.
      if (layout && isDuplicateRegister(*layout, r))
        continue;
      Value mask =
          groupMask(loc, rewriter, masks, r, vec, threadPred, maskUniform);
      Value value =
          buildVector(loc, rewriter, ArrayRef<Value>(values).slice(r, vec));
      targetInfo.storeGlobal(rewriter, loc, ptrs[r], value, mask, alignment,
                             hints);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Copies each thread's elements straight into the buffer, in pieces that
/// are contiguous both in global memory and in the buffer, through the
/// target's asynchronous copies; where the target has none for a piece's
/// size, the piece is loaded and stored synchronously. Masked-off elements
/// become zeros, so `other` must be zero when given.
struct AsyncCopyGlobalToLocalOpConversion
    : public GlobalAccessPattern<gpu::AsyncCopyGlobalToLocalOp> {
  using GlobalAccessPattern::GlobalAccessPattern;

  LogicalResult
  matchAndRewrite(gpu::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "source without a layout");
    if (Value other = op.getOther(); other && !isZeroConstant(other))
      return op.emitError("ttg.async_copy_global_to_local: only a zero "
                          "'other' can be lowered (masked-off elements are "
                          "filled with zeros)");
    auto memType = cast<gpu::MemDescType>(op.getResult().getType());
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    auto ptrType = dyn_cast<LLVM::LLVMPointerType>(elemType);
    Type valueType =
        ptrType ? getTypeConverter()->convertType(memType.getElementType())
                : Type();
    if (!valueType || !valueType.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element type has no LLVM form");
    unsigned elemBits = valueType.getIntOrFloatBitWidth();
    std::string why;
    FailureOr<SharedAccessPlan> plan = planSharedAccess(
        loc, rewriter, targetInfo, srcType, op.getResult(), elemBits, why);
    if (failed(plan))
      return op.emitError("cannot lower ttg.async_copy_global_to_local: ")
             << why;

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    unsigned vec = std::min<unsigned>(
        plan->vectorSize, getVectorSize(op.getSrc(), srcType, pointerInfo.get(),
                                        targetInfo, elemBits));
    bool maskUniform = op.getMask() && pointerInfo &&
                       pointerInfo->getMaskAlignment(op.getMask()) >= vec;
    LinearLayout layout = gpu::toLinearLayout(srcType);
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    Value writer = emitUniqueThreadPredicate(loc, rewriter, layout, ids);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    Type accessType =
        vec == 1 ? valueType : VectorType::get({int64_t(vec)}, valueType);
    for (unsigned r = 0; r < ptrs.size(); r += vec) {
      if (isDuplicateRegister(layout, r))
        continue;
      Value offset = LLVM::XOrOp::create(
          rewriter, loc, plan->threadOffset,
          i32Constant(rewriter, loc, plan->registerOffsets[r]));
      Value dst =
          gepElements(loc, rewriter, adaptor.getResult(), valueType, offset);
      Value mask =
          groupMask(loc, rewriter, masks, r, vec, Value(), maskUniform);
      // The copy engine takes one predicate per piece; with elements masked
      // differently, copy them one at a time.
      if (mask && isa<VectorType>(mask.getType())) {
        for (unsigned i = 0; i < vec; ++i) {
          Value elemDst = gepElements(loc, rewriter, dst, valueType,
                                      i32Constant(rewriter, loc, i));
          copyPiece(rewriter, loc, elemDst, ptrs[r + i], valueType,
                    masks[r + i], writer, always);
        }
        continue;
      }
      copyPiece(rewriter, loc, dst, ptrs[r], accessType, mask, writer, always);
    }
    rewriter.replaceOp(op, i32Constant(rewriter, loc, 0));
    return success();
  }

private:
  /// One contiguous piece of `type` from `src` to `dst`, zero where `mask`
  /// (null: always) is false, done only by the thread where `writer` (null:
  /// every thread) holds.
  void copyPiece(RewriterBase &rewriter, Location loc, Value dst, Value src,
                 Type type, Value mask, Value writer, Value always) const {
    unsigned bytes = getBitWidth(type) / 8;
    // Threads holding duplicates of the writer's elements issue nothing:
    // their zero fill would race with the writer's data.
    if (targetInfo.asyncCopyGlobalToShared(rewriter, loc, dst, src, bytes,
                                           mask ? mask : always,
                                           writer ? writer : always))
      return;
    Value zero = LLVM::ZeroOp::create(rewriter, loc, type);
    Value loaded = targetInfo.loadGlobal(rewriter, loc, src, type, mask,
                                         mask ? zero : Value(), bytes, {});
    targetInfo.storeShared(rewriter, loc, dst, loaded,
                           writer ? writer : always);
  }

  static unsigned getBitWidth(Type type) {
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.getNumElements() *
             vector.getElementType().getIntOrFloatBitWidth();
    return type.getIntOrFloatBitWidth();
  }

  /// Whether `value` is a constant zero (a splat of 0 or 0.0).
  static bool isZeroConstant(Value value) {
    Attribute attr;
    if (!matchPattern(value, m_Constant(&attr)))
      return false;
    if (auto splat = dyn_cast<SplatElementsAttr>(attr))
      attr = splat.getSplatValue<Attribute>();
    if (auto f = dyn_cast<FloatAttr>(attr))
      return f.getValue().isZero();
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return i.getValue().isZero();
    return false;
  }
};

/// Pointer facts from the axis analysis.
class AxisInfoPointerInfo : public PointerInfoProvider {
public:
  explicit AxisInfoPointerInfo(ModuleOp module) : analysis(module) {}
  unsigned getContiguity(Value ptr) const override {
    return analysis.getContiguity(ptr);
  }
  unsigned getPtrAlignment(Value ptr) const override {
    return analysis.getPtrAlignment(ptr);
  }
  unsigned getMaskAlignment(Value mask) const override {
    return analysis.getMaskAlignment(mask);
  }
  SmallVector<int64_t> getConstancy(Value value) const override {
    trident::AxisInfo *info = analysis.getAxisInfo(value);
    if (!info)
      return {};
    return SmallVector<int64_t>(info->getConstancy().begin(),
                                info->getConstancy().end());
  }

private:
  // The analysis caches nothing on queries but its interface is not const.
  mutable trident::ModuleAxisInfoAnalysis analysis;
};

} // namespace

std::shared_ptr<const PointerInfoProvider>
mlir::triton::createAxisInfoPointerInfo(ModuleOp module) {
  return std::make_shared<AxisInfoPointerInfo>(module);
}

void mlir::triton::populateLoadStoreOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo,
    PatternBenefit benefit) {
  patterns.add<LoadOpConversion, StoreOpConversion,
               AsyncCopyGlobalToLocalOpConversion>(typeConverter, targetInfo,
                                                   pointerInfo, benefit);
}

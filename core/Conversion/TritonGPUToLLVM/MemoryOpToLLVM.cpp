//===- MemoryOpToLLVM.cpp - local_alloc, local_load, local_store ----------===//
//
// Shared-memory buffers (!ttg.memdesc with a shared layout) become pointers
// into the module's shared-memory array: a ttg.local_alloc is the base of
// the array plus the offset ttg-allocate-shared-memory gave it. Moving a
// distributed tensor in or out of a buffer uses the two linear layouts: the
// tensor's (register, lane, warp, block) -> (dim...) composed with the
// inverse of the buffer's (offset, block) -> (dim...) gives, for each
// register of a thread, the element offset it reads or writes. Since both
// are linear over GF(2), the offset of register r in a thread is
// offset(r, 0, 0) XOR offset(0, lane, warp): one constant per register and
// one run-time term per thread. Registers whose offsets are consecutive
// (and stay consecutive whatever the thread) move as one vector access of
// at most the target's widest vector. A ttg.memdesc_index view is its
// buffer's address plus whole slices; a ttg.memdesc_subslice window is its
// buffer's address, its origin folded into the register offsets. Barriers
// between the accesses are ttg-insert-barriers' job, not this file's;
// asynchronous copies are waited for through the target.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/bit.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;

Type mlir::triton::getSharedStorageType(RewriterBase &rewriter, Type elemType) {
  if (elemType.isInteger(1))
    return rewriter.getI8Type();
  if (isa<LLVM::LLVMPointerType>(elemType))
    return rewriter.getI64Type();
  return elemType;
}

Value mlir::triton::toSharedStorage(RewriterBase &rewriter, Location loc,
                                    Type storage, Value value) {
  if (storage == value.getType())
    return value;
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    return LLVM::PtrToIntOp::create(rewriter, loc, storage, value);
  return LLVM::ZExtOp::create(rewriter, loc, storage, value);
}

Value mlir::triton::fromSharedStorage(RewriterBase &rewriter, Location loc,
                                      Type elemType, Value value) {
  if (elemType == value.getType())
    return value;
  if (isa<LLVM::LLVMPointerType>(elemType))
    return LLVM::IntToPtrOp::create(rewriter, loc, elemType, value);
  return LLVM::TruncOp::create(rewriter, loc, elemType, value);
}

Value mlir::triton::linearizeRowMajor(Location loc, RewriterBase &rewriter,
                                      ArrayRef<Value> coords,
                                      ArrayRef<int64_t> shape) {
  Value index = i32Constant(rewriter, loc, 0);
  for (auto [d, coord] : llvm::enumerate(coords))
    index = LLVM::AddOp::create(
        rewriter, loc,
        LLVM::MulOp::create(rewriter, loc, index,
                            i32Constant(rewriter, loc, shape[d])),
        coord);
  return index;
}

SmallVector<int32_t> mlir::triton::getWindowOrigin(Value memDesc) {
  auto type = cast<gpu::MemDescType>(memDesc.getType());
  SmallVector<int32_t> origin(type.getRank(), 0);
  while (auto window = memDesc.getDefiningOp<gpu::MemDescSubsliceOp>()) {
    for (auto [o, offset] : llvm::zip(origin, window.getOffsets()))
      o += offset;
    memDesc = window.getSrc();
  }
  return origin;
}

FailureOr<SharedAccessPlan>
mlir::triton::planSharedAccess(Location loc, RewriterBase &rewriter,
                               const trident::TargetInfoBase &targetInfo,
                               RankedTensorType tensorType, Value memDesc,
                               unsigned storageBits, std::string &why) {
  return planSharedAccess(loc, rewriter, targetInfo, tensorType,
                          cast<gpu::MemDescType>(memDesc.getType()),
                          getWindowOrigin(memDesc), storageBits, why);
}

FailureOr<SharedAccessPlan> mlir::triton::planSharedAccess(
    Location loc, RewriterBase &rewriter,
    const trident::TargetInfoBase &targetInfo, RankedTensorType tensorType,
    gpu::MemDescType memType, ArrayRef<int32_t> origin, unsigned storageBits,
    std::string &why) {
  FailureOr<SharedAccessPlan> plan = analyzeSharedAccess(
      targetInfo, tensorType, memType, origin, storageBits, why);
  if (failed(plan))
    return failure();
  MLIRContext *ctx = rewriter.getContext();
  HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
  plan->threadOffset = applyLinearLayout(loc, rewriter, plan->toOffset,
                                         {{kLane(ctx), ids.lane},
                                          {kWarp(ctx), ids.warp},
                                          {kBlock(ctx), ids.block}})
                           .front();
  return plan;
}

FailureOr<SharedAccessPlan>
mlir::triton::analyzeSharedAccess(const trident::TargetInfoBase &targetInfo,
                                  RankedTensorType tensorType, Value memDesc,
                                  unsigned storageBits, std::string &why) {
  return analyzeSharedAccess(targetInfo, tensorType,
                             cast<gpu::MemDescType>(memDesc.getType()),
                             getWindowOrigin(memDesc), storageBits, why);
}

FailureOr<SharedAccessPlan> mlir::triton::analyzeSharedAccess(
    const trident::TargetInfoBase &targetInfo, RankedTensorType tensorType,
    gpu::MemDescType memType, ArrayRef<int32_t> origin, unsigned storageBits,
    std::string &why) {
  MLIRContext *ctx = tensorType.getContext();
  if (tensorType.getShape() != memType.getShape()) {
    why = "the tensor's shape is not the buffer's";
    return failure();
  }
  LinearLayout regLayout = gpu::toLinearLayout(tensorType);
  // A window of a larger buffer (ttg.memdesc_subslice): its coordinates
  // plus its origin are coordinates of the whole buffer. With the origin a
  // multiple of the window's power-of-two extent along each dimension, that
  // sum sets disjoint bits, so it is an XOR, and offsets being linear over
  // XOR, the window's offsets are the whole buffer's XOR the origin's. (The
  // verifier of ttg.memdesc_subslice already requires such origins; the
  // check below keeps this function correct on its own.)
  ArrayRef<int64_t> allocShape =
      memType.getAllocShape().take_back(memType.getRank());
  gpu::MemDescType wholeType = memType;
  if (allocShape != memType.getShape()) {
    SmallVector<StringAttr> outDims(regLayout.getOutDimNames());
    for (auto [d, extent] : llvm::enumerate(memType.getShape())) {
      if (!llvm::isPowerOf2_64(extent) || origin[d] % extent != 0) {
        why = "a window of a buffer must have a power-of-two shape and "
              "start at a multiple of it";
        return failure();
      }
      regLayout = regLayout.resizeOutDim(outDims[d], allocShape[d]);
    }
    wholeType = gpu::MemDescType::get(
        allocShape, memType.getElementType(), memType.getEncoding(),
        memType.getMemorySpace(), memType.getMutableMemory());
  }
  std::optional<LinearLayout> memLayout =
      gpu::tryToLinearLayout(wholeType, &why);
  if (!memLayout)
    return failure();
  std::optional<LinearLayout> cvt = regLayout.tryInvertAndCompose(*memLayout);
  if (!cvt) {
    why = "the buffer's layout does not hold every element of the tensor";
    return failure();
  }
  StringAttr kOffset = StringAttr::get(ctx, "offset");
  StringAttr kReg = kRegister(ctx);
  // Keep the offset output only (buffers are per CTA).
  SmallVector<StringAttr> ins(cvt->getInDimNames());
  LinearLayout toOffset = cvt->sublayout(ins, {kOffset});

  SharedAccessPlan plan;
  int32_t originOffset = 0;
  if (llvm::any_of(origin, [](int32_t o) { return o != 0; })) {
    SmallVector<std::pair<StringAttr, int32_t>> coords;
    for (auto [name, o] : llvm::zip(memLayout->getOutDimNames(), origin))
      coords.push_back({name, o});
    for (auto [name, value] : memLayout->invert().apply(coords))
      if (name == kOffset)
        originOffset = value;
  }
  int32_t numRegs = toOffset.getInDimSize(kReg);
  for (int32_t r = 0; r < numRegs; ++r) {
    SmallVector<std::pair<StringAttr, int32_t>> point;
    for (StringAttr inDim : toOffset.getInDimNames())
      point.push_back({inDim, inDim == kReg ? r : 0});
    plan.registerOffsets.push_back(toOffset.apply(point).front().second ^
                                   originOffset);
  }

  // Vector width: the first k register bits step the offset by 1, 2, 4...,
  // and no other basis (register, lane, warp, block) touches those low bits.
  int32_t maxVec = std::max<int32_t>(
      1, targetInfo.getMaxVectorBits() / std::max(storageBits, 1u));
  int32_t regBits = toOffset.getInDimSizeLog2(kReg);
  int32_t k = 0;
  while (k < regBits && (1 << (k + 1)) <= maxVec &&
         toOffset.getBasis(kReg, k).front() == (1 << k))
    ++k;
  auto lowBitsClear = [&](int32_t bits) {
    int32_t mask = (1 << bits) - 1;
    for (StringAttr inDim : toOffset.getInDimNames())
      for (int32_t b = 0; b < toOffset.getInDimSizeLog2(inDim); ++b) {
        if (inDim == kReg && b < bits)
          continue;
        if (toOffset.getBasis(inDim, b).front() & mask)
          return false;
      }
    return true;
  };
  while (k > 0 && (!lowBitsClear(k) || (originOffset & ((1 << k) - 1))))
    --k;
  plan.vectorSize = 1 << k;
  plan.toOffset = toOffset;
  plan.originOffset = originOffset;
  return plan;
}

/// The plan of moving a tensor of `tensorType` through a buffer of
/// `memType` in elements of the shared-memory type `storage`.
static FailureOr<SharedAccessPlan>
planElementAccess(Location loc, RewriterBase &rewriter,
                  const trident::TargetInfoBase &targetInfo,
                  RankedTensorType tensorType, gpu::MemDescType memType,
                  ArrayRef<int32_t> origin, Type storage, std::string &why) {
  return planSharedAccess(loc, rewriter, targetInfo, tensorType, memType,
                          origin, storage.getIntOrFloatBitWidth(), why);
}

namespace {

/// The addresses of a plan's registers, base + (t ^ o_r), t the thread's
/// offset and o_r the register's. For 64-bit elements they are formed as
/// (base + (t ^ (o_r & T))) + (o_r & ~T), T the bits t can hold (the two
/// are equal: t has no bit outside T, so those bits of o_r XOR as they
/// add): one base per distinct o_r & T, a handful, and constant offsets from
/// them, which the shared-memory instructions take as immediates. A large
/// f64 dot has thousands of registers, and LLVM's NVPTX straight-line
/// strength reduction is quadratic in the number of unrelated addresses
/// (most of the compile time of a 64 x 64 x 64 batched f64 dot). Other
/// element sizes keep one address from the buffer's base per register.
class RegisterAddresses {
public:
  RegisterAddresses(const SharedAccessPlan &plan, Value base, Type storage)
      : plan(plan), base(base), storage(storage),
        split(storage.getIntOrFloatBitWidth() == 64) {
    MLIRContext *ctx = base.getContext();
    for (StringAttr inDim : plan.toOffset.getInDimNames()) {
      if (inDim == kRegister(ctx))
        continue;
      for (int32_t b = 0; b < plan.toOffset.getInDimSizeLog2(inDim); ++b)
        threadBits |= plan.toOffset.getBasis(inDim, b).front();
    }
  }

  /// The address of register `r`.
  Value get(RewriterBase &rewriter, Location loc, int32_t r) {
    int32_t offset = plan.registerOffsets[r];
    if (!split)
      return gepElements(loc, rewriter, base, storage,
                         LLVM::XOrOp::create(rewriter, loc, plan.threadOffset,
                                             i32Constant(rewriter, loc,
                                                         offset)));
    Value &ptr = bases[offset & threadBits];
    if (!ptr) {
      Value index = plan.threadOffset;
      if ((offset & threadBits) != 0)
        index = LLVM::XOrOp::create(
            rewriter, loc, index,
            i32Constant(rewriter, loc, offset & threadBits));
      ptr = gepElements(loc, rewriter, base, storage, index);
    }
    if ((offset & ~threadBits) == 0)
      return ptr;
    return gepElements(loc, rewriter, ptr, storage,
                       i32Constant(rewriter, loc, offset & ~threadBits));
  }

private:
  const SharedAccessPlan &plan;
  Value base;
  Type storage;
  bool split;
  int32_t threadBits = 0;
  std::map<int32_t, Value> bases;
};

} // namespace

LogicalResult mlir::triton::storeDistributedToShared(
    Location loc, RewriterBase &rewriter,
    const trident::TargetInfoBase &targetInfo, const TypeConverter *converter,
    Value base, RankedTensorType tensorType, gpu::MemDescType memType,
    ArrayRef<int32_t> origin, ArrayRef<Value> values, std::string &why) {
  Type elemType = converter->convertType(tensorType.getElementType());
  Type storage = getSharedStorageType(rewriter, elemType);
  FailureOr<SharedAccessPlan> plan = planElementAccess(
      loc, rewriter, targetInfo, tensorType, memType, origin, storage, why);
  if (failed(plan))
    return failure();
  LinearLayout regLayout = gpu::toLinearLayout(tensorType);
  HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
  Value writer = emitUniqueThreadPredicate(loc, rewriter, regLayout, ids);
  if (!writer)
    writer = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(true));
  RegisterAddresses addresses(*plan, base, storage);
  int32_t vec = plan->vectorSize;
  for (int32_t r = 0; r < int32_t(values.size()); r += vec) {
    if (isDuplicateRegister(regLayout, r))
      continue;
    Value ptr = addresses.get(rewriter, loc, r);
    Value stored;
    if (vec == 1) {
      stored = toSharedStorage(rewriter, loc, storage, values[r]);
    } else {
      auto vecType = VectorType::get({vec}, storage);
      stored = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (int32_t i = 0; i < vec; ++i)
        stored = LLVM::InsertElementOp::create(
            rewriter, loc, stored,
            toSharedStorage(rewriter, loc, storage, values[r + i]),
            i32Constant(rewriter, loc, i));
    }
    targetInfo.storeShared(rewriter, loc, ptr, stored, writer);
  }
  return success();
}

FailureOr<SmallVector<Value>> mlir::triton::loadDistributedFromShared(
    Location loc, RewriterBase &rewriter,
    const trident::TargetInfoBase &targetInfo, const TypeConverter *converter,
    Value base, RankedTensorType tensorType, gpu::MemDescType memType,
    ArrayRef<int32_t> origin, std::string &why) {
  Type elemType = converter->convertType(tensorType.getElementType());
  Type storage = getSharedStorageType(rewriter, elemType);
  FailureOr<SharedAccessPlan> plan = planElementAccess(
      loc, rewriter, targetInfo, tensorType, memType, origin, storage, why);
  if (failed(plan))
    return failure();
  Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                          rewriter.getBoolAttr(true));
  RegisterAddresses addresses(*plan, base, storage);
  int32_t vec = plan->vectorSize;
  int32_t numRegs = plan->registerOffsets.size();
  SmallVector<Value> results;
  for (int32_t r = 0; r < numRegs; r += vec) {
    Value ptr = addresses.get(rewriter, loc, r);
    if (vec == 1) {
      results.push_back(fromSharedStorage(
          rewriter, loc, elemType,
          targetInfo.loadShared(rewriter, loc, ptr, storage, always)));
      continue;
    }
    auto vecType = VectorType::get({vec}, storage);
    Value loaded = targetInfo.loadShared(rewriter, loc, ptr, vecType, always);
    for (int32_t i = 0; i < vec; ++i)
      results.push_back(fromSharedStorage(
          rewriter, loc, elemType,
          LLVM::ExtractElementOp::create(rewriter, loc, loaded,
                                         i32Constant(rewriter, loc, i))));
  }
  return results;
}

namespace {

/// Stores `values`, the registers of a tensor of `tensorType`, into the
/// buffer `memDesc` at `base`.
LogicalResult storeToShared(Location loc, ConversionPatternRewriter &rewriter,
                            const trident::TargetInfoBase &targetInfo,
                            const TypeConverter *converter, Value base,
                            RankedTensorType tensorType, Value memDesc,
                            ArrayRef<Value> values, std::string &why) {
  return storeDistributedToShared(loc, rewriter, targetInfo, converter, base,
                                  tensorType,
                                  cast<gpu::MemDescType>(memDesc.getType()),
                                  getWindowOrigin(memDesc), values, why);
}

struct LocalAllocOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::LocalAllocOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.isSharedMemoryAlloc())
      return rewriter.notifyMatchFailure(op, "not a shared-memory buffer");
    FailureOr<Value> base =
        getSharedMemoryAddress(loc, rewriter, targetInfo, op);
    if (failed(base))
      return op.emitError("ttg.local_alloc has no shared memory allocated: "
                          "run ttg-allocate-shared-memory first");
    if (Value src = op.getSrc()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(
              srcType.getEncoding()))
        return rewriter.notifyMatchFailure(op, "source without a layout");
      std::string why;
      if (failed(storeToShared(
              loc, rewriter, targetInfo, getTypeConverter(), *base, srcType,
              op.getResult(), unpackLLElements(loc, adaptor.getSrc(), rewriter),
              why)))
        return op.emitError("cannot lower ttg.local_alloc: ") << why;
    }
    rewriter.replaceOp(op, *base);
    return success();
  }
};

struct LocalStoreOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::LocalStoreOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "source without a layout");
    std::string why;
    if (failed(storeToShared(loc, rewriter, targetInfo, getTypeConverter(),
                             adaptor.getDst(), srcType, op.getDst(),
                             unpackLLElements(loc, adaptor.getSrc(), rewriter),
                             why)))
      return op.emitError("cannot lower ttg.local_store: ") << why;
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<gpu::LocalLoadOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType dstType = op.getType();
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(dstType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "result without a layout");
    std::string why;
    FailureOr<SmallVector<Value>> results = loadDistributedFromShared(
        loc, rewriter, targetInfo, getTypeConverter(), adaptor.getSrc(),
        dstType, op.getSrc().getType(), getWindowOrigin(op.getSrc()), why);
    if (failed(results))
      return op.emitError("cannot lower ttg.local_load: ") << why;
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *results,
                                          rewriter, dstType));
    return success();
  }
};

/// Buffers live as long as the kernel's shared memory; the allocation pass
/// already used the dealloc to end the buffer's live range.
struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<gpu::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// A slice of a buffer along its first dimension: the buffer's address
/// plus `index` slices of the result's allocation size.
struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<gpu::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gpu::MemDescType resultType = op.getType();
    Type elemType =
        getTypeConverter()->convertType(resultType.getElementType());
    if (!elemType)
      return rewriter.notifyMatchFailure(op, "element type has no LLVM form");
    int64_t sliceElems = 1;
    for (int64_t d : resultType.getAllocShape())
      sliceElems *= d;
    Value offset = LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                                       i32Constant(rewriter, loc, sliceElems));
    rewriter.replaceOp(op, gepElements(loc, rewriter, adaptor.getSrc(),
                                       getSharedStorageType(rewriter, elemType),
                                       offset));
    return success();
  }
};

/// A window keeps its buffer's address: the accesses through it add its
/// origin (see planSharedAccess).
struct MemDescSubsliceOpConversion
    : public ConvertOpToLLVMPattern<gpu::MemDescSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// The target closes a group of asynchronous copies, or waits for groups.
void emitAsyncGroupOp(const trident::TargetInfoBase &targetInfo,
                      RewriterBase &rewriter, gpu::AsyncCommitGroupOp op) {
  targetInfo.asyncCommitGroup(rewriter, op.getLoc());
}
void emitAsyncGroupOp(const trident::TargetInfoBase &targetInfo,
                      RewriterBase &rewriter, gpu::AsyncWaitOp op) {
  targetInfo.asyncWait(rewriter, op.getLoc(), op.getNum());
}

/// ttg.async_commit_group and ttg.async_wait: the target's instruction; the
/// token they return only ordered the IR.
template <typename OpT>
struct AsyncGroupOpConversion : public ConvertTritonGPUOpToLLVMPattern<OpT> {
  using ConvertTritonGPUOpToLLVMPattern<OpT>::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitAsyncGroupOp(this->targetInfo, rewriter, op);
    rewriter.replaceOp(op, i32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

} // namespace

void mlir::triton::populateMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion,
               AsyncGroupOpConversion<gpu::AsyncCommitGroupOp>,
               AsyncGroupOpConversion<gpu::AsyncWaitOp>>(typeConverter,
                                                         targetInfo, benefit);
  patterns.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
               MemDescSubsliceOpConversion>(typeConverter, benefit);
}

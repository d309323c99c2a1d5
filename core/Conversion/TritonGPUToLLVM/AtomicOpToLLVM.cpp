//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas ---------------===//
//
// Each element is updated once: by the one thread of each group of threads
// holding it (duplicated registers skipped), and only where its mask holds;
// consecutive elements with contiguous pointers and one mask value go
// together where the target updates several at once (f16x2 adds). A scalar
// atomic is done by thread 0, which shares the old value through
// the op's scratch buffer when it is used. Orderings map to LLVM's; each
// element's atomic, with its predicate, ordering and scope, is emitted by the
// target (TargetInfoBase::atomicRMW / atomicCAS).
//
//===----------------------------------------------------------------------===//

#include "GlobalAccessPattern.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <type_traits>

using namespace mlir;
using namespace mlir::triton;

namespace {

LLVM::AtomicOrdering getOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::seq_cst;
}

trident::MemoryScope getScope(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::CTA:
    return trident::MemoryScope::CTA;
  case MemSyncScope::GPU:
    return trident::MemoryScope::GPU;
  case MemSyncScope::SYSTEM:
    return trident::MemoryScope::System;
  }
  return trident::MemoryScope::System;
}

std::optional<LLVM::AtomicBinOp> getBinOp(RMWOp op, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (op) {
  case RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case RMWOp::ADD:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case RMWOp::MAX:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case RMWOp::MIN:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return std::nullopt;
}

/// Whether the first log2(`vec`) register bits of `layout` step through
/// consecutive elements along one dimension (registers r..r+vec-1, r a
/// multiple of `vec`, hold consecutive elements).
bool registersAreConsecutive(const LinearLayout &layout, unsigned vec) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  StringAttr reg = kRegister(ctx);
  int32_t bits = llvm::Log2_32(vec);
  if (!layout.hasInDim(reg) || layout.getInDimSizeLog2(reg) < bits)
    return false;
  int dim = -1;
  for (int32_t bit = 0; bit < bits; ++bit) {
    for (auto [d, v] : llvm::enumerate(layout.getBasis(reg, bit))) {
      if (v == 0)
        continue;
      if (v != (1 << bit) || (dim != -1 && dim != int(d)))
        return false;
      dim = d;
    }
    if (dim == -1)
      return false;
  }
  return true;
}

/// Lowers one atomic op; `emit(ptr, operands, pred)` emits the atomic on one
/// element, or a vector of consecutive ones, where `pred` (null: always)
/// holds and returns its old value.
template <typename OpTy>
class AtomicPattern : public GlobalAccessPattern<OpTy> {
public:
  using GlobalAccessPattern<OpTy>::GlobalAccessPattern;

protected:
  using GlobalAccessPattern<OpTy>::targetInfo;
  using GlobalAccessPattern<OpTy>::pointerInfo;
  using EmitFn =
      function_ref<Value(Value ptr, ArrayRef<Value> operands, Value pred)>;

  /// How many consecutive elements of a tensor atomic one `emit` updates:
  /// up to `maxVec` (a power of 2) where each thread's registers hold them
  /// consecutively, their pointers are contiguous and aligned to the group
  /// and their mask is one value.
  unsigned getVectorSize(OpTy op, const LinearLayout &layout,
                         unsigned maxVec) const {
    if (maxVec <= 1 || !pointerInfo)
      return 1;
    unsigned vec = std::min({maxVec, pointerInfo->getContiguity(op.getPtr()),
                             pointerInfo->getPtrAlignment(op.getPtr())});
    if constexpr (std::is_same_v<OpTy, AtomicRMWOp>)
      if (Value mask = op.getMask())
        vec = std::min(vec, pointerInfo->getMaskAlignment(mask));
    vec = std::max(1u, unsigned(llvm::bit_floor(vec)));
    while (vec > 1 && !registersAreConsecutive(layout, vec))
      vec /= 2;
    return vec;
  }

  /// `operands` are the converted value operands (values, compare values),
  /// `mask` the converted mask or null; `maxVec` how many consecutive
  /// elements the target may update at once.
  LogicalResult lower(OpTy op, Value ptr, ArrayRef<Value> operands, Value mask,
                      unsigned maxVec, ConversionPatternRewriter &rewriter,
                      EmitFn emit) const {
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    bool resultUsed = !op.getResult().use_empty();
    Type elemType = this->getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elemType)
      return op.emitError("cannot lower ")
             << op->getName() << ": element type "
             << getElementTypeOrSelf(resultType) << " has no LLVM form";

    if (!tensorType) {
      if (resultUsed && !op->hasAttr(kAllocationOffsetAttr))
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated: run ttg-allocate-shared-memory");
      Value tid = targetInfo.threadId(rewriter, loc);
      Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                         tid, i32Constant(rewriter, loc, 0));
      Value pred =
          mask ? Value(LLVM::AndOp::create(rewriter, loc, first, mask)) : first;
      Value old = emit(ptr, operands, pred);
      if (resultUsed) {
        Value slot = *getSharedMemoryAddress(loc, rewriter, targetInfo, op);
        targetInfo.storeShared(rewriter, loc, slot, old, first);
        targetInfo.barrier(rewriter, loc);
        Value always = LLVM::ConstantOp::create(
            rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(true));
        old = targetInfo.loadShared(rewriter, loc, slot, elemType, always);
        rewriter.replaceOp(op, old);
      } else {
        rewriter.eraseOp(op);
      }
      return success();
    }

    LinearLayout layout = gpu::toLinearLayout(tensorType);
    // Duplicated elements are updated by one thread and register only; the
    // others read the old value it leaves in shared memory.
    bool shareResult = atomicNeedsSharedResult(op);
    if (resultUsed) {
      auto free = layout.getFreeVariableMasks();
      auto block = free.find(kBlock(op.getContext()));
      if (block != free.end() && block->second != 0)
        return op.emitError("cannot lower ")
               << op->getName()
               << ": its old values are used, but its layout repeats "
                  "elements across the CTAs of a cluster, which cannot "
                  "share them";
    }
    FailureOr<Value> base;
    if (shareResult) {
      base = getSharedMemoryAddress(loc, rewriter, targetInfo, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated: run ttg-allocate-shared-memory");
    }
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    Value threadPred = emitUniqueThreadPredicate(loc, rewriter, layout, ids);
    SmallVector<Value> ptrs = unpackLLElements(loc, ptr, rewriter);
    SmallVector<SmallVector<Value>> values;
    for (Value operand : operands)
      values.push_back(unpackLLElements(loc, operand, rewriter));
    SmallVector<Value> masks;
    if (mask)
      masks = unpackLLElements(loc, mask, rewriter);
    Value undef = LLVM::UndefOp::create(rewriter, loc, elemType);
    // The registers of a group are duplicates, or not, together: the bits
    // that select within it step through elements.
    unsigned vec = getVectorSize(op, layout, maxVec);
    SmallVector<Value> results;
    for (unsigned r = 0; r < ptrs.size(); r += vec) {
      if (isDuplicateRegister(layout, r)) {
        results.append(vec, undef);
        continue;
      }
      // The group's mask elements are known equal: the first stands for
      // all.
      Value pred = threadPred;
      if (mask)
        pred = pred ? Value(LLVM::AndOp::create(rewriter, loc, pred, masks[r]))
                    : masks[r];
      SmallVector<Value> args;
      for (auto &v : values) {
        if (vec == 1) {
          args.push_back(v[r]);
          continue;
        }
        Value group = LLVM::UndefOp::create(
            rewriter, loc, VectorType::get({int64_t(vec)}, elemType));
        for (unsigned i = 0; i < vec; ++i)
          group = LLVM::InsertElementOp::create(rewriter, loc, group, v[r + i],
                                                i32Constant(rewriter, loc, i));
        args.push_back(group);
      }
      Value old = emit(ptrs[r], args, pred);
      if (vec == 1) {
        results.push_back(old);
        continue;
      }
      for (unsigned i = 0; i < vec; ++i)
        results.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, old, i32Constant(rewriter, loc, i)));
    }
    if (shareResult) {
      // Each element's row-major slot; masked-off elements leave undefined
      // values there, as their old values are.
      ArrayRef<int64_t> shape = tensorType.getShape();
      Type storeType = getSharedStorageType(rewriter, elemType);
      SmallVector<SmallVector<Value>> coords =
          emitIndices(loc, rewriter, targetInfo, tensorType);
      Value always = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(true));
      Value writer = threadPred ? threadPred : always;
      SmallVector<Value> slots;
      for (auto &c : coords)
        slots.push_back(
            gepElements(loc, rewriter, *base, storeType,
                        linearizeRowMajor(loc, rewriter, c, shape)));
      for (unsigned r = 0; r < results.size(); ++r)
        if (!isDuplicateRegister(layout, r))
          targetInfo.storeShared(
              rewriter, loc, slots[r],
              toSharedStorage(rewriter, loc, storeType, results[r]), writer);
      targetInfo.barrier(rewriter, loc);
      for (unsigned r = 0; r < results.size(); ++r)
        results[r] = fromSharedStorage(
            rewriter, loc, elemType,
            targetInfo.loadShared(rewriter, loc, slots[r], storeType, always));
    }
    rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(),
                                          results, rewriter, tensorType));
    return success();
  }

};

struct AtomicRMWOpConversion : public AtomicPattern<AtomicRMWOp> {
  using AtomicPattern::AtomicPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elemType = getElementTypeOrSelf(op.getVal().getType());
    std::optional<LLVM::AtomicBinOp> binOp =
        getBinOp(op.getAtomicRmwOp(), elemType);
    if (!binOp)
      return op.emitError("cannot lower tt.atomic_rmw: unknown operation ")
             << stringifyRMWOp(op.getAtomicRmwOp());
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    trident::MemoryScope scope = getScope(op.getScope());
    Location loc = op.getLoc();
    unsigned maxVec = targetInfo.getAtomicRMWVectorSize(
        *binOp, getTypeConverter()->convertType(elemType));
    return lower(op, adaptor.getPtr(), {adaptor.getVal()}, adaptor.getMask(),
                 maxVec, rewriter,
                 [&](Value ptr, ArrayRef<Value> args, Value pred) -> Value {
                   return targetInfo.atomicRMW(rewriter, loc, *binOp, ptr,
                                               args[0], pred, ordering, scope);
                 });
  }
};

struct AtomicCASOpConversion : public AtomicPattern<AtomicCASOp> {
  using AtomicPattern::AtomicPattern;

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    trident::MemoryScope scope = getScope(op.getScope());
    Location loc = op.getLoc();
    return lower(op, adaptor.getPtr(), {adaptor.getCmp(), adaptor.getVal()},
                 Value(), /*maxVec=*/1, rewriter,
                 [&](Value ptr, ArrayRef<Value> args, Value pred) -> Value {
                   return targetInfo.atomicCAS(rewriter, loc, ptr, args[0],
                                               args[1], pred, ordering, scope);
                 });
  }
};

} // namespace

void mlir::triton::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo,
    PatternBenefit benefit) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(
      typeConverter, targetInfo, pointerInfo, benefit);
}

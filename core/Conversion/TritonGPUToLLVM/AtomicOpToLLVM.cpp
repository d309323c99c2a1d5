//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas ---------------===//
//
// Each element is updated once: by the one thread of each group of threads
// holding it (duplicated registers skipped), and only where its mask holds,
// under a branch (atomics have no masked form). A scalar atomic is done by
// thread 0, which shares the old value through the op's scratch buffer when
// it is used. Orderings map to LLVM's; the sync scope comes from the target.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

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

/// The failure ordering of a compare-and-swap: no release part.
LLVM::AtomicOrdering getFailureOrdering(MemSemantic sem) {
  if (sem == MemSemantic::ACQUIRE || sem == MemSemantic::ACQUIRE_RELEASE)
    return LLVM::AtomicOrdering::acquire;
  return LLVM::AtomicOrdering::monotonic;
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

/// Lowers one atomic op; `emit(ptr, operands)` emits the atomic on one
/// element and returns its old value.
template <typename OpTy>
class AtomicPattern : public ConvertOpToLLVMPattern<OpTy> {
public:
  AtomicPattern(LLVMTypeConverter &converter,
                const trident::TargetInfoBase &targetInfo,
                PatternBenefit benefit)
      : ConvertOpToLLVMPattern<OpTy>(converter, benefit),
        targetInfo(targetInfo) {}

protected:
  using EmitFn = function_ref<Value(Value ptr, ArrayRef<Value> operands)>;

  /// `operands` are the converted value operands (values, compare values),
  /// `mask` the converted mask or null.
  LogicalResult lower(OpTy op, Value ptr, ArrayRef<Value> operands, Value mask,
                      ConversionPatternRewriter &rewriter, EmitFn emit) const {
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
      Value undef = LLVM::UndefOp::create(rewriter, loc, elemType);
      Value old = emitPredicated(loc, rewriter, pred, elemType, undef,
                                 [&] { return emit(ptr, operands); });
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
    SmallVector<Value> results;
    for (unsigned r = 0; r < ptrs.size(); ++r) {
      if (isDuplicateRegister(layout, r)) {
        results.push_back(undef);
        continue;
      }
      Value pred = threadPred;
      if (mask)
        pred = pred ? Value(LLVM::AndOp::create(rewriter, loc, pred, masks[r]))
                    : masks[r];
      SmallVector<Value> args;
      for (auto &v : values)
        args.push_back(v[r]);
      if (!pred) {
        results.push_back(emit(ptrs[r], args));
        continue;
      }
      results.push_back(emitPredicated(loc, rewriter, pred, elemType, undef,
                                       [&] { return emit(ptrs[r], args); }));
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

  const trident::TargetInfoBase &targetInfo;
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
    StringRef scope = targetInfo.getSyncScope(getScope(op.getScope()));
    Location loc = op.getLoc();
    return lower(op, adaptor.getPtr(), {adaptor.getVal()}, adaptor.getMask(),
                 rewriter, [&](Value ptr, ArrayRef<Value> args) -> Value {
                   auto rmw = LLVM::AtomicRMWOp::create(
                       rewriter, loc, *binOp, ptr, args[0], ordering, scope);
                   return rmw.getResult();
                 });
  }
};

struct AtomicCASOpConversion : public AtomicPattern<AtomicCASOp> {
  using AtomicPattern::AtomicPattern;

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::AtomicOrdering success = getOrdering(op.getSem());
    LLVM::AtomicOrdering failure = getFailureOrdering(op.getSem());
    StringRef scope = targetInfo.getSyncScope(getScope(op.getScope()));
    Location loc = op.getLoc();
    return lower(
        op, adaptor.getPtr(), {adaptor.getCmp(), adaptor.getVal()}, Value(),
        rewriter, [&](Value ptr, ArrayRef<Value> args) -> Value {
          // llvm.cmpxchg takes integers and pointers only: floats
          // are compared and swapped as their bits.
          Type type = args[0].getType();
          Type intType = type;
          if (isa<FloatType>(type))
            intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
          auto asInt = [&](Value v) -> Value {
            return intType == type
                       ? v
                       : LLVM::BitcastOp::create(rewriter, loc, intType, v);
          };
          // Separate statements: the compare value's cast comes first.
          Value cmp = asInt(args[0]);
          Value val = asInt(args[1]);
          auto cas = LLVM::AtomicCmpXchgOp::create(rewriter, loc, ptr, cmp, val,
                                                   success, failure, scope);
          Value old = LLVM::ExtractValueOp::create(
              rewriter, loc, cas.getResult(), ArrayRef<int64_t>{0});
          return intType == type
                     ? old
                     : LLVM::BitcastOp::create(rewriter, loc, type, old);
        });
  }
};

} // namespace

void mlir::triton::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(
      typeConverter, targetInfo, benefit);
}

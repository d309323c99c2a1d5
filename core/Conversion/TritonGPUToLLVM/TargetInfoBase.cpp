//===- TargetInfoBase.cpp - Default hooks of TargetInfoBase ---------------===//
//
// The portable defaults of the hooks a target may override: global loads and
// stores through LLVM's masked-memory intrinsics, atomics through LLVM's
// atomic instructions under a branch.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

/// The mask of a vector access of `length` elements: `mask` itself if it is
/// already a vector, else `mask` splatted.
static Value vectorMask(RewriterBase &rewriter, Location loc, Value mask,
                        int64_t length) {
  if (isa<VectorType>(mask.getType()))
    return mask;
  auto type = VectorType::get({length}, rewriter.getI1Type());
  Value result = LLVM::PoisonOp::create(rewriter, loc, type);
  for (int64_t i = 0; i < length; ++i)
    result = LLVM::InsertElementOp::create(
        rewriter, loc, result, mask,
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                 rewriter.getI32IntegerAttr(i)));
  return result;
}

Value trident::TargetInfoBase::loadGlobal(RewriterBase &rewriter, Location loc,
                                          Value ptr, Type type, Value mask,
                                          Value other, unsigned alignment,
                                          const GlobalAccessHints &) const {
  if (!mask)
    return LLVM::LoadOp::create(rewriter, loc, type, ptr, alignment);
  // Masked loads work on vectors: a scalar is a vector of one.
  auto vecType = dyn_cast<VectorType>(type);
  VectorType accessType = vecType ? vecType : VectorType::get({1}, type);
  Value vecMask = vectorMask(rewriter, loc, mask, accessType.getNumElements());
  Value passThru;
  if (other) {
    passThru = other;
    if (!vecType)
      passThru = LLVM::InsertElementOp::create(
          rewriter, loc, LLVM::UndefOp::create(rewriter, loc, accessType),
          other,
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                   rewriter.getI32IntegerAttr(0)));
  } else {
    passThru = LLVM::PoisonOp::create(rewriter, loc, accessType);
  }
  Value loaded = LLVM::MaskedLoadOp::create(rewriter, loc, accessType, ptr,
                                            vecMask, passThru, alignment);
  if (vecType)
    return loaded;
  return LLVM::ExtractElementOp::create(
      rewriter, loc, loaded,
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                               rewriter.getI32IntegerAttr(0)));
}

void trident::TargetInfoBase::storeGlobal(RewriterBase &rewriter, Location loc,
                                          Value ptr, Value value, Value mask,
                                          unsigned alignment,
                                          const GlobalAccessHints &) const {
  if (!mask) {
    LLVM::StoreOp::create(rewriter, loc, value, ptr, alignment);
    return;
  }
  Value vecValue = value;
  int64_t length = 1;
  if (auto vecType = dyn_cast<VectorType>(value.getType())) {
    length = vecType.getNumElements();
  } else {
    auto accessType = VectorType::get({1}, value.getType());
    vecValue = LLVM::InsertElementOp::create(
        rewriter, loc, LLVM::UndefOp::create(rewriter, loc, accessType), value,
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                 rewriter.getI32IntegerAttr(0)));
  }
  LLVM::MaskedStoreOp::create(rewriter, loc, vecValue, ptr,
                              vectorMask(rewriter, loc, mask, length),
                              alignment);
}

Value trident::TargetInfoBase::atomicRMW(RewriterBase &rewriter, Location loc,
                                         LLVM::AtomicBinOp op, Value ptr,
                                         Value value, Value predicate,
                                         LLVM::AtomicOrdering ordering,
                                         MemoryScope scope) const {
  StringRef syncScope = getSyncScope(scope);
  auto emit = [&]() -> Value {
    return LLVM::AtomicRMWOp::create(rewriter, loc, op, ptr, value, ordering,
                                     syncScope);
  };
  if (!predicate)
    return emit();
  // Atomics have no masked form: the lanes whose predicate is false branch
  // around it.
  Type type = value.getType();
  Value undef = LLVM::UndefOp::create(rewriter, loc, type);
  return mlir::triton::emitPredicated(loc, rewriter, predicate, type, undef,
                                      emit);
}

Value trident::TargetInfoBase::atomicCAS(RewriterBase &rewriter, Location loc,
                                         Value ptr, Value cmp, Value value,
                                         Value predicate,
                                         LLVM::AtomicOrdering ordering,
                                         MemoryScope scope) const {
  StringRef syncScope = getSyncScope(scope);
  // The failure ordering has no release part.
  LLVM::AtomicOrdering failure = LLVM::AtomicOrdering::monotonic;
  if (ordering == LLVM::AtomicOrdering::acquire ||
      ordering == LLVM::AtomicOrdering::acq_rel)
    failure = LLVM::AtomicOrdering::acquire;
  Type type = value.getType();
  auto emit = [&]() -> Value {
    // llvm.cmpxchg takes integers and pointers only: floats are compared and
    // swapped as their bits.
    Type intType = type;
    if (isa<FloatType>(type))
      intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
    auto asInt = [&](Value v) -> Value {
      return intType == type
                 ? v
                 : LLVM::BitcastOp::create(rewriter, loc, intType, v);
    };
    // Separate statements: the compare value's cast comes first.
    Value cmpInt = asInt(cmp);
    Value valueInt = asInt(value);
    auto cas = LLVM::AtomicCmpXchgOp::create(
        rewriter, loc, ptr, cmpInt, valueInt, ordering, failure, syncScope);
    Value old = LLVM::ExtractValueOp::create(rewriter, loc, cas.getResult(),
                                             ArrayRef<int64_t>{0});
    return intType == type ? old
                           : LLVM::BitcastOp::create(rewriter, loc, type, old);
  };
  if (!predicate)
    return emit();
  Value undef = LLVM::UndefOp::create(rewriter, loc, type);
  return mlir::triton::emitPredicated(loc, rewriter, predicate, type, undef,
                                      emit);
}

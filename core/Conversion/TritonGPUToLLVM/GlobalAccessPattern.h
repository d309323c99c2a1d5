//===- GlobalAccessPattern.h - Base of the global-memory patterns -*- C++ -*-===//
//
// Private to core/Conversion/TritonGPUToLLVM: the loads, stores, asynchronous
// copies and atomics on global memory ask the target and what the axis
// analysis knows of their pointers and masks.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_CONVERSION_TRITONGPUTOLLVM_GLOBALACCESSPATTERN_H
#define TRIDENT_CORE_CONVERSION_TRITONGPUTOLLVM_GLOBALACCESSPATTERN_H

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"

#include <memory>
#include <utility>

namespace mlir::triton {

/// A pattern on global memory: the target, and the pointer facts.
template <typename OpTy>
class GlobalAccessPattern : public ConvertTritonGPUOpToLLVMPattern<OpTy> {
public:
  GlobalAccessPattern(LLVMTypeConverter &converter,
                      const trident::TargetInfoBase &targetInfo,
                      std::shared_ptr<const PointerInfoProvider> pointerInfo,
                      PatternBenefit benefit)
      : ConvertTritonGPUOpToLLVMPattern<OpTy>(converter, targetInfo, benefit),
        pointerInfo(std::move(pointerInfo)) {}

protected:
  using ConvertTritonGPUOpToLLVMPattern<OpTy>::targetInfo;
  std::shared_ptr<const PointerInfoProvider> pointerInfo;
};

} // namespace mlir::triton

#endif // TRIDENT_CORE_CONVERSION_TRITONGPUTOLLVM_GLOBALACCESSPATTERN_H

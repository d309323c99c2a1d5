//===- TypeConverter.h - Types of the TritonGPU -> LLVM lowering -*- C++ -*-===//
//
// How TritonGPU values are represented in the LLVM dialect:
//
//   !tt.ptr<T, as>                     -> !llvm.ptr<as>
//   tensor<... x T, #distributed>      -> !llvm.struct<(T', T', ...)>, one
//                                         member per register of a thread
//                                         (the layout's "register" size)
//   !ttg.memdesc<... x T, #shared>     -> !llvm.ptr<shared address space>
//
// Scalars and everything else convert as in MLIR's LLVMTypeConverter.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

namespace mlir::triton {

class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *ctx,
                               const LowerToLLVMOptions &options,
                               const trident::TargetInfoBase &targetInfo);

  /// The struct of per-thread values of a distributed tensor, or null if the
  /// tensor has no distributed layout.
  Type convertTensorType(RankedTensorType type) const;

  const trident::TargetInfoBase &getTargetInfo() const { return targetInfo; }

private:
  const trident::TargetInfoBase &targetInfo;
};

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H

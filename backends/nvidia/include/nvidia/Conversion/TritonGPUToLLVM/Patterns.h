//===- Patterns.h - nvidia TritonGPU -> LLVM patterns -----------*- C++ -*-===//
//
// The patterns the nvidia lowering adds to the core's: operations whose
// meaning is the target's (library calls by symbol, inline PTX).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::nvidia_gpu {

/// tt.extern_elementwise (a call of its symbol per element, e.g. libdevice's
/// `__nv_expf`, linked by the llir stage) and tt.elementwise_inline_asm
/// (its PTX per element, `packed_element = 1`).
void populateElementwiseOpToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         PatternBenefit benefit);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

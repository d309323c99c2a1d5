//===- Passes.h - The intel lowering passes ---------------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td, and the
// TritonGEN -> LLVM patterns they share.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRIDENT_INTEL_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "intel/Dialect/TritonGEN/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::intel {

#define GEN_PASS_DECL
#include "intel/Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "intel/Conversion/TritonGPUToLLVM/Passes.h.inc"

/// TritonGEN operations to calls of SPIR-V / OpenCL builtins.
void populateTritonGENToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                     RewritePatternSet &patterns);

/// math operations without an LLVM intrinsic (erf, tanh, ...) on scalars
/// and distributed tensors to calls of the OpenCL built-ins.
void populateMathToOpenCLPatterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  PatternBenefit benefit);

/// A call of the builtin `name` (declared `spir_func` on first use in the
/// module around the insertion point) with `args`; `result` null for void.
Value callBuiltin(OpBuilder &builder, Location loc, StringRef name,
                  Type result, ValueRange args);

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_CONVERSION_TRITONGPUTOLLVM_PASSES_H

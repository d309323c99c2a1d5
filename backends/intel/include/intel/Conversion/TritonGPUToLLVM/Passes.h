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

/// tt.extern_elementwise of libdevice math functions (`__nv_expf`, f32 and
/// f64) to calls of the OpenCL built-ins of the same meaning, per register.
void populateExternElementwiseOpToOpenCLPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit);

/// Reports, on the first tt.elementwise_inline_asm (target assembly) or
/// tt.extern_elementwise that the intel target cannot provide, one error
/// naming it.
LogicalResult verifyTargetFlavouredOpsLowerable(ModuleOp module);

/// tt.dot with a #ttg.intel_dpas result (f16/bf16 -> f32, i8 -> i32, operands
/// in its dot-operand layouts) as triton_gen.dpas per instruction tile, on
/// sub-groups of `subGroupSize` lanes (16). Add at a higher benefit than the
/// core's FMA dot patterns.
void populateDotOpToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                 RewritePatternSet &patterns,
                                 unsigned subGroupSize, PatternBenefit benefit);

/// Reports, on the first tt.dot with a #ttg.intel_dpas result that
/// populateDotOpToLLVMPatterns cannot lower, one error saying why.
LogicalResult verifyDpasDotsLowerable(ModuleOp module, unsigned subGroupSize);

/// A call of the builtin `name` (declared `spir_func` on first use in the
/// module around the insertion point) with `args`; `result` null for void.
Value callBuiltin(OpBuilder &builder, Location loc, StringRef name,
                  Type result, ValueRange args);

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_CONVERSION_TRITONGPUTOLLVM_PASSES_H

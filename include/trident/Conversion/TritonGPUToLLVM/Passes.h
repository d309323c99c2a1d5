//===- Passes.h - Passes around the TritonGPU -> LLVM lowering --*- C++ -*-===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "trident/Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES_H

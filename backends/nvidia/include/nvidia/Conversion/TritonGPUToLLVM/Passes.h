//===- Passes.h - The nvidia TritonGPU -> LLVM pass -------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::nvidia_gpu {

#define GEN_PASS_DECL
#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES_H

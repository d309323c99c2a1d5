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

namespace trident {

/// Fills `pm` (on a module) with the `llir` stage's pass order that every
/// GPU backend shares: tritongpu-allocate-shared-memory (offsets and the
/// module's `ttg.shared`), tritongpu-insert-barriers (between racing
/// shared-memory accesses), which the lowering assumes; then `lowering`,
/// the backend's own TTGIR -> LLVM pass (one call of
/// mlir::triton::convertTritonGPUToLLVM with its TargetInfo and hooks);
/// then canonicalization and CSE of the LLVM dialect it produced.
void buildTTGIRToLLVMPipeline(mlir::OpPassManager &pm,
                              std::unique_ptr<mlir::Pass> lowering);

} // namespace trident

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES_H

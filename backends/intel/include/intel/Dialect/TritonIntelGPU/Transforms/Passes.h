//===- Passes.h - TTGIR passes of the intel backend -------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES_H
#define TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::intel {

#define GEN_PASS_DECL
#include "intel/Dialect/TritonIntelGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "intel/Dialect/TritonIntelGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES_H

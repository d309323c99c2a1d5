//===- Passes.h - TTGIR passes of the nvidia backend ------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::nvidia_gpu {

#define GEN_PASS_DECL
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

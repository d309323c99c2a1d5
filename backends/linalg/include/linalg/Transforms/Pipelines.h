//===- Pipelines.h - The cpu target's pipeline after linalg -----*- C++ -*-===//
//
// The `linalg-to-llvm` pipeline of the cpu target (linalg on tensors -> LLVM
// dialect, with the runtime's entry point), the dialects it needs and the
// registration of the upstream passes it is made of. The byte stages after
// it are in linalg/Target/CodeGen.h.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_TRANSFORMS_PIPELINES_H
#define LINALG_TRANSFORMS_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <optional>

namespace mlir::triton::cpu {

/// The dialects and interface models (bufferization, LLVM translation)
/// that the code generation pipeline and its translation need.
void registerCodeGenDialects(DialectRegistry &registry);

/// Fills `pm` with the passes from linalg on tensors (the output of
/// `linalg-triton-to-linalg`) to the LLVM dialect: bufferization,
/// vectorization of static linalg ops, loops, the runtime's entry point and
/// the conversions to LLVM. Registered as the pipeline `linalg-to-llvm`.
/// Stores stream past the caches from `streamingMinBytes` bytes a launch
/// (linalg-cpu-streaming-stores; 0: never); by default, from half the
/// host's last-level cache on x86.
void buildLinalgToLLVMPipeline(OpPassManager &pm,
                               std::optional<int64_t> streamingMinBytes = {});

/// Registers the upstream MLIR passes that `linalg-to-llvm` is made of, so
/// that its expanded form (`trident compile --print-pipeline`) parses in
/// `trident-opt --pass-pipeline`.
void registerLinalgToLLVMPasses();

} // namespace mlir::triton::cpu

#endif // LINALG_TRANSFORMS_PIPELINES_H

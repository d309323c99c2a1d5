//===- Pipelines.h - Stages of the cpu target after linalg ------*- C++ -*-===//
//
// The code generation half of the cpu target: the `linalg-to-llvm` pipeline
// (linalg on tensors -> LLVM dialect, with the runtime's entry point), the
// translation to LLVM IR (the `llir` stage's bytes) and the host object
// linked into a shared library in process (the `obj` stage's bytes).
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_CODEGEN_PIPELINES_H
#define LINALG_BACKEND_CODEGEN_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::triton::cpu {

/// The dialects and interface models (bufferization, LLVM translation)
/// that the code generation pipeline and its translation need.
void registerCodeGenDialects(DialectRegistry &registry);

/// Fills `pm` with the passes from linalg on tensors (the output of
/// `linalg-triton-to-linalg`) to the LLVM dialect: bufferization,
/// vectorization of static linalg ops, loops, the runtime's entry point and
/// the conversions to LLVM. Registered as the pipeline `linalg-to-llvm`.
void buildLinalgToLLVMPipeline(OpPassManager &pm);

/// Registers the upstream MLIR passes that `linalg-to-llvm` is made of, so
/// that its expanded form (`trident compile --print-pipeline`) parses in
/// `trident-opt --pass-pipeline`.
void registerLinalgToLLVMPasses();

/// Translates a module in the LLVM dialect to LLVM IR text.
std::optional<std::string> translateToLLVMIRText(ModuleOp module,
                                                 std::string &error);

/// Compiles LLVM IR text for the host CPU (its name and features, O3, PIC)
/// and links the object into a shared library with lld, in process.
/// Returns the library's bytes.
std::optional<std::string> compileToSharedLibrary(llvm::StringRef llvmIR,
                                                  std::string &error);

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_CODEGEN_PIPELINES_H

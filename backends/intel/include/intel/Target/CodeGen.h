//===- CodeGen.h - LLVM -> SPIR-V for the intel target ----------*- C++ -*-===//
//
// The byte stages of the intel target: the LLVM-dialect module to LLVM IR
// (spirv64 triple, shared local memory sized), and LLVM IR to a SPIR-V
// binary with LLVM's in-tree SPIR-V target (OpenCL environment, Kernel
// capability, an explicit allow-list of extensions).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_TARGET_CODEGEN_H
#define TRIDENT_INTEL_TARGET_CODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton::intel {

/// The SPIR-V extensions the produced modules may use.
llvm::StringRef getAllowedExtensions();

/// The LLVM IR text of `module` (in the LLVM dialect) for spirv64; nullopt
/// with `error` set on failure.
std::optional<std::string> translateToLLVMIR(ModuleOp module,
                                             std::string &error);

/// A SPIR-V binary from LLVM IR text; nullopt with `error` set on failure.
std::optional<std::string> compileToSPIRV(llvm::StringRef llvmIR,
                                          std::string &error);

/// The LLVM IR translations the intel module needs.
void registerIntelTranslations(DialectRegistry &registry);

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_TARGET_CODEGEN_H

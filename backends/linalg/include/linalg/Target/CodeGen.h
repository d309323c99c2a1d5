//===- CodeGen.h - The cpu target's byte stages -----------------*- C++ -*-===//
//
// After the `linalg-to-llvm` pipeline (linalg/Transforms/Pipelines.h): the
// translation to LLVM IR (the `llir` stage's bytes), as
// nvidia/Target/CodeGen.h and intel/Target/CodeGen.h are for their targets.
// The `obj` stage's bytes, the host object linked into a shared library,
// come from the SDK's trident/Target/HostCodeGen.h.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_TARGET_CODEGEN_H
#define LINALG_TARGET_CODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::triton::cpu {

/// Translates a module in the LLVM dialect to LLVM IR text.
std::optional<std::string> translateToLLVMIRText(ModuleOp module,
                                                 std::string &error);

} // namespace mlir::triton::cpu

#endif // LINALG_TARGET_CODEGEN_H

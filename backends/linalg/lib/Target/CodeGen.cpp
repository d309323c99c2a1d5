//===- CodeGen.cpp - The cpu target's LLVM IR and host library ---------===//
//
// The `llir` stage of the cpu target translates the LLVM dialect to LLVM IR
// text. (The `obj` stage is the SDK's host code generation,
// trident/Target/HostCodeGen.h, which any host-like plugin shares.)
//
//===----------------------------------------------------------------------===//

#include "linalg/Target/CodeGen.h"

#include "trident/Target/LLVMIRTranslation.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

std::optional<std::string>
mlir::triton::cpu::translateToLLVMIRText(ModuleOp module, std::string &error) {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule = trident::translateToVerifiedLLVMIR(
      module, llvmContext, "trident-cpu-kernel", "the LLVM dialect", error);
  if (!llvmModule)
    return std::nullopt;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvmModule->print(os, nullptr);
  return text;
}

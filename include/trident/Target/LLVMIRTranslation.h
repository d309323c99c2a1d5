//===- LLVMIRTranslation.h - MLIR to verified LLVM IR -----------*- C++ -*-===//
//
// Every backend ends its MLIR pipeline by translating the module to LLVM IR.
// MLIR's translation prints the LLVM verifier's findings on stderr; a
// backend wants them as its stage's error instead, in one line, so the
// translation runs unverified and the verifier runs here. The errors LLVM
// reports later, through its context (code generation, linking), would end
// the process: keepLLVMErrors turns them into the stage's error too.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TARGET_LLVMIRTRANSLATION_H
#define TRIDENT_TARGET_LLVMIRTRANSLATION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace trident {

/// Orders the incoming (value, block) pairs of every phi of `module` by the
/// blocks' order in their function. MLIR's translation lists them in the
/// order of the block's predecessors, which is that of its use list, and
/// printing and parsing a module does not keep use lists: sorted, the LLVM
/// IR of a module compiled in one go and of the same module printed and
/// parsed again (by `trident-opt`) are the same text.
inline void sortPhiIncoming(llvm::Module &module) {
  for (llvm::Function &function : module) {
    llvm::DenseMap<const llvm::BasicBlock *, unsigned> position;
    for (const llvm::BasicBlock &block : function)
      position.try_emplace(&block, position.size());
    for (llvm::BasicBlock &block : function) {
      for (llvm::PHINode &phi : block.phis()) {
        llvm::SmallVector<std::pair<llvm::BasicBlock *, llvm::Value *>>
            incoming;
        for (unsigned i = 0; i < phi.getNumIncomingValues(); ++i)
          incoming.push_back(
              {phi.getIncomingBlock(i), phi.getIncomingValue(i)});
        llvm::stable_sort(incoming, [&](const auto &a, const auto &b) {
          return position.lookup(a.first) < position.lookup(b.first);
        });
        for (auto [i, pair] : llvm::enumerate(incoming)) {
          phi.setIncomingBlock(i, pair.first);
          phi.setIncomingValue(i, pair.second);
        }
      }
    }
  }
}

/// `module` (entirely in dialects with LLVM IR translations registered in
/// its context) as an LLVM module named `name`, its phis sorted
/// (sortPhiIncoming), verified; null with `error`
/// set when it does not translate (`dialects` names what it must be in, for
/// the message) or translates to invalid IR (the verifier's findings,
/// joined with "; ").
inline std::unique_ptr<llvm::Module>
translateToVerifiedLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                          llvm::StringRef name, llvm::StringRef dialects,
                          std::string &error) {
  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(
      module, context, name, /*disableVerification=*/true);
  if (!llvmModule) {
    error = ("the module does not translate to LLVM IR (is it entirely in " +
             dialects + "?)")
                .str();
    return nullptr;
  }
  sortPhiIncoming(*llvmModule);
  std::string findings;
  llvm::raw_string_ostream os(findings);
  if (!llvm::verifyModule(*llvmModule, &os))
    return llvmModule;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(findings).split(lines, '\n', /*MaxSplit=*/-1,
                                  /*KeepEmpty=*/false);
  error =
      "the module translates to invalid LLVM IR: " + llvm::join(lines, "; ");
  return nullptr;
}

namespace detail {
/// Keeps the first error in `first`; lets LLVM print the rest as it does.
struct ErrorKeepingDiagnosticHandler : public llvm::DiagnosticHandler {
  explicit ErrorKeepingDiagnosticHandler(std::string &first) : first(first) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return false;
    if (first.empty()) {
      llvm::raw_string_ostream os(first);
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
    }
    return true;
  }
  std::string &first;
};
} // namespace detail

/// Keeps the first error that LLVM reports through `context` in
/// `firstError` (which must outlive the context's use) instead of LLVM's
/// default, which prints it and calls exit(1): an inline-assembly constraint
/// no register class takes, met in instruction selection, say. LLVM goes on
/// after such an error, so a stage checks `firstError` when its passes are
/// done. Warnings and remarks are printed as LLVM prints them.
inline void keepLLVMErrors(llvm::LLVMContext &context,
                           std::string &firstError) {
  context.setDiagnosticHandler(
      std::make_unique<detail::ErrorKeepingDiagnosticHandler>(firstError));
}

} // namespace trident

#endif // TRIDENT_TARGET_LLVMIRTRANSLATION_H

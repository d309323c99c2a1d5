//===- CodeGen.cpp - LLVM -> SPIR-V (LLVM's in-tree SPIR-V target) --------===//
//
// In process: MLIR's LLVM IR translation, then LLVM's SPIR-V target machine
// for spirv64 (OpenCL environment, hence the Kernel capability) with the
// extensions of getAllowedExtensions() and no others. Shared local memory,
// the external `@global_smem` array of the lowering, becomes an internal
// addrspace(3) array of the module's `ttg.shared` bytes (SPIR-V has no
// external work-group variables).
//
//===----------------------------------------------------------------------===//

#include "intel/Target/CodeGen.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Target/LLVMIRTranslation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Local.h"

#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeSPIRVTargetInfo();
void LLVMInitializeSPIRVTarget();
void LLVMInitializeSPIRVTargetMC();
void LLVMInitializeSPIRVAsmPrinter();
}

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

constexpr llvm::StringLiteral kTriple = "spirv64-unknown-unknown";

/// Initializes the SPIR-V target and passes the extension allow-list to it
/// (LLVM reads it from its `spirv-ext` option), once per process.
const llvm::Target *getSPIRVTarget(std::string &error) {
  static std::once_flag initialized;
  static std::string optionError;
  std::call_once(initialized, [] {
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
    auto options = llvm::cl::getRegisteredOptions();
    auto it = options.find("spirv-ext");
    if (it == options.end()) {
      optionError = "LLVM's SPIR-V target has no 'spirv-ext' option";
      return;
    }
    if (it->second->addOccurrence(0, "spirv-ext", getAllowedExtensions()))
      optionError = "LLVM's SPIR-V target refused the extension list '" +
                    getAllowedExtensions().str() + "'";
  });
  if (!optionError.empty()) {
    error = optionError;
    return nullptr;
  }
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
  if (!target)
    error = "LLVM has no SPIR-V target: " + error;
  return target;
}

std::unique_ptr<llvm::TargetMachine> createTargetMachine(std::string &error) {
  const llvm::Target *target = getSPIRVTarget(error);
  if (!target)
    return nullptr;
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      llvm::Triple(kTriple), "", "", options, std::nullopt, std::nullopt,
      llvm::CodeGenOptLevel::Default));
  if (!machine)
    error = "cannot create a SPIR-V target machine for " + kTriple.str();
  return machine;
}

/// Replaces the external zero-sized `@global_smem` by an internal array of
/// `bytes` bytes in addrspace(3).
void sizeSharedMemory(llvm::Module &module, int64_t bytes) {
  llvm::GlobalVariable *old =
      module.getGlobalVariable(mlir::triton::kSharedMemoryGlobal, true);
  if (!old)
    return;
  auto *type = llvm::ArrayType::get(llvm::Type::getInt8Ty(module.getContext()),
                                    std::max<int64_t>(bytes, 1));
  auto *sized = new llvm::GlobalVariable(
      module, type, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
      llvm::UndefValue::get(type), "", nullptr,
      llvm::GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
  sized->setAlignment(llvm::Align(16));
  old->replaceAllUsesWith(sized);
  sized->takeName(old);
  old->eraseFromParent();
}

/// Splits every phi of a struct type into one phi per field (LLVM's SPIR-V
/// target mistypes aggregate phis): the fields are extracted at the end of
/// each predecessor and the struct is rebuilt after the phis.
void splitAggregatePhis(llvm::Module &module) {
  for (llvm::Function &function : module) {
    llvm::SmallVector<llvm::PHINode *> phis;
    for (llvm::BasicBlock &block : function)
      for (llvm::PHINode &phi : block.phis())
        if (isa<llvm::StructType>(phi.getType()))
          phis.push_back(&phi);
    for (llvm::PHINode *phi : phis) {
      auto *type = cast<llvm::StructType>(phi->getType());
      llvm::IRBuilder<> builder(phi->getParent(),
                                phi->getParent()->getFirstInsertionPt());
      llvm::Value *rebuilt = llvm::PoisonValue::get(type);
      for (unsigned field = 0; field < type->getNumElements(); ++field) {
        llvm::IRBuilder<> phiBuilder(phi);
        llvm::PHINode *fieldPhi = phiBuilder.CreatePHI(
            type->getElementType(field), phi->getNumIncomingValues());
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
          llvm::BasicBlock *pred = phi->getIncomingBlock(i);
          llvm::IRBuilder<> predBuilder(pred->getTerminator());
          fieldPhi->addIncoming(
              predBuilder.CreateExtractValue(phi->getIncomingValue(i), field),
              pred);
        }
        rebuilt = builder.CreateInsertValue(rebuilt, fieldPhi, field);
      }
      phi->replaceAllUsesWith(rebuilt);
      phi->eraseFromParent();
    }
  }
}

/// Replaces every extractvalue of a field that an insertvalue chain put
/// there by the inserted value, then erases the insertvalues left unused.
/// After splitAggregatePhis, the structs of the lowering (a tensor's
/// registers) are only built and taken apart again, and LLVM's SPIR-V target
/// gives a struct of pointers fields of its own pointee type (i8), which
/// spirv-val rejects when a pointer to another type is inserted: with the
/// fields forwarded, those structs are gone.
void forwardAggregateFields(llvm::Module &module) {
  for (llvm::Function &function : module) {
    llvm::SmallVector<llvm::ExtractValueInst *> extracts;
    for (llvm::Instruction &inst : llvm::instructions(function))
      if (auto *extract = dyn_cast<llvm::ExtractValueInst>(&inst))
        extracts.push_back(extract);
    llvm::SmallVector<llvm::WeakTrackingVH> dead;
    for (llvm::ExtractValueInst *extract : extracts) {
      if (extract->getType()->isAggregateType())
        continue;
      llvm::Value *field = llvm::FindInsertedValue(
          extract->getAggregateOperand(), extract->getIndices());
      if (!field || field == extract || field->getType() != extract->getType())
        continue;
      llvm::Value *aggregate = extract->getAggregateOperand();
      extract->replaceAllUsesWith(field);
      extract->eraseFromParent();
      dead.push_back(aggregate);
    }
    llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
  }
}

} // namespace

llvm::StringRef mlir::triton::intel::getAllowedExtensions() {
  return "+SPV_INTEL_subgroups,+SPV_KHR_no_integer_wrap_decoration,"
         "+SPV_KHR_expect_assume,+SPV_EXT_shader_atomic_float_add,"
         "+SPV_EXT_shader_atomic_float_min_max,+SPV_INTEL_bfloat16_conversion";
}

void mlir::triton::intel::registerIntelTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

std::optional<std::string>
mlir::triton::intel::translateToLLVMIR(ModuleOp module, std::string &error) {
  dropNonLLVMArgumentAttributes(module);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule = trident::translateToVerifiedLLVMIR(
      module, context, "trident_intel", "the LLVM dialect", error);
  if (!llvmModule)
    return std::nullopt;
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(error);
  if (!machine)
    return std::nullopt;
  llvmModule->setTargetTriple(llvm::Triple(kTriple));
  llvmModule->setDataLayout(machine->createDataLayout());
  int64_t sharedBytes = 0;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    sharedBytes = attr.getInt();
  sizeSharedMemory(*llvmModule, sharedBytes);
  splitAggregatePhis(*llvmModule);
  forwardAggregateFields(*llvmModule);
  std::string verifierMessage;
  llvm::raw_string_ostream verifierStream(verifierMessage);
  if (llvm::verifyModule(*llvmModule, &verifierStream)) {
    error = "invalid LLVM IR: " + verifierMessage;
    return std::nullopt;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvmModule->print(os, nullptr);
  return text;
}

std::optional<std::string>
mlir::triton::intel::compileToSPIRV(llvm::StringRef llvmIR,
                                    std::string &error) {
  llvm::LLVMContext context;
  std::string llvmError;
  trident::keepLLVMErrors(context, llvmError);
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIR(
      llvm::MemoryBufferRef(llvmIR, "kernel.ll"), diagnostic, context);
  if (!module) {
    error = "cannot parse the LLVM IR: " + diagnostic.getMessage().str();
    return std::nullopt;
  }
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(error);
  if (!machine)
    return std::nullopt;
  module->setTargetTriple(llvm::Triple(kTriple));
  module->setDataLayout(machine->createDataLayout());
  llvm::SmallString<0> binary;
  llvm::raw_svector_ostream os(binary);
  llvm::legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    error = "LLVM's SPIR-V target cannot emit a binary";
    return std::nullopt;
  }
  // LLVM's SPIR-V target reports what it cannot express (a type whose
  // extension is not allowed, say) with report_fatal_error, which would end
  // the process: catch it and turn it into this stage's one-line error.
  std::string fatal;
  bool finished;
  {
    llvm::ScopedFatalErrorHandler handler(
        [](void *data, const char *reason, bool) {
          *static_cast<std::string *>(data) = reason;
          // Back to RunSafely below instead of exit(1).
          if (llvm::CrashRecoveryContext *context =
                  llvm::CrashRecoveryContext::GetCurrent())
            context->HandleExit(1);
        },
        &fatal);
    // Only an enabled recovery context is current inside RunSafely.
    static const bool enabled = (llvm::CrashRecoveryContext::Enable(), true);
    (void)enabled;
    llvm::CrashRecoveryContext recovery;
    finished = recovery.RunSafely([&] { pm.run(*module); });
  }
  if (!finished) {
    error = "LLVM's SPIR-V target failed: " +
            (fatal.empty() ? std::string("it crashed") : fatal);
    return std::nullopt;
  }
  if (!llvmError.empty()) {
    error = "LLVM's SPIR-V target cannot emit the kernel: " + llvmError;
    return std::nullopt;
  }
  if (binary.empty()) {
    error = "LLVM's SPIR-V target produced an empty module";
    return std::nullopt;
  }
  return std::string(binary.begin(), binary.end());
}

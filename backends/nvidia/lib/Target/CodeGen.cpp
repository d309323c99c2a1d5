//===- CodeGen.cpp - LLVM (NVVM) -> PTX -> cubin --------------------------===//
//
// In process: MLIR's LLVM and NVVM translations, libdevice linking, LLVM's
// O3 pipeline and the NVPTX target machine. Out of process: ptxas, run in a
// private temporary directory, whose messages are passed on verbatim.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Target/CodeGen.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Target/LLVMIRTranslation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

namespace {

constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

const llvm::Target *getNVPTXTarget(std::string &error) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // Shared, constant and local pointers of 32 bits, as upstream Triton
    // compiles: shared memory is addressed with 32 bits, and with 64-bit
    // pointers every shared address is computed in 64 bits and truncated
    // (matmul's PTX had 200 such conversions). The NVPTX target takes this
    // only as a command-line option; nothing else in the process uses it.
    auto &options = llvm::cl::getRegisteredOptions();
    auto shortPointers = options.find("nvptx-short-ptr");
    if (shortPointers != options.end())
      static_cast<llvm::cl::opt<bool> *>(shortPointers->second)->setValue(true);
  });
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
  if (!target)
    error = "LLVM has no NVPTX target: " + error;
  return target;
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(llvm::StringRef arch, const CodeGenOptions &codeGen,
                    std::string &error) {
  const llvm::Target *target = getNVPTXTarget(error);
  if (!target)
    return nullptr;
  if (!isKnownArch(arch)) {
    error = "LLVM's NVPTX target does not know the architecture '" +
            arch.str() + "'";
    return nullptr;
  }
  std::string features = "+ptx" + std::to_string(getPtxVersion(arch));
  llvm::TargetOptions options;
  options.AllowFPOpFusion = codeGen.fuseFloatOps ? llvm::FPOpFusion::Fast
                                                 : llvm::FPOpFusion::Standard;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      llvm::Triple(kTriple), arch, features, options, std::nullopt,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    error = "cannot create an NVPTX target machine for " + arch.str();
  return machine;
}

/// libdevice's bitcode: $TRIDENT_LIBDEVICE, else under $CUDA_HOME or
/// /usr/local/cuda. Empty when none exists.
std::string findLibdevice() {
  if (const char *path = std::getenv("TRIDENT_LIBDEVICE"); path && *path)
    return path;
  const char *roots[] = {std::getenv("CUDA_HOME"), "/usr/local/cuda"};
  for (const char *root : roots) {
    if (!root || !*root)
      continue;
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return path.str().str();
  }
  return "";
}

/// Links the libdevice functions the module calls (`__nv_*`).
bool linkLibdevice(llvm::Module &module, std::string &error) {
  std::vector<std::string> needed;
  for (llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      needed.push_back(function.getName().str());
  if (needed.empty())
    return true;
  std::string path = findLibdevice();
  if (path.empty()) {
    error = "the kernel calls " + needed.front() +
            " from libdevice, which was not found: set TRIDENT_LIBDEVICE to "
            "libdevice.10.bc or CUDA_HOME to the CUDA toolkit";
    return false;
  }
  // Lazily: only the bodies of the functions the linker pulls in are read
  // (a few of libdevice's ~500), not the whole 0.5 MB of bitcode.
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> libdevice =
      llvm::getLazyIRFileModule(path, diagnostic, module.getContext());
  if (!libdevice) {
    error = "cannot read libdevice '" + path +
            "': " + diagnostic.getMessage().str();
    return false;
  }
  libdevice->setTargetTriple(module.getTargetTriple());
  libdevice->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(libdevice),
                                llvm::Linker::Flags::LinkOnlyNeeded)) {
    error = "cannot link libdevice '" + path + "' into the kernel";
    return false;
  }
  // What came from libdevice is private to the kernel.
  for (llvm::Function &function : module)
    if (!function.isDeclaration() && function.getName().starts_with("__nv_"))
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  return true;
}

/// Whether PTX can spell `name` without quotes: a letter then letters,
/// digits, `_` and `$`; or `_`, `$` or `%` then at least one of those.
bool isPTXIdentifier(llvm::StringRef name) {
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (name.empty() || !llvm::all_of(name.drop_front(), follows))
    return false;
  char first = name.front();
  return llvm::isAlpha(first) ||
         ((first == '_' || first == '$' || first == '%') && name.size() > 1);
}

/// Refuses, naming it, a function the kernel calls that nothing will define
/// (a libdevice name libdevice lacks) and a symbol NVPTX cannot print: it
/// would abort the process (an LLVM fatal error) or fail in ptxas.
bool checkSymbols(llvm::Module &module, std::string &error) {
  for (llvm::Function &function : module) {
    if (function.isIntrinsic())
      continue;
    llvm::StringRef name = function.getName();
    if (function.isDeclaration() && name.starts_with("__nv_")) {
      error = "the kernel calls '" + name.str() +
              "', which libdevice does not define";
      return false;
    }
    // Local names are made valid by NVPTX itself (NVPTXAssignValidGlobalNames).
    if (!function.hasLocalLinkage() && !isPTXIdentifier(name)) {
      error = (function.isDeclaration() ? "the kernel calls '" + name.str() +
                                              "', a name"
                                        : "the function '" + name.str() +
                                              "' has a name") +
              " PTX cannot spell (letters, digits, '_' and '$')";
      return false;
    }
  }
  return true;
}

void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::ModulePassManager pm =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  pm.run(module, modules);
}

/// Reads a whole file; empty when it cannot be read.
std::string readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return "";
  return (*buffer)->getBuffer().str();
}

bool writeFile(llvm::StringRef path, llvm::StringRef contents,
               std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return false;
  }
  os << contents;
  return true;
}

} // namespace

void mlir::triton::nvidia_gpu::registerNvidiaTranslations(
    DialectRegistry &registry) {
  registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

bool mlir::triton::nvidia_gpu::isKnownArch(llvm::StringRef arch) {
  std::string error;
  const llvm::Target *target = getNVPTXTarget(error);
  if (!target)
    return false;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(llvm::Triple(kTriple), "", ""));
  return info && info->isCPUStringValid(arch);
}

unsigned mlir::triton::nvidia_gpu::getPtxVersion(llvm::StringRef arch) {
  llvm::StringRef digits = arch;
  digits.consume_front("sm_");
  unsigned capability = 0;
  digits.take_while(llvm::isDigit).getAsInteger(10, capability);
  // The oldest PTX ISA that has everything the lowering emits for the
  // architecture: 7.8 (CUDA 11.8) for Ampere and Ada, 8.0 (CUDA 12.0, the
  // first with wgmma) for Hopper, 8.6 for Blackwell.
  if (capability >= 100)
    return 86;
  if (capability >= 90)
    return 80;
  return 78;
}

std::optional<std::string> mlir::triton::nvidia_gpu::translateToLLVMIR(
    ModuleOp module, llvm::StringRef arch, std::string &error,
    const CodeGenOptions &codeGen) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(arch, codeGen, error);
  if (!machine)
    return std::nullopt;
  DialectRegistry registry;
  registerNvidiaTranslations(registry);
  module->getContext()->appendDialectRegistry(registry);

  dropNonLLVMArgumentAttributes(module);
  llvm::LLVMContext llvmContext;
  std::string llvmError;
  trident::keepLLVMErrors(llvmContext, llvmError);
  std::unique_ptr<llvm::Module> llvmModule = trident::translateToVerifiedLLVMIR(
      module, llvmContext, "trident-nvidia-kernel",
      "the LLVM and NVVM dialects", error);
  if (!llvmModule)
    return std::nullopt;
  llvmModule->setTargetTriple(llvm::Triple(kTriple));
  llvmModule->setDataLayout(machine->createDataLayout());
  // libdevice's functions take their flush-to-zero paths, as upstream
  // Triton sets them: `__nv_exp2f` is then one `ex2.approx.ftz.f32` (one
  // MUFU.EX2) instead of the denormal-preserving form ptxas brackets with
  // range checks and rescaling; attention computes 32 a thread an iteration.
  if (!llvmModule->getModuleFlag("nvvm-reflect-ftz"))
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  if (!linkLibdevice(*llvmModule, error) || !checkSymbols(*llvmModule, error))
    return std::nullopt;
  optimize(*llvmModule, *machine);
  if (!llvmError.empty()) {
    error = "LLVM: " + llvmError;
    return std::nullopt;
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  llvmModule->print(os, nullptr);
  return text;
}

std::optional<std::string>
mlir::triton::nvidia_gpu::compileToPTX(llvm::StringRef llvmIR,
                                       llvm::StringRef arch, std::string &error,
                                       const CodeGenOptions &codeGen) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(arch, codeGen, error);
  if (!machine)
    return std::nullopt;
  llvm::LLVMContext llvmContext;
  std::string llvmError;
  trident::keepLLVMErrors(llvmContext, llvmError);
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIR(
      llvm::MemoryBufferRef(llvmIR, "kernel.ll"), diagnostic, llvmContext);
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    diagnostic.print("kernel.ll", os, /*ShowColors=*/false);
    error = "invalid LLVM IR: " + llvm::StringRef(message).trim().str();
    return std::nullopt;
  }
  module->setTargetTriple(llvm::Triple(kTriple));
  module->setDataLayout(machine->createDataLayout());
  if (!checkSymbols(*module, error))
    return std::nullopt;

  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream os(ptx);
  llvm::legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, os, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile)) {
    error = "LLVM's NVPTX target cannot emit PTX for " + arch.str();
    return std::nullopt;
  }
  pm.run(*module);
  // Instruction selection reports what it cannot emit (an inline-assembly
  // constraint NVPTX has no register for) and goes on.
  if (!llvmError.empty()) {
    error = "LLVM's NVPTX target cannot emit the kernel: " + llvmError;
    return std::nullopt;
  }
  return std::string(ptx.str());
}

std::optional<std::string>
mlir::triton::nvidia_gpu::findPtxas(std::string &error) {
  if (const char *path = std::getenv("TRIDENT_PTXAS"); path && *path) {
    if (!llvm::sys::fs::can_execute(path) ||
        llvm::sys::fs::is_directory(path)) {
      error = std::string("TRIDENT_PTXAS is '") + path +
              "', which is not an executable file";
      return std::nullopt;
    }
    return std::string(path);
  }
  if (const char *home = std::getenv("CUDA_HOME"); home && *home) {
    llvm::SmallString<256> path(home);
    llvm::sys::path::append(path, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(path))
      return path.str().str();
  }
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName("ptxas"))
    return *path;
  error = "ptxas not found (looked at TRIDENT_PTXAS, CUDA_HOME/bin and PATH): "
          "install the CUDA toolkit or set TRIDENT_PTXAS; `--emit ptx` still "
          "gives the PTX";
  return std::nullopt;
}

PtxasResources
mlir::triton::nvidia_gpu::parsePtxasResources(llvm::StringRef output) {
  PtxasResources resources;
  llvm::SmallVector<llvm::StringRef> matches;
  auto number = [&](const char *pattern, int &field) {
    llvm::Regex regex(pattern);
    if (regex.match(output, &matches))
      matches[1].getAsInteger(10, field);
  };
  number("Used ([0-9]+) registers", resources.registers);
  number("([0-9]+) bytes smem", resources.sharedBytes);
  number("([0-9]+) bytes spill stores", resources.spillStoreBytes);
  number("([0-9]+) bytes spill loads", resources.spillLoadBytes);
  if (resources.sharedBytes < 0 && resources.registers >= 0)
    resources.sharedBytes = 0;
  return resources;
}

std::optional<std::string> mlir::triton::nvidia_gpu::assembleCubin(
    llvm::StringRef ptx, llvm::StringRef arch, std::string &error,
    PtxasResources *resources) {
  std::optional<std::string> ptxas = findPtxas(error);
  if (!ptxas)
    return std::nullopt;

  llvm::SmallString<128> directory;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("trident-ptxas", directory)) {
    error = "cannot create a temporary directory for ptxas: " + ec.message();
    return std::nullopt;
  }
  llvm::scope_exit removeDirectory(
      [&] { llvm::sys::fs::remove_directories(directory); });
  auto inDirectory = [&](llvm::StringRef name) {
    llvm::SmallString<128> path(directory);
    llvm::sys::path::append(path, name);
    return path.str().str();
  };
  std::string ptxPath = inDirectory("kernel.ptx");
  std::string cubinPath = inDirectory("kernel.cubin");
  std::string stdoutPath = inDirectory("ptxas.out");
  std::string stderrPath = inDirectory("ptxas.err");
  if (!writeFile(ptxPath, ptx, error))
    return std::nullopt;

  std::string archArg = "-arch=" + arch.str();
  llvm::SmallVector<llvm::StringRef> args = {*ptxas, archArg,   "-v",   "-O3",
                                             "-o",   cubinPath, ptxPath};
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(stdoutPath), llvm::StringRef(stderrPath)};
  std::string execError;
  bool failedToRun = false;
  int status =
      llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects,
                                /*SecondsToWait=*/0,
                                /*MemoryLimit=*/0, &execError, &failedToRun);
  std::string output = readFile(stdoutPath) + readFile(stderrPath);
  if (failedToRun) {
    error = "cannot run ptxas '" + *ptxas + "': " + execError;
    return std::nullopt;
  }
  if (status != 0) {
    // ptxas's own words, as it wrote them.
    std::string text = llvm::StringRef(output).trim().str();
    error = "ptxas " + archArg + " failed" +
            (status > 0 ? " (exit " + std::to_string(status) + ")"
                        : " (" + execError + ")") +
            ":\n" + text;
    return std::nullopt;
  }
  std::string cubin = readFile(cubinPath);
  if (cubin.empty()) {
    error = "ptxas wrote no cubin: " + llvm::StringRef(output).trim().str();
    return std::nullopt;
  }
  if (resources)
    *resources = parsePtxasResources(output);
  return cubin;
}

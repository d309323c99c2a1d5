//===- HostCodeGen.cpp - LLVM IR to a host shared library, in process -----===//
//
// The code generation every target that runs kernels on the host CPU needs
// (the cpu target's `obj` stage, a vendor's host-like plugin): a target
// machine for this CPU, LLVM's O3 pipeline, an object file, and lld's ELF
// driver linking it into a shared library, all in process. lld reads and
// writes temporary files, which are removed afterwards.
//
//===----------------------------------------------------------------------===//

#include "trident/Target/HostCodeGen.h"

#include "trident/Target/LLVMIRTranslation.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>

LLD_HAS_DRIVER(elf)

using namespace llvm;

namespace {

/// The host's CPU features in the form of a target feature string.
std::string getHostFeatures() {
  std::string features;
  for (const auto &feature : sys::getHostCPUFeatures()) {
    if (!features.empty())
      features += ",";
    features += (feature.second ? "+" : "-") + feature.first().str();
  }
  return features;
}

} // namespace

std::unique_ptr<TargetMachine>
trident::createHostTargetMachine(std::string &error) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Triple triple(sys::getProcessTriple());
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    error = "no LLVM target for the host (" + triple.str() + "): " + error;
    return nullptr;
  }
  TargetOptions options;
  // A multiply feeding an add may become one fused multiply-add, as GPU
  // assemblers contract them for Triton's GPU targets by default: the
  // rounding of tt.dot and of a * b + c in a kernel is a GPU's.
  options.AllowFPOpFusion = FPOpFusion::Fast;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, sys::getHostCPUName(), getHostFeatures(), options, Reloc::PIC_,
      std::nullopt, CodeGenOptLevel::Aggressive));
  if (!machine)
    error = "cannot create an LLVM target machine for " + triple.str();
  return machine;
}

namespace {

/// The vector width, in bits, every function for `machine` is compiled
/// for: 512 on AVX-512 CPUs, else 0 (the CPU's own preference).
unsigned getKernelVectorBits(const TargetMachine &machine) {
  const MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  if (!machine.getTargetTriple().isX86() || !subtarget ||
      !subtarget->checkFeatures("+avx512f"))
    return 0;
  return 512;
}

} // namespace

void trident::optimizeForHost(Module &module, TargetMachine &machine) {
  // The cpu target's passes shape tiles and matmul microkernels for the
  // widest registers the host has (32 accumulators of 512 bits on AVX-512).
  // LLVM's tuning for Intel's server cores prefers 256-bit vectors, and the
  // Scalarizer below and the code generator would then split every 512-bit
  // operation in two: the microkernel ran at half the FMA rate of a
  // Sapphire Rapids core (64 GFLOP/s against OpenBLAS's 142). A kernel
  // asks for the registers it was written for.
  if (unsigned bits = getKernelVectorBits(machine))
    for (Function &function : module)
      if (!function.isDeclaration() &&
          !function.hasFnAttribute("prefer-vector-width"))
        function.addFnAttr("prefer-vector-width", std::to_string(bits));
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager cgscc;
  ModuleAnalysisManager modules;
  PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  ModulePassManager pm =
      builder.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
  // A program's tile is one wide vector (<256 x float>): the code generator
  // splits its loads and stores itself, but issues them in descending
  // address order, all loads before any store, which halves the speed of a
  // memory-bound kernel (vadd: 15.6 ms against a C loop's 9.3 ms on one
  // core; 9.4 ms split here). Split in the IR, the pieces stay in address
  // order.
  unsigned registerBits = 0;
  for (Function &function : module)
    if (!function.isDeclaration()) {
      registerBits = unsigned(
          machine.getTargetTransformInfo(function)
              .getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
              .getFixedValue());
      break;
    }
  if (registerBits >= 128) {
    ScalarizerPassOptions split;
    split.ScalarizeMinBits = registerBits;
    split.ScalarizeLoadStore = true;
    split.ScalarizeVariableInsertExtract = false;
    FunctionPassManager functionPasses;
    functionPasses.addPass(ScalarizerPass(split));
    functionPasses.addPass(EarlyCSEPass());
    pm.addPass(createModuleToFunctionPassAdaptor(std::move(functionPasses)));
  }
  pm.run(module, modules);
}

namespace {

/// The file of the shared library that defines `symbol` in this process, or
/// an empty string.
std::string getLibraryOf(const void *symbol) {
  Dl_info info;
  if (!::dladdr(symbol, &info) || !info.dli_fname || !*info.dli_fname)
    return "";
  std::string path = info.dli_fname;
  if (!sys::fs::exists(path))
    return "";
  return path;
}

/// The C, math and GCC support libraries of this process, as inputs of the
/// link. A kernel library linked against them binds memcpy, memset and the
/// libm functions it calls to their current symbol versions: unversioned
/// references would bind to the oldest ones (memcpy@GLIBC_2.2.5 is glibc's
/// SSE2 copy, whatever the CPU; expf@GLIBC_2.2.5 the old wrapper).
/// libgcc_s holds the conversions LLVM calls where the CPU has no
/// instruction (__truncsfbf2, __extendhfsf2, ...). With all three, the link
/// refuses undefined symbols (-z defs): a kernel library that links loads.
/// libc is found through `abort`, which no sanitizer runtime intercepts
/// (under AddressSanitizer, `memcpy` resolves to libasan's interceptor).
std::vector<std::string> getHostRuntimeLibraries() {
  std::vector<std::string> libraries;
  using AbortFn = void (*)();
  using ExpFn = float (*)(float);
  AbortFn abortFn = &::abort;
  ExpFn exp = &::expf;
  std::vector<const void *> symbols = {reinterpret_cast<const void *>(abortFn),
                                       reinterpret_cast<const void *>(exp)};
  if (void *gcc = ::dlopen("libgcc_s.so.1", RTLD_LAZY | RTLD_LOCAL))
    if (void *symbol = ::dlsym(gcc, "__extendhfsf2"))
      symbols.push_back(symbol);
  for (const void *symbol : symbols) {
    std::string library = getLibraryOf(symbol);
    if (!library.empty() && std::find(libraries.begin(), libraries.end(),
                                      library) == libraries.end())
      libraries.push_back(library);
  }
  return libraries;
}

} // namespace

std::optional<std::string> trident::linkHostSharedLibrary(StringRef object,
                                                          std::string &error) {
  SmallString<128> objectPath, libraryPath;
  int objectFD;
  if (std::error_code ec = sys::fs::createTemporaryFile("trident-host", "o",
                                                        objectFD, objectPath)) {
    error = "cannot create a temporary object file: " + ec.message();
    return std::nullopt;
  }
  scope_exit removeObject([&] { sys::fs::remove(objectPath); });
  {
    raw_fd_ostream os(objectFD, /*shouldClose=*/true);
    os << object;
    os.close();
    if (os.has_error()) {
      error = "cannot write '" + objectPath.str().str() +
              "': " + os.error().message();
      os.clear_error();
      return std::nullopt;
    }
  }
  if (std::error_code ec =
          sys::fs::createTemporaryFile("trident-host", "so", libraryPath)) {
    error = "cannot create a temporary library file: " + ec.message();
    return std::nullopt;
  }
  scope_exit removeLibrary([&] { sys::fs::remove(libraryPath); });

  std::string objectArg = objectPath.str().str();
  std::string libraryArg = libraryPath.str().str();
  std::vector<const char *> args = {
      "ld.lld", "-shared",          "--eh-frame-hdr",
      "-z",     "noexecstack",      "-z",
      "relro",  "--hash-style=gnu", "-O2",
      "-o",     libraryArg.c_str(), objectArg.c_str()};
  static const std::vector<std::string> hostLibraries =
      getHostRuntimeLibraries();
  // Undefined symbols are refused only where the libraries were found (a
  // libc and a libm): otherwise memcpy and the libm calls would fail too.
  if (hostLibraries.size() >= 2) {
    args.push_back("-z");
    args.push_back("defs");
  }
  if (!hostLibraries.empty())
    args.push_back("--as-needed");
  for (const std::string &library : hostLibraries)
    args.push_back(library.c_str());
  std::string messages;
  raw_string_ostream out(messages), err(messages);
  lld::Result result;
  {
    // lld keeps global state per link: one link at a time, and none after a
    // link that left that state unusable.
    static std::mutex lldMutex;
    static bool lldUnusable = false;
    std::lock_guard<std::mutex> lock(lldMutex);
    if (lldUnusable) {
      error = "lld cannot link again in this process after an earlier "
              "failure; run the compilation again";
      return std::nullopt;
    }
    result = lld::lldMain(args, out, err, {{lld::Gnu, &lld::elf::link}});
    lldUnusable = !result.canRunAgain;
  }
  if (result.retCode != 0) {
    StringRef undefined = messages;
    size_t at = undefined.find("undefined symbol: ");
    if (at != StringRef::npos) {
      StringRef symbol = undefined.substr(at + strlen("undefined symbol: "))
                             .split('\n')
                             .first.trim();
      error = "the kernel calls '" + symbol.str() +
              "', which neither the kernel nor the C and math libraries "
              "define; the library would not load";
      return std::nullopt;
    }
    StringRef first = StringRef(messages).trim().split('\n').first;
    error = "lld could not link the kernel library: " +
            (first.empty() ? std::string("no message") : first.str());
    return std::nullopt;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> library =
      MemoryBuffer::getFile(libraryArg, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!library) {
    error = "cannot read the linked library '" + libraryArg +
            "': " + library.getError().message();
    return std::nullopt;
  }
  return (*library)->getBuffer().str();
}

std::optional<std::string>
trident::compileToHostSharedLibrary(StringRef llvmIR, std::string &error) {
  if (llvmIR.empty()) {
    error = "no LLVM IR to compile: the llir stage must come first";
    return std::nullopt;
  }
  LLVMContext context;
  std::string llvmError;
  trident::keepLLVMErrors(context, llvmError);
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module = parseIR(
      MemoryBufferRef(llvmIR, "trident-host-kernel.ll"), diagnostic, context);
  if (!module) {
    error = "the llir stage's LLVM IR does not parse: line " +
            std::to_string(diagnostic.getLineNo()) + ": " +
            diagnostic.getMessage().str();
    return std::nullopt;
  }
  std::unique_ptr<TargetMachine> machine = createHostTargetMachine(error);
  if (!machine)
    return std::nullopt;
  module->setTargetTriple(machine->getTargetTriple());
  module->setDataLayout(machine->createDataLayout());
  std::string cpu = machine->getTargetCPU().str();
  std::string features = machine->getTargetFeatureString().str();
  for (Function &function : *module) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", cpu);
    function.addFnAttr("target-features", features);
  }
  optimizeForHost(*module, *machine);

  SmallString<0> object;
  {
    raw_svector_ostream os(object);
    legacy::PassManager codegen;
    if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                     CodeGenFileType::ObjectFile)) {
      error = "the host target machine cannot emit an object file";
      return std::nullopt;
    }
    codegen.run(*module);
  }
  if (!llvmError.empty()) {
    error = "the host target cannot emit the kernel: " + llvmError;
    return std::nullopt;
  }
  return linkHostSharedLibrary(object, error);
}

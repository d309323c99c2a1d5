//===- trident-nvidia-translate.cpp - The nvidia byte stages alone --------===//
//
// Runs the byte-producing stages of the nvidia target on a module that is
// already in the LLVM and NVVM dialects, exactly as `trident compile` runs
// them after its `llir` passes:
//
//   trident-nvidia-translate k.mlir --arch sm_90 --emit llir|ptx|cubin -o F
//
// It exists so that the code generation (translation, NVPTX, ptxas) can be
// tested on small hand-written kernels, independently of the lowering.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Target/CodeGen.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace nv = mlir::triton::nvidia_gpu;

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<input.mlir>"),
                                            llvm::cl::init("-"));
static llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("output"),
                                             llvm::cl::init("-"));
static llvm::cl::opt<std::string> arch("arch",
                                       llvm::cl::desc("e.g. sm_90, sm_90a"),
                                       llvm::cl::init("sm_90"));
static llvm::cl::opt<std::string>
    emit("emit", llvm::cl::desc("llir, ptx or cubin"), llvm::cl::init("ptx"));
static llvm::cl::opt<bool>
    printResources("print-resources",
                   llvm::cl::desc("with --emit cubin, print what ptxas -v "
                                  "reports (registers, shared memory) on "
                                  "stderr"));

static int fail(const std::string &message) {
  llvm::errs() << "trident-nvidia-translate: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "nvidia LLVM dialect -> LLVM IR/PTX/cubin");
  if (emit != "llir" && emit != "ptx" && emit != "cubin")
    return fail("--emit must be llir, ptx or cubin, got '" + emit + "'");
  if (!nv::isKnownArch(arch))
    return fail("unknown architecture '" + arch + "'");

  DialectRegistry registry;
  nv::registerNvidiaTranslations(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFile, &error);
  if (!input)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  std::optional<std::string> result =
      nv::translateToLLVMIR(*module, arch, error);
  if (result && emit != "llir")
    result = nv::compileToPTX(*result, arch, error);
  nv::PtxasResources resources;
  if (result && emit == "cubin")
    result = nv::assembleCubin(*result, arch, error, &resources);
  if (!result)
    return fail(error);
  if (printResources && emit == "cubin")
    llvm::errs() << "registers: " << resources.registers
                 << ", shared bytes: " << resources.sharedBytes
                 << ", spill stores: " << resources.spillStoreBytes
                 << ", spill loads: " << resources.spillLoadBytes << "\n";

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output)
    return fail(error);
  output->os() << *result;
  output->keep();
  return 0;
}

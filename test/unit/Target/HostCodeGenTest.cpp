//===- HostCodeGenTest.cpp - Tests of the host code generator -------------===//
//
// optimizeForHost on x86 CPUs named explicitly, so that the results do not
// depend on the machine that runs the tests: a kernel written for 512-bit
// registers keeps them on an AVX-512 CPU whose LLVM tuning prefers 256-bit
// vectors (Sapphire Rapids), and nothing changes where the CPU has none.
//
//===----------------------------------------------------------------------===//

#include "trident/Target/HostCodeGen.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

/// One row of a matmul microkernel: c += a * b over 16 lanes.
constexpr const char *kMultiplyAdd = R"(
define void @row(ptr %a, ptr %b, ptr %c) {
  %va = load <16 x float>, ptr %a, align 64
  %vb = load <16 x float>, ptr %b, align 64
  %vc = load <16 x float>, ptr %c, align 64
  %m = fmul <16 x float> %va, %vb
  %s = fadd <16 x float> %m, %vc
  store <16 x float> %s, ptr %c, align 64
  ret void
}
)";

class HostCodeGenTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
  }

  void SetUp() override {
    std::string error;
    if (!TargetRegistry::lookupTarget(triple, error))
      GTEST_SKIP() << "this LLVM has no X86 target: " << error;
  }

  /// kMultiplyAdd's function, optimized for the x86-64 CPU `cpu` (kept in
  /// `machine` and `module`), or nullptr.
  Function *optimizeFor(StringRef cpu) {
    std::string error;
    const Target *target = TargetRegistry::lookupTarget(triple, error);
    TargetOptions options;
    options.AllowFPOpFusion = FPOpFusion::Fast;
    machine.reset(target->createTargetMachine(triple, cpu, "", options,
                                              Reloc::PIC_, std::nullopt,
                                              CodeGenOptLevel::Aggressive));
    SMDiagnostic diagnostic;
    module = parseAssemblyString(kMultiplyAdd, diagnostic, context);
    if (!machine || !module) {
      ADD_FAILURE() << "no target machine for " << cpu.str() << " or "
                    << diagnostic.getMessage().str();
      return nullptr;
    }
    module->setTargetTriple(machine->getTargetTriple());
    module->setDataLayout(machine->createDataLayout());
    trident::optimizeForHost(*module, *machine);
    return module->getFunction("row");
  }

  /// The assembly `machine` emits for `module`.
  std::string emitAssembly() {
    SmallString<0> assembly;
    raw_svector_ostream os(assembly);
    legacy::PassManager codegen;
    EXPECT_FALSE(machine->addPassesToEmitFile(codegen, os, nullptr,
                                              CodeGenFileType::AssemblyFile));
    codegen.run(*module);
    return assembly.str().str();
  }

  const Triple triple{"x86_64-unknown-linux-gnu"};
  LLVMContext context;
  std::unique_ptr<TargetMachine> machine;
  std::unique_ptr<Module> module;
};

TEST_F(HostCodeGenTest, AVX512KernelKeepsItsRegistersWhere256BitIsPreferred) {
  Function *row = optimizeFor("sapphirerapids");
  ASSERT_TRUE(row);
  EXPECT_EQ(row->getFnAttribute("prefer-vector-width").getValueAsString(),
            "512");
  EXPECT_EQ(machine->getTargetTransformInfo(*row)
                .getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
                .getFixedValue(),
            512u);
  std::string assembly = emitAssembly();
  EXPECT_NE(assembly.find("vfmadd213ps\t(%rdx), %zmm"), std::string::npos)
      << assembly;
  EXPECT_EQ(assembly.find("ymm"), std::string::npos) << assembly;
}

TEST_F(HostCodeGenTest, AVX2KernelIsLeftToTheCPUsPreference) {
  Function *row = optimizeFor("haswell");
  ASSERT_TRUE(row);
  EXPECT_FALSE(row->hasFnAttribute("prefer-vector-width"));
  std::string assembly = emitAssembly();
  EXPECT_NE(assembly.find("ymm"), std::string::npos) << assembly;
  EXPECT_EQ(assembly.find("zmm"), std::string::npos) << assembly;
}

} // namespace

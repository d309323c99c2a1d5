//===- CodeGen.h - LLVM (NVVM) -> PTX -> cubin ------------------*- C++ -*-===//
//
// The byte-producing half of the nvidia target: the LLVM dialect (with NVVM
// operations) translated to LLVM IR, optimized and compiled to PTX by LLVM's
// NVPTX target in process, then assembled into a cubin by the CUDA
// toolkit's ptxas, found through TRIDENT_PTXAS, CUDA_HOME or PATH.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_TARGET_CODEGEN_H
#define TRIDENT_NVIDIA_TARGET_CODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
}

namespace mlir::triton::nvidia_gpu {

/// Registers what translating the nvidia LLVM dialect needs: the LLVM, NVVM
/// and builtin dialects and their translations to LLVM IR.
void registerNvidiaTranslations(DialectRegistry &registry);

/// Whether `arch` (e.g. "sm_90a") is an architecture LLVM's NVPTX target
/// knows.
bool isKnownArch(llvm::StringRef arch);

/// The PTX ISA version used for `arch` (e.g. 80 for sm_90: PTX 8.0).
unsigned getPtxVersion(llvm::StringRef arch);

/// How LLVM's NVPTX target optimizes and compiles.
struct CodeGenOptions {
  /// A multiply and an add may become one fma, and PTX float arithmetic
  /// carries no rounding suffix so that ptxas may fuse too
  /// (`--opt fp-fusion=on`, upstream Triton's default `enable_fp_fusion`).
  /// Off by default: every operation rounds, and ptxas gave layer norm 64
  /// registers fused against 48 (4% slower on an H100; the other benchmark
  /// kernels ran at the same speed either way).
  bool fuseFloatOps = false;
};

/// Translates the LLVM-dialect `module` into LLVM IR for `arch`: the NVPTX
/// triple and data layout, libdevice linked in when the module calls
/// `__nv_*` functions, and the O3 pipeline run. Returns the IR's text.
std::optional<std::string>
translateToLLVMIR(ModuleOp module, llvm::StringRef arch, std::string &error,
                  const CodeGenOptions &codeGen = {});

/// Compiles LLVM IR text to PTX for `arch` with LLVM's NVPTX target.
std::optional<std::string> compileToPTX(llvm::StringRef llvmIR,
                                        llvm::StringRef arch,
                                        std::string &error,
                                        const CodeGenOptions &codeGen = {});

/// Where ptxas is: $TRIDENT_PTXAS (which must then be an executable), else
/// $CUDA_HOME/bin/ptxas, else `ptxas` on PATH. Fails with a message that
/// says what was looked at.
std::optional<std::string> findPtxas(std::string &error);

/// What ptxas reports about a kernel's resources (`ptxas -v`).
struct PtxasResources {
  int registers = -1;
  int sharedBytes = -1;
  int spillStoreBytes = -1;
  int spillLoadBytes = -1;
};

/// Assembles `ptx` for `arch` with ptxas in a temporary directory; returns
/// the cubin. On failure `error` holds ptxas's own message verbatim.
std::optional<std::string> assembleCubin(llvm::StringRef ptx,
                                         llvm::StringRef arch,
                                         std::string &error,
                                         PtxasResources *resources = nullptr);

/// Parses the resource lines of `ptxas -v` output.
PtxasResources parsePtxasResources(llvm::StringRef output);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_TARGET_CODEGEN_H

//===- HostCodeGen.h - LLVM IR to a host shared library --------*- C++ -*-===//
//
// Code generation for targets that run kernels on the host CPU: the cpu
// target's `obj` stage uses it, and so may any host-like plugin. It lives in
// libTridentHostCodeGen (CMake target Trident::TridentHostCodeGen), apart
// from libTridentCore, because it links lld's ELF driver, in process.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TARGET_HOSTCODEGEN_H
#define TRIDENT_TARGET_HOSTCODEGEN_H

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace trident {

/// A target machine for this CPU (its name and all its features, position
/// independent code, O3 code generation, a * b + c contracted to fused
/// multiply-adds as GPU targets contract them); nullptr with `error` set.
std::unique_ptr<llvm::TargetMachine>
createHostTargetMachine(std::string &error);

/// LLVM's O3 pipeline on `module` for `machine`, then vectors wider than
/// the machine's vector registers split into register-sized pieces in
/// address order: the code generator would issue a wide tile's loads and
/// stores from the top address down, which halves a memory-bound kernel's
/// speed. On AVX-512 CPUs every function is compiled for 512-bit vectors
/// (`prefer-vector-width`, unless it names one), whatever LLVM's tuning for
/// the CPU prefers.
void optimizeForHost(llvm::Module &module, llvm::TargetMachine &machine);

/// `object` (an ELF relocatable object of this host) linked by lld into a
/// shared library, against this process's C, math and GCC support
/// libraries, undefined symbols refused; the library's bytes, or
/// std::nullopt with a one-line `error` (naming an undefined symbol).
std::optional<std::string> linkHostSharedLibrary(llvm::StringRef object,
                                                 std::string &error);

/// All of the above on LLVM IR text: parsed, given this CPU's name and
/// features, optimised, compiled to an object and linked. Errors LLVM
/// reports on the way become `error` (trident::keepLLVMErrors).
std::optional<std::string> compileToHostSharedLibrary(llvm::StringRef llvmIR,
                                                      std::string &error);

} // namespace trident

#endif // TRIDENT_TARGET_HOSTCODEGEN_H

//===- RuntimeEntry.cpp - The standalone runtime library's entry ----------===//
//
// libTridentCpuRuntime.so is the cpu runtime without the compiler: no LLVM,
// no MLIR, only libc, libdl and pthread. It exports the runtime ABI's entry
// so that a program that only launches bundles (the `trident` Python
// package, through the manifest's runtime_library) can load it.
//
//===----------------------------------------------------------------------===//

#include "CpuRuntime.h"

extern "C" __attribute__((visibility("default"))) const TridentRuntimeApi *
trident_runtime_entry(void) {
  return tridentLinalgGetCpuRuntime();
}

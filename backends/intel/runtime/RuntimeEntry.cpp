//===- RuntimeEntry.cpp - The standalone runtime library's entry ----------===//
//
// libTridentIntelRuntime.so is the intel runtime without the compiler: no
// LLVM, no MLIR, only libc, libdl and (opened lazily) libze_loader.so.1. It
// exports the runtime ABI's entry for programs that only launch bundles.
//
//===----------------------------------------------------------------------===//

#include "LevelZeroRuntime.h"

extern "C" __attribute__((visibility("default"))) const TridentRuntimeApi *
trident_runtime_entry(void) {
  return tridentIntelGetLevelZeroRuntime();
}

//===- RuntimeEntry.cpp - The standalone runtime library's entry ----------===//
//
// libTridentNvidiaRuntime.so is the nvidia runtime without the compiler: no
// LLVM, no MLIR, only libc, libdl and (opened lazily) libcuda.so.1. It
// exports the runtime ABI's entry so that programs that only launch bundles
// (trident-run, a program linking libTridentRuntime) can load it.
//
//===----------------------------------------------------------------------===//

#include "CudaRuntime.h"

extern "C" __attribute__((visibility("default"))) const TridentRuntimeApi *
trident_runtime_entry(void) {
  return tridentNvidiaGetCudaRuntime();
}

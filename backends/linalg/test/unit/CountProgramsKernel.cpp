//===- CountProgramsKernel.cpp - A cpu kernel that records its programs ---===//
//
// The kernel the runtime's unit tests launch, built as a shared library in
// the shape the compiler gives a cpu bundle's binary (CpuKernelABI.h):
// `count_programs(int32_t *counts, uint64_t *threads)` adds one to
// counts[p] and stores the calling thread's id in threads[p] for its linear
// program id p (x fastest), so that a test sees which programs ran, how
// often, and on which threads.
//
//===----------------------------------------------------------------------===//

#include "CpuKernelABI.h"

#include <cstdint>
#include <pthread.h>

extern "C" __attribute__((visibility("default"))) void
count_programs_trident_cpu_entry(void *const *args,
                                 const int32_t numPrograms[3],
                                 const int32_t programId[3]) {
  auto *counts = *static_cast<int32_t *const *>(args[0]);
  auto *threads = *static_cast<uint64_t *const *>(args[1]);
  int64_t linear =
      programId[0] +
      int64_t(numPrograms[0]) * (programId[1] + int64_t(numPrograms[1]) *
                                                    programId[2]);
  // Atomic, so that a program run twice at once is counted twice.
  __atomic_fetch_add(&counts[linear], 1, __ATOMIC_RELAXED);
  threads[linear] = uint64_t(pthread_self());
}

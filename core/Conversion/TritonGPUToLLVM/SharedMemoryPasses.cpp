//===- SharedMemoryPasses.cpp - Allocation and barrier passes -------------===//
//
// ttg-allocate-shared-memory and ttg-insert-barriers: thin passes over the
// analyses of trident/Analysis/{Allocation,Membar}.h.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Passes.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Analysis/Membar.h"

#define DEBUG_TYPE "ttg-shared-memory"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUALLOCATESHAREDMEMORY
#define GEN_PASS_DEF_TRITONGPUINSERTBARRIERS
#include "trident/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

struct AllocateSharedMemoryPass
    : public mlir::triton::impl::TritonGPUAllocateSharedMemoryBase<AllocateSharedMemoryPass> {
  void runOnOperation() override { allocateSharedMemory(getOperation()); }
};

struct InsertBarriersPass
    : public mlir::triton::impl::TritonGPUInsertBarriersBase<InsertBarriersPass> {
  void runOnOperation() override { insertBarriers(getOperation()); }
};

} // namespace

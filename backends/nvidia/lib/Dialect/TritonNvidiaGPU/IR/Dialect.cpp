//===- Dialect.cpp - The ttng dialect -------------------------------------===//
//
// The ttng dialect itself and the registration entry point of the nvidia
// plugin's IR: the dialect plus the ttg extension that adds the nvidia
// layouts.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

#include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"

void TritonNvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"
      >();
}

void mlir::triton::nvidia_gpu::registerNvidiaDialects(
    DialectRegistry &registry) {
  registry.insert<TritonNvidiaGPUDialect>();
  registry.addExtension(+[](MLIRContext *, gpu::TritonGPUDialect *ttg) {
    // A conflict (another plugin took a mnemonic) has been reported by
    // registerLayout; nothing else to do.
    (void)registerNvidiaLayoutsInto(ttg);
  });
}

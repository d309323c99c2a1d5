//===- Pipelines.cpp - The trident-ttir pipeline --------------------------===//
//
// The pass order that turns the raw frontend form of a kernel into clean
// TTIR. It lives in C++ (not in a scripting layer) so that trident-opt
// reproduces it exactly: `trident-opt --trident-ttir` or
// `--pass-pipeline='builtin.module(trident-ttir)'`.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::triton::buildTritonTTIRPipeline(OpPassManager &pm) {
  pm.addPass(createInlinerPass());
  // After inlining, so that descriptors made in helper functions meet their
  // uses; before the canonicalizer, which folds the parts it creates.
  pm.addPass(createTritonRewriteTensorDescriptors());
  pm.addPass(createTritonRewriteTensorPointer());
  // Before the canonicalizer and CSE, which clean up what it creates.
  pm.addPass(createTritonDecomposeScaledDot());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<>(
      "trident-ttir",
      "Clean up the raw frontend form of a kernel into optimized TTIR",
      buildTritonTTIRPipeline);
}

//===- Pipelines.cpp - The trident-ttgir pipeline -------------------------===//
//
// Clean TTIR to optimized, vendor-neutral TTGIR. A backend calls
// trident::buildTTGIRPipeline at the start of its own TTGIR stage;
// `trident-opt --trident-ttgir="num-warps=4 ..."` reproduces it.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "trident/Conversion/TritonToTritonGPU/Passes.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void trident::buildTTGIRPipeline(OpPassManager &pm,
                                 const TTGIROptions &options) {
  triton::ConvertTritonToTritonGPUOptions convert;
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = options.threadsPerWarp;
  convert.numCTAs = options.numCTAs;
  convert.target = options.target;
  pm.addPass(triton::createConvertTritonToTritonGPU(convert));
  pm.addPass(triton::gpu::createTritonGPUCoalesce());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());
  if (options.addAccelerateMatmulPasses)
    options.addAccelerateMatmulPasses(pm);
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(triton::gpu::createTritonGPUReduceDataDuplication());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

namespace {
struct TTGIRPipelineOptions : public PassPipelineOptions<TTGIRPipelineOptions> {
  Option<int> numWarps{*this, "num-warps",
                       llvm::cl::desc("number of warps of a CTA"),
                       llvm::cl::init(4)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("number of threads of a warp"),
                             llvm::cl::init(32)};
  Option<int> numCTAs{*this, "num-ctas",
                      llvm::cl::desc("number of CTAs of a CGA"),
                      llvm::cl::init(1)};
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("recorded as ttg.target"),
                             llvm::cl::init("")};
};
} // namespace

void trident::registerTTGIRPipeline() {
  PassPipelineRegistration<TTGIRPipelineOptions>(
      "trident-ttgir", "Convert clean TTIR to optimized vendor-neutral TTGIR",
      [](OpPassManager &pm, const TTGIRPipelineOptions &opts) {
        TTGIROptions options;
        options.numWarps = opts.numWarps;
        options.threadsPerWarp = opts.threadsPerWarp;
        options.numCTAs = opts.numCTAs;
        options.target = opts.target;
        buildTTGIRPipeline(pm, options);
      });
}

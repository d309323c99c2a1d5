//===- Passes.h - Generic TTGIR passes and the trident-ttgir pipeline -*- C++
//-*-===//
//
// The vendor-neutral TTGIR passes, and `trident-ttgir`: the pipeline that
// takes clean TTIR to optimized TTGIR, which every GPU backend starts its
// own pipeline with (a backend adds its matrix-instruction layouts and
// memory pipelining after it).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <functional>
#include <string>

namespace mlir::triton::gpu {

#define GEN_PASS_DECL
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::gpu

namespace trident {

/// The launch shape and target of the `trident-ttgir` pipeline.
struct TTGIROptions {
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numCTAs = 1;
  /// Recorded as `ttg.target`; the core does not interpret it.
  std::string target;
  /// A backend's passes that move dots to its matrix-unit layouts (e.g.
  /// nvidia-accelerate-matmul). Run once the access layouts are chosen and
  /// before the layout clean-up that follows; none by default.
  std::function<void(mlir::OpPassManager &)> addAccelerateMatmulPasses;
};

/// Fills `pm` (on a module) with `trident-ttgir`: convert-triton-to-tritongpu
/// with `options`, coalescing, layout-conversion removal, thread-local
/// reductions and gathers, dot operands through shared memory, and
/// canonicalization and CSE between them.
void buildTTGIRPipeline(mlir::OpPassManager &pm, const TTGIROptions &options);

/// Registers `trident-ttgir` (options num-warps, threads-per-warp, num-ctas,
/// target) as a named pass pipeline.
void registerTTGIRPipeline();

} // namespace trident

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

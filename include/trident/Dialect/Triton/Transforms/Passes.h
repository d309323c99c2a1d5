//===- Passes.h - Generic TTIR passes ---------------------------*- C++ -*-===//

#ifndef TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"

/// Adds the patterns of tt-combine to `patterns`.
void populateTritonCombinePatterns(RewritePatternSet &patterns);

/// Adds the patterns of tt-reorder-broadcast to `patterns`.
void populateReorderBroadcastPatterns(RewritePatternSet &patterns);

/// The rewrite of tt-expand-libdevice: every tt.extern_elementwise in
/// `module` that calls a libdevice function the pass computes becomes arith,
/// math and scf ops, except the calls `keep` accepts (those the target's own
/// library computes better, e.g. an OpenCL built-in of the same meaning).
void expandLibdeviceCalls(ModuleOp module,
                          function_ref<bool(ExternElementwiseOp)> keep = {});

/// Whether tt-expand-libdevice rewrites `op` (a libdevice function it
/// computes, called with the types that function takes).
bool isExpandableLibdeviceCall(ExternElementwiseOp op);

/// Fills `pm` with the `trident-ttir` pipeline: the raw frontend form of a
/// kernel becomes clean TTIR (inlined, block pointers rewritten, combined,
/// canonicalized, loops unrolled).
void buildTritonTTIRPipeline(OpPassManager &pm);

/// Registers `trident-ttir` as a named pass pipeline.
void registerTritonPipelines();

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_TRANSFORMS_PASSES_H

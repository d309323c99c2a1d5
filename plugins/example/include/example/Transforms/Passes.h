//===- Passes.h - The example plugin's passes -------------------*- C++ -*-===//

#ifndef EXAMPLE_TRANSFORMS_PASSES_H
#define EXAMPLE_TRANSFORMS_PASSES_H

#include "example/IR/ExampleDialect.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace example {

#define GEN_PASS_DECL
#include "example/Transforms/Passes.h.inc"

/// Fills `pm` with the example target's `annotated` stage. Registered as the
/// pipeline `example-annotated-stage`, so that
/// `trident-opt --pass-pipeline='builtin.module(example-annotated-stage)'`
/// reproduces the stage exactly.
void buildAnnotatedStage(mlir::OpPassManager &pm);

} // namespace example

#endif // EXAMPLE_TRANSFORMS_PASSES_H

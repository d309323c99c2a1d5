//===- InitAll.h - Register every core dialect and pass ---------*- C++ -*-===//
//
// One place that knows the core's dialects, passes and named pipelines, used
// by trident-opt, the compile driver and the tests.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INITALL_H
#define TRIDENT_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace trident {

/// Adds tt, ttg and the upstream dialects Triton IR uses (arith, math, scf,
/// cf, ub, func, gpu) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every core pass and named pipeline (idempotent).
void registerAllPasses();

} // namespace trident

#endif // TRIDENT_INITALL_H

//===- Dialect.h - The intel plugin's ttg layout ----------------*- C++ -*-===//
//
// #ttg.intel_dpas (IntelDpasEncodingAttr, in mlir::triton::gpu like every
// ttg attribute) and the dialect extension that adds it to ttg.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_DIALECT_TRITONINTELGPU_IR_DIALECT_H
#define TRIDENT_INTEL_DIALECT_TRITONINTELGPU_IR_DIALECT_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#define GET_ATTRDEF_CLASSES
#include "intel/Dialect/TritonIntelGPU/IR/IntelLayouts.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton::intel {

/// Adds a ttg dialect extension that registers `#ttg.intel_dpas` (alias
/// `#dpas`, as upstream's dumps spell it) when ttg is loaded.
void registerIntelLayouts(DialectRegistry &registry);

/// Registers the layout into an already loaded ttg dialect (what the
/// extension does). Fails, having reported why, if another plugin took the
/// mnemonic.
LogicalResult registerIntelLayoutsInto(gpu::TritonGPUDialect *dialect);

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_DIALECT_TRITONINTELGPU_IR_DIALECT_H

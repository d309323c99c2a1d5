//===- Dialect.h - The triton_gen dialect ------------------------*- C++ -*-===//
//
// The intel plugin's TritonGEN dialect (`triton_gen`) and its operations:
// barriers, sub-group block reads/writes, dpas, 2-D block loads, stores and
// prefetches, predicated loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_DIALECT_TRITONGEN_IR_DIALECT_H
#define TRIDENT_INTEL_DIALECT_TRITONGEN_IR_DIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "intel/Dialect/TritonGEN/IR/TritonGENDialect.h.inc"

#define GET_OP_CLASSES
#include "intel/Dialect/TritonGEN/IR/TritonGENOps.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton::TritonGEN {

/// Lanes of the sub-group the 2-D block and dpas operations assume.
constexpr int kSubGroupSize = 16;

/// Adds the triton_gen dialect to `registry`.
void registerTritonGENDialect(DialectRegistry &registry);

} // namespace mlir::triton::TritonGEN

#endif // TRIDENT_INTEL_DIALECT_TRITONGEN_IR_DIALECT_H

//===- Dialect.h - The ttng dialect and the nvidia ttg layouts --*- C++ -*-===//
//
// Everything a user of the nvidia plugin's IR needs: the `ttng` dialect and
// its operations, and the two layouts the plugin adds to `ttg`
// (NvidiaMmaEncodingAttr, `#ttg.nvidia_mma`, and NVMMASharedEncodingAttr,
// `#ttg.nvmma_shared`; as AttrDefs of ttg they live in mlir::triton::gpu).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/IR/Traits.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "nvidia/Dialect/TritonNvidiaGPU/IR/NvidiaLayouts.h.inc"

#include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton::gpu {

/// Checks that a buffer of `shape` (the trailing dimensions the layout
/// describes) can have the layout `layout`: its contiguous dimension holds at
/// least one swizzle row. toLinearLayout stops with a fatal error on a shape
/// that fails this check, so operations verify their buffers with it first.
LogicalResult
verifyNVMMASharedShape(NVMMASharedEncodingAttr layout, ArrayRef<int64_t> shape,
                       function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::triton::gpu

namespace mlir::triton::nvidia_gpu {

/// Adds what the nvidia plugin puts into a context: the ttng dialect, and a
/// ttg dialect extension that registers `#ttg.nvidia_mma` (alias `#mma`) and
/// `#ttg.nvmma_shared` (alias `#shared`) when ttg is loaded.
void registerNvidiaDialects(DialectRegistry &registry);

/// Registers the two layouts into an already loaded ttg dialect (what the
/// extension does). Fails, having reported why, if another plugin took one
/// of the mnemonics.
LogicalResult registerNvidiaLayoutsInto(gpu::TritonGPUDialect *dialect);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

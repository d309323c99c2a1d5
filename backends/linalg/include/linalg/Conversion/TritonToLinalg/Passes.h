//===- Passes.h - Passes of the linalg backend ------------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES_H
#define LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::cpu {

#define GEN_PASS_DECL
#include "linalg/Conversion/TritonToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "linalg/Conversion/TritonToLinalg/Passes.h.inc"

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES_H

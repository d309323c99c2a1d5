//===- ExampleDialect.h - The example dialect -------------------*- C++ -*-===//
//
// The example dialect and its operation (ExampleDialect.td, ExampleOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef EXAMPLE_IR_EXAMPLEDIALECT_H
#define EXAMPLE_IR_EXAMPLEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"

#include "example/IR/ExampleDialect.h.inc"

#define GET_OP_CLASSES
#include "example/IR/ExampleOps.h.inc"

#endif // EXAMPLE_IR_EXAMPLEDIALECT_H

//===- Dialect.cpp - The triton_gen dialect -------------------------------===//
//
// The dialect itself and its registration entry point.
//
//===----------------------------------------------------------------------===//

#include "intel/Dialect/TritonGEN/IR/Dialect.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::triton::TritonGEN;

#include "intel/Dialect/TritonGEN/IR/TritonGENDialect.cpp.inc"

void TritonGENDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "intel/Dialect/TritonGEN/IR/TritonGENOps.cpp.inc"
      >();
}

void mlir::triton::TritonGEN::registerTritonGENDialect(
    DialectRegistry &registry) {
  registry.insert<TritonGENDialect>();
}

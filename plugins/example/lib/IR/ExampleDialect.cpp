//===- ExampleDialect.cpp - The example dialect ---------------------------===//
//
// The dialect's registration of its operation, and the one check ODS cannot
// express: `example.kernel_info` must name a `tt.func` of its module.
//
//===----------------------------------------------------------------------===//

#include "example/IR/ExampleDialect.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace example;

#include "example/IR/ExampleDialect.cpp.inc"

void ExampleDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "example/IR/ExampleOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "example/IR/ExampleOps.cpp.inc"

LogicalResult
KernelInfoOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *symbol =
      symbolTable.lookupNearestSymbolFrom(*this, getKernelAttr());
  if (!symbol)
    return emitOpError() << "'" << getKernelAttr()
                         << "' does not name a symbol of the module";
  if (!isa<triton::FuncOp>(symbol))
    return emitOpError() << "'" << getKernelAttr() << "' names a '"
                         << symbol->getName() << "', not a tt.func";
  return success();
}

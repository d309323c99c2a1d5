//===- Dialect.cpp - The tt dialect ---------------------------------------===//
//
// Dialect registration, constant materialization and the inliner hooks that
// let `tt.call` be inlined.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton;

#include "trident/Dialect/Triton/IR/TritonDialect.cpp.inc"
#include "trident/Dialect/Triton/IR/TritonEnums.cpp.inc"

namespace {
/// Every tt op may be inlined; a `tt.return` becomes a branch to the
/// continuation block, or is replaced by its operands when the callee has a
/// single block.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest,
                         returnOp.getOperands());
    op->erase();
  }

  void handleTerminator(Operation *op,
                        ValueRange valuesToRepl) const final {
    auto returnOp = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, returnOp.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

const TritonLayoutInterface *mlir::triton::getLayoutInterface(
    Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<TritonLayoutInterface>(&encoding.getDialect());
}

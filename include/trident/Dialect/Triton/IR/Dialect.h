//===- Dialect.h - The tt dialect -------------------------------*- C++ -*-===//
//
// Everything a user of the tt dialect needs: the dialect, its types, enums,
// traits, the layout interface encodings implement, and the operations.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITON_IR_DIALECT_H
#define TRIDENT_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "trident/Dialect/Triton/IR/Traits.h"
#include "trident/Dialect/Triton/IR/Types.h"

#include "trident/Dialect/Triton/IR/TritonDialect.h.inc"
#include "trident/Dialect/Triton/IR/TritonEnums.h.inc"

namespace mlir::triton {

/// Memory that tt.load/tt.store and atomics read and write.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// Implemented by a dialect whose attributes are used as tensor encodings
/// (ttg's layouts): the tt verifiers ask it whether an encoding fits a tensor
/// and what the encoding of a shape-changing op's result must be. tt itself
/// knows no encoding, so without this interface encodings are only compared.
class TritonLayoutInterface
    : public DialectInterface::Base<TritonLayoutInterface> {
public:
  TritonLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// Checks that `layout` is valid for `type` in the context of `op`.
  virtual LogicalResult
  verifyTensorLayout(Attribute layout, RankedTensorType type, Operation *op,
                     function_ref<InFlightDiagnostic()> emitError) const = 0;

  /// The encoding of the result of reducing `axis` away.
  virtual FailureOr<Attribute>
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis) const = 0;

  /// The encoding of the result of inserting a unit dimension at `axis`.
  virtual FailureOr<Attribute>
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis) const = 0;

  /// The encoding of tt.join's result when its operands have
  /// `operandEncoding` and `shape`: each thread holds both halves of a pair
  /// in consecutive registers (the new trailing dimension).
  virtual FailureOr<Attribute>
  inferJoinOpEncoding(Attribute operandEncoding,
                      ArrayRef<int64_t> shape) const = 0;

  /// Whether `a` and `b` place the elements of a tensor of `shape` on the
  /// same registers, lanes, warps and CTAs.
  virtual bool areLayoutsEquivalent(ArrayRef<int64_t> shape, Attribute a,
                                    Attribute b) const = 0;

  /// Checks the operand encodings of a tt.dot against its accumulator's
  /// encoding `cEncoding`; `op` is for diagnostics.
  virtual LogicalResult verifyDotOpEncodings(Operation *op, Attribute aEncoding,
                                             Attribute bEncoding,
                                             Attribute cEncoding) const = 0;
};

/// Returns the interface of the dialect that owns `encoding`, if any.
const TritonLayoutInterface *getLayoutInterface(Attribute encoding);

} // namespace mlir::triton

#define GET_OP_CLASSES
#include "trident/Dialect/Triton/IR/TritonOps.h.inc"

#endif // TRIDENT_DIALECT_TRITON_IR_DIALECT_H

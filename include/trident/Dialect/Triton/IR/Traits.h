//===- Traits.h - Operation traits of the tt dialect ------------*- C++ -*-===//
//
// Shape and encoding agreement between the operands and results of tt ops.
// Load/store variants ignore block pointers, whose pointee carries the shape.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITON_IR_TRAITS_H
#define TRIDENT_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {
namespace impl {
/// Upstream Triton's limit on the number of elements in one tensor.
constexpr int64_t kMaxTensorNumElements = 1048576;

LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifyTensorLayouts(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
LogicalResult verifySameLoadStoreOperandsShape(Operation *op);
LogicalResult verifySameLoadStoreOperandsAndResultShape(Operation *op);
} // namespace impl

#define TRIDENT_DEFINE_TRAIT(NAME, CALL)                                       \
  template <typename ConcreteType>                                             \
  class NAME : public TraitBase<ConcreteType, NAME> {                          \
  public:                                                                      \
    static LogicalResult verifyTrait(Operation *op) { return CALL; }           \
  };

TRIDENT_DEFINE_TRAIT(TensorSizeTrait, impl::verifyTensorSize(op))
TRIDENT_DEFINE_TRAIT(VerifyTensorLayoutsTrait, impl::verifyTensorLayouts(op))
TRIDENT_DEFINE_TRAIT(SameOperandsEncoding, impl::verifySameOperandsEncoding(op))
TRIDENT_DEFINE_TRAIT(SameOperandsAndResultEncoding,
                     impl::verifySameOperandsAndResultEncoding(op))
TRIDENT_DEFINE_TRAIT(SameLoadStoreOperandsShape,
                     impl::verifySameLoadStoreOperandsShape(op))
TRIDENT_DEFINE_TRAIT(SameLoadStoreOperandsAndResultShape,
                     impl::verifySameLoadStoreOperandsAndResultShape(op))
TRIDENT_DEFINE_TRAIT(SameLoadStoreOperandsEncoding,
                     impl::verifySameOperandsEncoding(op))
TRIDENT_DEFINE_TRAIT(SameLoadStoreOperandsAndResultEncoding,
                     impl::verifySameOperandsAndResultEncoding(op))

#undef TRIDENT_DEFINE_TRAIT

} // namespace mlir::OpTrait

#endif // TRIDENT_DIALECT_TRITON_IR_TRAITS_H

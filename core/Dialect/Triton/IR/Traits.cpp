//===- Traits.cpp - Operation traits of the tt dialect --------------------===//
//
// Verification of the shape/encoding agreement traits shared by tt ops.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {
/// The ranked tensors among `types`, in order.
SmallVector<RankedTensorType> rankedTensors(TypeRange types) {
  SmallVector<RankedTensorType> tensors;
  for (Type type : types)
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      tensors.push_back(tensor);
  return tensors;
}

LogicalResult verifyEqualEncodings(Operation *op,
                                   ArrayRef<RankedTensorType> tensors,
                                   StringRef what) {
  if (tensors.empty())
    return success();
  Attribute first = tensors.front().getEncoding();
  for (RankedTensorType tensor : tensors.drop_front())
    if (tensor.getEncoding() != first)
      return op->emitOpError() << "requires the same encoding for all " << what
                               << ", but got " << tensors.front() << " and "
                               << tensor;
  return success();
}

LogicalResult verifyEqualShapes(Operation *op,
                                ArrayRef<RankedTensorType> tensors,
                                StringRef what) {
  if (tensors.empty())
    return success();
  ArrayRef<int64_t> first = tensors.front().getShape();
  for (RankedTensorType tensor : tensors.drop_front())
    if (tensor.getShape() != first)
      return op->emitOpError() << "requires the same shape for all " << what
                               << ", but got " << tensors.front() << " and "
                               << tensor;
  return success();
}
} // namespace

LogicalResult OpTrait::impl::verifyTensorSize(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return success();
    int64_t numElements = tensor.getNumElements();
    if (numElements > kMaxTensorNumElements)
      return op->emitOpError()
             << "has a tensor with " << numElements
             << " elements, more than the limit of " << kMaxTensorNumElements
             << ": " << tensor;
    if (!llvm::isPowerOf2_64(numElements))
      return op->emitOpError()
             << "requires tensors with a power-of-two number of elements, "
                "but got "
             << tensor;
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

LogicalResult OpTrait::impl::verifyTensorLayouts(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    const triton::TritonLayoutInterface *layouts =
        triton::getLayoutInterface(tensor.getEncoding());
    if (!layouts)
      return success();
    return layouts->verifyTensorLayout(tensor.getEncoding(), tensor, op,
                                       [&] { return op->emitOpError(); });
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsEncoding(Operation *op) {
  return verifyEqualEncodings(op, rankedTensors(op->getOperandTypes()),
                              "operands");
}

LogicalResult OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op) {
  SmallVector<RankedTensorType> tensors = rankedTensors(op->getOperandTypes());
  llvm::append_range(tensors, rankedTensors(op->getResultTypes()));
  return verifyEqualEncodings(op, tensors, "operands and results");
}

LogicalResult OpTrait::impl::verifySameLoadStoreOperandsShape(Operation *op) {
  return verifyEqualShapes(op, rankedTensors(op->getOperandTypes()),
                           "operands");
}

LogicalResult
OpTrait::impl::verifySameLoadStoreOperandsAndResultShape(Operation *op) {
  SmallVector<RankedTensorType> tensors = rankedTensors(op->getOperandTypes());
  llvm::append_range(tensors, rankedTensors(op->getResultTypes()));
  return verifyEqualShapes(op, tensors, "operands and results");
}

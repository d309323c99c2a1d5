//===- Types.cpp - Types of the tt dialect --------------------------------===//
//
// `!tt.ptr<T[, addrspace]>` parsing and printing (address space 1 is the
// default and is not printed, as upstream), and type helpers.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/Triton/IR/TritonTypes.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
}

static constexpr int kGlobalAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

Type mlir::triton::getTypeWithSameShape(Type type, Type elem) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), elem,
                                 tensor.getEncoding());
  return elem;
}

Type mlir::triton::getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return Type();
    return getTypeWithSameShape(type, ptr.getPointeeType());
  }
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return Type();
}

Type mlir::triton::getI1SameShape(Type type) {
  if (!type)
    return Type();
  return getTypeWithSameShape(type, IntegerType::get(type.getContext(), 1));
}

Type mlir::triton::getPointerTypeSameShape(Type type) {
  if (!type)
    return Type();
  return getTypeWithSameShape(
      type, PointerType::get(getElementTypeOrSelf(type), kGlobalAddressSpace));
}

Type mlir::triton::getBlockPointerBaseType(Type blockPointerType) {
  auto ptr = dyn_cast<PointerType>(blockPointerType);
  if (!ptr)
    return Type();
  auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!tensor)
    return Type();
  return PointerType::get(tensor.getElementType(), ptr.getAddressSpace());
}

bool mlir::triton::isTensorPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

bool mlir::triton::isPointerLike(Type type) {
  return isa<PointerType>(getElementTypeOrSelf(type));
}

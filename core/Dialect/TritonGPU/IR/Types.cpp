//===- Types.cpp - Types of the ttg dialect -------------------------------===//
//
// `!ttg.memdesc<shape x elem, encoding, memorySpace[, mutable][, allocShape]>`
// (upstream Triton 3.6 syntax) and `!ttg.async.token`.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"

static constexpr StringLiteral kMutableKeyword = "mutable";

Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};

  // [, mutable][, allocShape]
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  bool hasAllocShape = false;
  while (succeeded(parser.parseOptionalComma())) {
    if (!mutableMemory && !hasAllocShape &&
        succeeded(parser.parseOptionalKeyword(kMutableKeyword))) {
      mutableMemory = true;
      continue;
    }
    if (hasAllocShape) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected '>' after the allocation shape");
      return {};
    }
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
    hasAllocShape = true;
  }
  if (parser.parseGreater())
    return {};
  if (!hasAllocShape)
    allocShape = shape;
  return parser.getChecked<MemDescType>(loc, parser.getContext(), shape,
                                        elementType, encoding, memorySpace,
                                        mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType() << ", " << getEncoding() << ", "
          << getMemorySpace();
  if (getMutableMemory())
    printer << ", " << kMutableKeyword;
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << '>';
}

LogicalResult mlir::triton::gpu::verifyMemDescLayout(
    Attribute encoding, ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) {
  if (isa<DistributedEncodingTrait>(encoding))
    return emitError() << "a memory descriptor needs a memory layout, not the "
                          "distributed layout "
                       << encoding;
  auto layout = dyn_cast<LayoutEncodingTrait>(encoding);
  // Layouts of other kinds (a plugin's memory layouts) verify themselves.
  if (!layout || !isa<SharedEncodingTrait>(encoding))
    return success();
  if (layout.getRank() > shape.size())
    return emitError() << "the layout has rank " << layout.getRank()
                       << " but the memory descriptor only has rank "
                       << shape.size();
  return success();
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (!elementType)
    return emitError() << "a memory descriptor needs an element type";
  if (!encoding)
    return emitError() << "a memory descriptor needs a layout";
  if (!memorySpace)
    return emitError() << "a memory descriptor needs a memory space";
  if (shape.empty())
    return emitError() << "a memory descriptor must have rank 1 or more";
  if (llvm::any_of(shape, [](int64_t dim) { return dim <= 0; }))
    return emitError() << "memory descriptor dimensions must be positive, got "
                       << shape;
  if (allocShape.size() < shape.size())
    return emitError() << "the allocation shape [" << allocShape
                       << "] has fewer dimensions than the shape [" << shape
                       << "]";
  ArrayRef<int64_t> trailing = allocShape.take_back(shape.size());
  for (auto [dim, alloc] : llvm::zip_equal(shape, trailing)) {
    if (dim > alloc)
      return emitError() << "the shape [" << shape
                         << "] exceeds the allocation shape [" << allocShape
                         << "]";
  }
  return verifyMemDescLayout(encoding, shape, emitError);
}

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"
      >();
}

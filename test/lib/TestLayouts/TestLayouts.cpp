//===- TestLayouts.cpp - Layouts that exercise the ttg registry -----------===//
//
// The parsers, printers, verifiers and linear layouts of `#ttg.test_mma` and
// `#ttg.test_shared`, and the dialect extension that registers them: the
// code a vendor plugin writes for its own layouts.
//
//===----------------------------------------------------------------------===//

#include "TestLayouts/TestLayouts.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

// The generated file also defines a dialect-wide parser and printer for these
// attributes; the ttg dialect dispatches through its registry instead, so
// they are unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "TestLayouts/TestLayouts.cpp.inc"
#pragma GCC diagnostic pop

//===----------------------------------------------------------------------===//
// Parsing helpers
//===----------------------------------------------------------------------===//

/// Parses `<{key = [n, ...], ...}>` with exactly the given keys.
static std::optional<SmallVector<SmallVector<unsigned>>>
parseArrays(AsmParser &parser, ArrayRef<StringRef> keys) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return std::nullopt;
  SmallVector<SmallVector<unsigned>> values;
  for (StringRef key : keys) {
    auto array = dyn_cast_or_null<ArrayAttr>(dict.get(key));
    if (!array) {
      parser.emitError(loc) << "expected an array of integers '" << key << "'";
      return std::nullopt;
    }
    SmallVector<unsigned> &value = values.emplace_back();
    for (Attribute element : array) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || integer.getValue().isNegative()) {
        parser.emitError(loc)
            << "expected non-negative integers in '" << key << "'";
        return std::nullopt;
      }
      value.push_back(static_cast<unsigned>(integer.getInt()));
    }
  }
  if (dict.size() != keys.size()) {
    parser.emitError(loc) << "unexpected key";
    return std::nullopt;
  }
  return values;
}

static void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

//===----------------------------------------------------------------------===//
// #ttg.test_mma
//===----------------------------------------------------------------------===//

Attribute TestMmaEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  auto values = parseArrays(parser, {"warpsPerCTA", "instrShape"});
  if (!values)
    return {};
  return parser.getChecked<TestMmaEncodingAttr>(loc, parser.getContext(),
                                                (*values)[0], (*values)[1]);
}

void TestMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{warpsPerCTA = ";
  printArray(printer, getWarps());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult
TestMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> warps,
                            ArrayRef<unsigned> instrShape) {
  if (warps.size() != 2 || instrShape.size() != 2)
    return emitError() << "#ttg.test_mma is two-dimensional: warpsPerCTA and "
                          "instrShape must have 2 elements";
  if (!llvm::all_of(warps, llvm::isPowerOf2_32))
    return emitError() << "#ttg.test_mma: warpsPerCTA must hold powers of two";
  if (!llvm::isPowerOf2_32(instrShape[0]) ||
      !llvm::isPowerOf2_32(instrShape[1]) || instrShape[0] < 16 ||
      instrShape[1] < 8)
    return emitError() << "#ttg.test_mma: instrShape must be powers of two of "
                          "at least [16, 8], got ["
                       << instrShape << "]";
  return success();
}

unsigned TestMmaEncodingAttr::getRank() const { return getWarps().size(); }

SmallVector<unsigned> TestMmaEncodingAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarps());
}
SmallVector<unsigned> TestMmaEncodingAttr::getThreadsPerWarp() const {
  return {8, 4};
}
SmallVector<unsigned> TestMmaEncodingAttr::getSizePerThread() const {
  return {2, 2};
}

LinearLayout
TestMmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  StringAttr kWarp = StringAttr::get(ctx, "warp");
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, 2);

  // One 16x8 block: lane l holds columns 2 * (l % 4) + {0, 1} of rows l / 4
  // and l / 4 + 8.
  LinearLayout::BasesT bases;
  bases[kRegister] = {{0, 1}, {8, 0}};
  bases[kLane] = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  LinearLayout tile(std::move(bases), dims);
  // The blocks of one instruction, columns first.
  tile *= LinearLayout::identity1D(getInstrShape()[1] / 8, kRegister, dims[1]);
  tile *= LinearLayout::identity1D(getInstrShape()[0] / 16, kRegister, dims[0]);
  LinearLayout warps = identityStandardND(kWarp, getWarps(), {1, 0});
  return combineCtaCgaWithShape(tile * warps, CTALayoutAttr::getDefault(ctx, 2),
                                shape);
}

std::optional<LinearLayout> TestMmaEncodingAttr::toLinearLayoutForOperand(
    ArrayRef<int64_t> shape, unsigned opIdx, unsigned kWidth) const {
  if (shape.size() != 2 || opIdx > 1 || !llvm::isPowerOf2_32(kWidth))
    return std::nullopt;
  MLIRContext *ctx = getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  StringAttr kWarp = StringAttr::get(ctx, "warp");
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, 2);
  unsigned kDim = opIdx == 0 ? 1 : 0;
  unsigned mnDim = 1 - kDim;

  // kWidth consecutive K elements per thread, 4 lanes along K and 8 along
  // M (or N), then a second group of rows 8 further.
  LinearLayout tile = LinearLayout::identity1D(kWidth, kRegister, dims[kDim]) *
                      LinearLayout::identity1D(4, kLane, dims[kDim]) *
                      LinearLayout::identity1D(8, kLane, dims[mnDim]) *
                      LinearLayout::identity1D(2, kRegister, dims[mnDim]);
  // Warps split M (or N) as in the accumulator and hold copies along K.
  LinearLayout warps = LinearLayout::empty();
  for (unsigned dim : {1u, 0u}) {
    if (dim == kDim)
      warps *= LinearLayout::zeros1D(getWarps()[dim], kWarp, dims[dim]);
    else
      warps *= LinearLayout::identity1D(getWarps()[dim], kWarp, dims[dim]);
  }
  return combineCtaCgaWithShape(tile * warps, CTALayoutAttr::getDefault(ctx, 2),
                                shape);
}

LogicalResult TestMmaEncodingAttr::verifyDotOperandEncoding(
    function_ref<InFlightDiagnostic()> emitError, unsigned opIdx,
    unsigned kWidth) const {
  if (!llvm::isPowerOf2_32(kWidth))
    return emitError() << "#ttg.test_mma operands need a power-of-two "
                          "kWidth, got "
                       << kWidth;
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.test_shared
//===----------------------------------------------------------------------===//

Attribute TestSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  auto values = parseArrays(parser, {"order"});
  if (!values)
    return {};
  return parser.getChecked<TestSharedEncodingAttr>(loc, parser.getContext(),
                                                   (*values)[0]);
}

void TestSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{order = ";
  printArray(printer, getDimOrder());
  printer << "}>";
}

LogicalResult
TestSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<unsigned> dimOrder) {
  SmallVector<unsigned> sorted(dimOrder);
  llvm::sort(sorted);
  for (auto [i, dim] : llvm::enumerate(sorted))
    if (dim != i)
      return emitError() << "#ttg.test_shared: order must be a permutation, "
                            "got ["
                         << dimOrder << "]";
  if (dimOrder.empty())
    return emitError() << "#ttg.test_shared: order must not be empty";
  return success();
}

unsigned TestSharedEncodingAttr::getRank() const {
  return getDimOrder().size();
}
int32_t TestSharedEncodingAttr::getAlignment() const { return 128; }
SmallVector<unsigned> TestSharedEncodingAttr::getSharedOrder() const {
  return SmallVector<unsigned>(getDimOrder());
}

LinearLayout
TestSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  SmallVector<unsigned> sizes(shape.begin(), shape.end());
  LinearLayout offsets =
      identityStandardND(StringAttr::get(ctx, "offset"), sizes, getDimOrder());
  return combineCtaCgaWithShape(
      offsets, CTALayoutAttr::getDefault(ctx, shape.size()), shape);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

LogicalResult
mlir::triton::gpu::test::registerTestLayoutsInto(TritonGPUDialect *dialect) {
  if (failed(dialect->registerLayout<TestMmaEncodingAttr>()) ||
      failed(dialect->registerLayout<TestSharedEncodingAttr>("tshared")))
    return failure();
  return success();
}

void mlir::triton::gpu::test::registerTestLayouts(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, TritonGPUDialect *dialect) {
    // A conflict has been reported by registerLayout; nothing else to do.
    (void)registerTestLayoutsInto(dialect);
  });
}

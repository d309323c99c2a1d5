//===- NvidiaLayouts.cpp - #ttg.nvidia_mma and #ttg.nvmma_shared ----------===//
//
// The parsers, printers, verifiers, interface methods and linear layouts of
// the two NVIDIA layouts, and their registration into the ttg dialect. The
// linear layouts follow upstream Triton 3.6 exactly (same bases in the same
// order), since lowering code relies on the register order:
//
//   nvidia_mma:   (register, lane, warp, block) -> (dim0, dim1[, dim2])
//   nvmma_shared: (offset, block)               -> (dim0, dim1, ...)
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

// The generated file also defines a dialect-wide parser and printer for these
// attributes; the ttg dialect dispatches through its layout registry instead,
// so they are unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "nvidia/Dialect/TritonNvidiaGPU/IR/NvidiaLayouts.cpp.inc"
#pragma GCC diagnostic pop

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static StringAttr named(MLIRContext *ctx, StringRef name) {
  return StringAttr::get(ctx, name);
}

/// [rank - 1, ..., 1, 0] (row-major) or, when `rowMajor` is false, the same
/// with the two minor dimensions swapped (the matrices of the batch are
/// column-major).
static SmallVector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order = getDefaultOrder(rank);
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

static void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// Prints the CTA-layout keys unless the layout is the single-CTA default.
static void printCTALayoutKeys(AsmPrinter &printer, CTALayoutAttr layout) {
  if (layout.isDefault())
    return;
  printer << ", CTAsPerCGA = ";
  printArray(printer, layout.getCTAsPerCGA());
  printer << ", CTASplitNum = ";
  printArray(printer, layout.getCTASplitNum());
  printer << ", CTAOrder = ";
  printArray(printer, layout.getCTAOrder());
}

namespace {
/// Reads the `<{key = value, ...}>` dictionary of a layout, reporting bad
/// values at the start of the layout.
class LayoutKeys {
public:
  LayoutKeys(AsmParser &parser, StringRef layoutName)
      : parser(parser), layoutName(layoutName) {}

  ParseResult parse() {
    loc = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseAttribute(dict) ||
        parser.parseGreater())
      return failure();
    return success();
  }

  DictionaryAttr getDict() const { return dict; }
  SMLoc getLoc() const { return loc; }

  InFlightDiagnostic error() {
    return parser.emitError(loc) << "#ttg." << layoutName << ": ";
  }

  FailureOr<unsigned> readUnsigned(const NamedAttribute &entry) {
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (!value || value.getValue().isNegative() ||
        value.getValue().getActiveBits() > 32)
      return error() << "'" << entry.getName().getValue()
                     << "' must be a non-negative integer";
    return static_cast<unsigned>(value.getInt());
  }

  FailureOr<bool> readBool(const NamedAttribute &entry) {
    auto value = dyn_cast<BoolAttr>(entry.getValue());
    if (!value)
      return error() << "'" << entry.getName().getValue()
                     << "' must be true or false";
    return value.getValue();
  }

  FailureOr<SmallVector<unsigned>> readArray(const NamedAttribute &entry) {
    auto array = dyn_cast<ArrayAttr>(entry.getValue());
    SmallVector<unsigned> values;
    if (!array)
      return error() << "'" << entry.getName().getValue()
                     << "' must be an array of non-negative integers";
    for (Attribute element : array) {
      auto value = dyn_cast<IntegerAttr>(element);
      if (!value || value.getValue().isNegative() ||
          value.getValue().getActiveBits() > 32)
        return error() << "'" << entry.getName().getValue()
                       << "' must be an array of non-negative integers";
      values.push_back(static_cast<unsigned>(value.getInt()));
    }
    return values;
  }

  /// Reads `entry` if it is one of the CTA-layout keys; false if it is not.
  FailureOr<bool> readCTAKey(const NamedAttribute &entry) {
    // Upstream Triton 3.6's spelling: the bases of the CGA's linear layout,
    // read once the layout's rank is known.
    if (entry.getName() == "CGALayout") {
      cgaLayout = entry.getValue();
      return true;
    }
    std::optional<SmallVector<unsigned>> *slot =
        llvm::StringSwitch<std::optional<SmallVector<unsigned>> *>(
            entry.getName().getValue())
            .Case("CTAsPerCGA", &ctasPerCGA)
            .Case("CTASplitNum", &ctaSplitNum)
            .Case("CTAOrder", &ctaOrder)
            .Default(nullptr);
    if (!slot)
      return false;
    FailureOr<SmallVector<unsigned>> values = readArray(entry);
    if (failed(values))
      return failure();
    *slot = std::move(*values);
    return true;
  }

  /// The rank the CTA-layout keys give, if they were present.
  std::optional<unsigned> getCTARank() const {
    if (ctasPerCGA)
      return ctasPerCGA->size();
    // A non-empty CGALayout's bases have one value per dimension.
    if (auto bases = dyn_cast_or_null<ArrayAttr>(cgaLayout))
      if (!bases.empty())
        if (auto basis = dyn_cast<ArrayAttr>(bases[0]))
          return basis.size();
    return std::nullopt;
  }

  /// The CTA layout the keys describe (all three or none), of `rank`.
  FailureOr<CTALayoutAttr> getCTALayout(unsigned rank) {
    MLIRContext *ctx = parser.getContext();
    if (cgaLayout) {
      if (ctasPerCGA || ctaSplitNum || ctaOrder)
        return error() << "'CGALayout' and CTAsPerCGA, CTASplitNum and "
                          "CTAOrder cannot be given together";
      return parseCGALayout(ctx, cgaLayout, rank, [&] { return error(); });
    }
    if (!ctasPerCGA && !ctaSplitNum && !ctaOrder)
      return CTALayoutAttr::getDefault(ctx, rank);
    if (!ctasPerCGA || !ctaSplitNum || !ctaOrder)
      return error()
             << "CTAsPerCGA, CTASplitNum and CTAOrder must be given together";
    if (ctasPerCGA->size() != rank || ctaSplitNum->size() != rank ||
        ctaOrder->size() != rank)
      return error() << "CTAsPerCGA, CTASplitNum and CTAOrder must have the "
                        "rank of the layout ("
                     << rank << ")";
    if (failed(CTALayoutAttr::verify([&] { return error(); }, *ctasPerCGA,
                                     *ctaSplitNum, *ctaOrder)))
      return failure();
    return CTALayoutAttr::get(ctx, *ctasPerCGA, *ctaSplitNum, *ctaOrder);
  }

  InFlightDiagnostic unexpectedKey(const NamedAttribute &entry) {
    return error() << "unexpected key '" << entry.getName().getValue() << "'";
  }
  InFlightDiagnostic missingKey(StringRef key) {
    return error() << "missing key '" << key << "'";
  }

private:
  AsmParser &parser;
  StringRef layoutName;
  SMLoc loc;
  DictionaryAttr dict;
  std::optional<SmallVector<unsigned>> ctasPerCGA, ctaSplitNum, ctaOrder;
  Attribute cgaLayout;
};
} // namespace

/// `values` with dimension `dim` of a CTA-layout vector set to one.
static SmallVector<unsigned> withOne(ArrayRef<unsigned> values, unsigned dim) {
  SmallVector<unsigned> result(values);
  if (dim < result.size())
    result[dim] = 1;
  return result;
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma: assembly and verification
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutKeys keys(parser, getMnemonic());
  if (failed(keys.parse()))
    return {};
  std::optional<unsigned> versionMajor;
  unsigned versionMinor = 0;
  std::optional<SmallVector<unsigned>> warps, instrShape;
  for (const NamedAttribute &entry : keys.getDict()) {
    StringRef key = entry.getName().getValue();
    FailureOr<bool> isCTAKey = keys.readCTAKey(entry);
    if (failed(isCTAKey))
      return {};
    if (*isCTAKey)
      continue;
    if (key == "versionMajor" || key == "versionMinor") {
      FailureOr<unsigned> value = keys.readUnsigned(entry);
      if (failed(value))
        return {};
      if (key == "versionMajor")
        versionMajor = *value;
      else
        versionMinor = *value;
    } else if (key == "warpsPerCTA" || key == "instrShape") {
      FailureOr<SmallVector<unsigned>> value = keys.readArray(entry);
      if (failed(value))
        return {};
      if (key == "warpsPerCTA")
        warps = std::move(*value);
      else
        instrShape = std::move(*value);
    } else {
      keys.unexpectedKey(entry);
      return {};
    }
  }
  if (!versionMajor) {
    keys.missingKey("versionMajor");
    return {};
  }
  if (!warps) {
    keys.missingKey("warpsPerCTA");
    return {};
  }
  if (!instrShape) {
    keys.missingKey("instrShape");
    return {};
  }
  FailureOr<CTALayoutAttr> ctaLayout = keys.getCTALayout(warps->size());
  if (failed(ctaLayout))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      keys.getLoc(), parser.getContext(), *versionMajor, versionMinor, *warps,
      *ctaLayout, *instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printArray(printer, getWarps());
  printCTALayoutKeys(printer, getCTALayout());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult
NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned versionMajor, unsigned versionMinor,
                              ArrayRef<unsigned> warps, CTALayoutAttr ctaLayout,
                              ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "#ttg.nvidia_mma: versionMajor must be 2 (mma.sync) "
                          "or 3 (wgmma), got "
                       << versionMajor;
  unsigned rank = warps.size();
  if (!llvm::all_of(warps, llvm::isPowerOf2_32))
    return emitError()
           << "#ttg.nvidia_mma: warpsPerCTA must hold powers of two, got ["
           << warps << "]";
  if (!ctaLayout || ctaLayout.getRank() != rank)
    return emitError() << "#ttg.nvidia_mma: the CTA layout must have the rank "
                          "of warpsPerCTA ("
                       << rank << ")";
  if (versionMajor == 2) {
    if (rank != 2 && rank != 3)
      return emitError() << "#ttg.nvidia_mma version 2 has rank 2 or 3 (with "
                            "a batch dimension), got rank "
                         << rank;
    bool shapeOk = instrShape.size() == rank &&
                   instrShape.take_back(2) == ArrayRef<unsigned>{16, 8} &&
                   (rank == 2 || instrShape[0] == 1);
    if (!shapeOk)
      return emitError() << "#ttg.nvidia_mma version 2: instrShape must be "
                            "[16, 8] (or [1, 16, 8] with a batch dimension), "
                            "got ["
                         << instrShape << "]";
    return success();
  }
  if (rank != 2)
    return emitError() << "#ttg.nvidia_mma version 3 has rank 2, got rank "
                       << rank;
  if (instrShape.size() != 3 || instrShape[0] != 16 ||
      !llvm::isPowerOf2_32(instrShape[1]) || instrShape[1] < 8 ||
      instrShape[1] > 256 || !llvm::is_contained({8u, 16u, 32u}, instrShape[2]))
    return emitError() << "#ttg.nvidia_mma version 3: instrShape must be "
                          "[16, N, K] with N a power of two from 8 to 256 and "
                          "K 8, 16 or 32, got ["
                       << instrShape << "]";
  if (warps[0] % 4 != 0)
    return emitError() << "#ttg.nvidia_mma version 3: warpsPerCTA[0] must be "
                          "a multiple of 4 (a warp group), got "
                       << warps[0];
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma: interfaces
//===----------------------------------------------------------------------===//

unsigned NvidiaMmaEncodingAttr::getRank() const { return getWarps().size(); }

SmallVector<unsigned> NvidiaMmaEncodingAttr::getRepOrder() const {
  return getMatrixOrder(getRank(), /*rowMajor=*/true);
}
SmallVector<unsigned> NvidiaMmaEncodingAttr::getWarpOrder() const {
  // The warps of a warp group stack along M.
  return getMatrixOrder(getRank(), /*rowMajor=*/!isHopper());
}
SmallVector<unsigned> NvidiaMmaEncodingAttr::getThreadOrder() const {
  return getMatrixOrder(getRank(), /*rowMajor=*/true);
}

SmallVector<unsigned> NvidiaMmaEncodingAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarps());
}
SmallVector<unsigned> NvidiaMmaEncodingAttr::getThreadsPerWarp() const {
  SmallVector<unsigned> threads(getRank(), 1);
  threads[getRank() - 2] = 8;
  threads[getRank() - 1] = 4;
  return threads;
}
SmallVector<unsigned> NvidiaMmaEncodingAttr::getSizePerThread() const {
  SmallVector<unsigned> size(getRank(), 1);
  size[getRank() - 2] = 2;
  size[getRank() - 1] = isHopper() ? getInstrShape()[1] / 4 : 2;
  return size;
}

SmallVector<unsigned>
NvidiaMmaEncodingAttr::getRepOrderForOperand(unsigned opIdx) const {
  return getOrderForDotOperand(opIdx, getRank(), /*kContig=*/true);
}

LogicalResult NvidiaMmaEncodingAttr::verifyDotOperandEncoding(
    function_ref<InFlightDiagnostic()> emitError, unsigned opIdx,
    unsigned kWidth) const {
  if (kWidth == 0)
    return emitError() << "a dot operand of #ttg.nvidia_mma needs kWidth "
                          "(the K elements a thread holds)";
  if (!llvm::isPowerOf2_32(kWidth) || kWidth > 16)
    return emitError() << "a dot operand of #ttg.nvidia_mma needs a "
                          "power-of-two kWidth of at most 16, got "
                       << kWidth;
  if (isHopper() && opIdx != 0)
    return emitError() << "a dot operand of #ttg.nvidia_mma version 3 must "
                          "have opIdx 0: wgmma reads only A from registers";
  return success();
}

/// The register and lane part of a tensor-core tile of `tileShape` with
/// `kWidth` consecutive elements per thread along `order[0]`: kWidth
/// registers and 4 lanes along the inner dimension, 8 lanes along the outer
/// one, then registers repeat the 8 x (4 * kWidth) block along the outer
/// dimension, then along the inner one. Its output dims are in `repOrder`.
static LinearLayout nvidiaMmaTile(MLIRContext *ctx,
                                  ArrayRef<unsigned> tileShape, unsigned kWidth,
                                  ArrayRef<unsigned> order,
                                  ArrayRef<unsigned> repOrder) {
  StringAttr kRegister = named(ctx, "register");
  StringAttr kLane = named(ctx, "lane");
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, repOrder.size());
  // An empty register layout whose output dims follow repOrder: the order in
  // which combineCtaCgaWithShape repeats the tile over the tensor.
  LinearLayout tile = identityStandardND(
      kRegister, SmallVector<unsigned>(repOrder.size(), 1), repOrder);
  unsigned inner = order[0];
  unsigned outer = order[1];
  unsigned m = tileShape[outer];
  unsigned n = tileShape[inner];
  tile *= LinearLayout::identity1D(kWidth, kRegister, dims[inner]);
  tile *= LinearLayout::identity1D(4, kLane, dims[inner]);
  tile *= LinearLayout::identity1D(8, kLane, dims[outer]);
  tile *= LinearLayout::identity1D(m / 8, kRegister, dims[outer]);
  tile *= LinearLayout::identity1D(n / (kWidth * 4), kRegister, dims[inner]);
  return tile;
}

/// The warps of `warpsPerCTA` in `order`, holding copies along `kDim`.
static LinearLayout broadcastedWarps(MLIRContext *ctx,
                                     ArrayRef<unsigned> warpsPerCTA,
                                     ArrayRef<unsigned> order, unsigned kDim) {
  StringAttr kWarp = named(ctx, "warp");
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, warpsPerCTA.size());
  LinearLayout warps = LinearLayout::empty();
  for (unsigned dim : order) {
    if (dim == kDim)
      warps *= LinearLayout::zeros1D(warpsPerCTA[dim], kWarp, dims[dim]);
    else
      warps *= LinearLayout::identity1D(warpsPerCTA[dim], kWarp, dims[dim]);
  }
  return warps;
}

LinearLayout
NvidiaMmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  unsigned rank = getRank();
  // The tile of one instruction: M x N (without K for wgmma).
  SmallVector<unsigned> tileShape(getInstrShape().take_front(rank));
  // The accumulator holds two consecutive columns per thread.
  constexpr unsigned kWidth = 2;
  LinearLayout layout =
      nvidiaMmaTile(ctx, tileShape, kWidth,
                    getMatrixOrder(rank, /*rowMajor=*/true), getRepOrder());
  SmallVector<StringAttr> outDims(layout.getOutDimNames());
  layout *= identityStandardND(named(ctx, "warp"), getWarps(), getWarpOrder())
                .transposeOuts(outDims);
  return combineCtaCgaWithShape(std::move(layout), getCTALayout(), shape);
}

std::optional<LinearLayout> NvidiaMmaEncodingAttr::toLinearLayoutForOperand(
    ArrayRef<int64_t> shape, unsigned opIdx, unsigned kWidth) const {
  unsigned rank = getRank();
  if (shape.size() != rank || opIdx > 1 || kWidth == 0 ||
      !llvm::isPowerOf2_32(kWidth) || kWidth > 16 || (isHopper() && opIdx != 0))
    return std::nullopt;
  MLIRContext *ctx = getContext();
  bool isA = opIdx == 0;
  unsigned kDim = isA ? rank - 1 : rank - 2;

  // A is read 16 x (8 * kWidth) at a time, B (8 * kWidth) x 8; K is the
  // fastest dimension of the registers of both.
  SmallVector<unsigned> tileShape(rank, 1);
  tileShape[rank - 2] = isA ? 16 : 8 * kWidth;
  tileShape[rank - 1] = isA ? 8 * kWidth : 8;
  SmallVector<unsigned> order =
      getOrderForDotOperand(opIdx, rank, /*kContig=*/true);
  LinearLayout layout = nvidiaMmaTile(ctx, tileShape, kWidth, order,
                                      getRepOrderForOperand(opIdx));
  SmallVector<StringAttr> outDims(layout.getOutDimNames());
  layout *= broadcastedWarps(ctx, getWarps(), getWarpOrder(), kDim)
                .transposeOuts(outDims);

  // The operand is not split over the CTAs along K.
  CTALayoutAttr cta = getCTALayout();
  CTALayoutAttr operandCTA = CTALayoutAttr::get(
      ctx, cta.getCTAsPerCGA(), withOne(cta.getCTASplitNum(), kDim),
      cta.getCTAOrder());
  return combineCtaCgaWithShape(std::move(layout), operandCTA, shape);
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared: assembly and verification
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutKeys keys(parser, getMnemonic());
  if (failed(keys.parse()))
    return {};
  std::optional<unsigned> swizzlingByteWidth, elementBitWidth, rank;
  bool transposed = false;
  bool fp4Padded = false;
  for (const NamedAttribute &entry : keys.getDict()) {
    StringRef key = entry.getName().getValue();
    FailureOr<bool> isCTAKey = keys.readCTAKey(entry);
    if (failed(isCTAKey))
      return {};
    if (*isCTAKey)
      continue;
    if (key == "swizzlingByteWidth" || key == "elementBitWidth" ||
        key == "rank") {
      FailureOr<unsigned> value = keys.readUnsigned(entry);
      if (failed(value))
        return {};
      if (key == "rank")
        rank = *value;
      else if (key == "elementBitWidth")
        elementBitWidth = *value;
      else
        swizzlingByteWidth = *value;
    } else if (key == "transposed" || key == "fp4Padded") {
      FailureOr<bool> value = keys.readBool(entry);
      if (failed(value))
        return {};
      if (key == "transposed")
        transposed = *value;
      else
        fp4Padded = *value;
    } else {
      keys.unexpectedKey(entry);
      return {};
    }
  }
  if (!swizzlingByteWidth) {
    keys.missingKey("swizzlingByteWidth");
    return {};
  }
  // Upstream's parser does not require elementBitWidth (it leaves the
  // width unset), so IR written by hand for it may omit the key; take 16
  // bits, the fp16/bf16 operands these buffers hold most often.
  if (!elementBitWidth)
    elementBitWidth = 16;
  std::optional<unsigned> ctaRank = keys.getCTARank();
  if (rank && ctaRank && *rank != *ctaRank) {
    keys.error() << "'rank' is " << *rank
                 << " but the CTA-layout keys have rank " << *ctaRank;
    return {};
  }
  if (rank && *rank == 0) {
    keys.error() << "'rank' must be positive";
    return {};
  }
  FailureOr<CTALayoutAttr> ctaLayout = keys.getCTALayout(rank      ? *rank
                                                         : ctaRank ? *ctaRank
                                                                   : 2);
  if (failed(ctaLayout))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      keys.getLoc(), parser.getContext(), *swizzlingByteWidth, transposed,
      *elementBitWidth, fp4Padded, *ctaLayout);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  CTALayoutAttr cta = getCTALayout();
  if (cta.isDefault() && cta.getRank() != 2)
    printer << ", rank = " << cta.getRank();
  printCTALayoutKeys(printer, cta);
  printer << "}>";
}

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzlingByteWidth, bool transposed,
                                unsigned elementBitWidth, bool fp4Padded,
                                CTALayoutAttr ctaLayout) {
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzlingByteWidth))
    return emitError() << "#ttg.nvmma_shared: swizzlingByteWidth must be 0, "
                          "32, 64 or 128, got "
                       << swizzlingByteWidth;
  if (!llvm::isPowerOf2_32(elementBitWidth) || elementBitWidth < 4 ||
      elementBitWidth > 64)
    return emitError() << "#ttg.nvmma_shared: elementBitWidth must be a power "
                          "of two from 4 to 64, got "
                       << elementBitWidth;
  if (fp4Padded && (swizzlingByteWidth != 128 || elementBitWidth != 8))
    return emitError() << "#ttg.nvmma_shared: fp4Padded needs "
                          "swizzlingByteWidth = 128 and elementBitWidth = 8";
  if (!ctaLayout || ctaLayout.getRank() == 0)
    return emitError() << "#ttg.nvmma_shared: the layout needs a rank";
  if (swizzlingByteWidth != 0 && ctaLayout.getRank() < 2)
    return emitError() << "#ttg.nvmma_shared: a swizzled layout needs rank 2 "
                          "or more, got rank "
                       << ctaLayout.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared: interfaces
//===----------------------------------------------------------------------===//

int NVMMASharedEncodingAttr::getVec() const {
  return getSwizzlingByteWidth() == 0 ? 1 : 128 / getElementBitWidth();
}
int NVMMASharedEncodingAttr::getPerPhase() const {
  return getSwizzlingByteWidth() == 0 ? 1 : 128 / getSwizzlingByteWidth();
}
int NVMMASharedEncodingAttr::getMaxPhase() const {
  return getSwizzlingByteWidth() == 0 ? 1 : getSwizzlingByteWidth() / 16;
}

unsigned NVMMASharedEncodingAttr::getRank() const {
  return getCTALayout().getRank();
}

int32_t NVMMASharedEncodingAttr::getAlignment() const {
  // One whole swizzle pattern: 8 rows of 128 bytes at the widest.
  return 128 * getMaxPhase();
}
SmallVector<unsigned> NVMMASharedEncodingAttr::getSharedOrder() const {
  return getMatrixOrder(getRank(), /*rowMajor=*/!getTransposed());
}

namespace {
/// The TMA block and swizzle geometry of an nvmma_shared buffer.
struct NVMMAGeometry {
  SmallVector<int64_t> shapePerCTA;
  /// The shape of one TMA block (at most 256 per dimension, one swizzle row
  /// along the contiguous dimension), in elements of the buffer.
  SmallVector<int64_t> tmaShape;
  /// The TMA block collapsed to 2D: rows (strided) x columns (contiguous).
  int64_t rows = 0;
  int64_t cols = 0;
  /// The swizzle tile (core matrix): 8 rows of `tileCols` elements.
  int64_t tileCols = 0;
};
} // namespace

/// Works out the TMA blocks of a buffer of `shape`, or says why the buffer
/// is too small for the layout.
static FailureOr<NVMMAGeometry> getGeometry(NVMMASharedEncodingAttr layout,
                                            ArrayRef<int64_t> shape,
                                            std::string &why) {
  NVMMAGeometry geo;
  unsigned rank = shape.size();
  for (auto [size, split] : llvm::zip_equal(shape, layout.getCTASplitNum()))
    geo.shapePerCTA.push_back(std::max<int64_t>(1, size / split));

  geo.tmaShape = geo.shapePerCTA;
  unsigned contigDim = layout.getTransposed() ? 0 : rank - 1;
  bool padded = layout.getFp4Padded();
  if (padded)
    geo.tmaShape[contigDim] *= 2;
  for (int64_t &size : geo.tmaShape)
    size = std::min<int64_t>(size, 256);
  unsigned swizzle = layout.getSwizzlingByteWidth();
  if (swizzle != 0) {
    int64_t rowElems = 8 * swizzle / layout.getElementBitWidth();
    if (geo.tmaShape[contigDim] < rowElems) {
      why = ("the contiguous dimension must hold at least one " +
             Twine(swizzle) + "-byte swizzle row (" + Twine(rowElems) +
             " elements of " + Twine(layout.getElementBitWidth()) +
             " bits), got " + Twine(geo.shapePerCTA[contigDim]))
                .str();
      return failure();
    }
    geo.tmaShape[contigDim] = rowElems;
  }
  if (padded)
    geo.tmaShape[contigDim] /= 2;
  if (swizzle == 0)
    return geo;

  geo.rows = 1;
  for (unsigned i = 0; i + 1 < rank; ++i)
    geo.rows *= geo.tmaShape[i];
  geo.cols = geo.tmaShape.back();
  if (layout.getTransposed())
    std::swap(geo.rows, geo.cols);
  geo.tileCols = 8 * std::max(16u, swizzle) / layout.getElementBitWidth();
  int64_t packing = padded ? 2 : 1;
  if (geo.cols * packing < geo.tileCols || geo.rows < 8) {
    why =
        ("a TMA block must hold at least 8 x " + Twine(geo.tileCols / packing) +
         " elements, got " + Twine(geo.rows) + " x " + Twine(geo.cols))
            .str();
    return failure();
  }
  return geo;
}

LogicalResult mlir::triton::gpu::verifyNVMMASharedShape(
    NVMMASharedEncodingAttr layout, ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) {
  if (shape.size() != layout.getRank())
    return emitError() << "#ttg.nvmma_shared of rank " << layout.getRank()
                       << " cannot describe a buffer of rank " << shape.size();
  std::string why;
  if (failed(getGeometry(layout, shape, why)))
    return emitError() << "a buffer of shape [" << shape << "] cannot have "
                       << "layout " << Attribute(layout) << ": " << why;
  return success();
}

/// The swizzle tile: 8 rows of `tileCols` elements; the 16-byte chunks of
/// row r are permuted by r / perPhase % maxPhase. With fp4Padded, every 16
/// offsets hold 8 elements and 8 padding bytes that alias the real ones.
static LinearLayout coreMatrixLayout(NVMMASharedEncodingAttr layout,
                                     int64_t tileCols) {
  MLIRContext *ctx = layout.getContext();
  int vec = layout.getVec();
  int perPhase = layout.getPerPhase();
  int maxPhase = layout.getMaxPhase();
  bool padded = layout.getFp4Padded();
  auto packed = [&](int32_t col) {
    return padded ? col / 16 * 8 + col % 8 : col;
  };
  std::vector<std::vector<int32_t>> bases;
  for (int32_t col = 1; col < tileCols; col *= 2)
    bases.push_back({0, packed(col)});
  for (int32_t row = 1; row < 8; row *= 2)
    bases.push_back({row, packed(vec * ((row / perPhase) % maxPhase))});
  LinearLayout::BasesT map;
  map[named(ctx, "offset")] = std::move(bases);
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, 2);
  int32_t cols = static_cast<int32_t>(padded ? tileCols / 2 : tileCols);
  return LinearLayout(std::move(map), {{dims[0], 8}, {dims[1], cols}},
                      /*requireSurjective=*/false);
}

/// Repeats `layout` (over its offsets) until each dim reaches `shape`.
static LinearLayout repeatTo(const LinearLayout &layout,
                             ArrayRef<StringAttr> dims,
                             ArrayRef<int64_t> shape) {
  llvm::SmallDenseMap<StringAttr, int64_t> sizes;
  for (auto [dim, size] : llvm::zip_equal(dims, shape))
    sizes[dim] = size;
  return ensureLayoutNotSmallerThan(layout, sizes);
}

LinearLayout
NVMMASharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  StringAttr kOffset = named(ctx, "offset");
  unsigned rank = shape.size();
  std::string why;
  FailureOr<NVMMAGeometry> geo = getGeometry(*this, shape, why);
  if (failed(geo)) {
    // Operations verify their buffers with verifyNVMMASharedShape first.
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "a buffer of shape [";
    llvm::interleaveComma(shape, os);
    os << "] cannot have layout " << Attribute(*this) << ": " << why;
    llvm::reportFatalUsageError(Twine(message));
  }
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, rank);

  if (getSwizzlingByteWidth() == 0) {
    // Unswizzled: TMA blocks in row-major order, then the blocks.
    LinearLayout layout = LinearLayout::identity1D(
        static_cast<int32_t>(geo->tmaShape[rank - 1]), kOffset, dims[rank - 1]);
    for (int i = static_cast<int>(rank) - 2; i >= 0; --i)
      layout *= LinearLayout::identity1D(static_cast<int32_t>(geo->tmaShape[i]),
                                         kOffset, dims[i]);
    layout = repeatTo(layout, dims, geo->shapePerCTA);
    return combineCtaCgaWithShape(std::move(layout), getCTALayout(), shape);
  }

  // The swizzle tile repeated over the collapsed TMA block, rows first.
  SmallVector<StringAttr> dims2D = standardOutDimNames(ctx, 2);
  LinearLayout block = repeatTo(coreMatrixLayout(*this, geo->tileCols), dims2D,
                                {geo->rows, geo->cols});

  // Back to the N-d block (row-major), with the contiguous dimension moved
  // to the end first when transposed.
  SmallVector<int64_t> blockShape;
  for (unsigned i = 0; i < rank; ++i)
    blockShape.push_back(geo->tmaShape[getTransposed() ? (i + 1) % rank : i]);
  SmallVector<StringAttr> reversed2D(llvm::reverse(dims2D));
  SmallVector<std::pair<StringAttr, int32_t>> reversedND;
  for (int i = static_cast<int>(rank) - 1; i >= 0; --i)
    reversedND.emplace_back(dims[i], static_cast<int32_t>(blockShape[i]));
  LinearLayout layout = block.transposeOuts(reversed2D)
                            .reshapeOuts(reversedND)
                            .transposeOuts(dims);
  if (getTransposed()) {
    // Output dim i of the transposed layout is dim order[i] of the block,
    // with order = [rank - 1, 0, 1, ..., rank - 2].
    SmallVector<unsigned> order = {rank - 1};
    for (unsigned i = 0; i + 1 < rank; ++i)
      order.push_back(i);
    LinearLayout::BasesT bases = layout.getBases();
    for (auto &inBases : llvm::make_second_range(bases))
      for (std::vector<int32_t> &basis : inBases) {
        std::vector<int32_t> permuted;
        for (unsigned dim : order)
          permuted.push_back(basis[dim]);
        basis = std::move(permuted);
      }
    SmallVector<std::pair<StringAttr, int32_t>> outDims;
    for (auto [i, dim] : llvm::enumerate(order))
      outDims.emplace_back(dims[i], layout.getOutDimSize(dims[dim]));
    layout = LinearLayout(std::move(bases), outDims,
                          /*requireSurjective=*/false);
  }
  layout = repeatTo(layout, dims, geo->shapePerCTA);
  return combineCtaCgaWithShape(std::move(layout), getCTALayout(), shape);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

LogicalResult
mlir::triton::nvidia_gpu::registerNvidiaLayoutsInto(TritonGPUDialect *dialect) {
  // Upstream's aliases: #mma and #shared (from the interfaces).
  if (failed(dialect->registerLayout<NvidiaMmaEncodingAttr>()) ||
      failed(dialect->registerLayout<NVMMASharedEncodingAttr>()))
    return failure();
  return success();
}

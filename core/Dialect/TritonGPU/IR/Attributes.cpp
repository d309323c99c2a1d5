//===- Attributes.cpp - The vendor-neutral ttg layouts --------------------===//
//
// Parsing, printing and verification of the core layouts (in upstream
// Triton 3.6 syntax), their interface methods other than the linear-layout
// conversions (see LinearLayoutConversions.cpp), and the dialect's attribute
// parser and printer, which fall back to the layouts plugins registered.
//
//===----------------------------------------------------------------------===//

#include "LayoutRegistry.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using mlir::triton::gpu::detail::LayoutRegistry;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

SmallVector<unsigned> mlir::triton::gpu::getDefaultOrder(unsigned rank) {
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0u);
  return order;
}

SmallVector<unsigned> mlir::triton::gpu::getOrderForDotOperand(unsigned opIdx,
                                                               unsigned rank,
                                                               bool kContig) {
  // [batch,] m, k for A and [batch,] k, n for B: the matrix is row-major
  // (last dimension fastest) when K is contiguous in A or not in B.
  SmallVector<unsigned> order = getDefaultOrder(rank);
  bool rowMajor = (opIdx == 0) == kContig;
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

SmallVector<unsigned> mlir::triton::gpu::detail::elemsPerThreadFromLinearLayout(
    const LinearLayout &ll) {
  unsigned rank = ll.getNumOutDims();
  SmallVector<unsigned> elems(rank, 1);
  if (ll.getNumInDims() == 0)
    return elems;
  StringAttr kRegister =
      StringAttr::get(ll.getInDimNames().begin()->getContext(), "register");
  if (!ll.hasInDim(kRegister))
    return elems;
  // Each register basis doubles the count along the dimension it moves in;
  // a broadcast (zero) basis doubles the previous one.
  unsigned lastDim = 0;
  for (int32_t i = 0, e = ll.getInDimSizeLog2(kRegister); i < e; ++i) {
    ArrayRef<int32_t> basis = ll.getBasis(kRegister, i);
    const int32_t *nonZero =
        llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (nonZero != basis.end())
      lastDim = nonZero - basis.begin();
    if (lastDim < rank)
      elems[lastDim] *= 2;
  }
  return elems;
}

unsigned mlir::triton::gpu::detail::totalElemsPerThreadFromLinearLayout(
    const LinearLayout &ll) {
  if (ll.getNumInDims() == 0)
    return 1;
  StringAttr kRegister =
      StringAttr::get(ll.getInDimNames().begin()->getContext(), "register");
  return ll.hasInDim(kRegister) ? ll.getInDimSize(kRegister) : 1;
}

static bool isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned dim : order) {
    if (dim >= order.size() || seen[dim])
      return false;
    seen[dim] = true;
  }
  return true;
}

static bool allPowersOfTwo(ArrayRef<unsigned> values) {
  return llvm::all_of(values,
                      [](unsigned v) { return llvm::isPowerOf2_32(v); });
}

/// `order` with dimension `dim` removed and the dimensions above it renumbered.
static SmallVector<unsigned> eraseFromOrder(ArrayRef<unsigned> order,
                                            unsigned dim) {
  SmallVector<unsigned> result;
  for (unsigned d : order) {
    if (d < dim)
      result.push_back(d);
    else if (d > dim)
      result.push_back(d - 1);
  }
  return result;
}

/// Prints `[a, b, c]`.
template <typename T>
static void printArray(AsmPrinter &printer, ArrayRef<T> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// Prints the bases of a linear layout: `in0 = [[..], ..], in1 = [..]`.
static void printLinearLayoutBases(AsmPrinter &printer,
                                   const LinearLayout &layout) {
  llvm::interleaveComma(layout.getBases(), printer, [&](const auto &entry) {
    printer << entry.first.getValue() << " = [";
    llvm::interleaveComma(entry.second, printer,
                          [&](const std::vector<int32_t> &basis) {
                            printArray(printer, ArrayRef<int32_t>(basis));
                          });
    printer << ']';
  });
}

namespace {
/// Reads the entries of the `{key = value, ...}` dictionary of a layout,
/// reporting errors at the location of the dictionary.
class LayoutDictReader {
public:
  LayoutDictReader(AsmParser &parser, SMLoc loc, StringRef layoutName)
      : parser(parser), loc(loc), layoutName(layoutName) {}

  InFlightDiagnostic error() {
    return parser.emitError(loc) << "#ttg." << layoutName << ": ";
  }

  FailureOr<unsigned> readUnsigned(const NamedAttribute &entry) {
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (!value || !value.getType().isInteger())
      return error() << "expected an integer for '"
                     << entry.getName().getValue() << "', got "
                     << entry.getValue();
    const APInt &bits = value.getValue();
    if (bits.isNegative() && !value.getType().isUnsignedInteger())
      return error() << "expected a non-negative integer for '"
                     << entry.getName().getValue() << "', got "
                     << bits.getSExtValue();
    if (bits.getActiveBits() > 32)
      return error() << "value of '" << entry.getName().getValue()
                     << "' is too large";
    return static_cast<unsigned>(bits.getZExtValue());
  }

  FailureOr<bool> readBool(const NamedAttribute &entry) {
    auto value = dyn_cast<BoolAttr>(entry.getValue());
    if (!value)
      return error() << "expected true or false for '"
                     << entry.getName().getValue() << "', got "
                     << entry.getValue();
    return value.getValue();
  }

  FailureOr<SmallVector<unsigned>>
  readUnsignedArray(const NamedAttribute &entry) {
    auto array = dyn_cast<ArrayAttr>(entry.getValue());
    if (!array)
      return error() << "expected an array of integers for '"
                     << entry.getName().getValue() << "', got "
                     << entry.getValue();
    SmallVector<unsigned> values;
    for (Attribute element : array) {
      FailureOr<unsigned> value =
          readUnsigned(NamedAttribute(entry.getName(), element));
      if (failed(value))
        return failure();
      values.push_back(*value);
    }
    return values;
  }

  /// Reads the bases of a linear layout with the given input dimensions
  /// (all required unless listed in `optionalInDims`, which default to no
  /// bases) from `dict`. Output dims are dim0...; their sizes are inferred.
  FailureOr<LinearLayout> readLinearLayout(DictionaryAttr dict,
                                           ArrayRef<StringRef> inDims,
                                           ArrayRef<StringRef> optionalInDims);

private:
  AsmParser &parser;
  SMLoc loc;
  StringRef layoutName;
};
} // namespace

FailureOr<LinearLayout>
LayoutDictReader::readLinearLayout(DictionaryAttr dict,
                                   ArrayRef<StringRef> inDims,
                                   ArrayRef<StringRef> optionalInDims) {
  MLIRContext *ctx = parser.getContext();
  for (NamedAttribute entry : dict) {
    if (!llvm::is_contained(inDims, entry.getName().getValue()))
      return error() << "unexpected key '" << entry.getName().getValue() << "'";
  }

  LinearLayout::BasesT bases;
  std::optional<size_t> rank;
  for (StringRef inDim : inDims) {
    Attribute value = dict.get(inDim);
    std::vector<std::vector<int32_t>> &dimBases =
        bases[StringAttr::get(ctx, inDim)];
    if (!value) {
      if (llvm::is_contained(optionalInDims, inDim))
        continue;
      return error() << "missing the bases of '" << inDim << "'";
    }
    auto outer = dyn_cast<ArrayAttr>(value);
    if (!outer)
      return error() << "expected an array of bases for '" << inDim << "', got "
                     << value;
    for (Attribute basisAttr : outer) {
      auto inner = dyn_cast<ArrayAttr>(basisAttr);
      if (!inner)
        return error() << "expected a basis (an array of integers) in '"
                       << inDim << "', got " << basisAttr;
      std::vector<int32_t> basis;
      for (Attribute element : inner) {
        auto value = dyn_cast<IntegerAttr>(element);
        if (!value || !value.getType().isInteger() ||
            value.getValue().getSignificantBits() > 32)
          return error() << "expected 32-bit integers in the bases of '"
                         << inDim << "', got " << element;
        basis.push_back(static_cast<int32_t>(value.getValue().getSExtValue()));
      }
      if (rank && *rank != basis.size())
        return error() << "every basis must have " << *rank
                       << " values (one per dimension), but a basis of '"
                       << inDim << "' has " << basis.size();
      rank = basis.size();
      dimBases.push_back(std::move(basis));
    }
  }
  if (!rank || *rank == 0)
    return error() << "cannot infer the rank of a layout without bases";

  std::string why;
  std::optional<LinearLayout> layout = LinearLayout::tryCreate(
      std::move(bases), standardOutDimNames(ctx, *rank), &why);
  if (!layout)
    return error() << "invalid linear layout: " << why;
  return std::move(*layout);
}

/// Reads the optional CTA-layout keys of a layout. All three keys or none.
static FailureOr<CTALayoutAttr>
readCTALayout(LayoutDictReader &reader, MLIRContext *ctx,
              std::optional<SmallVector<unsigned>> ctasPerCGA,
              std::optional<SmallVector<unsigned>> ctaSplitNum,
              std::optional<SmallVector<unsigned>> ctaOrder, unsigned rank,
              Attribute cgaLayout) {
  if (cgaLayout) {
    if (ctasPerCGA || ctaSplitNum || ctaOrder)
      return reader.error() << "'CGALayout' and CTAsPerCGA, CTASplitNum and "
                               "CTAOrder cannot be given together";
    return parseCGALayout(ctx, cgaLayout, rank, [&] { return reader.error(); });
  }
  if (!ctasPerCGA && !ctaSplitNum && !ctaOrder)
    return CTALayoutAttr::getDefault(ctx, rank);
  if (!ctasPerCGA || !ctaSplitNum || !ctaOrder)
    return reader.error()
           << "CTAsPerCGA, CTASplitNum and CTAOrder must be given together";
  if (ctasPerCGA->size() != rank || ctaSplitNum->size() != rank ||
      ctaOrder->size() != rank)
    return reader.error() << "CTAsPerCGA, CTASplitNum and CTAOrder must have "
                             "the rank of the layout ("
                          << rank << ")";
  if (failed(CTALayoutAttr::verify([&] { return reader.error(); }, *ctasPerCGA,
                                   *ctaSplitNum, *ctaOrder)))
    return failure();
  return CTALayoutAttr::get(ctx, *ctasPerCGA, *ctaSplitNum, *ctaOrder);
}

/// Tries to read `entry` as one of the CTA-layout keys.
static FailureOr<bool>
readCTAKey(LayoutDictReader &reader, const NamedAttribute &entry,
           std::optional<SmallVector<unsigned>> &ctasPerCGA,
           std::optional<SmallVector<unsigned>> &ctaSplitNum,
           std::optional<SmallVector<unsigned>> &ctaOrder,
           Attribute &cgaLayout) {
  // Upstream Triton 3.6 spells the CTA layout as the bases of a linear
  // layout; it is read once the layout's rank is known.
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
  FailureOr<SmallVector<unsigned>> values = reader.readUnsignedArray(entry);
  if (failed(values))
    return failure();
  *slot = std::move(*values);
  return true;
}

/// Prints `, CTAsPerCGA = [..], CTASplitNum = [..], CTAOrder = [..]` unless
/// the CTA layout is the single-CTA default.
static void printCTALayoutKeys(AsmPrinter &printer, CTALayoutAttr layout) {
  if (!layout || layout.isDefault())
    return;
  printer << ", CTAsPerCGA = ";
  printArray(printer, layout.getCTAsPerCGA());
  printer << ", CTASplitNum = ";
  printArray(printer, layout.getCTASplitNum());
  printer << ", CTAOrder = ";
  printArray(printer, layout.getCTAOrder());
}

/// Parses `<{...}>` into a dictionary, remembering where it started.
static FailureOr<DictionaryAttr> parseLayoutDict(AsmParser &parser,
                                                 SMLoc &loc) {
  loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return failure();
  return dict;
}

/// For each dimension, how many distinct positions the bases of `inDim` of
/// `ll` reach. A broadcast basis counts (doubling the last dimension seen)
/// only when `skipBroadcast` is false.
static SmallVector<unsigned>
basesPerDimImpl(const LinearLayout &ll, StringAttr inDim, bool skipBroadcast) {
  unsigned rank = ll.getNumOutDims();
  SmallVector<unsigned> result(rank, 1);
  if (!ll.hasInDim(inDim))
    return result;
  unsigned lastDim = 0;
  for (int32_t i = 0, e = ll.getInDimSizeLog2(inDim); i < e; ++i) {
    ArrayRef<int32_t> basis = ll.getBasis(inDim, i);
    const int32_t *nonZero =
        llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (nonZero != basis.end()) {
      lastDim = nonZero - basis.begin();
      result[lastDim] *= 2;
    } else if (!skipBroadcast && rank > 0) {
      result[lastDim] *= 2;
    }
  }
  return result;
}

/// The order in which the bases of `inDim` move along the dimensions,
/// completed by `defaultOrder` for the dimensions they do not move along.
static SmallVector<unsigned> orderPerDimImpl(const LinearLayout &ll,
                                             StringAttr inDim,
                                             ArrayRef<unsigned> defaultOrder) {
  llvm::SetVector<unsigned> order;
  if (ll.hasInDim(inDim)) {
    for (int32_t i = 0, e = ll.getInDimSizeLog2(inDim); i < e; ++i) {
      ArrayRef<int32_t> basis = ll.getBasis(inDim, i);
      const int32_t *nonZero =
          llvm::find_if(basis, [](int32_t v) { return v != 0; });
      if (nonZero != basis.end())
        order.insert(nonZero - basis.begin());
    }
  }
  for (unsigned dim : defaultOrder)
    order.insert(dim);
  return order.takeVector();
}

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"

//===----------------------------------------------------------------------===//
// CTA layout
//===----------------------------------------------------------------------===//

CTALayoutAttr CTALayoutAttr::getDefault(MLIRContext *context, unsigned rank) {
  SmallVector<unsigned> ones(rank, 1);
  return get(context, ones, ones, getDefaultOrder(rank));
}

bool CTALayoutAttr::isDefault() const {
  return llvm::all_of(getCTAsPerCGA(), [](unsigned n) { return n == 1; }) &&
         llvm::all_of(getCTASplitNum(), [](unsigned n) { return n == 1; });
}

LogicalResult CTALayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> ctasPerCGA,
    ArrayRef<unsigned> ctaSplitNum, ArrayRef<unsigned> ctaOrder) {
  if (ctasPerCGA.size() != ctaSplitNum.size() ||
      ctasPerCGA.size() != ctaOrder.size())
    return emitError() << "CTAsPerCGA, CTASplitNum and CTAOrder must have the "
                          "same rank, got "
                       << ctasPerCGA.size() << ", " << ctaSplitNum.size()
                       << " and " << ctaOrder.size();
  if (!isPermutation(ctaOrder))
    return emitError() << "CTAOrder must be a permutation of 0.."
                       << ctaOrder.size() << " (exclusive), got [" << ctaOrder
                       << "]";
  if (!allPowersOfTwo(ctasPerCGA) || !allPowersOfTwo(ctaSplitNum))
    return emitError() << "CTAsPerCGA and CTASplitNum must hold powers of "
                          "two, got ["
                       << ctasPerCGA << "] and [" << ctaSplitNum << "]";
  for (auto [ctas, split] : llvm::zip_equal(ctasPerCGA, ctaSplitNum))
    if (split > ctas)
      return emitError() << "CTASplitNum [" << ctaSplitNum
                         << "] must not exceed CTAsPerCGA [" << ctasPerCGA
                         << "]";
  return success();
}

FailureOr<CTALayoutAttr> mlir::triton::gpu::parseCGALayout(
    MLIRContext *ctx, Attribute value, unsigned rank,
    function_ref<InFlightDiagnostic()> emitError) {
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array)
    return emitError() << "expected an array of bases for 'CGALayout', got "
                       << value;
  std::vector<std::vector<int32_t>> bases;
  for (Attribute basisAttr : array) {
    auto basis = dyn_cast<ArrayAttr>(basisAttr);
    if (!basis || basis.size() != rank)
      return emitError() << "each basis of 'CGALayout' must be an array of "
                         << rank << " integers, got " << basisAttr;
    std::vector<int32_t> values;
    for (Attribute element : basis) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || !integer.getType().isInteger() ||
          integer.getValue().isNegative() ||
          integer.getValue().getActiveBits() > 31)
        return emitError() << "each basis of 'CGALayout' must be an array of "
                           << rank << " integers, got " << basisAttr;
      values.push_back(static_cast<int32_t>(integer.getInt()));
    }
    bases.push_back(std::move(values));
  }

  // Read the three arrays off the bases: a basis that moves in a dimension
  // splits it; a zero basis broadcasts the dimension before it.
  SmallVector<unsigned> ctasPerCGA(rank, 1), ctaSplitNum(rank, 1), ctaOrder;
  std::optional<unsigned> current;
  unsigned leadingZeros = 0;
  for (ArrayRef<int32_t> basis : bases) {
    const int32_t *moved = llvm::find_if(basis, [](int32_t v) { return v; });
    if (moved == basis.end()) {
      if (current)
        ctasPerCGA[*current] *= 2;
      else
        ++leadingZeros;
      continue;
    }
    current = moved - basis.begin();
    if (!llvm::is_contained(ctaOrder, *current))
      ctaOrder.push_back(*current);
    ctasPerCGA[*current] *= 2;
    ctaSplitNum[*current] *= 2;
  }
  // Broadcast bases before any split belong to a dimension without bases,
  // which then comes first.
  SmallVector<unsigned> order = getDefaultOrder(rank);
  if (leadingZeros)
    for (unsigned dim : order)
      if (!llvm::is_contained(ctaOrder, dim)) {
        ctasPerCGA[dim] <<= leadingZeros;
        ctaOrder.insert(ctaOrder.begin(), dim);
        break;
      }
  // Dimensions without bases may sit anywhere in CTAOrder; keep them where
  // the default order has them, so `[[1, 0]]` reads as CTAOrder = [1, 0]
  // like the layouts Triton builds.
  auto next = ctaOrder.begin();
  for (unsigned &dim : order)
    if (llvm::is_contained(ctaOrder, dim))
      dim = *next++;
  ctaOrder = std::move(order);
  CTALayoutAttr layout = CTALayoutAttr::getChecked(emitError, ctx, ctasPerCGA,
                                                   ctaSplitNum, ctaOrder);
  if (!layout)
    return failure();

  // The arrays spell the bases only when rebuilding gives them back.
  LinearLayout rebuilt = makeCgaLayout(layout);
  StringAttr kBlock = StringAttr::get(ctx, "block");
  auto it = rebuilt.getBases().find(kBlock);
  bool same =
      it == rebuilt.getBases().end() ? bases.empty() : it->second == bases;
  if (!same)
    return emitError() << "'CGALayout' " << value
                       << " is not a CTA layout that CTAsPerCGA, CTASplitNum "
                          "and CTAOrder can describe";
  return layout;
}

//===----------------------------------------------------------------------===//
// Blocked layout
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc;
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser, loc);
  if (failed(dict))
    return {};
  LayoutDictReader reader(parser, loc, getMnemonic());

  std::optional<SmallVector<unsigned>> fields[4];
  static constexpr StringLiteral names[4] = {"sizePerThread", "threadsPerWarp",
                                             "warpsPerCTA", "order"};
  std::optional<SmallVector<unsigned>> ctasPerCGA, ctaSplitNum, ctaOrder;
  Attribute cgaLayout;
  for (NamedAttribute entry : *dict) {
    FailureOr<bool> isCTAKey =
        readCTAKey(reader, entry, ctasPerCGA, ctaSplitNum, ctaOrder, cgaLayout);
    if (failed(isCTAKey))
      return {};
    if (*isCTAKey)
      continue;
    const StringLiteral *name = llvm::find(names, entry.getName().getValue());
    if (name == std::end(names)) {
      reader.error() << "unexpected key '" << entry.getName().getValue() << "'";
      return {};
    }
    FailureOr<SmallVector<unsigned>> values = reader.readUnsignedArray(entry);
    if (failed(values))
      return {};
    fields[name - std::begin(names)] = std::move(*values);
  }
  for (auto [field, name] : llvm::zip_equal(fields, names)) {
    if (!field) {
      reader.error() << "missing '" << name << "'";
      return {};
    }
  }

  FailureOr<CTALayoutAttr> ctaLayout =
      readCTALayout(reader, parser.getContext(), ctasPerCGA, ctaSplitNum,
                    ctaOrder, fields[3]->size(), cgaLayout);
  if (failed(ctaLayout))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      loc, parser.getContext(), *fields[0], *fields[1], *fields[2], *fields[3],
      *ctaLayout);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printArray(printer, getSizePerThread__());
  printer << ", threadsPerWarp = ";
  printArray(printer, getThreadsPerWarp__());
  printer << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA__());
  printer << ", order = ";
  printArray(printer, getOrder());
  printCTALayoutKeys(printer, getCTALayout());
  printer << "}>";
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> sizePerThread,
                            ArrayRef<unsigned> threadsPerWarp,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> order, CTALayoutAttr ctaLayout) {
  if (sizePerThread.size() != threadsPerWarp.size() ||
      sizePerThread.size() != warpsPerCTA.size() ||
      sizePerThread.size() != order.size())
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order must have the same rank, got "
                       << sizePerThread.size() << ", " << threadsPerWarp.size()
                       << ", " << warpsPerCTA.size() << " and " << order.size();
  if (order.empty())
    return emitError() << "a blocked layout must have rank 1 or more";
  if (!allPowersOfTwo(sizePerThread))
    return emitError() << "sizePerThread must hold powers of two, got ["
                       << sizePerThread << "]";
  if (!allPowersOfTwo(threadsPerWarp))
    return emitError() << "threadsPerWarp must hold powers of two, got ["
                       << threadsPerWarp << "]";
  if (!allPowersOfTwo(warpsPerCTA))
    return emitError() << "warpsPerCTA must hold powers of two, got ["
                       << warpsPerCTA << "]";
  if (!isPermutation(order))
    return emitError() << "order must be a permutation of 0.." << order.size()
                       << " (exclusive), got [" << order << "]";
  if (!ctaLayout)
    return emitError() << "missing CTA layout";
  if (ctaLayout.getRank() != order.size())
    return emitError() << "the CTA layout has rank " << ctaLayout.getRank()
                       << " but the layout has rank " << order.size();
  // The tile of one CGA must fit the index space of a linear layout.
  for (unsigned dim = 0; dim < order.size(); ++dim) {
    uint64_t tile = uint64_t(sizePerThread[dim]) * threadsPerWarp[dim] *
                    warpsPerCTA[dim] * ctaLayout.getCTAsPerCGA()[dim];
    if (tile > (uint64_t(1) << 30))
      return emitError() << "the layout covers " << tile
                         << " elements along dimension " << dim
                         << ", more than 2^30";
  }
  return success();
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }

SmallVector<unsigned> BlockedEncodingAttr::getRepOrder() const {
  return SmallVector<unsigned>(getOrder());
}
SmallVector<unsigned> BlockedEncodingAttr::getWarpOrder() const {
  return SmallVector<unsigned>(getOrder());
}
SmallVector<unsigned> BlockedEncodingAttr::getThreadOrder() const {
  return SmallVector<unsigned>(getOrder());
}
SmallVector<unsigned> BlockedEncodingAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarpsPerCTA__());
}
SmallVector<unsigned> BlockedEncodingAttr::getThreadsPerWarp() const {
  return SmallVector<unsigned>(getThreadsPerWarp__());
}
SmallVector<unsigned> BlockedEncodingAttr::getSizePerThread() const {
  return SmallVector<unsigned>(getSizePerThread__());
}

//===----------------------------------------------------------------------===//
// Slice layout
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc;
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser, loc);
  if (failed(dict))
    return {};
  LayoutDictReader reader(parser, loc, getMnemonic());

  std::optional<unsigned> dim;
  Attribute parent;
  for (NamedAttribute entry : *dict) {
    if (entry.getName() == "dim") {
      FailureOr<unsigned> value = reader.readUnsigned(entry);
      if (failed(value))
        return {};
      dim = *value;
    } else if (entry.getName() == "parent") {
      parent = entry.getValue();
    } else {
      reader.error() << "unexpected key '" << entry.getName().getValue() << "'";
      return {};
    }
  }
  if (!dim || !parent) {
    reader.error() << "expected both 'dim' and 'parent'";
    return {};
  }
  auto distributed = dyn_cast<DistributedEncodingTrait>(parent);
  if (!distributed) {
    reader.error() << "the parent must be a distributed layout, got " << parent;
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(loc, parser.getContext(), *dim,
                                              distributed);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, DistributedEncodingTrait parent) {
  auto layout = dyn_cast_or_null<LayoutEncodingTrait>(parent);
  if (!layout)
    return emitError() << "the parent of a slice layout must be a ttg layout";
  unsigned rank = layout.getRank();
  if (rank < 2)
    return emitError() << "the parent of a slice layout must have rank 2 or "
                          "more, got "
                       << rank;
  if (dim >= rank)
    return emitError() << "slice dim " << dim
                       << " must be less than the parent rank " << rank;
  return success();
}

unsigned SliceEncodingAttr::getRank() const {
  return cast<LayoutEncodingTrait>(getParent()).getRank() - 1;
}

SmallVector<int64_t>
SliceEncodingAttr::paddedShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> padded(shape);
  padded.insert(padded.begin() + std::min<size_t>(getDim(), padded.size()), 1);
  return padded;
}

/// Drops `dim` from `values`, folding its count into the next dimension (or
/// the previous one for the last), so that the product stays the same.
static SmallVector<unsigned> squeezeCounts(SmallVector<unsigned> values,
                                           unsigned dim) {
  if (dim >= values.size() || values.size() < 2)
    return values;
  unsigned count = values[dim];
  values.erase(values.begin() + dim);
  values[dim < values.size() ? dim : dim - 1] *= count;
  return values;
}

static SmallVector<unsigned> eraseDim(SmallVector<unsigned> values,
                                      unsigned dim) {
  if (dim < values.size())
    values.erase(values.begin() + dim);
  return values;
}

SmallVector<unsigned> gpu::detail::getCTAsPerCGA(Attribute ctaLayout,
                                                 unsigned rank) {
  if (auto cta = dyn_cast_or_null<CTALayoutAttr>(ctaLayout))
    return SmallVector<unsigned>(cta.getCTAsPerCGA());
  return SmallVector<unsigned>(rank, 1);
}
SmallVector<unsigned> gpu::detail::getCTASplitNum(Attribute ctaLayout,
                                                  unsigned rank) {
  if (auto cta = dyn_cast_or_null<CTALayoutAttr>(ctaLayout))
    return SmallVector<unsigned>(cta.getCTASplitNum());
  return SmallVector<unsigned>(rank, 1);
}
SmallVector<unsigned> gpu::detail::getCTAOrder(Attribute ctaLayout,
                                               unsigned rank) {
  if (auto cta = dyn_cast_or_null<CTALayoutAttr>(ctaLayout))
    return SmallVector<unsigned>(cta.getCTAOrder());
  return getDefaultOrder(rank);
}

SmallVector<unsigned> SliceEncodingAttr::getCTAsPerCGA() const {
  return eraseDim(cast<LayoutEncodingTrait>(getParent()).getCTAsPerCGA(),
                  getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getCTASplitNum() const {
  return eraseDim(cast<LayoutEncodingTrait>(getParent()).getCTASplitNum(),
                  getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getCTAOrder() const {
  return eraseFromOrder(cast<LayoutEncodingTrait>(getParent()).getCTAOrder(),
                        getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getRepOrder() const {
  return eraseFromOrder(getParent().getRepOrder(), getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getWarpOrder() const {
  return eraseFromOrder(getParent().getWarpOrder(), getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getThreadOrder() const {
  return eraseFromOrder(getParent().getThreadOrder(), getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getWarpsPerCTA() const {
  return squeezeCounts(getParent().getWarpsPerCTA(), getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getThreadsPerWarp() const {
  return squeezeCounts(getParent().getThreadsPerWarp(), getDim());
}
SmallVector<unsigned> SliceEncodingAttr::getSizePerThread() const {
  return eraseDim(getParent().getSizePerThread(), getDim());
}

//===----------------------------------------------------------------------===//
// Dot operand layout
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "the opIdx of a dot operand layout must be 0 or 1, "
                          "got "
                       << opIdx;
  auto distributed = dyn_cast_or_null<DistributedEncodingTrait>(parent);
  auto layout = dyn_cast_or_null<LayoutEncodingTrait>(parent);
  if (!distributed || !layout)
    return emitError() << "the parent of a dot operand layout must be a "
                          "distributed layout, got "
                       << parent;
  unsigned rank = layout.getRank();
  if (rank != 2 && rank != 3)
    return emitError() << "the parent of a dot operand layout must have rank "
                          "2 or 3, got "
                       << rank;
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "kWidth must be 0 (absent) when the parent is a "
                            "blocked layout, got "
                         << kWidth;
    return success();
  }
  if (auto mma = dyn_cast<MmaEncodingTrait>(parent))
    return mma.verifyDotOperandEncoding(emitError, opIdx, kWidth);
  return emitError() << "the parent of a dot operand layout must be a blocked "
                        "layout or a matrix-instruction layout, got "
                     << parent;
}

unsigned DotOperandEncodingAttr::getRank() const {
  return cast<LayoutEncodingTrait>(getParent()).getRank();
}

/// The dimension of K in an operand of the given rank.
static unsigned getKDim(unsigned opIdx, unsigned rank) {
  return opIdx == 0 ? rank - 1 : rank - 2;
}

SmallVector<unsigned> DotOperandEncodingAttr::getCTAsPerCGA() const {
  return cast<LayoutEncodingTrait>(getParent()).getCTAsPerCGA();
}
SmallVector<unsigned> DotOperandEncodingAttr::getCTASplitNum() const {
  // The operand is not split along K.
  SmallVector<unsigned> split =
      cast<LayoutEncodingTrait>(getParent()).getCTASplitNum();
  split[getKDim(getOpIdx(), split.size())] = 1;
  return split;
}
SmallVector<unsigned> DotOperandEncodingAttr::getCTAOrder() const {
  return cast<LayoutEncodingTrait>(getParent()).getCTAOrder();
}
SmallVector<unsigned> DotOperandEncodingAttr::getRepOrder() const {
  if (auto mma = dyn_cast<MmaEncodingTrait>(getParent()))
    return mma.getRepOrderForOperand(getOpIdx());
  return cast<DistributedEncodingTrait>(getParent()).getRepOrder();
}
SmallVector<unsigned> DotOperandEncodingAttr::getWarpOrder() const {
  return cast<DistributedEncodingTrait>(getParent()).getWarpOrder();
}
SmallVector<unsigned> DotOperandEncodingAttr::getThreadOrder() const {
  return cast<DistributedEncodingTrait>(getParent()).getThreadOrder();
}
SmallVector<unsigned> DotOperandEncodingAttr::getWarpsPerCTA() const {
  // Warps along K hold copies of the same operand elements.
  SmallVector<unsigned> warps =
      cast<DistributedEncodingTrait>(getParent()).getWarpsPerCTA();
  warps[getKDim(getOpIdx(), warps.size())] = 1;
  return warps;
}
SmallVector<unsigned> DotOperandEncodingAttr::getThreadsPerWarp() const {
  SmallVector<unsigned> threads =
      cast<DistributedEncodingTrait>(getParent()).getThreadsPerWarp();
  if (isa<BlockedEncodingAttr>(getParent()))
    threads[getKDim(getOpIdx(), threads.size())] = 1;
  return threads;
}
SmallVector<unsigned> DotOperandEncodingAttr::getSizePerThread() const {
  SmallVector<unsigned> sizes =
      cast<DistributedEncodingTrait>(getParent()).getSizePerThread();
  if (getKWidth() != 0)
    sizes[getKDim(getOpIdx(), sizes.size())] = getKWidth();
  return sizes;
}

//===----------------------------------------------------------------------===//
// Linear layout
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc;
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser, loc);
  if (failed(dict))
    return {};
  LayoutDictReader reader(parser, loc, getMnemonic());
  FailureOr<LinearLayout> layout =
      reader.readLinearLayout(*dict, {"register", "lane", "warp", "block"}, {});
  if (failed(layout))
    return {};
  return parser.getChecked<LinearEncodingAttr>(loc, parser.getContext(),
                                               std::move(*layout));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinearLayoutBases(printer, getLinearLayout());
  printer << "}>";
}

/// Checks that the input dims of `layout` are exactly `expected`, in order,
/// and its output dims dim0, dim1, ...
static LogicalResult
verifyLayoutDims(function_ref<InFlightDiagnostic()> emitError,
                 const LinearLayout &layout, ArrayRef<StringRef> expected) {
  SmallVector<StringRef> inDims;
  for (StringAttr dim : layout.getInDimNames())
    inDims.push_back(dim.getValue());
  if (!llvm::equal(inDims, expected)) {
    InFlightDiagnostic diag = emitError();
    diag << "the input dimensions must be [";
    llvm::interleaveComma(expected, diag);
    diag << "], got [";
    llvm::interleaveComma(inDims, diag);
    return diag << "]";
  }
  for (auto [i, dim] : llvm::enumerate(layout.getOutDimNames())) {
    if (dim.getValue() != ("dim" + Twine(i)).str())
      return emitError() << "the output dimensions must be dim0, dim1, ...; "
                            "output "
                         << i << " is '" << dim.getValue() << "'";
  }
  if (layout.getNumOutDims() == 0)
    return emitError() << "a layout must have at least one dimension";
  return success();
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           LinearLayout linearLayout) {
  if (failed(verifyLayoutDims(emitError, linearLayout,
                              {"register", "lane", "warp", "block"})))
    return failure();
  for (const auto &[inDim, bases] : linearLayout.getBases()) {
    for (const std::vector<int32_t> &basis : bases) {
      if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
        return emitError() << "each basis of a distributed layout must move "
                              "along at most one dimension, but a basis of '"
                           << inDim.getValue() << "' is ["
                           << ArrayRef<int32_t>(basis) << "]";
    }
  }
  return success();
}

SmallVector<unsigned>
LinearEncodingAttr::basesPerDim(StringRef inDim, bool skipBroadcast) const {
  return basesPerDimImpl(getLinearLayout(),
                         StringAttr::get(getContext(), inDim), skipBroadcast);
}

SmallVector<unsigned>
LinearEncodingAttr::orderPerDim(StringRef inDim,
                                ArrayRef<unsigned> defaultOrder) const {
  return orderPerDimImpl(getLinearLayout(),
                         StringAttr::get(getContext(), inDim), defaultOrder);
}

unsigned LinearEncodingAttr::getRank() const {
  return getLinearLayout().getNumOutDims();
}

SmallVector<unsigned> LinearEncodingAttr::getOrder() const {
  return orderPerDim("register", getDefaultOrder(getRank()));
}

SmallVector<unsigned> LinearEncodingAttr::getCTAsPerCGA() const {
  return basesPerDim("block", /*skipBroadcast=*/false);
}
SmallVector<unsigned> LinearEncodingAttr::getCTASplitNum() const {
  return basesPerDim("block");
}
SmallVector<unsigned> LinearEncodingAttr::getCTAOrder() const {
  return orderPerDim("block", getOrder());
}
SmallVector<unsigned> LinearEncodingAttr::getRepOrder() const {
  // A linear layout already has the shape of its tensor; its register order
  // is the closest thing to an order of repetitions.
  return getOrder();
}
SmallVector<unsigned> LinearEncodingAttr::getWarpOrder() const {
  return orderPerDim("warp", getOrder());
}
SmallVector<unsigned> LinearEncodingAttr::getThreadOrder() const {
  return orderPerDim("lane", getOrder());
}
SmallVector<unsigned> LinearEncodingAttr::getWarpsPerCTA() const {
  return basesPerDim("warp");
}
SmallVector<unsigned> LinearEncodingAttr::getThreadsPerWarp() const {
  return basesPerDim("lane");
}
SmallVector<unsigned> LinearEncodingAttr::getSizePerThread() const {
  // The registers of one repetition: drop the trailing register bases that
  // only repeat the layout (each doubles a dimension that the lower bases
  // already cover entirely), then count the rest.
  const LinearLayout &ll = getLinearLayout();
  StringAttr kRegister = StringAttr::get(getContext(), "register");
  SmallVector<int64_t> ctaShape;
  for (auto [size, split] :
       llvm::zip_equal(ll.getOutDimSizes(), getCTASplitNum()))
    ctaShape.push_back(size / split);
  LinearLayout::BasesT bases = ll.getBases();
  std::vector<std::vector<int32_t>> &registers = bases[kRegister];
  std::optional<unsigned> repDim;
  while (!registers.empty()) {
    const std::vector<int32_t> &basis = registers.back();
    auto nonZero = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (nonZero == basis.end())
      break;
    unsigned dim = nonZero - basis.begin();
    if ((repDim && *repDim != dim) || 2 * int64_t(basis[dim]) != ctaShape[dim])
      break;
    repDim = dim;
    ctaShape[dim] /= 2;
    registers.pop_back();
  }
  SmallVector<unsigned> sizes(getRank(), 1);
  for (const std::vector<int32_t> &basis : registers) {
    auto nonZero = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (nonZero != basis.end())
      sizes[nonZero - basis.begin()] *= 2;
  }
  return sizes;
}

//===----------------------------------------------------------------------===//
// Swizzled shared layout
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc;
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser, loc);
  if (failed(dict))
    return {};
  LayoutDictReader reader(parser, loc, getMnemonic());

  std::optional<unsigned> scalars[3];
  static constexpr StringLiteral scalarNames[3] = {"vec", "perPhase",
                                                   "maxPhase"};
  std::optional<SmallVector<unsigned>> order;
  std::optional<SmallVector<unsigned>> ctasPerCGA, ctaSplitNum, ctaOrder;
  Attribute cgaLayout;
  for (NamedAttribute entry : *dict) {
    FailureOr<bool> isCTAKey =
        readCTAKey(reader, entry, ctasPerCGA, ctaSplitNum, ctaOrder, cgaLayout);
    if (failed(isCTAKey))
      return {};
    if (*isCTAKey)
      continue;
    if (entry.getName() == "order") {
      FailureOr<SmallVector<unsigned>> values = reader.readUnsignedArray(entry);
      if (failed(values))
        return {};
      order = std::move(*values);
      continue;
    }
    const StringLiteral *name =
        llvm::find(scalarNames, entry.getName().getValue());
    if (name == std::end(scalarNames)) {
      reader.error() << "unexpected key '" << entry.getName().getValue() << "'";
      return {};
    }
    FailureOr<unsigned> value = reader.readUnsigned(entry);
    if (failed(value))
      return {};
    scalars[name - std::begin(scalarNames)] = *value;
  }
  for (auto [scalar, name] : llvm::zip_equal(scalars, scalarNames)) {
    if (!scalar) {
      reader.error() << "missing '" << name << "'";
      return {};
    }
  }
  if (!order) {
    reader.error() << "missing 'order'";
    return {};
  }
  FailureOr<CTALayoutAttr> ctaLayout =
      readCTALayout(reader, parser.getContext(), ctasPerCGA, ctaSplitNum,
                    ctaOrder, order->size(), cgaLayout);
  if (failed(ctaLayout))
    return {};
  return parser.getChecked<SwizzledSharedEncodingAttr>(
      loc, parser.getContext(), *scalars[0], *scalars[1], *scalars[2], *order,
      *ctaLayout);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printArray(printer, getOrder());
  printCTALayoutKeys(printer, getCTALayout());
  printer << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   CTALayoutAttr ctaLayout) {
  if (!llvm::isPowerOf2_32(vec) || !llvm::isPowerOf2_32(perPhase) ||
      !llvm::isPowerOf2_32(maxPhase))
    return emitError() << "vec, perPhase and maxPhase must be positive powers "
                          "of two, got "
                       << vec << ", " << perPhase << " and " << maxPhase;
  if (order.empty())
    return emitError() << "a swizzled shared layout must have rank 1 or more";
  if (!isPermutation(order))
    return emitError() << "order must be a permutation of 0.." << order.size()
                       << " (exclusive), got [" << order << "]";
  if (!ctaLayout)
    return emitError() << "missing CTA layout";
  if (ctaLayout.getRank() != order.size())
    return emitError() << "the CTA layout has rank " << ctaLayout.getRank()
                       << " but the layout has rank " << order.size();
  return success();
}

unsigned SwizzledSharedEncodingAttr::getRank() const {
  return getOrder().size();
}
SmallVector<unsigned> SwizzledSharedEncodingAttr::getSharedOrder() const {
  return SmallVector<unsigned>(getOrder());
}

//===----------------------------------------------------------------------===//
// Padded shared layout
//===----------------------------------------------------------------------===//

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  LayoutDictReader reader(parser, loc, getMnemonic());
  if (parser.parseLess() || parser.parseLSquare())
    return {};

  // [interval:+padding, ...]
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() ||
        parser.parsePlus() || parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  if (parser.parseCommaSeparatedList(parsePair) || parser.parseRSquare())
    return {};

  DictionaryAttr dict;
  if (parser.parseAttribute(dict) || parser.parseGreater())
    return {};

  MLIRContext *ctx = parser.getContext();
  std::optional<LinearLayout> linearComponent;
  if (dict.contains("offset") || dict.contains("block")) {
    // The bases of the linear component.
    FailureOr<LinearLayout> layout =
        reader.readLinearLayout(dict, {"offset", "block"}, {"block"});
    if (failed(layout))
      return {};
    linearComponent = std::move(*layout);
  } else {
    // An identity placement of `shape` walking the dimensions in `order`.
    std::optional<SmallVector<unsigned>> order, shape;
    for (NamedAttribute entry : dict) {
      std::optional<SmallVector<unsigned>> *slot =
          entry.getName() == "order"   ? &order
          : entry.getName() == "shape" ? &shape
                                       : nullptr;
      if (!slot) {
        reader.error() << "unexpected key '" << entry.getName().getValue()
                       << "'";
        return {};
      }
      FailureOr<SmallVector<unsigned>> values = reader.readUnsignedArray(entry);
      if (failed(values))
        return {};
      *slot = std::move(*values);
    }
    if (!order || !shape) {
      reader.error() << "expected either 'offset' (and 'block') bases or "
                        "'order' and 'shape'";
      return {};
    }
    if (order->size() != shape->size() || order->empty()) {
      reader.error() << "'order' and 'shape' must have the same rank (1 or "
                        "more), got "
                     << order->size() << " and " << shape->size();
      return {};
    }
    if (!isPermutation(*order)) {
      reader.error() << "'order' must be a permutation, got [" << *order << "]";
      return {};
    }
    if (!allPowersOfTwo(*shape) ||
        llvm::any_of(*shape, [](unsigned size) { return size > (1u << 30); })) {
      reader.error() << "'shape' must hold powers of two (up to 2^30), got ["
                     << *shape << "]";
      return {};
    }
    LinearLayout identity =
        identityStandardND(StringAttr::get(ctx, "offset"), *shape, *order);
    SmallVector<int64_t> shape64(shape->begin(), shape->end());
    linearComponent = combineCtaCgaWithShape(
        identity, CTALayoutAttr::getDefault(ctx, shape->size()), shape64);
  }
  return parser.getChecked<PaddedSharedEncodingAttr>(
      loc, ctx, intervals, paddings, std::move(*linearComponent));
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      llvm::zip_equal(getIntervals(), getPaddings()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
      });
  printer << "] {";

  // The short form when the placement is the identity of its shape in some
  // order, on one CTA.
  const LinearLayout &ll = getLinearComponent();
  MLIRContext *ctx = getContext();
  StringAttr kOffset = StringAttr::get(ctx, "offset");
  StringAttr kBlock = StringAttr::get(ctx, "block");
  SmallVector<unsigned> shape(ll.getOutDimSizes());
  SmallVector<unsigned> order = getSharedOrder();
  SmallVector<StringAttr> outDims(ll.getOutDimNames());
  bool oneBlock = !ll.hasInDim(kBlock) || ll.getInDimSizeLog2(kBlock) == 0;
  bool identity =
      oneBlock && ll.hasInDim(kOffset) &&
      ll.sublayout({kOffset}, outDims) ==
          identityStandardND(kOffset, shape, order).transposeOuts(outDims);
  if (identity) {
    printer << "order = ";
    printArray(printer, ArrayRef<unsigned>(order));
    printer << ", shape = ";
    printArray(printer, ArrayRef<unsigned>(shape));
  } else {
    printLinearLayoutBases(printer, ll);
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, LinearLayout linearComponent) {
  if (intervals.size() != paddings.size())
    return emitError() << "there must be as many intervals as paddings, got "
                       << intervals.size() << " and " << paddings.size();
  if (intervals.empty())
    return emitError() << "at least one interval:+padding pair is required";
  if (!allPowersOfTwo(intervals))
    return emitError() << "intervals must be powers of two, got [" << intervals
                       << "]";
  if (!allPowersOfTwo(paddings))
    return emitError() << "paddings must be powers of two, got [" << paddings
                       << "]";
  if (llvm::SmallSet<unsigned, 4>(intervals.begin(), intervals.end()).size() !=
      intervals.size())
    return emitError() << "intervals must be distinct, got [" << intervals
                       << "]";
  if (failed(verifyLayoutDims(emitError, linearComponent, {"offset", "block"})))
    return failure();
  if (!linearComponent.isInvertible())
    return emitError() << "the linear component must be a bijection (no "
                          "broadcasting, every element placed once)";
  for (const auto &[inDim, bases] : linearComponent.getBases()) {
    for (const std::vector<int32_t> &basis : bases) {
      if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1 ||
          !llvm::all_of(basis, [](int32_t v) {
            return v == 0 || llvm::isPowerOf2_32(v);
          }))
        return emitError() << "each basis of the linear component must be a "
                              "power of two along one dimension, got ["
                           << ArrayRef<int32_t>(basis) << "]";
    }
  }
  return success();
}

int64_t PaddedSharedEncodingAttr::getPaddedSize(ArrayRef<int64_t> shape) const {
  int64_t unpadded = 1;
  for (int64_t size : shape)
    unpadded *= size;
  int64_t padding = 0;
  for (auto [interval, pad] : llvm::zip_equal(getIntervals(), getPaddings())) {
    padding += (unpadded / interval) * pad;
    // No padding after the last element.
    if (unpadded % interval == 0)
      padding -= pad;
  }
  return unpadded + padding;
}

// The shared layouts defined by a linear layout (padded_shared's linear
// component, shared_linear) read their orders and CTA tiling off its
// "offset" and "block" input dimensions in the same way.
static SmallVector<unsigned> linearSharedOrder(MLIRContext *context,
                                          const LinearLayout &layout) {
  return orderPerDimImpl(layout, StringAttr::get(context, "offset"),
                         getDefaultOrder(layout.getNumOutDims()));
}
static SmallVector<unsigned> linearCTAsPerCGA(MLIRContext *context,
                                          const LinearLayout &layout) {
  return basesPerDimImpl(layout, StringAttr::get(context, "block"),
                         /*skipBroadcast=*/false);
}
static SmallVector<unsigned> linearCTASplitNum(MLIRContext *context,
                                          const LinearLayout &layout) {
  return basesPerDimImpl(layout, StringAttr::get(context, "block"),
                         /*skipBroadcast=*/true);
}
static SmallVector<unsigned> linearCTAOrder(MLIRContext *context,
                                          const LinearLayout &layout) {
  return orderPerDimImpl(layout, StringAttr::get(context, "block"),
                         linearSharedOrder(context, layout));
}

unsigned PaddedSharedEncodingAttr::getRank() const {
  return getLinearComponent().getNumOutDims();
}
SmallVector<unsigned> PaddedSharedEncodingAttr::getSharedOrder() const {
  return linearSharedOrder(getContext(), getLinearComponent());
}
SmallVector<unsigned> PaddedSharedEncodingAttr::getCTAsPerCGA() const {
  return linearCTAsPerCGA(getContext(), getLinearComponent());
}
SmallVector<unsigned> PaddedSharedEncodingAttr::getCTASplitNum() const {
  return linearCTASplitNum(getContext(), getLinearComponent());
}
SmallVector<unsigned> PaddedSharedEncodingAttr::getCTAOrder() const {
  return linearCTAOrder(getContext(), getLinearComponent());
}

//===----------------------------------------------------------------------===//
// Linear shared layout
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  LayoutDictReader reader(parser, loc, getMnemonic());
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict))
    return {};
  if (dict.contains("alignment")) {
    reader.error() << "the alignment goes after the bases: "
                      "<{offset = [...]}, alignment = N>";
    return {};
  }
  FailureOr<LinearLayout> layout =
      reader.readLinearLayout(dict, {"offset", "block"}, {"block"});
  if (failed(layout))
    return {};
  unsigned alignment = 0;
  if (parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(
      loc, parser.getContext(), std::move(*layout), alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  const LinearLayout &ll = getLinearLayout();
  StringAttr kOffset = StringAttr::get(getContext(), "offset");
  StringAttr kBlock = StringAttr::get(getContext(), "block");
  printer << "<{";
  if (!ll.hasInDim(kBlock) || ll.getInDimSizeLog2(kBlock) == 0)
    printLinearLayoutBases(
        printer,
        ll.sublayout({kOffset}, SmallVector<StringAttr>(ll.getOutDimNames())));
  else
    printLinearLayoutBases(printer, ll);
  printer << "}, alignment = " << getLayoutAlignment() << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 LinearLayout linearLayout,
                                 unsigned layoutAlignment) {
  if (!llvm::isPowerOf2_32(layoutAlignment))
    return emitError() << "the alignment must be a positive power of two, got "
                       << layoutAlignment;
  if (failed(verifyLayoutDims(emitError, linearLayout, {"offset", "block"})))
    return failure();
  if (!linearLayout.isSurjective())
    return emitError() << "the layout must place every element of its shape";
  MLIRContext *ctx = linearLayout.getInDimNames().begin()->getContext();
  LinearLayout withoutBroadcast =
      linearLayout.removeZeroBasesAlongDim(StringAttr::get(ctx, "offset"))
          .removeZeroBasesAlongDim(StringAttr::get(ctx, "block"));
  if (!withoutBroadcast.isInvertible())
    return emitError() << "apart from zero (broadcast) bases, the layout must "
                          "place every element exactly once";
  return success();
}

unsigned SharedLinearEncodingAttr::getRank() const {
  return getLinearLayout().getNumOutDims();
}
int32_t SharedLinearEncodingAttr::getAlignment() const {
  return getLayoutAlignment();
}
SmallVector<unsigned> SharedLinearEncodingAttr::getSharedOrder() const {
  return linearSharedOrder(getContext(), getLinearLayout());
}
SmallVector<unsigned> SharedLinearEncodingAttr::getCTAsPerCGA() const {
  return linearCTAsPerCGA(getContext(), getLinearLayout());
}
SmallVector<unsigned> SharedLinearEncodingAttr::getCTASplitNum() const {
  return linearCTASplitNum(getContext(), getLinearLayout());
}
SmallVector<unsigned> SharedLinearEncodingAttr::getCTAOrder() const {
  return linearCTAOrder(getContext(), getLinearLayout());
}

//===----------------------------------------------------------------------===//
// Dialect attribute hooks
//===----------------------------------------------------------------------===//

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "trident/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"
      >();
}

Attribute TritonGPUDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult builtin =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (builtin.has_value())
    return succeeded(*builtin) ? attr : Attribute();

  if (const LayoutRegistry::Entry *entry = layoutRegistry->lookup(mnemonic))
    return entry->parse(parser, type);

  parser.emitError(loc) << "unknown ttg layout '#ttg." << mnemonic
                        << "': load the plugin that provides it (e.g. "
                           "--plugin PATH)";
  return {};
}

void TritonGPUDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &printer) const {
  if (succeeded(generatedAttributePrinter(attr, printer)))
    return;
  if (const LayoutRegistry::Entry *entry =
          layoutRegistry->lookup(attr.getTypeID())) {
    printer << entry->mnemonic;
    entry->print(attr, printer);
    return;
  }
  // Attributes without a mnemonic only appear inside layouts; print them
  // readably for diagnostics.
  if (auto cta = dyn_cast<CTALayoutAttr>(attr)) {
    printer << "cta_layout<{CTAsPerCGA = ";
    printArray(printer, cta.getCTAsPerCGA());
    printer << ", CTASplitNum = ";
    printArray(printer, cta.getCTASplitNum());
    printer << ", CTAOrder = ";
    printArray(printer, cta.getCTAOrder());
    printer << "}>";
    return;
  }
  printer << "<unknown ttg attribute>";
}

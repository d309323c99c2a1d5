//===- IntelLayouts.cpp - #ttg.intel_dpas ---------------------------------===//
//
// The parser, printer, verifier, interface methods and linear layouts of the
// DPAS layout, and its registration into the ttg dialect. The linear layouts
// have the bases upstream intel-xpu-backend-for-triton gives `#ttig.dpas`, in
// the same order (the lowering reads the register order off them):
//
//   C:  (register, lane, warp) -> (dim0, dim1[, dim2])
//   A, B (#ttg.dot_op with this parent): the same input dims, warps holding
//        copies along K.
//
//===----------------------------------------------------------------------===//

#include "intel/Dialect/TritonIntelGPU/IR/Dialect.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

// The generated file also defines a dialect-wide parser and printer for this
// attribute; the ttg dialect dispatches through its layout registry instead,
// so they are unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "intel/Dialect/TritonIntelGPU/IR/IntelLayouts.cpp.inc"
#pragma GCC diagnostic pop

//===----------------------------------------------------------------------===//
// Assembly
//===----------------------------------------------------------------------===//

static void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

namespace {
/// The `<{key = value, ...}>` dictionary of the layout, with errors reported
/// at its start.
class DpasKeys {
public:
  explicit DpasKeys(AsmParser &parser) : parser(parser) {}

  ParseResult parse() {
    loc = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseAttribute(dict) ||
        parser.parseGreater())
      return failure();
    return success();
  }

  InFlightDiagnostic error() {
    return parser.emitError(loc) << "#ttg.intel_dpas: ";
  }

  /// The unsigned value of `key`, or nullopt having reported why.
  std::optional<unsigned> getUnsigned(StringRef key) {
    Attribute value = dict.get(key);
    if (!value) {
      error() << "missing key '" << key << "'";
      return std::nullopt;
    }
    auto integer = dyn_cast<IntegerAttr>(value);
    if (!integer || integer.getValue().isNegative() ||
        integer.getValue().getActiveBits() > 32) {
      error() << "'" << key << "' must be a non-negative integer";
      return std::nullopt;
    }
    return static_cast<unsigned>(integer.getInt());
  }

  /// The array of `key` (nullopt in `present` when absent and optional).
  std::optional<SmallVector<unsigned>> getArray(StringRef key, bool optional,
                                                bool &present) {
    Attribute value = dict.get(key);
    present = value != nullptr;
    if (!value) {
      if (!optional)
        error() << "missing key '" << key << "'";
      return optional
                 ? std::optional<SmallVector<unsigned>>(SmallVector<unsigned>())
                 : std::nullopt;
    }
    auto array = dyn_cast<ArrayAttr>(value);
    SmallVector<unsigned> values;
    bool ok = array != nullptr;
    if (array)
      for (Attribute element : array) {
        auto integer = dyn_cast<IntegerAttr>(element);
        if (!integer || integer.getValue().isNegative() ||
            integer.getValue().getActiveBits() > 32) {
          ok = false;
          break;
        }
        values.push_back(static_cast<unsigned>(integer.getInt()));
      }
    if (!ok) {
      error() << "'" << key << "' must be an array of non-negative integers";
      return std::nullopt;
    }
    return values;
  }

  /// Reports the first key that is not one of `known`.
  LogicalResult checkKeys(ArrayRef<StringRef> known) {
    for (NamedAttribute entry : dict)
      if (!llvm::is_contained(known, entry.getName().getValue())) {
        error() << "unexpected key '" << entry.getName().getValue() << "'";
        return failure();
      }
    return success();
  }

  SMLoc getLoc() const { return loc; }

private:
  AsmParser &parser;
  SMLoc loc;
  DictionaryAttr dict;
};
} // namespace

Attribute IntelDpasEncodingAttr::parse(AsmParser &parser, Type) {
  DpasKeys keys(parser);
  if (failed(keys.parse()) ||
      failed(keys.checkKeys({"repeatCount", "systolicDepth", "executionSize",
                             "opsPerChan", "threadsPerWarp", "warpsPerCTA",
                             "repCluster", "A", "B", "C"})))
    return {};
  std::optional<unsigned> repeatCount, systolicDepth, executionSize, opsPerChan,
      threadsPerWarp;
  if (!(repeatCount = keys.getUnsigned("repeatCount")) ||
      !(systolicDepth = keys.getUnsigned("systolicDepth")) ||
      !(executionSize = keys.getUnsigned("executionSize")) ||
      !(opsPerChan = keys.getUnsigned("opsPerChan")) ||
      !(threadsPerWarp = keys.getUnsigned("threadsPerWarp")))
    return {};
  bool present = false;
  std::optional<SmallVector<unsigned>> warps =
      keys.getArray("warpsPerCTA", /*optional=*/false, present);
  if (!warps)
    return {};
  std::optional<SmallVector<unsigned>> repCluster =
      keys.getArray("repCluster", /*optional=*/true, present);
  if (!repCluster)
    return {};
  if (!present)
    repCluster = SmallVector<unsigned>(warps->size(), 1);
  auto layout = parser.getChecked<IntelDpasEncodingAttr>(
      keys.getLoc(), parser.getContext(), *repeatCount, *systolicDepth,
      *executionSize, *opsPerChan, *threadsPerWarp, *warps, *repCluster);
  if (!layout)
    return {};
  // Upstream's tile shapes, if given, must be the ones the keys imply.
  for (auto [key, shape] :
       {std::pair<StringRef, SmallVector<int64_t>>{"A", layout.getShapeA()},
        {"B", layout.getShapeB()},
        {"C", layout.getShapeC()}}) {
    std::optional<SmallVector<unsigned>> given =
        keys.getArray(key, /*optional=*/true, present);
    if (!given)
      return {};
    if (!present)
      continue;
    ArrayRef<int64_t> expected = ArrayRef<int64_t>(shape).take_back(2);
    if (given->size() != 2 || (*given)[0] != expected[0] ||
        (*given)[1] != expected[1]) {
      keys.error() << "'" << key << "' is [" << *given
                   << "] but the other keys give the tile [" << expected << "]";
      return {};
    }
  }
  return layout;
}

void IntelDpasEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{repeatCount = " << getRepeatCount()
          << ", systolicDepth = " << getSystolicDepth()
          << ", executionSize = " << getExecutionSize()
          << ", opsPerChan = " << getOpsPerChan()
          << ", threadsPerWarp = " << getSubGroupSize() << ", warpsPerCTA = ";
  printArray(printer, getWarps());
  printer << ", repCluster = ";
  printArray(printer, getRepCluster());
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// The elements of A one lane packs into a 16-bit register.
static unsigned getPackedOpsPerLane(unsigned opsPerChan) {
  return opsPerChan == 4 ? 2 : 1;
}

LogicalResult
IntelDpasEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned repeatCount, unsigned systolicDepth,
                              unsigned executionSize, unsigned opsPerChan,
                              unsigned subGroupSize, ArrayRef<unsigned> warps,
                              ArrayRef<unsigned> repCluster) {
  if (!llvm::is_contained({1u, 2u, 4u, 8u}, repeatCount))
    return emitError() << "#ttg.intel_dpas: repeatCount must be 1, 2, 4 or "
                          "8, got "
                       << repeatCount;
  if (systolicDepth != 8)
    return emitError() << "#ttg.intel_dpas: systolicDepth must be 8, got "
                       << systolicDepth;
  if (executionSize != 8 && executionSize != 16)
    return emitError() << "#ttg.intel_dpas: executionSize must be 8 or 16, "
                          "got "
                       << executionSize;
  if (!llvm::is_contained({1u, 2u, 4u}, opsPerChan))
    return emitError() << "#ttg.intel_dpas: opsPerChan must be 1 (tf32), 2 "
                          "(f16, bf16) or 4 (i8), got "
                       << opsPerChan;
  // A row of A spreads over packedColumns lanes, a row of C over
  // executionSize lanes: the sub-group must hold whole rows of both, and the
  // tile must hold all the rows a sub-group covers.
  unsigned packedColumns =
      systolicDepth * opsPerChan / getPackedOpsPerLane(opsPerChan);
  if (!llvm::isPowerOf2_32(subGroupSize) || subGroupSize % executionSize ||
      subGroupSize % packedColumns)
    return emitError() << "#ttg.intel_dpas: threadsPerWarp must be a power "
                          "of two holding whole rows of A ("
                       << packedColumns << " lanes) and of C (" << executionSize
                       << " lanes), got " << subGroupSize;
  if (repeatCount % (subGroupSize / executionSize) ||
      repeatCount % (subGroupSize / packedColumns))
    return emitError() << "#ttg.intel_dpas: repeatCount " << repeatCount
                       << " is smaller than the rows one sub-group of "
                       << subGroupSize << " lanes covers";
  unsigned rank = warps.size();
  if (rank != 2 && rank != 3)
    return emitError() << "#ttg.intel_dpas: warpsPerCTA must have rank 2 or "
                          "3 (with a batch dimension), got rank "
                       << rank;
  if (!llvm::all_of(warps, llvm::isPowerOf2_32))
    return emitError()
           << "#ttg.intel_dpas: warpsPerCTA must hold powers of two, got ["
           << warps << "]";
  if (repCluster.size() != rank ||
      !llvm::all_of(repCluster, llvm::isPowerOf2_32))
    return emitError() << "#ttg.intel_dpas: repCluster must hold " << rank
                       << " powers of two (the rank of warpsPerCTA), got ["
                       << repCluster << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

unsigned IntelDpasEncodingAttr::getRank() const { return getWarps().size(); }

SmallVector<unsigned> IntelDpasEncodingAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarps());
}

SmallVector<unsigned> IntelDpasEncodingAttr::getThreadsPerWarp() const {
  SmallVector<unsigned> threads(getRank(), 1);
  threads[getRank() - 2] = getSubGroupSize() / getExecutionSize();
  threads[getRank() - 1] = getExecutionSize();
  return threads;
}

SmallVector<unsigned> IntelDpasEncodingAttr::getSizePerThread() const {
  ArrayRef<unsigned> cluster = getRepCluster();
  unsigned rank = getRank();
  SmallVector<unsigned> size(rank, 1);
  size[rank - 2] = getRepeatCount() * cluster[rank - 2] /
                   (getSubGroupSize() / getExecutionSize());
  size[rank - 1] = cluster[rank - 1];
  return size;
}

SmallVector<int64_t> IntelDpasEncodingAttr::getShapeC() const {
  ArrayRef<unsigned> cluster = getRepCluster();
  unsigned rank = getRank();
  SmallVector<int64_t> shape(rank, 1);
  shape[rank - 2] = getRepeatCount() * cluster[rank - 2];
  shape[rank - 1] = getExecutionSize() * cluster[rank - 1];
  return shape;
}

SmallVector<int64_t> IntelDpasEncodingAttr::getShapeA() const {
  SmallVector<int64_t> shape = getShapeC();
  shape.back() = getInstrK();
  return shape;
}

SmallVector<int64_t> IntelDpasEncodingAttr::getShapeB() const {
  SmallVector<int64_t> shape = getShapeC();
  shape[getRank() - 2] = getInstrK();
  return shape;
}

unsigned IntelDpasEncodingAttr::getOperandKWidth(unsigned opIdx) const {
  return opIdx == 0 ? getPackedOpsPerLane(getOpsPerChan()) : getOpsPerChan();
}

LogicalResult IntelDpasEncodingAttr::verifyDotOperandEncoding(
    function_ref<InFlightDiagnostic()> emitError, unsigned opIdx,
    unsigned kWidth) const {
  if (opIdx > 1)
    return emitError() << "a dot operand of #ttg.intel_dpas must have opIdx "
                          "0 (A) or 1 (B), got "
                       << opIdx;
  if (kWidth != getOperandKWidth(opIdx))
    return emitError() << "a dot operand " << (opIdx == 0 ? "A" : "B")
                       << " of #ttg.intel_dpas with opsPerChan = "
                       << getOpsPerChan()
                       << " needs kWidth = " << getOperandKWidth(opIdx)
                       << ", got " << kWidth;
  return success();
}

//===----------------------------------------------------------------------===//
// Linear layouts
//===----------------------------------------------------------------------===//

using Bases = std::vector<std::vector<int32_t>>;

namespace {
/// The register and lane bases of one instruction's tile of an operand, as
/// (row, column) pairs of the two matrix dimensions.
struct TileBases {
  Bases registers, lanes;
};
} // namespace

/// C: lane l holds column l % executionSize; the lanes past executionSize
/// take the next rows; registers walk the remaining rows.
static TileBases getTileC(IntelDpasEncodingAttr dpas) {
  int32_t rowsPerSubGroup = dpas.getSubGroupSize() / dpas.getExecutionSize();
  TileBases tile;
  for (int32_t row = rowsPerSubGroup; row < int32_t(dpas.getRepeatCount());
       row *= 2)
    tile.registers.push_back({row, 0});
  for (int32_t lane = 1; lane < int32_t(dpas.getExecutionSize()); lane *= 2)
    tile.lanes.push_back({0, lane});
  for (int32_t row = 1; row < rowsPerSubGroup; row *= 2)
    tile.lanes.push_back({row, 0});
  return tile;
}

/// A: a row of K elements is packed into 16-bit values (one f16, two i8),
/// one per lane; the lanes past a row take the next rows; registers hold the
/// packed elements, then walk the remaining rows.
static TileBases getTileA(IntelDpasEncodingAttr dpas) {
  int32_t packed = getPackedOpsPerLane(dpas.getOpsPerChan());
  int32_t columns = dpas.getInstrK() / packed;
  int32_t rowsPerSubGroup = dpas.getSubGroupSize() / columns;
  TileBases tile;
  for (int32_t element = 1; element < packed; element *= 2)
    tile.registers.push_back({0, element});
  for (int32_t row = rowsPerSubGroup; row < int32_t(dpas.getRepeatCount());
       row *= 2)
    tile.registers.push_back({row, 0});
  for (int32_t lane = 1; lane < columns; lane *= 2)
    tile.lanes.push_back({0, packed * lane});
  for (int32_t row = 1; row < rowsPerSubGroup; row *= 2)
    tile.lanes.push_back({row, 0});
  return tile;
}

/// B: lane l holds column l % executionSize; registers hold the opsPerChan
/// consecutive K elements of a 32-bit channel, then walk the channels (the
/// lanes past executionSize take every other channel).
static TileBases getTileB(IntelDpasEncodingAttr dpas) {
  int32_t ops = dpas.getOpsPerChan();
  int32_t channelsPerSubGroup =
      dpas.getSubGroupSize() / dpas.getExecutionSize();
  TileBases tile;
  for (int32_t element = 1; element < ops; element *= 2)
    tile.registers.push_back({element, 0});
  for (int32_t channel = channelsPerSubGroup;
       channel < int32_t(dpas.getSystolicDepth()); channel *= 2)
    tile.registers.push_back({channel * ops, 0});
  for (int32_t lane = 1; lane < int32_t(dpas.getExecutionSize()); lane *= 2)
    tile.lanes.push_back({0, lane});
  for (int32_t channel = 1; channel < channelsPerSubGroup; channel *= 2)
    tile.lanes.push_back({channel * ops, 0});
  return tile;
}

LinearLayout IntelDpasEncodingAttr::toLinearLayoutOf(ArrayRef<int64_t> shape,
                                                     unsigned opIdx) const {
  MLIRContext *ctx = getContext();
  unsigned rank = getRank();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  StringAttr kWarp = StringAttr::get(ctx, "warp");
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, rank);
  unsigned rowDim = rank - 2, colDim = rank - 1;
  ArrayRef<unsigned> warps = getWarps();
  ArrayRef<unsigned> cluster = getRepCluster();

  TileBases tile = opIdx == 0   ? getTileA(*this)
                   : opIdx == 1 ? getTileB(*this)
                                : getTileC(*this);
  LinearLayout layout({{kRegister, tile.registers}, {kLane, tile.lanes}},
                      ArrayRef<StringAttr>(dims).take_back(2));

  // The tile repeated by repCluster (A along M, B along N, C along N then
  // M), then the warps, row-major; an operand is the same for the warps
  // that differ along the result dimension it lacks.
  auto tiles = [&](unsigned dim, int64_t perWarp, unsigned numWarps) {
    return static_cast<int32_t>(
        std::max<int64_t>(1, shape[dim] / (perWarp * numWarps)));
  };
  SmallVector<int64_t> shapeC = getShapeC();
  int32_t instrK = static_cast<int32_t>(getInstrK());
  if (opIdx == 0) {
    layout *=
        LinearLayout::identity1D(cluster[rowDim], kRegister, dims[rowDim]);
    layout *= LinearLayout::zeros1D(warps[colDim], kWarp, dims[colDim]);
    layout *= LinearLayout::identity1D(warps[rowDim], kWarp, dims[rowDim]);
  } else if (opIdx == 1) {
    layout *=
        LinearLayout::identity1D(cluster[colDim], kRegister, dims[colDim]);
    layout *= LinearLayout::identity1D(warps[colDim], kWarp, dims[colDim]);
    layout *= LinearLayout::zeros1D(warps[rowDim], kWarp, dims[rowDim]);
  } else {
    layout *=
        LinearLayout::identity1D(cluster[colDim], kRegister, dims[colDim]);
    layout *=
        LinearLayout::identity1D(cluster[rowDim], kRegister, dims[rowDim]);
    layout *= LinearLayout::identity1D(warps[colDim], kWarp, dims[colDim]);
    layout *= LinearLayout::identity1D(warps[rowDim], kWarp, dims[rowDim]);
  }
  if (rank == 3)
    layout *= LinearLayout::identity1D(warps[0], kWarp, dims[0]);

  // The rest of the tensor in registers: operands along K first, then along
  // their other dimension; C along N, then M.
  if (opIdx == 0) {
    layout *= LinearLayout::identity1D(
        std::max<int32_t>(1, shape[colDim] / instrK), kRegister, dims[colDim]);
    layout *= LinearLayout::identity1D(
        tiles(rowDim, shapeC[rowDim], warps[rowDim]), kRegister, dims[rowDim]);
  } else if (opIdx == 1) {
    layout *= LinearLayout::identity1D(
        std::max<int32_t>(1, shape[rowDim] / instrK), kRegister, dims[rowDim]);
    layout *= LinearLayout::identity1D(
        tiles(colDim, shapeC[colDim], warps[colDim]), kRegister, dims[colDim]);
  } else {
    layout *= LinearLayout::identity1D(
        tiles(colDim, shapeC[colDim], warps[colDim]), kRegister, dims[colDim]);
    layout *= LinearLayout::identity1D(
        tiles(rowDim, shapeC[rowDim], warps[rowDim]), kRegister, dims[rowDim]);
  }
  if (rank == 3)
    layout *=
        LinearLayout::identity1D(tiles(0, 1, warps[0]), kRegister, dims[0]);

  return combineCtaCgaWithShape(layout.transposeOuts(dims),
                                CTALayoutAttr::getDefault(ctx, rank), shape);
}

LinearLayout
IntelDpasEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return toLinearLayoutOf(shape, /*opIdx=*/2);
}

std::optional<LinearLayout> IntelDpasEncodingAttr::toLinearLayoutForOperand(
    ArrayRef<int64_t> shape, unsigned opIdx, unsigned kWidth) const {
  if (shape.size() != getRank() || opIdx > 1 ||
      kWidth != getOperandKWidth(opIdx))
    return std::nullopt;
  return toLinearLayoutOf(shape, opIdx);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

LogicalResult
mlir::triton::intel::registerIntelLayoutsInto(TritonGPUDialect *dialect) {
  // Printed as #dpas, the alias upstream's dumps use.
  return dialect->registerLayout<IntelDpasEncodingAttr>("dpas");
}

void mlir::triton::intel::registerIntelLayouts(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, TritonGPUDialect *ttg) {
    // A conflict (another plugin took the mnemonic) has been reported by
    // registerLayout; nothing else to do.
    (void)registerIntelLayoutsInto(ttg);
  });
}

//===- Ops.cpp - Operations of the ttg dialect ----------------------------===//
//
// Verifiers, folders, memory effects and custom assembly of the ttg
// operations. Every check reachable from user IR is a diagnostic that names
// the offending types.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `0, 32`: the offsets of ttg.memdesc_subslice.
static ParseResult parseOffsets(OpAsmParser &parser, DenseI32ArrayAttr &attr) {
  SmallVector<int32_t> offsets;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        return parser.parseInteger(offsets.emplace_back());
      }))
    return failure();
  attr = parser.getBuilder().getDenseI32ArrayAttr(offsets);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr attr) {
  llvm::interleaveComma(attr.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"

void TritonGPUDialect::registerOperations() {
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Checks that a tensor and a buffer hold the same elements.
static LogicalResult verifySameElements(Operation *op, RankedTensorType tensor,
                                        MemDescType buffer,
                                        StringRef tensorRole) {
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "the " << tensorRole << " holds " << tensor.getElementType()
           << " but the buffer holds " << buffer.getElementType() << " ("
           << tensor << " vs " << buffer << ")";
  if (tensor.getShape() != buffer.getShape())
    return op->emitOpError()
           << "the " << tensorRole << " shape [" << tensor.getShape()
           << "] differs from the buffer shape [" << buffer.getShape() << "] ("
           << tensor << " vs " << buffer << ")";
  if (auto layout = dyn_cast<LayoutEncodingTrait>(buffer.getEncoding())) {
    if (layout.getRank() != tensor.getRank())
      return op->emitOpError()
             << "the layout of the buffer has rank " << layout.getRank()
             << " but the " << tensorRole << " has rank " << tensor.getRank()
             << " (" << buffer << ")";
  }
  return success();
}

/// Checks that a view keeps the element type, layout, memory space and
/// mutability of its source.
static LogicalResult verifySameView(Operation *op, MemDescType src,
                                    MemDescType result, bool sameEncoding) {
  if (src.getElementType() != result.getElementType())
    return op->emitOpError()
           << "the result element type " << result.getElementType()
           << " differs from the source element type " << src.getElementType();
  if (sameEncoding && src.getEncoding() != result.getEncoding())
    return op->emitOpError()
           << "the result layout " << result.getEncoding()
           << " differs from the source layout " << src.getEncoding();
  if (src.getMemorySpace() != result.getMemorySpace())
    return op->emitOpError()
           << "the result memory space " << result.getMemorySpace()
           << " differs from the source memory space " << src.getMemorySpace();
  if (src.getMutableMemory() != result.getMutableMemory())
    return op->emitOpError()
           << "the result must be "
           << (src.getMutableMemory() ? "mutable" : "immutable")
           << " like the source, got " << result;
  return success();
}

static bool isWindow(MemDescType type) {
  return type.getAllocShape() != type.getShape();
}

static int64_t product(ArrayRef<int64_t> values) {
  return std::accumulate(values.begin(), values.end(), int64_t(1),
                         std::multiplies<int64_t>());
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (!src.getEncoding() || !result.getEncoding())
    return emitOpError() << "the source and the result must both have a "
                            "layout, got "
                         << src << " and " << result;
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  RankedTensorType src = getSrc().getType();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot copy into the immutable buffer " << dst;
  if (src.getShape() != dst.getShape())
    return emitOpError() << "the source shape [" << src.getShape()
                         << "] differs from the destination shape ["
                         << dst.getShape() << "]";
  Type pointee = getElementTypeOrSelf(getPointeeType(src));
  if (pointee != dst.getElementType())
    return emitOpError() << "the source points to " << pointee
                         << " but the destination holds "
                         << dst.getElementType();
  if (getContiguity() < 1)
    return emitOpError() << "contiguity must be positive, got "
                         << getContiguity();
  return success();
}

LogicalResult AsyncWaitOp::verify() {
  int32_t num = static_cast<int32_t>(getNum());
  if (num < 0)
    return emitOpError() << "the number of outstanding groups must be "
                            "non-negative, got "
                         << num;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (isWindow(type))
    return emitOpError() << "an allocation cannot be a window of a larger "
                            "buffer, got "
                         << type;
  if (std::optional<uint32_t> alignment = getAlignment()) {
    if (!llvm::isPowerOf2_32(*alignment))
      return emitOpError() << "the alignment must be a positive power of two, "
                              "got "
                           << *alignment;
  }
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError() << "an uninitialized buffer must be mutable, got "
                           << type;
    return success();
  }
  return verifySameElements(*this, getSrc().getType(), type, "source");
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  OpResult buffer = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), buffer,
                       SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), buffer,
                         SharedMemory::get());
}

int32_t LocalAllocOp::getAlignmentOrDefault() {
  if (std::optional<uint32_t> alignment = getAlignment())
    return static_cast<int32_t>(*alignment);
  if (auto shared = dyn_cast<SharedEncodingTrait>(getType().getEncoding()))
    return shared.getAlignment();
  return 16;
}

LogicalResult LocalLoadOp::verify() {
  return verifySameElements(*this, getType(), getSrc().getType(), "result");
}

LogicalResult LocalStoreOp::verify() {
  MemDescType dst = getDst().getType();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot store into the immutable buffer " << dst;
  return verifySameElements(*this, getSrc().getType(), dst, "source");
}

//===----------------------------------------------------------------------===//
// Memory descriptor views
//===----------------------------------------------------------------------===//

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (failed(verifySameView(*this, src, result, /*sameEncoding=*/true)))
    return failure();
  if (src.getShape().size() < 2)
    return emitOpError() << "cannot index a buffer of rank "
                         << src.getShape().size() << " (" << src
                         << "): the result would have no dimension";
  if (isWindow(src))
    return emitOpError() << "cannot index a window of a larger buffer (" << src
                         << ")";
  if (result.getShape() != src.getShape().drop_front())
    return emitOpError() << "the result shape [" << result.getShape()
                         << "] must be the source shape without its first "
                            "dimension ["
                         << src.getShape().drop_front() << "]";
  if (isWindow(result))
    return emitOpError() << "the result is a whole buffer and must not carry "
                            "another allocation shape, got "
                         << result;
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (failed(verifySameView(*this, src, result, /*sameEncoding=*/true)))
    return failure();
  ArrayRef<int32_t> offsets = getOffsets();
  ArrayRef<int64_t> srcShape = src.getShape(), dstShape = result.getShape();
  if (offsets.size() != srcShape.size())
    return emitOpError() << "expected " << srcShape.size()
                         << " offsets (one per dimension), got "
                         << offsets.size();
  if (dstShape.size() != srcShape.size())
    return emitOpError() << "the result must have the rank of the source ("
                         << srcShape.size() << "), got " << result;
  if (result.getAllocShape() != src.getAllocShape())
    return emitOpError() << "the result must keep the allocation shape ["
                         << src.getAllocShape() << "], got " << result;
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    if (offset < 0 || offset + dstShape[dim] > srcShape[dim])
      return emitOpError() << "the window at offsets [" << offsets
                           << "] with shape [" << dstShape
                           << "] does not fit in the source shape [" << srcShape
                           << "]";
    if (offset % dstShape[dim] != 0)
      return emitOpError() << "offset " << offset << " along dimension " << dim
                           << " is not a multiple of the window size "
                           << dstShape[dim];
  }
  return success();
}

/// The layout `ll` with its output dims permuted: output i of the result is
/// output order[i] of `ll`.
static LinearLayout permuteOuts(MLIRContext *ctx, const LinearLayout &ll,
                                ArrayRef<int32_t> order) {
  SmallVector<StringAttr> names = standardOutDimNames(ctx, order.size());
  SmallVector<int32_t> sizes(ll.getOutDimSizes());
  LinearLayout::BasesT bases;
  for (const auto &[inDim, inBases] : ll.getBases()) {
    std::vector<std::vector<int32_t>> &permuted = bases[inDim];
    for (const std::vector<int32_t> &basis : inBases) {
      std::vector<int32_t> newBasis;
      for (int32_t dim : order)
        newBasis.push_back(basis[dim]);
      permuted.push_back(std::move(newBasis));
    }
  }
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [i, dim] : llvm::enumerate(order))
    outDims.emplace_back(names[i], sizes[dim]);
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (failed(verifySameView(*this, src, result, /*sameEncoding=*/false)))
    return failure();
  ArrayRef<int32_t> order = getOrder();
  ArrayRef<int64_t> srcShape = src.getShape();
  SmallVector<bool> seen(order.size(), false);
  bool isPermutation = order.size() == srcShape.size();
  for (int32_t dim : order) {
    if (!isPermutation || dim < 0 || dim >= int32_t(order.size()) || seen[dim])
      return emitOpError() << "order must be a permutation of 0.."
                           << srcShape.size() << " (exclusive), got [" << order
                           << "]";
    seen[dim] = true;
  }
  SmallVector<int64_t> expected;
  for (int32_t dim : order)
    expected.push_back(srcShape[dim]);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "the result shape must be [" << expected
                         << "] (the source shape permuted by the order), got ["
                         << result.getShape() << "]";

  // When both layouts are known, the result must describe the same memory.
  if (isWindow(src) || isWindow(result))
    return success();
  std::optional<LinearLayout> srcLL = tryToLinearLayout(src);
  std::optional<LinearLayout> dstLL = tryToLinearLayout(result);
  if (srcLL && dstLL && permuteOuts(getContext(), *srcLL, order) != *dstLL)
    return emitOpError() << "the result layout " << result.getEncoding()
                         << " is not the transposed source layout "
                         << src.getEncoding();
  return success();
}

/// `ll` (outputs dim0...) seen through a row-major reshape to `shape`.
static LinearLayout reshapeOuts(MLIRContext *ctx, const LinearLayout &ll,
                                ArrayRef<int64_t> shape) {
  // Flatten with the last dimension most minor, then split again.
  SmallVector<StringAttr> reversed(ll.getOutDimNames());
  std::reverse(reversed.begin(), reversed.end());
  SmallVector<std::pair<StringAttr, int32_t>> newDims =
      standardOutDimPairs(ctx, shape);
  std::reverse(newDims.begin(), newDims.end());
  LinearLayout reshaped = ll.transposeOuts(reversed).reshapeOuts(newDims);
  return reshaped.transposeOuts(standardOutDimNames(ctx, shape.size()));
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (failed(verifySameView(*this, src, result, /*sameEncoding=*/false)))
    return failure();
  if (product(src.getShape()) != product(result.getShape()))
    return emitOpError() << "cannot reshape " << src << " into " << result
                         << ": the numbers of elements differ";
  if (isWindow(src))
    return emitOpError() << "cannot reshape a window of a larger buffer ("
                         << src << ")";
  if (isWindow(result))
    return emitOpError() << "the result of a reshape is a whole buffer and "
                            "must not carry another allocation shape, got "
                         << result;
  std::optional<LinearLayout> srcLL = tryToLinearLayout(src);
  std::string why;
  std::optional<LinearLayout> dstLL = tryToLinearLayout(result, &why);
  // As upstream, the result layout must be the source's reshaped, so it
  // must at least describe the result.
  if (srcLL && !dstLL)
    return emitOpError() << "the result layout " << result.getEncoding()
                         << " cannot describe " << result << ": " << why;
  if (srcLL && dstLL &&
      reshapeOuts(getContext(), *srcLL, result.getAllocShape()) != *dstLL)
    return emitOpError() << "the result layout " << result.getEncoding()
                         << " does not describe the memory of the source "
                            "layout "
                         << src.getEncoding() << " reshaped";
  return success();
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getMemorySpace() != result.getMemorySpace())
    return emitOpError() << "the result memory space "
                         << result.getMemorySpace()
                         << " differs from the source memory space "
                         << src.getMemorySpace();
  if (isWindow(src))
    return emitOpError() << "cannot reinterpret a window of a larger buffer ("
                         << src << "); reinterpret the whole buffer first";
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult Fp4ToFpOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  Type element = result.getElementType();
  if (!element.isBF16() && !element.isF16())
    return emitOpError() << "the result must hold bf16 or f16, got " << element;
  int64_t rank = src.getRank();
  if (result.getRank() != rank)
    return emitOpError() << "the source has rank " << rank
                         << " but the result has rank " << result.getRank();
  int32_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " is out of range for rank "
                         << rank;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t expected = src.getDimSize(dim) * (dim == axis ? 2 : 1);
    if (result.getDimSize(dim) != expected)
      return emitOpError() << "the result shape must be the source shape ["
                           << src.getShape() << "] with dimension " << axis
                           << " doubled, got [" << result.getShape() << "]";
  }
  if (bool(src.getEncoding()) != bool(result.getEncoding()))
    return emitOpError() << "the source and the result must both have a "
                            "layout or neither";
  return success();
}

//===----------------------------------------------------------------------===//
// GlobalScratchAllocOp
//===----------------------------------------------------------------------===//

LogicalResult GlobalScratchAllocOp::verify() {
  if (!llvm::isPowerOf2_32(getAlignment()))
    return emitOpError() << "the alignment must be a positive power of two, "
                            "got "
                         << getAlignment();
  if (static_cast<int32_t>(getNbytes()) < 0)
    return emitOpError() << "the size must be non-negative, got "
                         << static_cast<int32_t>(getNbytes());
  return success();
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  Region &holder = getPartitionOpHolder();
  if (holder.empty() || holder.front().empty())
    return {};
  return dyn_cast<WarpSpecializePartitionsOp>(holder.front().front());
}

RegionRange WarpSpecializeOp::getPartitionRegions() {
  if (WarpSpecializePartitionsOp partitions = getPartitionOp())
    return partitions.getPartitionRegions();
  return RegionRange();
}

unsigned WarpSpecializeOp::getTotalPartitionWarps() {
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  return std::accumulate(numWarps.begin(), numWarps.end(), 0u);
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, AsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") || parser.parseRegion(*result.addRegion()))
    return failure();

  OperationState partitions(parser.getEncodedSourceLoc(capturesLoc),
                            WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  SmallVector<OpAsmParser::Argument> arguments;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(numWarps.size())).str()))) {
    arguments.clear();
    if (parser.parseArgumentList(arguments, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) || parser.parseRParen() ||
        parser.parseRegion(*partitions.addRegion(), arguments))
      return failure();
  }

  FunctionType types;
  if (parser.parseColon() || parser.parseType(types) ||
      parser.resolveOperands(captures, types.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(types.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  Block &holder = result.addRegion()->emplaceBlock();
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToStart(&holder);
  builder.create(partitions);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << '(';
  printer.printOperands(getExplicitCaptures());
  printer << ')';
  printer.printOptionalAttrDictWithKeyword(getOperation()->getAttrs(),
                                           {getPartitionNumWarpsAttrName()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  RegionRange partitions = getPartitionRegions();
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  for (auto [i, region] : llvm::enumerate(partitions)) {
    printer.printNewline();
    printer << "partition" << i << '(';
    llvm::interleaveComma(
        region->getArguments(), printer,
        [&](BlockArgument arg) { printer.printRegionArgument(arg); });
    // Invalid IR (printed in diagnostics) may lack a warp count.
    printer << ") num_warps(";
    if (i < numWarps.size())
      printer << numWarps[i];
    printer << ") ";
    printer.printRegion(*region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(*this);
}

LogicalResult WarpSpecializeOp::verify() {
  if (!getPartitionOp())
    return emitOpError() << "expected its second region to hold only a "
                            "ttg.warp_specialize.partitions op";
  RegionRange partitions = getPartitionRegions();
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  if (partitions.size() != numWarps.size())
    return emitOpError() << "has " << partitions.size()
                         << " partitions but partitionNumWarps has "
                         << numWarps.size() << " elements";
  for (auto [i, warps] : llvm::enumerate(numWarps)) {
    if (warps <= 0 || !llvm::isPowerOf2_32(warps))
      return emitOpError() << "partition #" << i << " runs on " << warps
                           << " warps, which is not a power of two";
  }
  if (std::optional<ArrayRef<int32_t>> startIds = getWarpGroupStartIds()) {
    if (startIds->size() != numWarps.size())
      return emitOpError() << "has " << startIds->size()
                           << " warp group start IDs but " << numWarps.size()
                           << " partitions";
  }
  for (auto [i, region] : llvm::enumerate(partitions)) {
    if (region->getNumArguments() != getNumOperands())
      return emitOpError() << "partition region #" << i << " has "
                           << region->getNumArguments()
                           << " arguments but there are " << getNumOperands()
                           << " captures";
    for (auto [argIdx, argType, captureType] : llvm::enumerate(
             region->getArgumentTypes(), getExplicitCaptures().getTypes())) {
      if (argType != captureType)
        return emitOpError() << "partition region #" << i << " argument #"
                             << argIdx << " has type " << argType
                             << " but the capture has type " << captureType;
    }
  }
  if (getOperation()->getParentOfType<WarpSpecializeOp>())
    return emitOpError() << "cannot be nested inside another "
                            "ttg.warp_specialize";
  return success();
}

LogicalResult WarpSpecializePartitionsOp::verify() {
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    if (region.empty() || region.front().empty() ||
        !isa<WarpReturnOp>(region.front().back()))
      return emitOpError() << "partition region #" << i
                           << " must end with ttg.warp_return";
  }
  return success();
}

LogicalResult WarpYieldOp::verify() {
  Operation *parent = getOperation()->getParentOp();
  if (getNumOperands() != parent->getNumResults())
    return emitOpError() << "yields " << getNumOperands()
                         << " values but the ttg.warp_specialize has "
                         << parent->getNumResults() << " results";
  for (auto [i, value, type] :
       llvm::enumerate(getOperandTypes(), parent->getResultTypes())) {
    if (value != type)
      return emitOpError() << "value #" << i << " has type " << value
                           << " but the ttg.warp_specialize result has type "
                           << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Software-pipelining helpers
//===----------------------------------------------------------------------===//

LogicalResult PredicateStageOp::verify() {
  int32_t stage = static_cast<int32_t>(getStage());
  int32_t maxStage = static_cast<int32_t>(getMaxStage());
  if (stage < 0 || stage > maxStage)
    return emitOpError() << "stage " << stage
                         << " must be between 0 and maxStage " << maxStage;
  return success();
}

LogicalResult MaskOp::verify() {
  Block &body = getRegion().front();
  auto terminator =
      dyn_cast_or_null<MaskReturnOp>(body.empty() ? nullptr : &body.back());
  if (!terminator)
    return emitOpError() << "the region must end with ttg.mask.return";
  if (!llvm::equal(terminator.getOperandTypes(), getResultTypes()))
    return emitOpError() << "ttg.mask.return returns ("
                         << TypeRange(terminator.getOperandTypes())
                         << ") but the op has results ("
                         << TypeRange(getResultTypes()) << ")";
  return success();
}

#include "trident/Dialect/TritonGPU/IR/TritonGPUOpInterfaces.cpp.inc"

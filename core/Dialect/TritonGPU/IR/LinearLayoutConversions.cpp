//===- LinearLayoutConversions.cpp - ttg layouts as linear layouts --------===//
//
// The linear layout each core layout stands for, and the generic entry
// points that convert any ttg layout (plugin layouts through their
// interfaces). Nomenclature, as upstream: the "CTA layout" of a distributed
// layout maps (register, lane, warp) and that of a shared layout maps
// (offset); the "CGA layout" maps (block). Output dimensions are always
// named dim0, dim1, ...
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "LinearLayoutCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

static StringAttr named(MLIRContext *ctx, const Twine &name) {
  return StringAttr::get(ctx, name);
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

SmallVector<StringAttr> mlir::triton::gpu::standardOutDimNames(MLIRContext *ctx,
                                                               unsigned rank) {
  SmallVector<StringAttr> names;
  for (unsigned i = 0; i < rank; ++i)
    names.push_back(named(ctx, "dim" + Twine(i)));
  return names;
}

SmallVector<std::pair<StringAttr, int32_t>>
mlir::triton::gpu::standardOutDimPairs(MLIRContext *ctx,
                                       ArrayRef<int64_t> shape) {
  SmallVector<std::pair<StringAttr, int32_t>> pairs;
  for (auto [name, size] :
       llvm::zip_equal(standardOutDimNames(ctx, shape.size()), shape))
    pairs.emplace_back(name, static_cast<int32_t>(size));
  return pairs;
}

LinearLayout mlir::triton::gpu::identityStandardND(StringAttr inDim,
                                                   ArrayRef<unsigned> shape,
                                                   ArrayRef<unsigned> order) {
  SmallVector<StringAttr> outDims =
      standardOutDimNames(inDim.getContext(), shape.size());
  LinearLayout layout = LinearLayout::empty();
  // order[0] is the fastest dimension: its bits come first.
  for (unsigned dim : order)
    layout *= LinearLayout::identity1D(shape[dim], inDim, outDims[dim]);
  return layout;
}

LinearLayout mlir::triton::gpu::makeCgaLayout(CTALayoutAttr layout) {
  MLIRContext *ctx = layout.getContext();
  StringAttr kBlock = named(ctx, "block");
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, layout.getRank());
  LinearLayout cga = LinearLayout::empty();
  for (unsigned dim : layout.getCTAOrder()) {
    // CTASplitNum pieces, each shared by CTAsPerCGA / CTASplitNum CTAs.
    unsigned split = layout.getCTASplitNum()[dim];
    unsigned ctas = layout.getCTAsPerCGA()[dim];
    cga *= LinearLayout::identity1D(split, kBlock, outDims[dim]) *
           LinearLayout::zeros1D(ctas / split, kBlock, outDims[dim]);
  }
  return cga.transposeOuts(outDims);
}

LinearLayout mlir::triton::gpu::ensureLayoutNotLargerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape,
    bool broadcastRegisters) {
  if (layout.getNumInDims() == 0 || layout.getNumOutDims() == 0)
    return layout;
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  StringAttr kRegister = named(ctx, "register");

  LinearLayout::BasesT bases = layout.getBases();
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  llvm::SmallDenseSet<unsigned> zeroedRegisters;
  for (auto [outIdx, outDim] : llvm::enumerate(layout.getOutDimNames())) {
    int32_t actual = layout.getOutDimSize(outDim);
    int32_t desired = static_cast<int32_t>(shape.lookup(outDim));
    if (actual <= desired) {
      outDims.emplace_back(outDim, actual);
      continue;
    }
    // Every basis reaching `desired` or further would fall outside the
    // shape: make it a broadcast along this dimension instead.
    for (auto &[inDim, inBases] : bases) {
      for (auto [basisIdx, basis] : llvm::enumerate(inBases)) {
        if (basis[outIdx] < desired)
          continue;
        basis[outIdx] = 0;
        if (inDim == kRegister)
          zeroedRegisters.insert(basisIdx);
      }
    }
    outDims.emplace_back(outDim, desired);
  }

  // A register that holds a copy of another one is useless: drop it.
  if (broadcastRegisters && bases.contains(kRegister)) {
    std::vector<std::vector<int32_t>> kept;
    for (auto [basisIdx, basis] : llvm::enumerate(bases[kRegister])) {
      bool isZero = llvm::all_of(basis, [](int32_t v) { return v == 0; });
      if (!(isZero && zeroedRegisters.contains(basisIdx)))
        kept.push_back(basis);
    }
    bases[kRegister] = std::move(kept);
  }
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

LinearLayout mlir::triton::gpu::ensureLayoutNotSmallerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape) {
  if (layout.getNumInDims() == 0)
    return layout;
  // Repeat along the first input dimension: registers for a distributed
  // layout, offsets for a shared one.
  StringAttr repeatDim = *layout.getInDimNames().begin();
  LinearLayout result = layout;
  for (StringAttr outDim : layout.getOutDimNames()) {
    int64_t actual = layout.getOutDimSize(outDim);
    int64_t desired = shape.lookup(outDim);
    if (desired > actual)
      result *= LinearLayout::identity1D(static_cast<int32_t>(desired / actual),
                                         repeatDim, outDim);
  }
  return result;
}

LinearLayout
mlir::triton::gpu::combineCtaCgaWithShape(LinearLayout ctaLayout,
                                          CTALayoutAttr cgaLayoutAttr,
                                          ArrayRef<int64_t> shape) {
  MLIRContext *ctx = cgaLayoutAttr.getContext();
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, shape.size());
  llvm::SmallDenseMap<StringAttr, int64_t> labeledShape;
  for (auto [dim, size] : llvm::zip_equal(outDims, shape))
    labeledShape[dim] = size;

  SmallVector<StringAttr> ctaOutDims(ctaLayout.getOutDimNames());
  LinearLayout cgaLayout =
      ensureLayoutNotLargerThan(makeCgaLayout(cgaLayoutAttr), labeledShape)
          .transposeOuts(ctaOutDims);

  // Each CTA covers the shape divided by the number of pieces.
  llvm::SmallDenseMap<StringAttr, int64_t> ctaShape;
  for (StringAttr dim : ctaOutDims)
    ctaShape[dim] = std::max<int64_t>(1, labeledShape.lookup(dim) /
                                             cgaLayout.getOutDimSize(dim));
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  return (ctaLayout * cgaLayout).transposeOuts(outDims);
}

//===----------------------------------------------------------------------===//
// Core layouts
//===----------------------------------------------------------------------===//

LinearLayout
BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  ArrayRef<unsigned> order = getOrder();
  LinearLayout ctaLayout =
      identityStandardND(named(ctx, "register"), getSizePerThread__(), order) *
      identityStandardND(named(ctx, "lane"), getThreadsPerWarp__(), order) *
      identityStandardND(named(ctx, "warp"), getWarpsPerCTA__(), order);
  return combineCtaCgaWithShape(std::move(ctaLayout), getCTALayout(), shape);
}

/// Renames the output dims of `layout` (in order) to `names`.
static LinearLayout renameOuts(const LinearLayout &layout,
                               ArrayRef<StringAttr> names) {
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [name, size] : llvm::zip_equal(names, layout.getOutDimSizes()))
    outDims.emplace_back(name, size);
  return LinearLayout(layout.getBases(), outDims, /*requireSurjective=*/false);
}

LinearLayout SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MLIRContext *ctx = getContext();
  SmallVector<int64_t> parentShape = paddedShape(shape);
  unsigned parentRank = parentShape.size();
  LinearLayout parent = getParent().toLinearLayout(parentShape);
  parent = parent.transposeOuts(standardOutDimNames(ctx, parentRank));

  // The parent's dimension `dim` has size 1, so no basis moves along it:
  // drop that component and renumber the dimensions above it.
  unsigned dim = getDim();
  LinearLayout::BasesT bases;
  for (const auto &[inDim, inBases] : parent.getBases()) {
    std::vector<std::vector<int32_t>> &sliced = bases[inDim];
    for (const std::vector<int32_t> &basis : inBases) {
      std::vector<int32_t> reduced(basis);
      reduced.erase(reduced.begin() + dim);
      sliced.push_back(std::move(reduced));
    }
  }
  SmallVector<StringAttr> outNames = standardOutDimNames(ctx, parentRank - 1);
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  unsigned next = 0;
  for (auto [i, size] : llvm::enumerate(parent.getOutDimSizes()))
    if (i != dim)
      outDims.emplace_back(outNames[next++], size);
  LinearLayout sliced(std::move(bases), outDims, /*requireSurjective=*/false);
  // Registers that held the removed dimension now hold copies.
  return sliced.removeZeroBasesAlongDim(named(ctx, "register"));
}

/// The layout of `inDim` over `shape` walking `order`, with zeros (broadcast)
/// along `broadcastDim`.
static LinearLayout broadcastedDotOperandLayout(MLIRContext *ctx,
                                                ArrayRef<unsigned> shape,
                                                ArrayRef<unsigned> order,
                                                unsigned broadcastDim,
                                                StringAttr inDim) {
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, shape.size());
  LinearLayout layout = LinearLayout::empty();
  for (unsigned dim : order) {
    if (dim == broadcastDim)
      layout *= LinearLayout::zeros1D(shape[dim], inDim, outDims[dim]);
    else
      layout *= LinearLayout::identity1D(shape[dim], inDim, outDims[dim]);
  }
  return layout;
}

LinearLayout
mlir::triton::gpu::fmaDotToLinearLayout(DotOperandEncodingAttr operand,
                                        BlockedEncodingAttr parent,
                                        ArrayRef<int64_t> shape) {
  MLIRContext *ctx = operand.getContext();
  unsigned rank = shape.size();
  unsigned kDim = operand.getOpIdx() == 0 ? rank - 1 : rank - 2;
  ArrayRef<unsigned> order = parent.getOrder();

  // Each thread holds the whole K extent; lanes and warps along K of the
  // parent hold copies.
  SmallVector<unsigned> sizePerThread(parent.getSizePerThread__());
  sizePerThread[kDim] = static_cast<unsigned>(shape[kDim]);

  SmallVector<StringAttr> repDims;
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, rank);
  for (unsigned dim : parent.getRepOrder())
    repDims.push_back(outDims[dim]);

  LinearLayout registers =
      identityStandardND(named(ctx, "register"), sizePerThread, order);
  LinearLayout lanes = broadcastedDotOperandLayout(
      ctx, parent.getThreadsPerWarp__(), order, kDim, named(ctx, "lane"));
  LinearLayout warps = broadcastedDotOperandLayout(
      ctx, parent.getWarpsPerCTA__(), order, kDim, named(ctx, "warp"));
  LinearLayout ctaLayout = registers.transposeOuts(repDims) *
                           lanes.transposeOuts(repDims) *
                           warps.transposeOuts(repDims);
  return combineCtaCgaWithShape(std::move(ctaLayout), parent.getCTALayout(),
                                shape);
}

LinearLayout
DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent()))
    return fmaDotToLinearLayout(*this, blocked, shape);
  if (auto mma = dyn_cast<MmaEncodingTrait>(getParent())) {
    if (std::optional<LinearLayout> layout =
            mma.toLinearLayoutForOperand(shape, getOpIdx(), getKWidth()))
      return std::move(*layout);
  }
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "the parent of " << Attribute(*this)
     << " does not provide the layout of its operand";
  llvm::reportFatalUsageError(Twine(message));
}

LinearLayout LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // Repeat or broadcast the stored layout to the requested shape, walking
  // the dimensions in the layout's order; registers are not broadcast.
  LinearLayout layout = getLinearLayout();
  SmallVector<StringAttr> canonical(layout.getOutDimNames());
  SmallVector<StringAttr> permuted;
  llvm::SmallDenseMap<StringAttr, int64_t> namedShape;
  for (unsigned dim : getRepOrder()) {
    permuted.push_back(canonical[dim]);
    namedShape[canonical[dim]] = shape[dim];
  }
  layout = layout.transposeOuts(permuted);
  layout = ensureLayoutNotSmallerThan(layout, namedShape);
  layout = ensureLayoutNotLargerThan(layout, namedShape,
                                     /*broadcastRegisters=*/false);
  return layout.transposeOuts(canonical);
}

LinearLayout mlir::triton::gpu::swizzledSharedToLinearLayout(
    ArrayRef<int64_t> shape, SwizzledSharedEncodingAttr shared) {
  MLIRContext *ctx = shared.getContext();
  StringAttr kOffset = named(ctx, "offset");
  unsigned rank = shape.size();
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, rank);
  if (rank == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(shape[0], kOffset, outDims[0]),
        shared.getCTALayout(), shape);

  // The two most minor dimensions are swizzled: row r of the (row, col)
  // plane has its vectors XORed with (r / perPhase) % maxPhase.
  ArrayRef<unsigned> order = shared.getOrder();
  unsigned colDim = order[0], rowDim = order[1];
  int32_t numCols = static_cast<int32_t>(shape[colDim]);
  int32_t numRows = static_cast<int32_t>(shape[rowDim]);
  int32_t vec = shared.getVec(), perPhase = shared.getPerPhase(),
          maxPhase = shared.getMaxPhase();
  std::vector<std::vector<int32_t>> bases2D;
  for (int32_t col = 1; col < numCols; col *= 2)
    bases2D.push_back({0, col});
  for (int32_t row = 1; row < numRows; row *= 2)
    bases2D.push_back({row, (vec * ((row / perPhase) % maxPhase)) % numCols});
  LinearLayout::BasesT bases;
  bases[kOffset] = std::move(bases2D);
  LinearLayout ctaLayout(
      std::move(bases),
      {{outDims[rowDim], numRows}, {outDims[colDim], numCols}},
      /*requireSurjective=*/false);

  // The other dimensions follow, unswizzled, in order.
  for (unsigned dim : order.drop_front(2))
    ctaLayout *= LinearLayout::identity1D(shape[dim], kOffset, outDims[dim]);
  return combineCtaCgaWithShape(std::move(ctaLayout), shared.getCTALayout(),
                                shape);
}

LinearLayout
SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return swizzledSharedToLinearLayout(shape, *this);
}

LinearLayout
PaddedSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // The placement of the elements; the padding only shifts addresses.
  return getLinearComponent();
}

LinearLayout
SharedLinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return getLinearLayout();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

/// Fails with a message if `layout` cannot describe `shape`.
static LogicalResult checkShape(ArrayRef<int64_t> shape, Attribute layout,
                                std::string *error) {
  auto fail = [&](const Twine &why) {
    if (error)
      *error = why.str();
    return failure();
  };
  auto ttgLayout = dyn_cast_or_null<LayoutEncodingTrait>(layout);
  if (!ttgLayout ||
      !isa<DistributedEncodingTrait, SharedEncodingTrait>(layout)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (layout)
      os << layout;
    else
      os << "<<null>>";
    return fail("not a ttg layout: " + text);
  }
  if (ttgLayout.getRank() != shape.size())
    return fail("a layout of rank " + Twine(ttgLayout.getRank()) +
                " cannot describe a shape of rank " + Twine(shape.size()));
  for (int64_t size : shape) {
    if (size <= 0 || size > (int64_t(1) << 30) || !llvm::isPowerOf2_64(size))
      return fail("dimension sizes must be powers of two (up to 2^30), got " +
                  Twine(size));
  }
  // Layouts stored as bases only describe their own shape.
  auto checkFixed = [&](const LinearLayout &ll) -> LogicalResult {
    for (auto [size, fixed] : llvm::zip_equal(shape, ll.getOutDimSizes()))
      if (size != fixed)
        return fail("the layout describes a buffer of another shape");
    return success();
  };
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(layout))
    return checkFixed(padded.getLinearComponent());
  if (auto linear = dyn_cast<SharedLinearEncodingAttr>(layout))
    return checkFixed(linear.getLinearLayout());
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout)) {
    if (auto mma = dyn_cast<MmaEncodingTrait>(dot.getParent()))
      if (!mma.toLinearLayoutForOperand(shape, dot.getOpIdx(), dot.getKWidth()))
        return fail("the parent layout does not provide the layout of "
                    "operand " +
                    Twine(dot.getOpIdx()) + " for this shape and kWidth");
  }
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return checkShape(slice.paddedShape(shape), slice.getParent(), error);
  return success();
}

std::optional<LinearLayout> gpu::detail::LinearLayoutCache::getOrCompute(
    ArrayRef<int64_t> shape, Attribute layout, std::string *error,
    Compute compute) {
  auto find = [&]() -> const Entry * {
    auto it = entries.find(layout);
    if (it == entries.end())
      return nullptr;
    for (const Entry &entry : it->second)
      if (ArrayRef<int64_t>(entry.shape) == shape)
        return &entry;
    return nullptr;
  };
  auto answer = [&](const Entry &entry) {
    if (!entry.layout && error)
      *error = entry.error;
    return entry.layout;
  };
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (const Entry *entry = find())
      return answer(*entry);
  }
  Entry computed;
  computed.shape.assign(shape.begin(), shape.end());
  computed.layout = compute(&computed.error);
  std::lock_guard<std::mutex> lock(mutex);
  // Another thread may have computed the same entry meanwhile.
  if (const Entry *entry = find())
    return answer(*entry);
  SmallVector<Entry, 1> &list = entries[layout];
  list.push_back(std::move(computed));
  return answer(list.back());
}

static std::optional<LinearLayout> computeLinearLayout(ArrayRef<int64_t> shape,
                                                       Attribute layout,
                                                       std::string *error) {
  if (failed(checkShape(shape, layout, error)))
    return std::nullopt;
  if (auto distributed = dyn_cast<DistributedEncodingTrait>(layout))
    return distributed.toLinearLayout(shape);
  return cast<SharedEncodingTrait>(layout).toLinearLayout(shape);
}

std::optional<LinearLayout>
mlir::triton::gpu::tryToLinearLayout(ArrayRef<int64_t> shape, Attribute layout,
                                     std::string *error) {
  auto *dialect =
      layout ? layout.getContext()->getLoadedDialect<TritonGPUDialect>()
             : nullptr;
  auto *cache =
      dialect ? dialect->getRegisteredInterface<detail::LinearLayoutCache>()
              : nullptr;
  if (!cache)
    return computeLinearLayout(shape, layout, error);
  return cache->getOrCompute(shape, layout, error, [&](std::string *why) {
    return computeLinearLayout(shape, layout, why);
  });
}

[[noreturn]] static void conversionFailed(Attribute layout,
                                          const std::string &why) {
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "cannot convert ";
  if (layout)
    os << layout;
  else
    os << "a null layout";
  os << " to a linear layout: " << why;
  llvm::reportFatalUsageError(Twine(message));
}

LinearLayout mlir::triton::gpu::toLinearLayout(ArrayRef<int64_t> shape,
                                               Attribute layout) {
  std::string why;
  std::optional<LinearLayout> result = tryToLinearLayout(shape, layout, &why);
  if (!result)
    conversionFailed(layout, why);
  return std::move(*result);
}

LinearLayout mlir::triton::gpu::toLinearLayout(RankedTensorType type) {
  return toLinearLayout(type.getShape(), type.getEncoding());
}

std::optional<LinearLayout>
mlir::triton::gpu::tryToLinearLayout(MemDescType type, std::string *error) {
  Attribute encoding = type.getEncoding();
  ArrayRef<int64_t> allocShape =
      type.getAllocShape().take_back(type.getShape().size());
  auto ttgLayout = dyn_cast_or_null<LayoutEncodingTrait>(encoding);
  if (!ttgLayout || ttgLayout.getRank() >= allocShape.size())
    return tryToLinearLayout(allocShape, encoding, error);

  // The layout covers the trailing dimensions; the leading ones index whole
  // copies of it, one after the other.
  MLIRContext *ctx = type.getContext();
  unsigned rank = allocShape.size();
  unsigned leading = rank - ttgLayout.getRank();
  for (int64_t size : allocShape.take_front(leading)) {
    if (size <= 0 || !llvm::isPowerOf2_64(size)) {
      if (error)
        *error = "dimension sizes must be powers of two, got " +
                 std::to_string(size);
      return std::nullopt;
    }
  }
  std::optional<LinearLayout> inner =
      tryToLinearLayout(allocShape.drop_front(leading), encoding, error);
  if (!inner)
    return std::nullopt;
  SmallVector<StringAttr> outDims = standardOutDimNames(ctx, rank);
  LinearLayout layout =
      renameOuts(*inner, ArrayRef<StringAttr>(outDims).drop_front(leading));
  StringAttr kOffset = named(ctx, "offset");
  for (unsigned dim = leading; dim-- > 0;)
    layout *= LinearLayout::identity1D(static_cast<int32_t>(allocShape[dim]),
                                       kOffset, outDims[dim]);
  return layout.transposeOuts(outDims);
}

LinearLayout mlir::triton::gpu::toLinearLayout(MemDescType type) {
  std::string why;
  std::optional<LinearLayout> result = tryToLinearLayout(type, &why);
  if (!result)
    conversionFailed(type.getEncoding(), why);
  return std::move(*result);
}

LinearEncodingAttr mlir::triton::gpu::toLinearEncoding(ArrayRef<int64_t> shape,
                                                       Attribute layout) {
  if (!isa_and_nonnull<DistributedEncodingTrait>(layout))
    conversionFailed(layout, "only distributed layouts have a #ttg.linear "
                             "equivalent");
  MLIRContext *ctx = layout.getContext();
  LinearLayout ll = toLinearLayout(shape, layout);
  // Normalize the input dimensions to [register, lane, warp, block].
  SmallVector<StringAttr> inDims;
  for (StringRef name : {"register", "lane", "warp", "block"}) {
    StringAttr dim = named(ctx, name);
    if (!ll.hasInDim(dim))
      ll *= LinearLayout::identity1D(1, dim, *ll.getOutDimNames().begin());
    inDims.push_back(dim);
  }
  if (ll.getNumInDims() != 4)
    conversionFailed(layout, "a distributed layout may only have register, "
                             "lane, warp and block inputs");
  return LinearEncodingAttr::get(ctx, ll.transposeIns(inDims));
}

LinearEncodingAttr mlir::triton::gpu::toLinearEncoding(RankedTensorType type) {
  return toLinearEncoding(type.getShape(), type.getEncoding());
}

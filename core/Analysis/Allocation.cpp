//===- Allocation.cpp - Shared-memory allocation --------------------------===//

#include "trident/Analysis/Allocation.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

/// Regions of one scratch buffer start at this alignment.
static constexpr int64_t kRegionAlignment = 16;

unsigned mlir::triton::getSharedElementBytes(Type type) {
  if (isa<PointerType>(type))
    return 8;
  unsigned bits = type.getIntOrFloatBitWidth();
  return std::max(1u, (bits + 7) / 8);
}

std::optional<ReduceScratch> mlir::triton::getReduceScratch(ReduceOp op) {
  SmallVector<RankedTensorType> inputs = op.getInputTypes();
  if (inputs.empty() || !inputs[0].getEncoding())
    return std::nullopt;
  RankedTensorType type = inputs[0];
  unsigned axis = op.getAxis();
  MLIRContext *ctx = op.getContext();
  std::optional<LinearLayout> layout =
      gpu::tryToLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return std::nullopt;
  ReduceScratch scratch;
  for (StringRef name : {"lane", "warp", "block"}) {
    StringAttr dim = StringAttr::get(ctx, name);
    if (!layout->hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(dim); ++bit) {
      ArrayRef<int32_t> basis = layout->getBasis(dim, bit);
      if (basis[axis] == 0)
        continue;
      for (auto [d, v] : llvm::enumerate(basis))
        if (d != axis && v != 0)
          return std::nullopt;
      if (name == "block")
        return std::nullopt;
      if (name == "warp")
        scratch.numWarps *= 2;
    }
  }
  scratch.numResultElements = type.getNumElements() / type.getShape()[axis];
  if (scratch.numWarps == 1)
    return scratch;
  int64_t offset = 0;
  for (RankedTensorType input : inputs) {
    offset = llvm::alignTo(offset, kRegionAlignment);
    scratch.operandOffsets.push_back(offset);
    offset += scratch.numResultElements * scratch.numWarps *
              getSharedElementBytes(input.getElementType());
  }
  scratch.sizeInBytes = offset;
  return scratch;
}

std::optional<ScanScratch> mlir::triton::getScanScratch(ScanOp op) {
  auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
  if (!type.getEncoding())
    return std::nullopt;
  unsigned axis = op.getAxis();
  MLIRContext *ctx = op.getContext();
  std::optional<LinearLayout> layout =
      gpu::tryToLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return std::nullopt;
  // (axis value, source, bit) of every basis stepping along the axis.
  struct AxisBit {
    int32_t value;
    int source; // 0 register, 1 lane, 2 warp
    int32_t bit;
  };
  SmallVector<AxisBit> bits;
  const char *names[] = {"register", "lane", "warp", "block"};
  for (int source = 0; source < 4; ++source) {
    StringAttr dim = StringAttr::get(ctx, names[source]);
    if (!layout->hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(dim); ++bit) {
      ArrayRef<int32_t> basis = layout->getBasis(dim, bit);
      if (basis[axis] == 0)
        continue;
      for (auto [d, v] : llvm::enumerate(basis))
        if (d != axis && v != 0)
          return std::nullopt;
      if (source == 3 || !llvm::isPowerOf2_32(basis[axis]))
        return std::nullopt;
      bits.push_back({basis[axis], source, bit});
    }
  }
  llvm::sort(bits, [](const AxisBit &a, const AxisBit &b) {
    return a.value < b.value;
  });
  ScanScratch scratch;
  int phase = 0; // 0 low registers, 1 lanes, 2 warps, 3 high registers
  int32_t expectedLaneBit = -1;
  for (auto [i, b] : llvm::enumerate(bits)) {
    if (b.value != (1 << i))
      return std::nullopt;
    int want = b.source == 0 ? (phase == 0 ? 0 : 3) : b.source;
    if (want < phase)
      return std::nullopt;
    phase = want;
    switch (phase) {
    case 0:
      scratch.numLowRegs *= 2;
      break;
    case 1:
      if (expectedLaneBit >= 0 && b.bit != expectedLaneBit)
        return std::nullopt;
      if (expectedLaneBit < 0)
        scratch.laneShift = b.bit;
      expectedLaneBit = b.bit + 1;
      scratch.numLanes *= 2;
      break;
    case 2:
      scratch.numWarps *= 2;
      break;
    default:
      scratch.numChunks *= 2;
      break;
    }
  }
  scratch.numResultElements = type.getNumElements() / type.getShape()[axis];
  if (scratch.numWarps == 1)
    return scratch;
  int64_t offset = 0;
  for (Value src : op.getSrcs()) {
    offset = llvm::alignTo(offset, kRegionAlignment);
    scratch.operandOffsets.push_back(offset);
    offset += scratch.numResultElements * scratch.numChunks * scratch.numWarps *
              getSharedElementBytes(getElementTypeOrSelf(src.getType()));
  }
  scratch.sizeInBytes = offset;
  return scratch;
}

bool mlir::triton::convertLayoutNeedsSharedMemory(RankedTensorType src,
                                                  RankedTensorType dst) {
  MLIRContext *ctx = src.getContext();
  LinearLayout srcLayout = gpu::toLinearLayout(src);
  LinearLayout dstLayout = gpu::toLinearLayout(dst);
  SmallVector<StringAttr> threadDims;
  for (StringRef name : {"lane", "warp", "block"})
    threadDims.push_back(StringAttr::get(ctx, name));
  SmallVector<StringAttr> outDims(srcLayout.getOutDimNames());
  // Register-only when every thread holds the same elements in both.
  return srcLayout.sublayout(threadDims, outDims) !=
         dstLayout.sublayout(threadDims, outDims);
}

int64_t mlir::triton::getHistogramScratchBins(HistogramOp op) {
  return static_cast<int64_t>(
      llvm::PowerOf2Ceil(static_cast<uint64_t>(op.getType().getDimSize(0))));
}

std::optional<WarpLocalGather> mlir::triton::getWarpLocalGather(GatherOp op) {
  RankedTensorType src = op.getSrc().getType();
  RankedTensorType idx = op.getIndices().getType();
  if (!src.getEncoding() || !idx.getEncoding())
    return std::nullopt;
  std::optional<LinearLayout> srcLayout =
      gpu::tryToLinearLayout(src.getShape(), src.getEncoding());
  std::optional<LinearLayout> idxLayout =
      gpu::tryToLinearLayout(idx.getShape(), idx.getEncoding());
  if (!srcLayout || !idxLayout)
    return std::nullopt;
  MLIRContext *ctx = op.getContext();
  auto reg = StringAttr::get(ctx, "register");
  auto lane = StringAttr::get(ctx, "lane");
  unsigned axis = op.getAxis();
  // Warps and blocks: the same coordinates in both, none along the axis.
  for (StringRef name : {"warp", "block"}) {
    auto dim = StringAttr::get(ctx, name);
    int32_t srcBits =
        srcLayout->hasInDim(dim) ? srcLayout->getInDimSizeLog2(dim) : 0;
    int32_t idxBits =
        idxLayout->hasInDim(dim) ? idxLayout->getInDimSizeLog2(dim) : 0;
    if (srcBits != idxBits)
      return std::nullopt;
    for (int32_t bit = 0; bit < srcBits; ++bit) {
      ArrayRef<int32_t> basis = srcLayout->getBasis(dim, bit);
      if (basis != idxLayout->getBasis(dim, bit) || basis[axis] != 0)
        return std::nullopt;
    }
  }
  // Checked by enumeration: bounded, as the allocation and barrier passes
  // ask again for every op.
  int32_t numRegs = idxLayout->getInDimSize(reg);
  int32_t numLanes = idxLayout->getInDimSize(lane);
  int64_t axisSize = src.getDimSize(axis);
  if (int64_t(numRegs) * numLanes * axisSize > (int64_t(1) << 16))
    return std::nullopt;
  std::optional<LinearLayout> inverse = srcLayout->tryPseudoinvert();
  if (!inverse)
    return std::nullopt;
  // A layout evaluated at a register and lane of warp 0, block 0.
  auto at = [&](const LinearLayout &layout, int32_t r, int32_t l) {
    SmallVector<std::pair<StringAttr, int32_t>> ins;
    for (StringAttr dim : layout.getInDimNames())
      ins.push_back({dim, dim == reg ? r : dim == lane ? l : 0});
    return layout.apply(ins);
  };
  WarpLocalGather result;
  result.sameLane = true;
  int64_t total = 0;
  for (int32_t r = 0; r < numRegs; ++r) {
    llvm::SmallSetVector<int32_t, 8> candidates;
    for (int32_t l = 0; l < numLanes; ++l) {
      SmallVector<std::pair<StringAttr, int32_t>> coords = at(*idxLayout, r, l);
      for (int64_t a = 0; a < axisSize; ++a) {
        coords[axis].second = static_cast<int32_t>(a);
        int32_t srcReg = 0, srcLane = 0;
        for (auto [name, value] : inverse->apply(coords)) {
          if (name == reg)
            srcReg = value;
          else if (name == lane)
            srcLane = value;
          else if (value != 0)
            return std::nullopt; // in another warp or block
        }
        if (at(*srcLayout, srcReg, srcLane) != coords)
          return std::nullopt;
        candidates.insert(srcReg);
        result.sameLane &= srcLane == l;
      }
    }
    SmallVector<int32_t> sorted(candidates.begin(), candidates.end());
    llvm::sort(sorted);
    total += sorted.size();
    result.candidates.push_back(std::move(sorted));
  }
  // A select chain per result element longer than this costs more than the
  // round trip through shared memory.
  if (total > 16 * int64_t(numRegs))
    return std::nullopt;
  return result;
}

bool mlir::triton::atomicNeedsSharedResult(Operation *op) {
  if (!isa<AtomicRMWOp, AtomicCASOp>(op) || op->getResult(0).use_empty())
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.getEncoding())
    return false;
  std::optional<LinearLayout> layout =
      gpu::tryToLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return false;
  for (auto [dim, mask] : layout->getFreeVariableMasks())
    if (mask != 0 && dim.getValue() != "block")
      return true;
  return false;
}

int64_t mlir::triton::getScratchSizeInBytes(Operation *op) {
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    std::optional<ReduceScratch> scratch = getReduceScratch(reduce);
    return scratch ? scratch->sizeInBytes : 0;
  }
  if (auto scan = dyn_cast<ScanOp>(op)) {
    std::optional<ScanScratch> scratch = getScanScratch(scan);
    return scratch ? scratch->sizeInBytes : 0;
  }
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    // One thread does a scalar atomic and shares the old value; a tensor
    // whose elements are held several times shares every element's.
    Type type = op->getResult(0).getType();
    if (op->getResult(0).use_empty())
      return 0;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return atomicNeedsSharedResult(op)
                 ? tensor.getNumElements() *
                       getSharedElementBytes(tensor.getElementType())
                 : 0;
    return getSharedElementBytes(type);
  }
  if (auto histogram = dyn_cast<HistogramOp>(op)) {
    if (!histogram.getSrc().getType().getEncoding())
      return 0;
    return getHistogramScratchBins(histogram) * 4;
  }
  if (auto gather = dyn_cast<GatherOp>(op)) {
    // The whole source, row-major, for the threads to read by index.
    RankedTensorType src = gather.getSrc().getType();
    if (!src.getEncoding() || getWarpLocalGather(gather))
      return 0;
    return src.getNumElements() * getSharedElementBytes(src.getElementType());
  }
  if (auto convert = dyn_cast<gpu::ConvertLayoutOp>(op)) {
    RankedTensorType src = convert.getSrc().getType();
    RankedTensorType dst = convert.getType();
    if (!src.getEncoding() || !dst.getEncoding() ||
        !convertLayoutNeedsSharedMemory(src, dst))
      return 0;
    return src.getNumElements() * getSharedElementBytes(src.getElementType());
  }
  return 0;
}

/// Whether `op` only views a memory descriptor (its results alias it).
static bool isMemDescView(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), llvm::IsaPred<gpu::MemDescType>) &&
         llvm::any_of(op->getResultTypes(), llvm::IsaPred<gpu::MemDescType>);
}

Allocation::Allocation(FunctionOpInterface func) {
  // Positions: `index` in pre-order, `last` the last position inside an op.
  llvm::DenseMap<Operation *, int64_t> index, last;
  int64_t counter = 0;
  func->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { index[op] = counter++; });
  func->walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = index[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          end = std::max(end, last[&block.back()]);
    last[op] = end;
  });

  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == func.getOperation())
      return;
    if (auto alloc = dyn_cast<gpu::LocalAllocOp>(op)) {
      auto type = cast<gpu::MemDescType>(alloc.getType());
      int64_t elems = 1;
      for (int64_t d : type.getAllocShape())
        elems *= d;
      int64_t end = index[op];
      // The last use of the buffer or a view of it, lifted to the op in
      // the alloc's block that contains it.
      SmallVector<Value> worklist{alloc.getResult()};
      while (!worklist.empty()) {
        Value value = worklist.pop_back_val();
        for (Operation *user : value.getUsers()) {
          Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
          if (ancestor)
            end = std::max(end, last[ancestor]);
          else
            end = std::max(end, last[user]);
          if (isMemDescView(user))
            for (Value result : user->getResults())
              worklist.push_back(result);
        }
      }
      buffers.push_back(
          {Buffer::Kind::Explicit, op,
           elems * getSharedElementBytes(type.getElementType()), 0, index[op],
           end,
           std::max<int64_t>(kRegionAlignment, alloc.getAlignmentOrDefault())});
      return;
    }
    if (int64_t bytes = getScratchSizeInBytes(op))
      buffers.push_back(
          {Buffer::Kind::Scratch, op, bytes, 0, index[op], last[op]});
  });

  // First fit in program order: the lowest aligned offset that overlaps no
  // placed buffer live at the same time.
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer &buffer = buffers[i];
    int64_t offset = 0;
    bool moved = true;
    while (moved) {
      moved = false;
      for (size_t j = 0; j < i; ++j) {
        const Buffer &other = buffers[j];
        bool liveTogether =
            buffer.start <= other.end && other.start <= buffer.end;
        bool overlap = offset < other.offset + other.size &&
                       other.offset < offset + buffer.size;
        if (liveTogether && overlap) {
          offset = llvm::alignTo(other.offset + other.size, buffer.alignment);
          moved = true;
        }
      }
    }
    buffer.offset = offset;
    size = std::max(size, offset + buffer.size);
  }
}

void mlir::triton::allocateSharedMemory(ModuleOp module) {
  int64_t total = 0;
  Builder b(module.getContext());
  module.walk([&](FunctionOpInterface func) {
    Allocation allocation(func);
    for (const Allocation::Buffer &buffer : allocation.getBuffers())
      buffer.owner->setAttr(kAllocationOffsetAttr,
                            b.getI32IntegerAttr(buffer.offset));
    total = std::max(total, allocation.getSharedMemorySize());
  });
  module->setAttr(kSharedMemorySizeAttr, b.getI32IntegerAttr(total));
}

Value mlir::triton::getViewedBuffer(Value memDesc) {
  Operation *def = memDesc.getDefiningOp();
  while (def && !isa<gpu::LocalAllocOp>(def) && isMemDescView(def)) {
    Value source;
    for (Value operand : def->getOperands())
      if (isa<gpu::MemDescType>(operand.getType()))
        source = operand;
    if (!source)
      break;
    memDesc = source;
    def = source.getDefiningOp();
  }
  return memDesc;
}

std::optional<std::pair<int64_t, int64_t>>
mlir::triton::getBufferRange(Value memDesc) {
  auto alloc = getViewedBuffer(memDesc).getDefiningOp<gpu::LocalAllocOp>();
  if (!alloc)
    return std::nullopt;
  auto offset = alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
  if (!offset)
    return std::nullopt;
  auto type = cast<gpu::MemDescType>(alloc.getType());
  int64_t elems = 1;
  for (int64_t d : type.getAllocShape())
    elems *= d;
  return std::pair{offset.getInt(),
                   elems * getSharedElementBytes(type.getElementType())};
}

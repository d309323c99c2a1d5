//===- CpuStreamingStores.cpp - Non-temporal stores of large outputs ------===//
//
// A kernel that writes more than the last-level cache holds gains nothing
// from caching its output: the lines are evicted before anything reads
// them, and each ordinary store first reads its line from memory (a read
// for ownership) only to overwrite it. Non-temporal stores write whole
// lines to memory without reading them: on the development machine a
// 16 MiB stream went from 0.81 ms to 0.39 ms. They need the address aligned
// to the line and pay off only for large outputs, so each vector store into
// a kernel buffer takes the non-temporal path when, at run time, its address
// is aligned and the launch writes at least `min-launch-bytes` through it.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUSTREAMINGSTORES
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;
using mlir::triton::cpu::kNumGridArgs;

namespace {

/// The function argument `memref` views (through casts and views), or null.
BlockArgument getRootArgument(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      memref = view.getViewSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      memref = cast.getSource();
    else
      return nullptr;
  }
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()))
    return nullptr;
  return arg;
}

/// A store this pass streams: an unmasked, in-bounds 1-D vector written
/// along the unit-stride innermost dimension of a kernel buffer, a whole
/// number of lines long.
struct Candidate {
  Operation *op;
  Value vector;
  Value memref;
  SmallVector<Value> indices;
  int64_t bytes;
};

std::optional<Candidate> asCandidate(Operation *op, int64_t lineBytes) {
  Candidate candidate{op, {}, {}, {}, 0};
  if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    if (write.getMask() || !write.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
      return std::nullopt;
    candidate.vector = write.getVector();
    candidate.memref = write.getBase();
    candidate.indices = llvm::to_vector(write.getIndices());
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    if (store.getNontemporal())
      return std::nullopt;
    candidate.vector = store.getValueToStore();
    candidate.memref = store.getBase();
    candidate.indices = llvm::to_vector(store.getIndices());
  } else {
    return std::nullopt;
  }
  auto vectorType = dyn_cast<VectorType>(candidate.vector.getType());
  auto memrefType = dyn_cast<MemRefType>(candidate.memref.getType());
  if (!vectorType || vectorType.getRank() != 1 || vectorType.isScalable() ||
      !memrefType || memrefType.getRank() == 0 ||
      !memrefType.isLastDimUnitStride() ||
      !vectorType.getElementType().isIntOrFloat() ||
      vectorType.getElementType() != memrefType.getElementType())
    return std::nullopt;
  candidate.bytes =
      vectorType.getNumElements() * vectorType.getElementTypeBitWidth() / 8;
  if (vectorType.getElementTypeBitWidth() % 8 != 0 ||
      candidate.bytes % lineBytes != 0 || !getRootArgument(candidate.memref))
    return std::nullopt;
  return candidate;
}

/// `value` as an index.
Value toIndex(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

/// Whether `candidate`'s first element lies on a line boundary.
Value isLineAligned(OpBuilder &b, Location loc, const Candidate &candidate,
                    int64_t lineBytes) {
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, candidate.memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] :
       llvm::zip(candidate.indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  auto elementBytes = arith::ConstantIndexOp::create(
      b, loc,
      cast<MemRefType>(candidate.memref.getType()).getElementTypeBitWidth() /
          8);
  Value address = arith::AddIOp::create(
      b, loc,
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, candidate.memref),
      arith::MulIOp::create(b, loc, linear, elementBytes));
  Value misalignment = arith::AndIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, lineBytes - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

/// A lower bound of the bytes the launch writes through `candidate`: its
/// bytes, times the programs of the grid, times the trip counts of the
/// scf.for loops around it (other regions count once).
Value launchBytes(OpBuilder &b, Location loc, const Candidate &candidate,
                  ArrayRef<BlockArgument> numPrograms) {
  Value bytes = arith::ConstantIndexOp::create(b, loc, candidate.bytes);
  for (BlockArgument num : numPrograms)
    bytes = arith::MulIOp::create(b, loc, bytes, toIndex(b, loc, num));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto loop = candidate.op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    Value span =
        arith::SubIOp::create(b, loc, toIndex(b, loc, loop.getUpperBound()),
                              toIndex(b, loc, loop.getLowerBound()));
    span = arith::MaxSIOp::create(b, loc, span, zero);
    Value trips = arith::CeilDivSIOp::create(b, loc, span,
                                             toIndex(b, loc, loop.getStep()));
    bytes = arith::MulIOp::create(b, loc, bytes, trips);
  }
  return bytes;
}

/// Whether `func` may order its stores for other threads itself: an atomic
/// (a flag set after the data, in this function or one it calls) does not
/// order non-temporal stores before it; only the runtime's fence at the end
/// of each thread's programs does.
bool mayOrderStores(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        return isa<CallOpInterface>(op) ||
                       op->getName().getStringRef().contains("atomic")
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

struct CpuStreamingStoresPass
    : mlir::triton::cpu::impl::CpuStreamingStoresBase<CpuStreamingStoresPass> {
  using CpuStreamingStoresBase::CpuStreamingStoresBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (minLaunchBytes <= 0 || lineBytes <= 0 ||
        !llvm::isPowerOf2_64(lineBytes) ||
        func.getNumArguments() < kNumGridArgs || func.isExternal() ||
        mayOrderStores(func))
      return;
    ArrayRef<BlockArgument> grid = func.getArguments().take_back(kNumGridArgs);
    if (!llvm::all_of(grid, [](BlockArgument arg) {
          return arg.getType().isInteger(32);
        }))
      return;
    SmallVector<Candidate> candidates;
    func.walk([&](Operation *op) {
      if (std::optional<Candidate> candidate = asCandidate(op, lineBytes))
        candidates.push_back(*candidate);
    });
    for (const Candidate &candidate : candidates)
      stream(candidate, grid.take_front(3));
  }

  /// Guards `candidate` by the run-time test and adds its non-temporal form.
  void stream(const Candidate &candidate, ArrayRef<BlockArgument> numPrograms) {
    Operation *op = candidate.op;
    Location loc = op->getLoc();
    OpBuilder b(op);
    Value aligned = isLineAligned(b, loc, candidate, lineBytes);
    Value large = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sge,
        launchBytes(b, loc, candidate, numPrograms),
        arith::ConstantIndexOp::create(b, loc, minLaunchBytes));
    Value streams = arith::AndIOp::create(b, loc, aligned, large);
    auto branch = scf::IfOp::create(b, loc, streams, /*withElseRegion=*/true);
    b.setInsertionPoint(branch.thenBlock()->getTerminator());
    // One store a register: LLVM's splitting of wider vectors (the
    // Scalarizer of the host code generator) drops `!nontemporal`.
    auto vectorType = cast<VectorType>(candidate.vector.getType());
    int64_t lanes = std::max<int64_t>(
        1, int64_t(registerBytes) * 8 / vectorType.getElementTypeBitWidth());
    lanes = std::min(lanes, vectorType.getNumElements());
    auto pieceType = VectorType::get({lanes}, vectorType.getElementType());
    SmallVector<Value> indices = candidate.indices;
    Value innermost = indices.back();
    for (int64_t first = 0; first < vectorType.getNumElements();
         first += lanes) {
      Value piece = candidate.vector;
      if (pieceType != vectorType)
        piece = vector::ExtractStridedSliceOp::create(
            b, loc, candidate.vector, ArrayRef<int64_t>{first},
            ArrayRef<int64_t>{lanes}, ArrayRef<int64_t>{1});
      indices.back() =
          first == 0 ? innermost
                     : Value(arith::AddIOp::create(
                           b, loc, innermost,
                           arith::ConstantIndexOp::create(b, loc, first)));
      int64_t pieceBytes = lanes * vectorType.getElementTypeBitWidth() / 8;
      vector::StoreOp::create(
          b, loc, piece, candidate.memref, indices, /*nontemporal=*/true,
          llvm::MaybeAlign(std::min<int64_t>(lineBytes, pieceBytes)));
    }
    op->moveBefore(branch.elseBlock()->getTerminator());
  }
};

} // namespace

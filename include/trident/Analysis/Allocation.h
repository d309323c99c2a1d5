//===- Allocation.h - Shared-memory allocation ------------------*- C++ -*-===//
//
// Places every shared-memory buffer of a function at an offset in one
// shared-memory array:
//
//  - explicit buffers: the results of ttg.local_alloc, live from the alloc
//    to the last use of the buffer or of a view of it (uses nested in a loop
//    or branch keep it live until the end of that op);
//  - scratch buffers: what an op needs while it runs (tt.reduce exchanging
//    partial results between warps, ttg.convert_layout and tt.gather through
//    shared memory, tt.histogram's bins, a scalar atomic sharing its old
//    value), live only at that op.
//
// Buffers whose lifetimes overlap get disjoint byte ranges (first fit, in
// program order). The ttg-allocate-shared-memory pass records the offsets as
// `allocation.offset` on the owning ops and the size as `ttg.shared` on the
// module; the lowering reads them back.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_ANALYSIS_ALLOCATION_H
#define TRIDENT_ANALYSIS_ALLOCATION_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cstdint>

namespace mlir::triton {

/// The attribute holding a buffer's offset in bytes, on its owning op.
inline constexpr llvm::StringLiteral kAllocationOffsetAttr =
    "allocation.offset";
/// The module attribute holding the shared memory a kernel needs, in bytes.
inline constexpr llvm::StringLiteral kSharedMemorySizeAttr = "ttg.shared";

//===----------------------------------------------------------------------===//
// Scratch buffers: the one place their sizes are decided, for the analysis
// and the lowering alike.
//===----------------------------------------------------------------------===//

/// The bytes one element of `type` takes in shared memory (at least 1).
unsigned getSharedElementBytes(Type type);

/// How tt.reduce exchanges partial results between warps: for each element
/// of the result (row-major over the input shape without the reduced axis)
/// one slot per warp along the axis, one region per operand. `numWarps` is
/// 1 when the warps do not split the axis (no scratch then).
struct ReduceScratch {
  unsigned numWarps = 1;
  int64_t numResultElements = 0;
  /// Byte offset of each operand's region; its size is numResultElements *
  /// numWarps * element bytes.
  SmallVector<int64_t> operandOffsets;
  int64_t sizeInBytes = 0;
};
/// std::nullopt if the reduction's layout is not one the lowering handles
/// (a lane or warp basis mixing the reduced axis with another dimension, or
/// blocks along the axis).
std::optional<ReduceScratch> getReduceScratch(ReduceOp op);

/// How tt.scan walks its axis. Each bit of the axis coordinate comes from
/// one register, lane or warp bit, in the order: low register bits (within
/// a thread), lane bits (consecutive lane-id bits from `laneShift`), warp
/// bits, then high register bits, which split the axis into `numChunks`
/// chunks scanned one after the other. With warps along the axis, each
/// warp's chunk totals go through scratch: one slot per (result element,
/// chunk, warp), one region per operand.
struct ScanScratch {
  unsigned numLowRegs = 1, numLanes = 1, numWarps = 1, numChunks = 1;
  unsigned laneShift = 0;
  int64_t numResultElements = 0;
  SmallVector<int64_t> operandOffsets;
  int64_t sizeInBytes = 0;
};
/// std::nullopt if the scan's layout is not of that form.
std::optional<ScanScratch> getScanScratch(ScanOp op);

/// Whether a layout conversion moves data between threads (and so goes
/// through shared memory), rather than only between registers.
bool convertLayoutNeedsSharedMemory(RankedTensorType src, RankedTensorType dst);

/// The bins tt.histogram counts into in shared memory, one i32 each: the
/// result length rounded up to a power of two (each lane of a warp owns an
/// equal share of them).
int64_t getHistogramScratchBins(HistogramOp op);

/// How tt.gather runs without shared memory when every source element a
/// warp needs is in that warp: the source and the indices split warps and
/// blocks alike (never along the axis), and the source's registers and
/// lanes of one warp hold every element its threads ask for. Each result
/// element is then read from the source register and lane that the
/// source layout's (pseudo)inverse gives for its coordinates: a shuffle
/// (none when the lane is always the thread's own) from each candidate
/// register, and a select by the register index.
struct WarpLocalGather {
  /// For each register of the result, the source registers (not
  /// duplicates) that may hold its element, ascending.
  SmallVector<SmallVector<int32_t>> candidates;
  /// Whether the source lane is always the reading thread's own lane.
  bool sameLane = false;
};
/// std::nullopt when the gather must go through shared memory.
std::optional<WarpLocalGather> getWarpLocalGather(GatherOp op);

/// Whether the old values of a tensor atomic (tt.atomic_rmw, tt.atomic_cas)
/// must go through shared memory: the result is used and its layout holds
/// some element in several registers, lanes or warps. Only one of those
/// updates memory, so it hands its old value to the others.
bool atomicNeedsSharedResult(Operation *op);

/// The scratch bytes `op` needs while it runs; 0 for ops that need none.
int64_t getScratchSizeInBytes(Operation *op);

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

class Allocation {
public:
  struct Buffer {
    enum class Kind { Explicit, Scratch };
    Kind kind;
    /// The op whose `allocation.offset` the buffer's offset becomes.
    Operation *owner;
    int64_t size;
    int64_t offset = 0;
    /// Live range, in positions of a pre-order walk of the function.
    int64_t start, end;
    /// What the offset must be a multiple of (the layout's swizzle pattern
    /// for explicit buffers: wgmma and TMA address it by absolute bits).
    int64_t alignment = 16;
  };

  /// Allocates the buffers of `func`.
  explicit Allocation(FunctionOpInterface func);

  ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// The bytes all buffers need together (the end of the highest one).
  int64_t getSharedMemorySize() const { return size; }

private:
  SmallVector<Buffer> buffers;
  int64_t size = 0;
};

/// Allocates every function of `module` and records the result in the IR
/// (`allocation.offset`, `ttg.shared`).
void allocateSharedMemory(ModuleOp module);

/// The buffer a memory descriptor views: `memDesc` followed through the ops
/// that only view memory (memdesc_index, memdesc_subslice, ...) to the value
/// they start from.
Value getViewedBuffer(Value memDesc);

/// The byte range [offset, offset + size) of the buffer a memory descriptor
/// views (through memdesc views), if the allocation placed it.
std::optional<std::pair<int64_t, int64_t>> getBufferRange(Value memDesc);

} // namespace mlir::triton

#endif // TRIDENT_ANALYSIS_ALLOCATION_H

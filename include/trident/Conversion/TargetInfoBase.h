//===- TargetInfoBase.h - What the generic GPU lowering asks a target -*- C++
//-*-===//
//
// The generic TritonGPU -> LLVM lowering in the core is written against this
// interface and never against a vendor: a GPU backend implements it for its
// own LLVM flavour and hands it to the core's conversion patterns. Every
// method emits IR at the rewriter's insertion point.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TARGETINFOBASE_H
#define TRIDENT_CONVERSION_TARGETINFOBASE_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace trident {

/// How far the effects of an atomic operation are ordered.
enum class MemoryScope { CTA, GPU, System };

/// Reductions a target may provide as a single warp-level instruction.
enum class WarpReduceKind { Add, Max, Min, UMax, UMin, And, Or, Xor };

/// What a global load or store asks of the caches: tt.load's and tt.store's
/// `cache` and `evict`, and tt.load's `isVolatile`. Hints: a target without
/// such controls ignores them.
struct GlobalAccessHints {
  mlir::triton::CacheModifier cache = mlir::triton::CacheModifier::NONE;
  mlir::triton::EvictionPolicy evict = mlir::triton::EvictionPolicy::NORMAL;
  bool isVolatile = false;

  bool isDefault() const {
    return cache == mlir::triton::CacheModifier::NONE &&
           evict == mlir::triton::EvictionPolicy::NORMAL && !isVolatile;
  }
};

class TargetInfoBase {
public:
  virtual ~TargetInfoBase() = default;

  //===--------------------------------------------------------------------===//
  // Execution model
  //===--------------------------------------------------------------------===//

  /// Lanes in one warp (sub-group), e.g. 32, or 16 on some GPUs.
  virtual int getWarpSize() const = 0;
  /// The LLVM address space of workgroup-shared memory (usually 3).
  virtual unsigned getSharedAddressSpace() const = 0;
  /// The LLVM address space of global memory (usually 1).
  virtual unsigned getGlobalAddressSpace() const = 0;

  /// The program id along `axis` (0..2), as an i32.
  virtual mlir::Value programId(mlir::RewriterBase &rewriter,
                                mlir::Location loc, int axis) const = 0;
  /// The number of programs along `axis` (0..2), as an i32.
  virtual mlir::Value numPrograms(mlir::RewriterBase &rewriter,
                                  mlir::Location loc, int axis) const = 0;
  /// This thread's index in its workgroup (x only; workgroups are 1-D).
  virtual mlir::Value threadId(mlir::RewriterBase &rewriter,
                               mlir::Location loc) const = 0;
  /// The index of this workgroup within its cluster (0 without clusters).
  virtual mlir::Value clusterCTAId(mlir::RewriterBase &rewriter,
                                   mlir::Location loc) const = 0;

  //===--------------------------------------------------------------------===//
  // Synchronization and data exchange
  //===--------------------------------------------------------------------===//

  /// A workgroup barrier that also orders shared-memory accesses.
  virtual void barrier(mlir::RewriterBase &rewriter,
                       mlir::Location loc) const = 0;

  /// Cross-lane reads within a warp.
  virtual mlir::Value shuffleXor(mlir::RewriterBase &rewriter,
                                 mlir::Location loc, mlir::Value value,
                                 int mask) const = 0;
  virtual mlir::Value shuffleUp(mlir::RewriterBase &rewriter,
                                mlir::Location loc, mlir::Value value,
                                int delta) const = 0;
  virtual mlir::Value shuffleIdx(mlir::RewriterBase &rewriter,
                                 mlir::Location loc, mlir::Value value,
                                 mlir::Value lane) const = 0;

  /// A mask of the lanes whose `predicate` is true (ballot).
  virtual mlir::Value ballot(mlir::RewriterBase &rewriter, mlir::Location loc,
                             mlir::Type type, mlir::Value predicate) const = 0;

  /// Emits a whole-warp reduction of `values` in one instruction, if the
  /// target has one for this kind and type; returns false otherwise and the
  /// generic lowering falls back to shuffles.
  virtual bool warpReduce(mlir::RewriterBase &rewriter, mlir::Location loc,
                          llvm::SmallVectorImpl<mlir::Value> &values,
                          WarpReduceKind kind, unsigned numLaneToReduce) const {
    return false;
  }

  /// Stores `value` to shared memory at `ptr` if `predicate` holds.
  virtual void storeShared(mlir::RewriterBase &rewriter, mlir::Location loc,
                           mlir::Value ptr, mlir::Value value,
                           mlir::Value predicate) const = 0;
  /// Loads a value of `type` from shared memory at `ptr` (undefined where
  /// `predicate` is false).
  virtual mlir::Value loadShared(mlir::RewriterBase &rewriter,
                                 mlir::Location loc, mlir::Value ptr,
                                 mlir::Type type,
                                 mlir::Value predicate) const = 0;

  /// Loads a value of `type` (a scalar or a vector) from global memory at
  /// `ptr`, which is aligned to `alignment` bytes. `mask` is null (always
  /// load), an i1 (one predicate for the whole value) or a vector of i1 of
  /// the same length as `type` (one per element); masked-off elements take
  /// their value from `other`, or are undefined when `other` is null. The
  /// default emits a plain `llvm.load`, or `llvm.intr.masked.load` when a
  /// mask is given, and ignores `hints`; a target overrides it with its own
  /// predicated loads.
  virtual mlir::Value loadGlobal(mlir::RewriterBase &rewriter,
                                 mlir::Location loc, mlir::Value ptr,
                                 mlir::Type type, mlir::Value mask,
                                 mlir::Value other, unsigned alignment,
                                 const GlobalAccessHints &hints) const;
  /// Stores `value` (a scalar or a vector) to global memory at `ptr`; `mask`
  /// and `hints` as in loadGlobal. The default emits `llvm.store` or
  /// `llvm.intr.masked.store`.
  virtual void storeGlobal(mlir::RewriterBase &rewriter, mlir::Location loc,
                           mlir::Value ptr, mlir::Value value, mlir::Value mask,
                           unsigned alignment,
                           const GlobalAccessHints &hints) const;

  /// Starts copying `bytes` bytes (4, 8 or 16, aligned to their size) from
  /// global memory at `src` to shared memory at `dst` without waiting for
  /// them, if `issue` (an i1) holds; where `fill` is false the destination
  /// is filled with zeros instead. Returns false, emitting nothing, when the
  /// target has no such copy; the core then loads and stores synchronously,
  /// which asyncCommitGroup and asyncWait need not know about.
  virtual bool asyncCopyGlobalToShared(mlir::RewriterBase &rewriter,
                                       mlir::Location loc, mlir::Value dst,
                                       mlir::Value src, unsigned bytes,
                                       mlir::Value fill,
                                       mlir::Value issue) const {
    return false;
  }
  /// Closes the asynchronous copies this thread started since the last
  /// commit into one group.
  virtual void asyncCommitGroup(mlir::RewriterBase &rewriter,
                                mlir::Location loc) const {}
  /// Waits until at most `pendingGroups` of this thread's committed groups
  /// are still in flight.
  virtual void asyncWait(mlir::RewriterBase &rewriter, mlir::Location loc,
                         int pendingGroups) const {}

  /// The LLVM `syncscope` name of atomics of `scope`. The default, "", is
  /// LLVM's system scope: always correct, possibly slower than needed.
  virtual llvm::StringRef getSyncScope(MemoryScope scope) const { return ""; }

  /// How many consecutive elements of `elementType` one atomicRMW of `op`
  /// may update at once, as a vector (e.g. 2 for adds of packed f16 pairs);
  /// 1, the default, for scalars only.
  virtual unsigned getAtomicRMWVectorSize(mlir::LLVM::AtomicBinOp op,
                                          mlir::Type elementType) const {
    return 1;
  }
  /// Atomically combines `value` (a scalar, or a vector within
  /// getAtomicRMWVectorSize) into the global memory at `ptr` with `op` where
  /// `predicate` (an i1; null: always) holds, ordered by `ordering`
  /// (monotonic, acquire, release or acq_rel) at `scope`, and returns the
  /// old value, undefined where the predicate is false. The
  /// default emits `llvm.atomicrmw` with getSyncScope(scope) under a branch
  /// on the predicate; a target whose LLVM backend drops the ordering or
  /// the scope overrides it with its own instructions.
  virtual mlir::Value atomicRMW(mlir::RewriterBase &rewriter,
                                mlir::Location loc, mlir::LLVM::AtomicBinOp op,
                                mlir::Value ptr, mlir::Value value,
                                mlir::Value predicate,
                                mlir::LLVM::AtomicOrdering ordering,
                                MemoryScope scope) const;
  /// Atomically replaces the scalar at `ptr` in global memory by `value` if
  /// it equals `cmp`, where `predicate` holds; returns the old value. As
  /// atomicRMW otherwise; floats are compared and swapped as their bits.
  virtual mlir::Value
  atomicCAS(mlir::RewriterBase &rewriter, mlir::Location loc, mlir::Value ptr,
            mlir::Value cmp, mlir::Value value, mlir::Value predicate,
            mlir::LLVM::AtomicOrdering ordering, MemoryScope scope) const;

  //===--------------------------------------------------------------------===//
  // Kernels
  //===--------------------------------------------------------------------===//

  /// Marks `func`, the lowering of a public `tt.func`, as a kernel entry
  /// point that runs with `numWarps` warps of `threadsPerWarp` lanes (e.g. a
  /// calling convention or a kernel attribute). The default does nothing: a
  /// GPU target must override it.
  virtual void markAsKernel(mlir::LLVM::LLVMFuncOp func, int numWarps,
                            int threadsPerWarp) const {}

  //===--------------------------------------------------------------------===//
  // Capabilities and library calls
  //===--------------------------------------------------------------------===//

  /// Whether a vector of `bitWidth` bits can be loaded or stored at once.
  virtual unsigned getMaxVectorBits() const { return 128; }
  /// Whether atomics on vectors are available (e.g. 2 x f16 adds).
  virtual bool supportVectorizedAtomics() const { return false; }
  /// Whether IEEE maximum/minimum (NaN-propagating) exist as instructions.
  virtual bool supportMaximumMinimum() const { return false; }
  /// The library function computing the high half of an integer product.
  virtual llvm::StringRef getMulhiFuncName(mlir::Type resultType) const = 0;

  /// Device-side printf of `format` with `args`.
  virtual void printf(mlir::RewriterBase &rewriter, mlir::Location loc,
                      llvm::StringRef format, mlir::ValueRange args) const = 0;
  /// Device-side assertion failure with a message and source position.
  virtual void assertFail(mlir::RewriterBase &rewriter, mlir::Location loc,
                          llvm::StringRef message, llvm::StringRef file,
                          llvm::StringRef function, int line) const = 0;
};

} // namespace trident

#endif // TRIDENT_CONVERSION_TARGETINFOBASE_H

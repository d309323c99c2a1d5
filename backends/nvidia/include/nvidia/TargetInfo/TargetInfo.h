//===- TargetInfo.h - The nvidia answers to the generic GPU lowering -*- C++
//-*-===//
//
// NVVMTargetInfo implements the SDK's TargetInfoBase with the MLIR NVVM
// dialect (special registers, shfl.sync, vote.sync, redux.sync, barriers)
// and PTX inline assembly where NVVM has no operation (predicated
// shared-memory accesses). The core's TritonGPU -> LLVM patterns are handed
// an instance of it by the plugin's convert-triton-gpu-to-llvm pass.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_TARGETINFO_TARGETINFO_H
#define TRIDENT_NVIDIA_TARGETINFO_TARGETINFO_H

#include "trident/Conversion/TargetInfoBase.h"

namespace mlir::triton::nvidia_gpu {

class NVVMTargetInfo : public trident::TargetInfoBase {
public:
  /// `computeCapability` is the `sm_XY` number, e.g. 90.
  explicit NVVMTargetInfo(int computeCapability)
      : computeCapability(computeCapability) {}

  int getComputeCapability() const { return computeCapability; }

  int getWarpSize() const override { return 32; }
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }

  Value programId(RewriterBase &rewriter, Location loc,
                  int axis) const override;
  Value numPrograms(RewriterBase &rewriter, Location loc,
                    int axis) const override;
  Value threadId(RewriterBase &rewriter, Location loc) const override;
  Value clusterCTAId(RewriterBase &rewriter, Location loc) const override;

  void barrier(RewriterBase &rewriter, Location loc) const override;
  Value shuffleXor(RewriterBase &rewriter, Location loc, Value value,
                   int mask) const override;
  Value shuffleUp(RewriterBase &rewriter, Location loc, Value value,
                  int delta) const override;
  Value shuffleIdx(RewriterBase &rewriter, Location loc, Value value,
                   Value lane) const override;
  Value ballot(RewriterBase &rewriter, Location loc, Type type,
               Value predicate) const override;
  bool warpReduce(RewriterBase &rewriter, Location loc,
                  llvm::SmallVectorImpl<Value> &values,
                  trident::WarpReduceKind kind,
                  unsigned numLaneToReduce) const override;

  void storeShared(RewriterBase &rewriter, Location loc, Value ptr, Value value,
                   Value predicate) const override;
  Value loadShared(RewriterBase &rewriter, Location loc, Value ptr, Type type,
                   Value predicate) const override;

  /// Predicated `ld.global` / `st.global` of up to 128 bits under one
  /// predicate (`other` moved in first), with the hints' cache operator
  /// (`.ca`, `.cg`, `.cv`; `.wb`, `.cg`, `.cs`, `.wt`), L1 eviction
  /// priority or `ld.volatile`; per-element masks and other widths take the
  /// portable default.
  Value loadGlobal(RewriterBase &rewriter, Location loc, Value ptr, Type type,
                   Value mask, Value other, unsigned alignment,
                   const trident::GlobalAccessHints &hints) const override;
  void storeGlobal(RewriterBase &rewriter, Location loc, Value ptr, Value value,
                   Value mask, unsigned alignment,
                   const trident::GlobalAccessHints &hints) const override;

  /// `cp.async` (sm_80+): `.cg` for 16 bytes, `.ca` for 4 and 8, the zero
  /// fill through its source size; groups through `cp.async.commit_group`
  /// and `cp.async.wait_group`.
  bool asyncCopyGlobalToShared(RewriterBase &rewriter, Location loc, Value dst,
                               Value src, unsigned bytes, Value fill,
                               Value issue) const override;
  void asyncCommitGroup(RewriterBase &rewriter, Location loc) const override;
  void asyncWait(RewriterBase &rewriter, Location loc,
                 int pendingGroups) const override;

  /// `nvvm.kernel` and `nvvm.maxntid` = numWarps * threadsPerWarp.
  void markAsKernel(LLVM::LLVMFuncOp func, int numWarps,
                    int threadsPerWarp) const override;

  /// NVPTX's scopes: "block" (CTA), "device" (GPU), "" (system).
  llvm::StringRef getSyncScope(trident::MemoryScope scope) const override {
    switch (scope) {
    case trident::MemoryScope::CTA:
      return "block";
    case trident::MemoryScope::GPU:
      return "device";
    default:
      return "";
    }
  }

  /// 2 for f16 adds (bf16 from sm_90): `add.noftz.f16x2` / `bf16x2`.
  unsigned getAtomicRMWVectorSize(LLVM::AtomicBinOp op,
                                  Type elementType) const override;
  /// `atom.global` with the ordering and scope spelled out (sm_70+), e.g.
  /// `@p atom.global.gpu.acq_rel.add.f32`, predicated rather than branched
  /// around: LLVM's NVPTX backend prints `atomicrmw` without either. Kinds
  /// and types PTX has no `atom` for (float max/min, 16-bit integers, bf16
  /// before sm_90) take the portable default.
  Value atomicRMW(RewriterBase &rewriter, Location loc, LLVM::AtomicBinOp op,
                  Value ptr, Value value, Value predicate,
                  LLVM::AtomicOrdering ordering,
                  trident::MemoryScope scope) const override;
  /// `atom.global.<sem>.<scope>.cas.b16/b32/b64`.
  Value atomicCAS(RewriterBase &rewriter, Location loc, Value ptr, Value cmp,
                  Value value, Value predicate, LLVM::AtomicOrdering ordering,
                  trident::MemoryScope scope) const override;

  bool supportVectorizedAtomics() const override {
    return computeCapability >= 90;
  }
  bool supportMaximumMinimum() const override {
    return computeCapability >= 80;
  }
  llvm::StringRef getMulhiFuncName(Type resultType) const override;

  void printf(RewriterBase &rewriter, Location loc, llvm::StringRef format,
              ValueRange args) const override;
  void assertFail(RewriterBase &rewriter, Location loc, llvm::StringRef message,
                  llvm::StringRef file, llvm::StringRef function,
                  int line) const override;

private:
  int computeCapability;
};

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_TARGETINFO_TARGETINFO_H

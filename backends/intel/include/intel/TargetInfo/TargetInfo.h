//===- TargetInfo.h - The intel answers to the generic GPU lowering -*- C++
//-*-===//
//
// IntelTargetInfo implements the SDK's TargetInfoBase for SPIR-V kernels run
// by Intel's driver: work-item ids and sub-group shuffles are OpenCL builtin
// calls, barriers TritonGEN barriers, shared local memory addrspace(3), and
// kernels `spir_kernel` functions with a required work-group and sub-group
// size. Sub-groups have 16 or 32 lanes.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_TARGETINFO_TARGETINFO_H
#define TRIDENT_INTEL_TARGETINFO_TARGETINFO_H

#include "trident/Conversion/TargetInfoBase.h"

namespace mlir::triton::intel {

class IntelTargetInfo : public trident::TargetInfoBase {
public:
  /// `subGroupSize` is 16 or 32.
  explicit IntelTargetInfo(int subGroupSize) : subGroupSize(subGroupSize) {}

  int getWarpSize() const override { return subGroupSize; }
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

  void storeShared(RewriterBase &rewriter, Location loc, Value ptr, Value value,
                   Value predicate) const override;
  Value loadShared(RewriterBase &rewriter, Location loc, Value ptr, Type type,
                   Value predicate) const override;

  /// Masked global accesses as TritonGEN predicated loads and stores: one
  /// for a uniform mask, one per element for a per-element mask (LLVM's
  /// SPIR-V target has no masked load/store intrinsics). Cache hints are
  /// not passed on: OpenCL's SPIR-V has no per-access cache controls.
  Value loadGlobal(RewriterBase &rewriter, Location loc, Value ptr, Type type,
                   Value mask, Value other, unsigned alignment,
                   const trident::GlobalAccessHints &hints) const override;
  void storeGlobal(RewriterBase &rewriter, Location loc, Value ptr, Value value,
                   Value mask, unsigned alignment,
                   const trident::GlobalAccessHints &hints) const override;

  /// `spir_kernel`, `reqd_work_group_size` and `intel_reqd_sub_group_size`.
  void markAsKernel(LLVM::LLVMFuncOp func, int numWarps,
                    int threadsPerWarp) const override;

  /// SPIR-V scopes as LLVM's SPIR-V target spells them.
  llvm::StringRef getSyncScope(trident::MemoryScope scope) const override {
    switch (scope) {
    case trident::MemoryScope::CTA:
      return "workgroup";
    case trident::MemoryScope::GPU:
      return "device";
    default:
      return "";
    }
  }

  llvm::StringRef getMulhiFuncName(Type resultType) const override;
  void printf(RewriterBase &rewriter, Location loc, llvm::StringRef format,
              ValueRange args) const override;
  void assertFail(RewriterBase &rewriter, Location loc, llvm::StringRef message,
                  llvm::StringRef file, llvm::StringRef function,
                  int line) const override;

private:
  int subGroupSize;
};

} // namespace mlir::triton::intel

#endif // TRIDENT_INTEL_TARGETINFO_TARGETINFO_H

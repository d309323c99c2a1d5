//===- Dialect.h - The ttg dialect ------------------------------*- C++ -*-===//
//
// Everything a user of the TritonGPU dialect needs: the dialect (with its
// layout registry), the layout attributes and their interfaces, the
// memory-descriptor type and the operations. A plugin that defines its own
// layouts includes this header and calls
// TritonGPUDialect::registerLayout<AttrT>() from a dialect extension.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Layout/LinearLayout.h"

#include "llvm/ADT/Hashing.h"

#include <memory>
#include <optional>

namespace mlir::triton {

/// Hashes a linear layout by value, so that it can be a parameter of an
/// attribute (LinearLayoutParam).
// TODO: move next to LinearLayout once its header provides hashing.
inline llvm::hash_code hash_value(const LinearLayout &layout) {
  llvm::hash_code hash = llvm::hash_value(layout.getNumInDims());
  for (const auto &[inDim, bases] : layout.getBases()) {
    hash = llvm::hash_combine(hash, inDim);
    for (const std::vector<int32_t> &basis : bases)
      hash = llvm::hash_combine(
          hash, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  for (auto [outDim, size] : layout.getOutDims())
    hash = llvm::hash_combine(hash, outDim, size);
  return hash;
}

} // namespace mlir::triton

namespace mlir::triton::gpu {

/// The shared memory of a CTA, as a side-effect resource.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// [rank - 1, ..., 1, 0]: the row-major order, fastest dimension first.
SmallVector<unsigned> getDefaultOrder(unsigned rank);

/// The order of a dot operand of the given rank ([batch,] m, k for opIdx 0;
/// [batch,] k, n for opIdx 1), with K fastest when `kContig`.
SmallVector<unsigned> getOrderForDotOperand(unsigned opIdx, unsigned rank,
                                            bool kContig);

namespace detail {
struct LayoutRegistry;

/// Defaults of DistributedEncodingTrait, computed from a linear layout.
SmallVector<unsigned> elemsPerThreadFromLinearLayout(const LinearLayout &ll);
unsigned totalElemsPerThreadFromLinearLayout(const LinearLayout &ll);
} // namespace detail

} // namespace mlir::triton::gpu

#include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.h.inc"

namespace mlir::triton::gpu::detail {
/// The defaults of LayoutEncodingTrait's CTA getters: what `ctaLayout` (a
/// #ttg.cta_layout, or null for a single CTA) says for a layout of `rank`.
SmallVector<unsigned> getCTAsPerCGA(Attribute ctaLayout, unsigned rank);
SmallVector<unsigned> getCTASplitNum(Attribute ctaLayout, unsigned rank);
SmallVector<unsigned> getCTAOrder(Attribute ctaLayout, unsigned rank);
} // namespace mlir::triton::gpu::detail

#include "trident/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUAttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.h.inc"

#include "trident/Dialect/TritonGPU/IR/TritonGPUOpInterfaces.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/TritonGPU/IR/TritonGPUOps.h.inc"

namespace mlir::triton::gpu {

/// The number of warps that run `op`: the `ttg.num-warps` of the closest
/// enclosing function or module, or the `num_warps` of the enclosing
/// warp-specialize partition. std::nullopt when nothing says.
std::optional<int> maybeLookupNumWarps(Operation *op);

/// Checks that a tensor's layout fits the tensor and the module: a
/// distributed layout of the tensor's rank whose lane, warp and block counts
/// are those of the module (`ttg.threads-per-warp`, `ttg.num-warps`,
/// `ttg.num-ctas`). This is what the tt dialect's VerifyTensorLayoutsTrait
/// calls for ttg layouts.
LogicalResult verifyTensorLayout(Attribute layout, RankedTensorType type,
                                 Operation *op,
                                 function_ref<InFlightDiagnostic()> emitError);

/// Reads upstream Triton's `CGALayout = [[...], ...]` key of a layout of
/// `rank`: the bases of the `block` input dimension of the CGA's linear
/// layout. Trident keeps CTA layouts as CTAsPerCGA/CTASplitNum/CTAOrder, so
/// bases those three cannot spell are an error.
FailureOr<CTALayoutAttr>
parseCGALayout(MLIRContext *ctx, Attribute value, unsigned rank,
               function_ref<InFlightDiagnostic()> emitError);

/// Checks that `encoding` can describe a memory descriptor of `shape`.
LogicalResult verifyMemDescLayout(Attribute encoding, ArrayRef<int64_t> shape,
                                  function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_IR_DIALECT_H

//===- Utility.h - Helpers of the generic TritonGPU passes ------*- C++ -*-===//
//
// Layout helpers shared by convert-triton-to-tritongpu and the ttg passes
// (and available to plugins): building blocked layouts that spread a shape
// over the lanes and warps of a CTA, and reading a module's launch shape.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::gpu {

/// The CTA layout of a rank-`rank` tensor of `shape` split over `numCTAs`
/// CTAs: along dimension 0 (as far as the shape allows), the single-CTA
/// default when `numCTAs` is 1.
CTALayoutAttr getDefaultCTALayout(MLIRContext *context, ArrayRef<int64_t> shape,
                                  int numCTAs);

/// A blocked layout for `shape` whose threads hold `sizePerThread` and walk
/// the dimensions in `order`: lanes then warps are given to the fastest
/// dimensions first, as far as each dimension has elements left, and what
/// remains goes to the slowest dimension.
BlockedEncodingAttr getBlockedEncoding(MLIRContext *context,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> sizePerThread,
                                       ArrayRef<unsigned> order, int numWarps,
                                       int threadsPerWarp, int numCTAs);

/// The layout convert-triton-to-tritongpu gives a tensor of `shape`: one
/// element per thread, row-major order.
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              int numWarps, int threadsPerWarp,
                                              int numCTAs);

/// `type` with `encoding`.
RankedTensorType withEncoding(RankedTensorType type, Attribute encoding);

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H

//===- Utility.cpp - Helpers of the generic TritonGPU passes --------------===//

#include "trident/Dialect/TritonGPU/Transforms/Utility.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton::gpu;

CTALayoutAttr mlir::triton::gpu::getDefaultCTALayout(MLIRContext *context,
                                                     ArrayRef<int64_t> shape,
                                                     int numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> perCGA(rank, 1), split(rank, 1);
  perCGA[0] = numCTAs;
  split[0] = std::clamp<int64_t>(shape[0], 1, numCTAs);
  return CTALayoutAttr::get(context, perCGA, split, getDefaultOrder(rank));
}

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order, int numWarps,
    int threadsPerWarp, int numCTAs) {
  unsigned rank = shape.size();
  CTALayoutAttr ctaLayout = getDefaultCTALayout(context, shape, numCTAs);
  ArrayRef<unsigned> split = ctaLayout.getCTASplitNum();
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned lanesLeft = threadsPerWarp, warpsLeft = numWarps;
  unsigned lanesUsed = 1, warpsUsed = 1;
  // Every dimension but the slowest takes the threads its elements need.
  for (unsigned i = 0; i + 1 < rank; ++i) {
    unsigned d = order[i];
    int64_t perCTA = std::max<int64_t>(1, shape[d] / split[d]);
    unsigned wanted = std::max<int64_t>(1, perCTA / sizePerThread[d]);
    unsigned threadsLeft = lanesLeft * warpsLeft;
    unsigned threads = std::clamp<unsigned>(wanted, 1, threadsLeft);
    lanes[d] = std::clamp<unsigned>(threads, 1, lanesLeft);
    warps[d] = std::clamp<unsigned>(threads / lanes[d], 1, warpsLeft);
    lanesLeft /= lanes[d];
    warpsLeft /= warps[d];
    lanesUsed *= lanes[d];
    warpsUsed *= warps[d];
  }
  // The slowest dimension takes the rest, even if it replicates.
  lanes[order[rank - 1]] = threadsPerWarp / lanesUsed;
  warps[order[rank - 1]] = numWarps / warpsUsed;
  return BlockedEncodingAttr::get(context, sizePerThread, lanes, warps, order,
                                  ctaLayout);
}

BlockedEncodingAttr mlir::triton::gpu::getDefaultBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, int numWarps,
    int threadsPerWarp, int numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1);
  return getBlockedEncoding(context, shape, sizePerThread,
                            getDefaultOrder(rank), numWarps, threadsPerWarp,
                            numCTAs);
}

RankedTensorType mlir::triton::gpu::withEncoding(RankedTensorType type,
                                                 Attribute encoding) {
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               encoding);
}

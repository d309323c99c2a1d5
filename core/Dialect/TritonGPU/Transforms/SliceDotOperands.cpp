//===- SliceDotOperands.cpp - Read dot operands from shared memory in K steps
//===//
//
// A dot whose operands are read whole from shared memory holds all of both
// operands in registers at once, next to the accumulator: for a 128x256x64
// tile on 8 warps that is more than a thread's registers. Reading them in
// steps of `k-step` along K (a window of each buffer, ttg.memdesc_subslice)
// and chaining one dot per step keeps only one step's operands alive; the
// result is the same sum in the same order.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ttg-slice-dot-operands"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUSLICEDOTOPERANDS
#include "trident/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The local_load that produces `operand` for its one user, if any.
LocalLoadOp getSoleSharedRead(Value operand) {
  auto read = operand.getDefiningOp<LocalLoadOp>();
  if (!read || !read->hasOneUse() || read.getToken())
    return nullptr;
  return read;
}

/// A window of `read`'s buffer with `shape` at `offsets`, read into the
/// layout of `read`.
Value readWindow(OpBuilder &builder, LocalLoadOp read, ArrayRef<int64_t> shape,
                 ArrayRef<int32_t> offsets) {
  auto bufType = cast<MemDescType>(read.getSrc().getType());
  auto windowType =
      MemDescType::get(shape, bufType.getElementType(), bufType.getEncoding(),
                       bufType.getMemorySpace(), bufType.getMutableMemory(),
                       bufType.getAllocShape());
  Value window = MemDescSubsliceOp::create(builder, read.getLoc(), windowType,
                                           read.getSrc(), offsets);
  RankedTensorType type = read.getType();
  auto resultType =
      RankedTensorType::get(shape, type.getElementType(), type.getEncoding());
  return LocalLoadOp::create(builder, read.getLoc(), resultType, window);
}

struct SliceDotOperandsPass
    : public mlir::triton::gpu::impl::TritonGPUSliceDotOperandsBase<
          SliceDotOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (kStep <= 0 || !llvm::isPowerOf2_32(kStep)) {
      getOperation().emitError("ttg-slice-dot-operands: k-step must be a "
                               "positive power of two, got ")
          << int(kStep);
      return signalPassFailure();
    }
    SmallVector<DotOp> dots;
    getOperation().walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots) {
      auto aType = cast<RankedTensorType>(dot.getA().getType());
      auto bType = cast<RankedTensorType>(dot.getB().getType());
      if (aType.getRank() != 2)
        continue;
      int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
      int64_t n = bType.getDimSize(1);
      LocalLoadOp readA = getSoleSharedRead(dot.getA());
      LocalLoadOp readB = getSoleSharedRead(dot.getB());
      // Narrow elements step by as many bytes as 16-bit ones would.
      unsigned bits = aType.getElementTypeBitWidth();
      int64_t step = int64_t(kStep) * std::max(1u, 16 / bits);
      if (!readA || !readB || k <= step || k % step != 0) {
        LLVM_DEBUG(llvm::dbgs() << "not slicing " << dot.getLoc()
                                << ": operands not read from shared memory "
                                   "for this dot alone, or K too small\n");
        continue;
      }
      OpBuilder builder(dot);
      Value acc = dot.getC();
      for (int64_t k0 = 0; k0 < k; k0 += step) {
        Value a = readWindow(builder, readA, {m, step}, {0, int32_t(k0)});
        Value b = readWindow(builder, readB, {step, n}, {int32_t(k0), 0});
        auto step = DotOp::create(builder, dot.getLoc(), dot.getType(),
                                  ValueRange{a, b, acc}, dot->getAttrs());
        acc = step.getResult();
      }
      dot.getResult().replaceAllUsesWith(acc);
      dot.erase();
      readA.erase();
      readB.erase();
    }
  }
};

} // namespace

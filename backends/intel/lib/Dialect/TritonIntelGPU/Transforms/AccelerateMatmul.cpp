//===- AccelerateMatmul.cpp - tt.dot in the DPAS layouts ------------------===//
//
// intel-accelerate-matmul: dots that DPAS computes (f16/bf16 -> f32,
// i8 -> i32) with a blocked result move to #ttg.intel_dpas and its operand
// layouts, with layout conversions around them that remove-layout-
// conversions can then fold. Every other dot stays on the FMA path; the
// pass says why under -debug-only and, with `remarks`, as a remark.
//
//===----------------------------------------------------------------------===//

#include "intel/Dialect/TritonIntelGPU/IR/Dialect.h"
#include "intel/Dialect/TritonIntelGPU/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "intel-accelerate-matmul"

namespace mlir::triton::intel {
#define GEN_PASS_DEF_INTELACCELERATEMATMUL
#include "intel/Dialect/TritonIntelGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::intel

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace {

// The instruction the pass targets: PVC-class DPAS at SIMD16.
constexpr unsigned kRepeatCount = 8;
constexpr unsigned kSystolicDepth = 8;
constexpr unsigned kExecutionSize = 16;

/// Warps over the M x N tiles of 8 x 16: along M while M has tiles left
/// for them, then along N.
SmallVector<unsigned> getWarpsPerTile(int64_t m, int64_t n, unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    int64_t rowTiles = m / (kRepeatCount * wm);
    int64_t colTiles = n / (kExecutionSize * wn);
    if (rowTiles > 1 && rowTiles >= colTiles)
      wm *= 2;
    else if (colTiles > 1)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

/// The number of instruction tiles one warp takes in a row along a
/// dimension: what the dimension leaves per warp, at most `limit`.
unsigned getRepCluster(int64_t size, unsigned tile, unsigned warps,
                       unsigned limit) {
  int64_t perWarp = size / (int64_t(tile) * warps);
  unsigned cluster = 1;
  while (cluster * 2 <= limit && cluster * 2 <= perWarp)
    cluster *= 2;
  return cluster;
}

/// The opsPerChan DPAS needs for a dot of `a` x `b` -> `d` elements, or
/// failure with the reason.
FailureOr<unsigned> getOpsPerChan(Type a, Type b, Type d, std::string &why) {
  if (a != b) {
    why = "operands of different element types";
    return failure();
  }
  if ((a.isF16() || a.isBF16()) && d.isF32())
    return 2u;
  if (a.isInteger(8) && d.isInteger(32))
    return 4u;
  why = "DPAS computes f16 or bf16 into f32 and i8 into i32";
  return failure();
}

struct IntelAccelerateMatmul
    : public mlir::triton::intel::impl::IntelAccelerateMatmulBase<
          IntelAccelerateMatmul> {
  using IntelAccelerateMatmulBase::IntelAccelerateMatmulBase;

  /// Leaves `dot` on the FMA path and says why.
  void decline(triton::DotOp dot, const Twine &why) {
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << dot.getLoc()
                            << ": left on the FMA path: " << why << "\n");
    if (remarks)
      dot.emitRemark() << "intel-accelerate-matmul: left on the FMA path: "
                       << why;
  }

  /// The DPAS layout for `dot`, or null having declined it.
  ttg::IntelDpasEncodingAttr
  chooseLayout(triton::DotOp dot, unsigned subGroupSize, unsigned numWarps) {
    auto dType = cast<RankedTensorType>(dot.getType());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    if (!isa_and_nonnull<ttg::BlockedEncodingAttr>(dType.getEncoding())) {
      decline(dot, "the result does not have a blocked layout");
      return {};
    }
    if (dType.getRank() != 2) {
      decline(dot, "only 2-d dots are supported, got rank " +
                       Twine(dType.getRank()));
      return {};
    }
    if (subGroupSize != kExecutionSize) {
      decline(dot, "DPAS needs sub-groups of " + Twine(kExecutionSize) +
                       " lanes, the module has " + Twine(subGroupSize));
      return {};
    }
    std::string why;
    FailureOr<unsigned> opsPerChan =
        getOpsPerChan(aType.getElementType(), bType.getElementType(),
                      dType.getElementType(), why);
    if (failed(opsPerChan)) {
      decline(dot, why);
      return {};
    }
    int64_t m = dType.getDimSize(0), n = dType.getDimSize(1);
    int64_t k = aType.getDimSize(1);
    int64_t instrK = kSystolicDepth * *opsPerChan;
    if (m % kRepeatCount != 0 || n % kExecutionSize != 0 || k % instrK != 0) {
      decline(dot, "the shape " + Twine(m) + "x" + Twine(n) + "x" + Twine(k) +
                       " is not a multiple of the instruction's " +
                       Twine(kRepeatCount) + "x" + Twine(kExecutionSize) + "x" +
                       Twine(instrK));
      return {};
    }
    SmallVector<unsigned> warps = getWarpsPerTile(m, n, numWarps);
    SmallVector<unsigned> repCluster = {
        getRepCluster(m, kRepeatCount, warps[0], /*limit=*/4),
        getRepCluster(n, kExecutionSize, warps[1], /*limit=*/2)};
    return ttg::IntelDpasEncodingAttr::get(
        dot.getContext(), kRepeatCount, kSystolicDepth, kExecutionSize,
        *opsPerChan, subGroupSize, warps, repCluster);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned numWarps = 4;
    if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      numWarps = attr.getInt();
    unsigned subGroupSize = 16;
    if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      subGroupSize = attr.getInt();
    MLIRContext *context = &getContext();

    SmallVector<triton::DotOp> dots;
    module.walk([&](triton::DotOp dot) { dots.push_back(dot); });
    for (triton::DotOp dot : dots) {
      ttg::IntelDpasEncodingAttr dpas =
          chooseLayout(dot, subGroupSize, numWarps);
      if (!dpas)
        continue;
      auto resultType = cast<RankedTensorType>(dot.getType());
      auto operandType = [&](Value operand, unsigned opIdx) {
        auto type = cast<RankedTensorType>(operand.getType());
        return RankedTensorType::get(
            type.getShape(), type.getElementType(),
            ttg::DotOperandEncodingAttr::get(context, opIdx, dpas,
                                             dpas.getOperandKWidth(opIdx)));
      };
      OpBuilder builder(dot);
      Location loc = dot.getLoc();
      auto dpasType = RankedTensorType::get(resultType.getShape(),
                                            resultType.getElementType(), dpas);
      Value a = ttg::ConvertLayoutOp::create(
          builder, loc, operandType(dot.getA(), 0), dot.getA());
      Value b = ttg::ConvertLayoutOp::create(
          builder, loc, operandType(dot.getB(), 1), dot.getB());
      Value c =
          ttg::ConvertLayoutOp::create(builder, loc, dpasType, dot.getC());
      auto newDot = triton::DotOp::create(builder, loc, TypeRange(dpasType),
                                          ValueRange{a, b, c}, dot->getAttrs());
      Value result = ttg::ConvertLayoutOp::create(builder, loc, resultType,
                                                  newDot.getResult());
      dot.getResult().replaceAllUsesWith(result);
      dot.erase();
    }
  }
};

} // namespace

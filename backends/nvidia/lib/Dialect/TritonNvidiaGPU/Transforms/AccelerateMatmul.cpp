//===- AccelerateMatmul.cpp - tt.dot in tensor-core layouts ---------------===//
//
// nvidia-accelerate-matmul: dots with a blocked result whose operands the
// tensor cores take (upstream Triton's supportMMA) move to them, with layout
// conversions around them that remove-layout-conversions can then fold:
//
//   f16 x f16, bf16 x bf16 -> f32         16 of K per instruction
//   f32 x f32 -> f32, tf32 precision      8 (the operands read as tf32)
//   f32 x f32 -> f32, tf32x3 precision    three tf32 dots (see splitTF32x3)
//   i8 x i8 -> i32                        32
//
// f32 dots of ieee precision stay exact (the core's FMA dot).
//
//  - sm_90 (Hopper): ttng.warp_group_dot (wgmma) with both operands staged
//    in #ttg.nvmma_shared buffers, when M is a multiple of 64 and the warps
//    form whole warp groups; wgmma transposes f16 and bf16 operands only, so
//    tf32 and s8 ones are staged K-major;
//  - sm_80 and later otherwise: tt.dot in the mma.sync (m16n8kK) layouts,
//    operands with kWidth = 32 / bits (one 32-bit register along K).
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "nvidia-accelerate-matmul"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_ACCELERATEMATMUL
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace {

/// Warps over the M x N tiles of 16 x 8: along M while M has tiles left
/// for them, then along N.
SmallVector<unsigned> getWarpsPerTile(int64_t m, int64_t n, unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    if (m / (16 * wm) > 1 && m / (16 * wm) >= n / (8 * wn))
      wm *= 2;
    else if (n / (8 * wn) > 1)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

/// Whether `dot` feeds, or is fed by, another dot of its region (the two
/// dots of attention). Such dots keep all warps along M: each warp then
/// holds whole rows of the first result, which the second reads as its A
/// operand without exchanging data between warps.
bool isChained(triton::DotOp dot) {
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion();
  };
  SetVector<Operation *> slice;
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  backward.omitUsesFromAbove = false;
  (void)getBackwardSlice(dot.getOperation(), &slice, backward);
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  getForwardSlice(dot.getOperation(), &slice, forward);
  return llvm::any_of(slice, [&](Operation *op) {
    return op != dot.getOperation() && isa<triton::DotOp>(op);
  });
}

/// Warps for wgmma: warp groups along M while M has 16-row tiles left for
/// their warps, then along N; chained dots keep all warps along M.
SmallVector<unsigned> getWarpsPerTileV3(int64_t m, unsigned numWarps,
                                        bool chained) {
  if (chained)
    return {numWarps, 1};
  unsigned wm = 4, wn = 1;
  while (wm * wn < numWarps) {
    if (m > 16 * int64_t(wm))
      wm *= 2;
    else
      wn *= 2;
  }
  return {wm, wn};
}

/// wgmma's N: the widest power of two (8 to 256) dividing N that leaves each
/// warp group along N at least one instruction.
unsigned getWgmmaN(int64_t n, unsigned warpsN) {
  unsigned widest = 256;
  while (widest > 8 && (n % widest != 0 || widest * warpsN > n))
    widest /= 2;
  return widest;
}

/// The value a dot operand was converted from (its producer's layout is the
/// one global memory was read in).
Value getConvertedSource(Value operand) {
  if (auto cvt = operand.getDefiningOp<ttg::ConvertLayoutOp>())
    return cvt.getSrc();
  return operand;
}

/// The dimension of `type` whose consecutive elements a thread holds
/// (its layout's fastest), the last one when the layout does not say.
unsigned getContiguousDim(RankedTensorType type) {
  if (auto blocked =
          dyn_cast_or_null<ttg::BlockedEncodingAttr>(type.getEncoding()))
    return blocked.getOrder().front();
  return type.getRank() - 1;
}

/// The #ttg.nvmma_shared layout for a wgmma operand of `type`, contiguous
/// along the dimension its producer holds contiguously, with the widest
/// swizzle that one row of that dimension fills; none when the row is
/// narrower than 32 bytes (wgmma's narrowest swizzle).
ttg::NVMMASharedEncodingAttr getOperandSharedLayout(RankedTensorType type,
                                                    unsigned contiguousDim,
                                                    ttg::CTALayoutAttr cta) {
  unsigned bits = type.getElementTypeBitWidth();
  int64_t rowBytes = type.getDimSize(contiguousDim) * bits / 8;
  unsigned swizzle = 128;
  while (swizzle >= 32 && rowBytes % swizzle != 0)
    swizzle /= 2;
  if (swizzle < 32)
    return {};
  return ttg::NVMMASharedEncodingAttr::get(
      type.getContext(), swizzle, /*transposed=*/contiguousDim == 0, bits,
      /*fp4Padded=*/false, cta);
}

/// Buffers already staged for wgmma, by value and layout: the three dots of
/// a tf32x3 dot share their operands.
using StagedBuffers = llvm::DenseMap<std::pair<Value, Attribute>, Value>;

/// Rewrites `dot` into a ttng.warp_group_dot whose operands are staged in
/// nvmma_shared buffers; fails, leaving `dot` alone, where wgmma does not
/// apply. `instrK` is the instruction's K.
LogicalResult rewriteToWgmma(triton::DotOp dot, unsigned numWarps, bool chained,
                             unsigned instrK, StagedBuffers &staged) {
  auto resultType = cast<RankedTensorType>(dot.getType());
  auto blocked = cast<ttg::BlockedEncodingAttr>(resultType.getEncoding());
  int64_t m = resultType.getDimSize(0), n = resultType.getDimSize(1);
  if (numWarps % 4 != 0 || m % 64 != 0 || n % 8 != 0)
    return failure();
  SmallVector<unsigned> warps = getWarpsPerTileV3(m, numWarps, chained);
  if (m % (16 * int64_t(warps[0])) != 0 || n % (8 * int64_t(warps[1])) != 0)
    return failure();

  MLIRContext *ctx = dot.getContext();
  ttg::CTALayoutAttr cta = blocked.getCTALayout();
  Value a = getConvertedSource(dot.getA());
  Value b = getConvertedSource(dot.getB());
  auto aType = cast<RankedTensorType>(a.getType());
  auto bType = cast<RankedTensorType>(b.getType());
  // The A operand of a chained dot (attention's P) was computed in the
  // previous dot's accumulator layout: wgmma reads it from registers, where
  // it already is. Loaded operands are staged in shared memory.
  bool aInRegisters = chained && !a.getDefiningOp<triton::LoadOp>();
  // wgmma's `imm-trans` (M- or N-major operands) is for f16 and bf16 only:
  // other operands are staged K-major whatever their producer's order.
  bool canTranspose = aType.getElementTypeBitWidth() == 16;
  auto aShared = getOperandSharedLayout(
      aType, canTranspose ? getContiguousDim(aType) : 1, cta);
  auto bShared = getOperandSharedLayout(
      bType, canTranspose ? getContiguousDim(bType) : 0, cta);
  if ((!aShared && !aInRegisters) || !bShared)
    return failure();

  auto mma = ttg::NvidiaMmaEncodingAttr::get(
      ctx, /*versionMajor=*/3, /*versionMinor=*/0, warps, cta,
      /*instrShape=*/{16, getWgmmaN(n, warps[1]), instrK});
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  auto sharedMemory = ttg::SharedMemorySpaceAttr::get(ctx);
  auto stage = [&](Value operand, RankedTensorType type,
                   ttg::NVMMASharedEncodingAttr layout) -> Value {
    Value &buffer = staged[{operand, layout}];
    if (buffer)
      return buffer;
    auto bufferType =
        ttg::MemDescType::get(type.getShape(), type.getElementType(), layout,
                              sharedMemory, /*mutableMemory=*/false);
    buffer = ttg::LocalAllocOp::create(builder, loc, bufferType, operand);
    return buffer;
  };
  Value aOperand;
  if (aInRegisters) {
    unsigned kWidth = 32 / aType.getElementTypeBitWidth();
    auto aDotType = RankedTensorType::get(
        aType.getShape(), aType.getElementType(),
        ttg::DotOperandEncodingAttr::get(ctx, 0, mma, kWidth));
    aOperand = ttg::ConvertLayoutOp::create(builder, loc, aDotType, a);
  } else {
    aOperand = stage(a, aType, aShared);
  }
  Value bBuffer = stage(b, bType, bShared);
  auto mmaType = RankedTensorType::get(resultType.getShape(),
                                       resultType.getElementType(), mma);
  Value c = ttg::ConvertLayoutOp::create(builder, loc, mmaType, dot.getC());
  auto wgmma = triton::nvidia_gpu::WarpGroupDotOp::create(
      builder, loc, mmaType, aOperand, bBuffer, c, /*useC=*/Value(),
      dot.getInputPrecisionAttr(), dot.getMaxNumImpreciseAccAttr(),
      builder.getBoolAttr(false));
  Value result =
      ttg::ConvertLayoutOp::create(builder, loc, resultType, wgmma.getResult());
  dot.getResult().replaceAllUsesWith(result);
  dot.erase();
  return success();
}

/// The K of the tensor-core instruction for `dot`'s operands, or 0 where
/// the tensor cores do not take them: 16 for f16 or bf16 into f32, 8 for f32
/// into f32 at tf32 (or tf32x3) precision, 32 for i8 into i32.
unsigned getInstrK(triton::DotOp dot) {
  Type a = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  Type b = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  Type d = cast<RankedTensorType>(dot.getType()).getElementType();
  if (a != b)
    return 0;
  if (d.isF32() && (a.isF16() || a.isBF16()))
    return 16;
  if (d.isF32() && a.isF32() &&
      (dot.getInputPrecision() == triton::InputPrecision::TF32 ||
       dot.getInputPrecision() == triton::InputPrecision::TF32x3))
    return 8;
  if (d.isInteger(32) && a.isInteger(8))
    return 32;
  return 0;
}

/// Rewrites an f32 dot of tf32x3 precision as three tf32 dots (the 3xTF32
/// trick, as upstream Triton's F32DotTC): with aBig = a rounded to tf32
/// (`cvt.rna.tf32.f32`) and aSmall = a - aBig, and b likewise,
///   d = dot(aBig, bBig, dot(aBig, bSmall, dot(aSmall, bBig, 0))) + c,
/// the small products first, so that they are not lost against the large
/// one. The small products' sum is set to 0 where it is NaN: aSmall of an
/// infinite a is inf - inf, and the large product alone is then right.
/// Returns the three dots, to be moved to the tensor cores.
SmallVector<triton::DotOp> splitTF32x3(triton::DotOp dot) {
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  auto split = [&](Value operand) -> std::pair<Value, Value> {
    // Computed in the layout the operand was converted from, each part
    // converted to the operand's layout as the dot had it.
    Value source = getConvertedSource(operand);
    Value big = triton::ElementwiseInlineAsmOp::create(
                    builder, loc, TypeRange{source.getType()},
                    "cvt.rna.tf32.f32 $0, $1;", "=r,r", /*pure=*/true,
                    /*packed_element=*/1, ValueRange{source})
                    .getResult()[0];
    Value small = arith::SubFOp::create(builder, loc, source, big);
    auto toOperand = [&](Value v) -> Value {
      if (v.getType() == operand.getType())
        return v;
      return ttg::ConvertLayoutOp::create(builder, loc, operand.getType(), v);
    };
    return {toOperand(big), toOperand(small)};
  };
  auto [aBig, aSmall] = split(dot.getA());
  auto [bBig, bSmall] = split(dot.getB());
  auto resultType = cast<RankedTensorType>(dot.getType());
  auto tf32 = triton::InputPrecisionAttr::get(dot.getContext(),
                                              triton::InputPrecision::TF32);
  auto product = [&](Value a, Value b, Value c) {
    return triton::DotOp::create(
        builder, loc, TypeRange{resultType}, ValueRange{a, b, c},
        {builder.getNamedAttr("inputPrecision", tf32),
         builder.getNamedAttr("maxNumImpreciseAcc",
                              dot.getMaxNumImpreciseAccAttr())});
  };
  Value zero = arith::ConstantOp::create(
      builder, loc, resultType,
      DenseElementsAttr::get(resultType, builder.getF32FloatAttr(0.0f)));
  triton::DotOp smallBig = product(aSmall, bBig, zero);
  triton::DotOp bigSmall = product(aBig, bSmall, smallBig.getResult());
  Value isNaN =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO,
                            bigSmall.getResult(), bigSmall.getResult());
  Value corrections =
      arith::SelectOp::create(builder, loc, isNaN, zero, bigSmall.getResult());
  triton::DotOp bigBig = product(aBig, bBig, corrections);
  Value sum =
      arith::AddFOp::create(builder, loc, bigBig.getResult(), dot.getC());
  dot.getResult().replaceAllUsesWith(sum);
  dot.erase();
  return {smallBig, bigSmall, bigBig};
}

/// Moves `dot` (blocked result, 2-d, operands the tensor cores take with
/// instruction K `instrK`) to wgmma or the mma.sync layouts.
void accelerate(triton::DotOp dot, unsigned computeCapability,
                unsigned numWarps, bool chained, unsigned instrK,
                StagedBuffers &staged) {
  MLIRContext *context = dot.getContext();
  auto resultType = cast<RankedTensorType>(dot.getType());
  auto blocked = cast<ttg::BlockedEncodingAttr>(resultType.getEncoding());
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  int64_t m = resultType.getDimSize(0), n = resultType.getDimSize(1);
  // wgmma is Hopper's alone: Blackwell has tcgen05 instead.
  if (computeCapability == 90 &&
      succeeded(rewriteToWgmma(dot, numWarps, chained, instrK, staged)))
    return;

  auto mma = ttg::NvidiaMmaEncodingAttr::get(
      context, /*versionMajor=*/2, /*versionMinor=*/0,
      chained && m >= 16 * int64_t(numWarps)
          ? SmallVector<unsigned>{numWarps, 1}
          : getWarpsPerTile(m, n, numWarps),
      blocked.getCTALayout(),
      /*instrShape=*/{16, 8});
  // One 32-bit register of consecutive K elements per thread: what each
  // register of the instruction's fragments packs.
  unsigned kWidth = 32 / aType.getElementTypeBitWidth();
  auto operandType = [&](RankedTensorType type, unsigned opIdx) {
    return RankedTensorType::get(
        type.getShape(), type.getElementType(),
        ttg::DotOperandEncodingAttr::get(context, opIdx, mma, kWidth));
  };
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  auto mmaType = RankedTensorType::get(resultType.getShape(),
                                       resultType.getElementType(), mma);
  Value a = ttg::ConvertLayoutOp::create(builder, loc, operandType(aType, 0),
                                         dot.getA());
  Value b = ttg::ConvertLayoutOp::create(builder, loc, operandType(bType, 1),
                                         dot.getB());
  Value c = ttg::ConvertLayoutOp::create(builder, loc, mmaType, dot.getC());
  auto newDot = triton::DotOp::create(builder, loc, TypeRange(mmaType),
                                      ValueRange{a, b, c}, dot->getAttrs());
  Value result = ttg::ConvertLayoutOp::create(builder, loc, resultType,
                                              newDot.getResult());
  dot.getResult().replaceAllUsesWith(result);
  dot.erase();
}

struct AccelerateMatmul
    : public mlir::triton::nvidia_gpu::impl::AccelerateMatmulBase<
          AccelerateMatmul> {
  using AccelerateMatmulBase::AccelerateMatmulBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (computeCapability < 80)
      return;
    unsigned numWarps = 4;
    if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      numWarps = attr.getInt();

    SmallVector<triton::DotOp> dots;
    module.walk([&](triton::DotOp dot) { dots.push_back(dot); });
    // Decided before any dot is rewritten: a rewritten dot is no longer a
    // tt.dot for its partner to find.
    llvm::SmallPtrSet<Operation *, 4> chainedDots;
    for (triton::DotOp dot : dots)
      if (isChained(dot))
        chainedDots.insert(dot);
    StagedBuffers staged;
    for (triton::DotOp dot : dots) {
      auto resultType = cast<RankedTensorType>(dot.getType());
      auto blocked =
          dyn_cast_or_null<ttg::BlockedEncodingAttr>(resultType.getEncoding());
      auto aType = cast<RankedTensorType>(dot.getA().getType());
      unsigned instrK = getInstrK(dot);
      if (!blocked || resultType.getRank() != 2 || instrK == 0)
        continue;
      int64_t m = resultType.getDimSize(0), n = resultType.getDimSize(1);
      int64_t k = aType.getDimSize(1);
      if (m % 16 != 0 || n % 8 != 0 || k % instrK != 0)
        continue;
      bool chained = chainedDots.contains(dot);
      SmallVector<triton::DotOp> parts = {dot};
      if (dot.getInputPrecision() == triton::InputPrecision::TF32x3 &&
          aType.getElementType().isF32())
        parts = splitTF32x3(dot);
      for (triton::DotOp part : parts)
        accelerate(part, computeCapability, numWarps, chained, instrK, staged);
    }
  }
};

} // namespace

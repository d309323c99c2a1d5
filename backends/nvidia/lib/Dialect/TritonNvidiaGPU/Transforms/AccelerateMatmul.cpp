//===- AccelerateMatmul.cpp - tt.dot in tensor-core layouts ---------------===//
//
// nvidia-accelerate-matmul: dots with a blocked result whose operands the
// tensor cores take (upstream Triton's supportMMA) move to them, with layout
// conversions around them that remove-layout-conversions can then fold:
//
//   f16 x f16, bf16 x bf16 -> f32         16 of K per instruction
//   f16 x f16 -> f16                      16 (f16x2 accumulators)
//   f32 x f32 -> f32, tf32 precision      8 (the operands read as tf32)
//   f32 x f32 -> f32, tf32x3 precision    three tf32 dots (see splitF32Dot)
//   f32 x f32 -> f32, bf16x3 precision    three bf16 dots (see splitF32Dot)
//   f32 x f32 -> f32, bf16x6 precision    six bf16 dots (see splitF32Dot)
//   i8 x i8 -> i32                        32
//   fp8 x fp8 -> f32 (f8E4M3FN, f8E5M2)   32 on wgmma; mma.sync: as f16, 16
//   f64 x f64 -> f64                      4 (mma.sync m8n8k4 only)
//
// f32 dots of ieee precision stay exact (the core's FMA dot). f64 dots take
// the tensor cores, which compute them in f64 (m8n8k4, rounding to nearest
// even), as upstream Triton moves them there on sm_80 and later.
//
//  - sm_90 (Hopper): ttng.warp_group_dot (wgmma) with both operands staged
//    in #ttg.nvmma_shared buffers, when M is a multiple of 64 and the warps
//    form whole warp groups; wgmma transposes f16 and bf16 operands only, so
//    tf32, s8 and fp8 ones are staged K-major;
//  - sm_80 and later otherwise: tt.dot in the mma.sync (m16n8kK) layouts,
//    operands with kWidth = 32 / bits (one 32-bit register along K). fp8
//    operands are converted to f16 first (tt.fp_to_fp, exact): mma.sync has
//    no fp8 form before sm_89. f64 dots, which wgmma does not take, keep the
//    same layouts with kWidth 1 (one f64 register along K): each 16x8 tile
//    is two m8n8k4 ones, whose fragments are its upper and lower halves.
//
// Batched 3-D dots (B x M x K times B x K x N, tl.dot of 3-D blocks) take
// mma.sync on every architecture, in rank-3 layouts whose batch dimension
// is outermost: #ttg.nvidia_mma with warpsPerCTA = [wb, wm, wn] and
// instrShape = [1, 16, 8], each batch index a 2-D problem of its own.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// Warps for mma.sync over a result of `shape` (M x N, or B x M x N for a
/// batched dot). The batch goes first, as upstream Triton gives it every
/// warp: the problems of a batch are independent, so warps along it share
/// nothing, neither operand rows nor columns. Unlike upstream, the batch
/// takes only as many warps as it has problems (B is a power of two), and
/// the rest split each problem's M x N as a 2-D dot's warps do; chained
/// dots keep them along M where M has a 16-row tile for each.
SmallVector<unsigned> getWarpsPerTileV2(ArrayRef<int64_t> shape,
                                        unsigned numWarps, bool chained) {
  unsigned batchWarps = 1;
  if (shape.size() == 3)
    while (batchWarps < numWarps && 2 * batchWarps <= shape[0])
      batchWarps *= 2;
  unsigned rest = numWarps / batchWarps;
  int64_t m = shape[shape.size() - 2], n = shape.back();
  SmallVector<unsigned> warps = chained && m >= 16 * int64_t(rest)
                                    ? SmallVector<unsigned>{rest, 1}
                                    : getWarpsPerTile(m, n, rest);
  if (shape.size() == 3)
    warps.insert(warps.begin(), batchWarps);
  return warps;
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

/// The layout in which to load a 32-bit (or wider) operand that is staged
/// transposed: contiguous in global memory along `globalDim`, in shared
/// memory along the other dimension. cp.async then copies one element at a
/// time whatever the load's layout, and in a row-per-thread layout a warp's
/// 32 copies fall four to a bank of the 128-byte swizzled buffer. Here each
/// warp covers 8 elements along `globalDim` by 4 along the other, one
/// element a thread: its copies land in 32 distinct banks, and it still
/// reads whole 32-byte sectors. Null where the tile is too small for that.
ttg::BlockedEncodingAttr getTransposingLoadLayout(RankedTensorType type,
                                                  unsigned globalDim,
                                                  unsigned numWarps,
                                                  ttg::CTALayoutAttr cta) {
  unsigned otherDim = 1 - globalDim;
  int64_t along = type.getDimSize(globalDim);
  int64_t across = type.getDimSize(otherDim);
  if (type.getRank() != 2 || along < 8 || across < 4 ||
      !llvm::isPowerOf2_64(along) || !llvm::isPowerOf2_64(across))
    return {};
  SmallVector<unsigned> threadsPerWarp(2), warpsPerCTA(2);
  threadsPerWarp[globalDim] = 8;
  threadsPerWarp[otherDim] = 4;
  // Warps first across (each a further 4 rows of the shared dimension),
  // then along.
  unsigned warpsAcross =
      std::min<unsigned>(numWarps, std::max<int64_t>(1, across / 4));
  warpsPerCTA[otherDim] = warpsAcross;
  warpsPerCTA[globalDim] = numWarps / warpsAcross;
  return ttg::BlockedEncodingAttr::get(type.getContext(), {1, 1},
                                       threadsPerWarp, warpsPerCTA,
                                       {globalDim, otherDim}, cta);
}

/// Reloads `operand`, when a tt.load of a blocked layout in a loop produces
/// it, in `layout`: its pointer, mask and other value are converted (which
/// remove-layout-conversions then moves back to where they are computed),
/// and its other users read the old layout through a conversion. Returns
/// the value to stage. Only loads in loops, which the pipeliner turns into
/// cp.async copies, gain: a load outside one stays a vectorized ld.global.
Value reloadInLayout(Value operand, ttg::BlockedEncodingAttr layout) {
  auto load = operand.getDefiningOp<triton::LoadOp>();
  if (!load || !load->getParentOfType<scf::ForOp>() ||
      !isa_and_nonnull<ttg::BlockedEncodingAttr>(
          cast<RankedTensorType>(load.getType()).getEncoding()))
    return operand;
  auto oldType = cast<RankedTensorType>(load.getType());
  if (oldType.getEncoding() == layout)
    return operand;
  OpBuilder builder(load);
  Location loc = load.getLoc();
  auto convert = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    return ttg::ConvertLayoutOp::create(
        builder, loc,
        RankedTensorType::get(type.getShape(), type.getElementType(), layout),
        value);
  };
  Operation *reload = builder.clone(*load);
  builder.setInsertionPoint(reload);
  for (OpOperand &use : reload->getOpOperands())
    use.set(convert(use.get()));
  reload->getResult(0).setType(RankedTensorType::get(
      oldType.getShape(), oldType.getElementType(), layout));
  builder.setInsertionPointAfter(reload);
  Value back =
      ttg::ConvertLayoutOp::create(builder, loc, oldType, reload->getResult(0));
  load.getResult().replaceAllUsesWith(back);
  load.erase();
  return reload->getResult(0);
}

/// Buffers already staged for wgmma, by value and layout: the dots of a
/// split f32 dot (tf32x3, bf16x3, bf16x6) share their operands.
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
  bool canTranspose = aType.getElementTypeBitWidth() == 16;
  // The A operand of a chained dot (attention's P) was computed in the
  // previous dot's accumulator layout: wgmma reads it from registers, where
  // it already is. Loaded operands are staged in shared memory.
  bool aInRegisters = chained && !a.getDefiningOp<triton::LoadOp>();
  // wgmma's `imm-trans` (M- or N-major operands) is for f16 and bf16 only:
  // other operands are staged K-major whatever their producer's order. A
  // 32-bit operand loaded M- or N-major is loaded in a layout whose element
  // copies into the transposed buffer do not conflict.
  if (!canTranspose && aType.getElementTypeBitWidth() == 32) {
    if (!aInRegisters && getContiguousDim(aType) == 0)
      if (auto layout = getTransposingLoadLayout(aType, 0, numWarps, cta))
        a = reloadInLayout(a, layout);
    if (getContiguousDim(bType) == 1)
      if (auto layout = getTransposingLoadLayout(bType, 1, numWarps, cta))
        b = reloadInLayout(b, layout);
    aType = cast<RankedTensorType>(a.getType());
    bType = cast<RankedTensorType>(b.getType());
  }
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
    // Reused only where it dominates the dot: the parts of a split dot sit
    // side by side in one block, while other dots of the same value (the
    // queries of attention's two loops) stage their own.
    if (buffer) {
      Operation *alloc = buffer.getDefiningOp();
      if (alloc->getBlock() == dot->getBlock() && alloc->isBeforeInBlock(dot))
        return buffer;
    }
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

/// Whether `type` is one of the fp8 types the tensor cores take.
bool isFp8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

/// The K of the mma.sync instruction for `dot`'s operands, or 0 where the
/// tensor cores do not take them: 16 for f16 or bf16 into f32, f16 into
/// f16, f32 at bf16x3 or bf16x6 precision (split into bf16 parts) and fp8
/// into f32 (converted to f16), 8 for f32 into f32 at tf32 (or tf32x3)
/// precision, 32 for i8 into i32, 4 for f64 into f64 (m8n8k4; f64 dots
/// have no precision to honour).
unsigned getInstrK(triton::DotOp dot) {
  Type a = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  Type b = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  Type d = cast<RankedTensorType>(dot.getType()).getElementType();
  if (a != b)
    return 0;
  if (d.isF32() && (a.isF16() || a.isBF16() || isFp8(a)))
    return 16;
  if (d.isF16() && a.isF16())
    return 16;
  if (d.isF32() && a.isF32()) {
    switch (dot.getInputPrecision()) {
    case triton::InputPrecision::TF32:
    case triton::InputPrecision::TF32x3:
      return 8;
    case triton::InputPrecision::BF16x3:
    case triton::InputPrecision::BF16x6:
      return 16;
    case triton::InputPrecision::IEEE:
      return 0;
    }
  }
  if (d.isInteger(32) && a.isInteger(8))
    return 32;
  if (d.isF64() && a.isF64())
    return 4;
  return 0;
}

/// The K of the wgmma instruction for `dot`'s operands (32 bytes of each
/// row): that of mma.sync, but 32 for fp8, which wgmma takes as it is.
unsigned getWgmmaK(triton::DotOp dot, unsigned instrK) {
  Type a = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  return isFp8(a) ? 32 : instrK;
}

/// Rewrites an f32 dot of tf32x3, bf16x3 or bf16x6 precision as several
/// tensor-core dots of its operands split into parts, as upstream Triton's
/// F32DotTC:
///  - tf32x3 (the 3xTF32 trick): a0 = a rounded to tf32 (`cvt.rna.tf32.f32`),
///    a1 = a - a0, and b likewise; the products a1 b0, a0 b1, then a0 b0;
///  - bf16x3: a0 = bf16(a), a1 = bf16(a - a0); the products a1 b0, a0 b1,
///    then a0 b0;
///  - bf16x6: a0, a1 as for bf16x3 and a2 = bf16(a - a0 - a1); the products
///    a1 b1, a2 b0, a0 b2, a1 b0, a0 b1, then a0 b0
/// (bf16 rounds to nearest even, so each part holds the next 8 significant
/// bits of the remainder). Each product accumulates into the previous one,
/// in f32, starting from zero: the small products first, so that they are
/// not lost against the large one. Their sum is set to 0 where it is NaN:
/// a small part of an infinite operand is inf - inf, and the large product
/// alone is then right. The large product takes that sum, and c is added
/// last. Returns the dots, to be moved to the tensor cores.
SmallVector<triton::DotOp> splitF32Dot(triton::DotOp dot) {
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  triton::InputPrecision precision = dot.getInputPrecision();
  bool tf32 = precision == triton::InputPrecision::TF32x3;
  unsigned numParts = precision == triton::InputPrecision::BF16x6 ? 3 : 2;
  // The products (part of a, part of b), smallest first, before a0 b0.
  SmallVector<std::pair<unsigned, unsigned>> corrections =
      numParts == 3
          ? SmallVector<std::pair<unsigned, unsigned>>{{1, 1},
                                                       {2, 0},
                                                       {0, 2},
                                                       {1, 0},
                                                       {0, 1}}
          : SmallVector<std::pair<unsigned, unsigned>>{{1, 0}, {0, 1}};
  Type bf16 = builder.getBF16Type();
  auto split = [&](Value operand) -> SmallVector<Value> {
    // Computed in the layout the operand was converted from, each part
    // converted to the operand's layout as the dot had it.
    Value source = getConvertedSource(operand);
    auto sourceType = cast<RankedTensorType>(source.getType());
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto toOperand = [&](Value v) -> Value {
      auto type = operandType.clone(getElementTypeOrSelf(v.getType()));
      if (v.getType() == type)
        return v;
      return ttg::ConvertLayoutOp::create(builder, loc, type, v);
    };
    SmallVector<Value> parts;
    if (tf32) {
      Value big = triton::ElementwiseInlineAsmOp::create(
                      builder, loc, TypeRange{sourceType},
                      "cvt.rna.tf32.f32 $0, $1;", "=r,r", /*pure=*/true,
                      /*packed_element=*/1, ValueRange{source})
                      .getResult()[0];
      Value small = arith::SubFOp::create(builder, loc, source, big);
      return {toOperand(big), toOperand(small)};
    }
    Value rest = source;
    auto bf16Type = sourceType.clone(bf16);
    for (unsigned i = 0; i < numParts; ++i) {
      Value part = arith::TruncFOp::create(builder, loc, bf16Type, rest);
      parts.push_back(toOperand(part));
      if (i + 1 < numParts)
        rest = arith::SubFOp::create(
            builder, loc, rest,
            arith::ExtFOp::create(builder, loc, sourceType, part));
    }
    return parts;
  };
  SmallVector<Value> aParts = split(dot.getA());
  SmallVector<Value> bParts = split(dot.getB());
  auto resultType = cast<RankedTensorType>(dot.getType());
  // tf32 parts are f32 dots read as tf32; bf16 ones ignore the precision.
  auto partPrecision = triton::InputPrecisionAttr::get(
      dot.getContext(),
      tf32 ? triton::InputPrecision::TF32 : triton::InputPrecision::IEEE);
  SmallVector<triton::DotOp> dots;
  auto product = [&](std::pair<unsigned, unsigned> parts, Value c) {
    dots.push_back(triton::DotOp::create(
        builder, loc, TypeRange{resultType},
        ValueRange{aParts[parts.first], bParts[parts.second], c},
        {builder.getNamedAttr("inputPrecision", partPrecision),
         builder.getNamedAttr("maxNumImpreciseAcc",
                              dot.getMaxNumImpreciseAccAttr())}));
    return dots.back().getResult();
  };
  Value zero = arith::ConstantOp::create(
      builder, loc, resultType,
      DenseElementsAttr::get(resultType, builder.getF32FloatAttr(0.0f)));
  Value sum = zero;
  for (std::pair<unsigned, unsigned> parts : corrections)
    sum = product(parts, sum);
  Value isNaN =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, sum, sum);
  sum = arith::SelectOp::create(builder, loc, isNaN, zero, sum);
  sum = product({0, 0}, sum);
  sum = arith::AddFOp::create(builder, loc, sum, dot.getC());
  dot.getResult().replaceAllUsesWith(sum);
  dot.erase();
  return dots;
}

/// `operand` (an fp8 dot operand) converted to f16, exactly, in the layout
/// it was converted from.
Value extendToF16(OpBuilder &builder, Location loc, Value operand) {
  Value source = getConvertedSource(operand);
  auto type = cast<RankedTensorType>(source.getType());
  return triton::FpToFpOp::create(builder, loc,
                                  type.clone(builder.getF16Type()), source,
                                  /*rounding=*/triton::RoundingModeAttr());
}

/// Moves `dot` (blocked result, 2-d or batched 3-d, operands the tensor
/// cores take with mma.sync instruction K `instrK`) to wgmma or the mma.sync
/// layouts.
void accelerate(triton::DotOp dot, unsigned computeCapability,
                unsigned numWarps, bool chained, unsigned instrK,
                StagedBuffers &staged) {
  MLIRContext *context = dot.getContext();
  auto resultType = cast<RankedTensorType>(dot.getType());
  auto blocked = cast<ttg::BlockedEncodingAttr>(resultType.getEncoding());
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  // wgmma is Hopper's alone: Blackwell has tcgen05 instead. It has no
  // batched form (as upstream, 3-D dots take mma.sync), nor an f64 one.
  unsigned rank = resultType.getRank();
  unsigned wgmmaK = getWgmmaK(dot, instrK);
  if (computeCapability == 90 && rank == 2 && !aType.getElementType().isF64() &&
      aType.getDimSize(1) % wgmmaK == 0 &&
      succeeded(rewriteToWgmma(dot, numWarps, chained, wgmmaK, staged)))
    return;

  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  Value aValue = dot.getA(), bValue = dot.getB();
  if (isFp8(aType.getElementType())) {
    aValue = extendToF16(builder, loc, aValue);
    bValue = extendToF16(builder, loc, bValue);
    aType = aType.clone(builder.getF16Type());
    bType = bType.clone(builder.getF16Type());
  }

  SmallVector<unsigned> instrShape = {16, 8};
  if (rank == 3)
    instrShape.insert(instrShape.begin(), 1);
  auto mma = ttg::NvidiaMmaEncodingAttr::get(
      context, /*versionMajor=*/2, /*versionMinor=*/0,
      getWarpsPerTileV2(resultType.getShape(), numWarps, chained),
      blocked.getCTALayout(), instrShape);
  // One 32-bit register of consecutive K elements per thread: what each
  // register of the instruction's fragments packs; one f64 for f64.
  unsigned kWidth = std::max(32 / aType.getElementTypeBitWidth(), 1u);
  auto operandType = [&](RankedTensorType type, unsigned opIdx) {
    return RankedTensorType::get(
        type.getShape(), type.getElementType(),
        ttg::DotOperandEncodingAttr::get(context, opIdx, mma, kWidth));
  };
  auto mmaType = RankedTensorType::get(resultType.getShape(),
                                       resultType.getElementType(), mma);
  Value a =
      ttg::ConvertLayoutOp::create(builder, loc, operandType(aType, 0), aValue);
  Value b =
      ttg::ConvertLayoutOp::create(builder, loc, operandType(bType, 1), bValue);
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
      // 2-D dots, and batched 3-D ones (B x M x K times B x K x N: each
      // batch index an M x N x K problem of its own).
      unsigned rank = resultType.getRank();
      if (!blocked || (rank != 2 && rank != 3) || instrK == 0)
        continue;
      int64_t m = resultType.getDimSize(rank - 2);
      int64_t n = resultType.getDimSize(rank - 1);
      int64_t k = aType.getDimSize(rank - 1);
      if (m % 16 != 0 || n % 8 != 0 || k % instrK != 0)
        continue;
      bool chained = chainedDots.contains(dot);
      SmallVector<triton::DotOp> parts = {dot};
      triton::InputPrecision precision = dot.getInputPrecision();
      if (aType.getElementType().isF32() &&
          (precision == triton::InputPrecision::TF32x3 ||
           precision == triton::InputPrecision::BF16x3 ||
           precision == triton::InputPrecision::BF16x6))
        parts = splitF32Dot(dot);
      for (triton::DotOp part : parts)
        accelerate(part, computeCapability, numWarps, chained, instrK, staged);
    }
  }
};

} // namespace

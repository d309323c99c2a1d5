//===- DotOpToLLVM.cpp - tt.dot on the matrix engine (DPAS) ---------------===//
//
// tt.dot with a #ttg.intel_dpas result and operands in its dot-operand
// layouts becomes one `triton_gen.dpas` per repeatCount x 16 tile of the
// result and K step of the instruction (16 for f16/bf16, 32 for i8).
//
// Which register feeds which element of the instruction's operands is read
// off the linear layouts: with lane and warp zero, register r of a layout
// holds the coordinates getRegisterCoordinates(r). The instruction wants, in
// lane 0, relative to the tile's corner (m0, n0) and K step k0:
//   C, D: element i (i < rc) at (m0 + i, n0)
//   A:    element i (i < rc) packs the opsPerChan / 2 (at least 1) values at
//         (m0 + i, k0 + j)
//   B:    channel j (j < 8) packs the opsPerChan values at
//         (k0 + opsPerChan * j + t, n0)
// and lane l the same shifted by l columns (l * packed K columns for A), which
// the pattern checks on the lane bases of the three layouts, together with
// their warp bases (an operand's warps must follow the result's and hold
// copies along K). The values of every lane then come from the same
// registers.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"
#include "intel/Dialect/TritonGEN/IR/Dialect.h"
#include "intel/Dialect/TritonIntelGPU/IR/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <utility>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coord = std::pair<int32_t, int32_t>;

/// The image of bit `bit` of `inDim` as (dim0, dim1), (0, 0) past its size.
Coord basis(const LinearLayout &l, StringAttr inDim, int32_t bit) {
  if (!l.hasInDim(inDim) || bit >= l.getInDimSizeLog2(inDim))
    return {0, 0};
  ArrayRef<int32_t> b = l.getBasis(inDim, bit);
  return {b[0], b[1]};
}

/// The DPAS precision of `element`, or "" when DPAS does not take it.
StringRef getPrecision(Type element) {
  if (element.isF16())
    return "f16";
  if (element.isBF16())
    return "bf16";
  if (element.isInteger(8))
    return "s8";
  return "";
}

/// The layouts of a DPAS dot, or a reason why triton_gen.dpas cannot
/// compute it.
struct DpasDot {
  gpu::IntelDpasEncodingAttr dpas;
  StringRef precision;
  LinearLayout a, b, c;
};

FailureOr<DpasDot> analyzeDpasDot(DotOp op, unsigned subGroupSize,
                                  std::string &why) {
  auto dType = cast<RankedTensorType>(op.getType());
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  DpasDot dot;
  dot.dpas = dyn_cast_or_null<gpu::IntelDpasEncodingAttr>(dType.getEncoding());
  auto fail = [&](const Twine &reason) {
    why = reason.str();
    return failure();
  };
  if (!dot.dpas)
    return fail("the result is not in a #ttg.intel_dpas layout");
  gpu::IntelDpasEncodingAttr dpas = dot.dpas;
  RankedTensorType operandTypes[] = {aType, bType};
  for (auto [opIdx, type] : llvm::enumerate(operandTypes)) {
    auto operand =
        dyn_cast_or_null<gpu::DotOperandEncodingAttr>(type.getEncoding());
    if (!operand || operand.getParent() != dpas || operand.getOpIdx() != opIdx)
      return fail("operand " + Twine(opIdx == 0 ? "A" : "B") +
                  " is not in the dot-operand layout of the result's");
  }
  if (dType.getRank() != 2)
    return fail("only 2-d dots are lowered to DPAS, got rank " +
                Twine(dType.getRank()));
  if (dpas.getExecutionSize() != 16 || dpas.getSubGroupSize() != 16 ||
      subGroupSize != 16)
    return fail("triton_gen.dpas runs on sub-groups of 16 lanes: the layout "
                "needs executionSize = 16 and threadsPerWarp = 16 in a "
                "module of 16 lanes");
  Type element = aType.getElementType();
  dot.precision = getPrecision(element);
  if (element != bType.getElementType() || dot.precision.empty())
    return fail("DPAS multiplies f16, bf16 or i8 operands of one type");
  bool isInt = element.isInteger(8);
  Type acc = dType.getElementType();
  if (isInt ? !acc.isInteger(32) : !acc.isF32())
    return fail(Twine("DPAS accumulates ") +
                (isInt ? "i8 into i32" : "f16/bf16 into f32"));
  unsigned opsPerChan = isInt ? 4 : 2;
  if (dpas.getOpsPerChan() != opsPerChan)
    return fail("the layout has opsPerChan = " + Twine(dpas.getOpsPerChan()) +
                " but " + Twine(dot.precision) + " needs " + Twine(opsPerChan));
  if (aType.getDimSize(1) % dpas.getInstrK() != 0)
    return fail("K = " + Twine(aType.getDimSize(1)) +
                " is not a multiple of the instruction's " +
                Twine(dpas.getInstrK()));

  dot.a = gpu::toLinearLayout(aType);
  dot.b = gpu::toLinearLayout(bType);
  dot.c = gpu::toLinearLayout(dType);
  MLIRContext *ctx = op.getContext();
  StringAttr lane = kLane(ctx), warp = kWarp(ctx);
  int32_t packed = dpas.getOperandKWidth(0);
  for (int32_t bit = 0; bit < 4; ++bit) {
    if (basis(dot.c, lane, bit) != Coord{0, 1 << bit} ||
        basis(dot.b, lane, bit) != Coord{0, 1 << bit} ||
        basis(dot.a, lane, bit) != Coord{0, packed << bit})
      return fail("the tensor is smaller than one instruction's tile: lane " +
                  Twine(1 << bit) + " does not hold its own column");
  }
  int32_t warpBits = dot.c.hasInDim(warp) ? dot.c.getInDimSizeLog2(warp) : 0;
  for (int32_t bit = 0; bit < warpBits; ++bit) {
    auto [dm, dn] = basis(dot.c, warp, bit);
    if (basis(dot.a, warp, bit) != Coord{dm, 0} ||
        basis(dot.b, warp, bit) != Coord{0, dn})
      return fail("the operands' warps do not follow the result's");
  }
  return dot;
}

struct DpasDotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  DpasDotOpConversion(const LLVMTypeConverter &typeConverter,
                      unsigned subGroupSize, PatternBenefit benefit)
      : ConvertOpToLLVMPattern(typeConverter, benefit),
        subGroupSize(subGroupSize) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<DpasDot> dot = analyzeDpasDot(op, subGroupSize, why);
    if (failed(dot))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    gpu::IntelDpasEncodingAttr dpas = dot->dpas;
    int32_t rc = dpas.getRepeatCount();
    int32_t opsPerChan = dpas.getOpsPerChan();
    int32_t packed = dpas.getOperandKWidth(0);
    int32_t instrK = dpas.getInstrK();
    int32_t depth = dpas.getSystolicDepth();
    int64_t K = aType.getDimSize(1);

    auto aRegs = getRegistersByCoordinate(dot->a);
    auto bRegs = getRegistersByCoordinate(dot->b);
    auto cRegs = getRegistersByCoordinate(dot->c);
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> d = unpackLLElements(loc, adaptor.getC(), rewriter);

    auto lookup = [](const std::map<Coord, SmallVector<int32_t>> &regs,
                     Coord at) -> int32_t {
      auto it = regs.find(at);
      return it == regs.end() ? -1 : it->second.front();
    };
    Type i16 = rewriter.getI16Type(), i32 = rewriter.getI32Type();
    // `values` as one integer of their total width.
    // (bf16 arrives as its i16 bits.)
    auto pack = [&](ArrayRef<Value> values, Type packedType) -> Value {
      if (values.size() == 1)
        return values[0].getType() == packedType
                   ? values[0]
                   : LLVM::BitcastOp::create(rewriter, loc, packedType,
                                             values[0]);
      auto vectorType = VectorType::get(values.size(), values[0].getType());
      Value v = LLVM::UndefOp::create(rewriter, loc, vectorType);
      for (auto [i, value] : llvm::enumerate(values))
        v = LLVM::InsertElementOp::create(rewriter, loc, v, value,
                                          i32Constant(rewriter, loc, i));
      return LLVM::BitcastOp::create(rewriter, loc, packedType, v);
    };
    auto vector = [&](ArrayRef<Value> values) -> Value {
      auto vectorType = VectorType::get(values.size(), values[0].getType());
      Value v = LLVM::UndefOp::create(rewriter, loc, vectorType);
      for (auto [i, value] : llvm::enumerate(values))
        v = LLVM::InsertElementOp::create(rewriter, loc, v, value,
                                          i32Constant(rewriter, loc, i));
      return v;
    };

    // Packed operands, built once per (row or column tile, K step).
    std::map<Coord, Value> aOperands, bOperands;
    auto getA = [&](int32_t m0, int32_t k0) -> FailureOr<Value> {
      Value &cached = aOperands[{m0, k0}];
      if (cached)
        return cached;
      SmallVector<Value> rows;
      for (int32_t i = 0; i < rc; ++i) {
        SmallVector<Value> values;
        for (int32_t t = 0; t < packed; ++t) {
          int32_t r = lookup(aRegs, {m0 + i, k0 + t});
          if (r < 0)
            return failure();
          values.push_back(a[r]);
        }
        rows.push_back(pack(values, i16));
      }
      return cached = vector(rows);
    };
    auto getB = [&](int32_t n0, int32_t k0) -> FailureOr<Value> {
      Value &cached = bOperands[{n0, k0}];
      if (cached)
        return cached;
      SmallVector<Value> channels;
      for (int32_t j = 0; j < depth; ++j) {
        SmallVector<Value> values;
        for (int32_t t = 0; t < opsPerChan; ++t) {
          int32_t r = lookup(bRegs, {k0 + opsPerChan * j + t, n0});
          if (r < 0)
            return failure();
          values.push_back(b[r]);
        }
        channels.push_back(pack(values, i32));
      }
      return cached = vector(channels);
    };

    for (auto &[origin, regs] : cRegs) {
      auto [m0, n0] = origin;
      if (m0 % rc != 0 || n0 % dpas.getExecutionSize() != 0)
        continue;
      SmallVector<Value> acc;
      for (int32_t i = 0; i < rc; ++i) {
        int32_t r = lookup(cRegs, {m0 + i, n0});
        if (r < 0)
          return op.emitError("#ttg.intel_dpas result without a full ")
                 << rc << "-row tile at (" << m0 << ", " << n0 << ")";
        acc.push_back(d[r]);
      }
      Value accVector = vector(acc);
      for (int32_t k0 = 0; k0 < K; k0 += instrK) {
        FailureOr<Value> aOperand = getA(m0, k0);
        FailureOr<Value> bOperand = getB(n0, k0);
        if (failed(aOperand) || failed(bOperand))
          return op.emitError("the dot operands' layouts do not hold the "
                              "tile at (")
                 << m0 << ", " << n0 << ") of the result";
        accVector = TritonGEN::MatrixDPASOp::create(
            rewriter, loc, accVector.getType(), accVector, *aOperand, *bOperand,
            dot->precision, rc);
      }
      // Every register holding an element of the tile (duplicates too).
      for (int32_t i = 0; i < rc; ++i) {
        Value value = LLVM::ExtractElementOp::create(
            rewriter, loc, accVector, i32Constant(rewriter, loc, i));
        for (int32_t r : cRegs.at({m0 + i, n0}))
          d[r] = value;
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), d, rewriter, dType));
    return success();
  }

private:
  unsigned subGroupSize;
};

} // namespace

LogicalResult
mlir::triton::intel::verifyDpasDotsLowerable(ModuleOp module,
                                             unsigned subGroupSize) {
  WalkResult result = module.walk([&](DotOp op) {
    auto dType = cast<RankedTensorType>(op.getType());
    if (!isa_and_nonnull<gpu::IntelDpasEncodingAttr>(dType.getEncoding()))
      return WalkResult::advance();
    std::string why;
    if (succeeded(analyzeDpasDot(op, subGroupSize, why)))
      return WalkResult::advance();
    op.emitError() << "cannot lower this tt.dot to DPAS: " << why;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

void mlir::triton::intel::populateDotOpToLLVMPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    unsigned subGroupSize, PatternBenefit benefit) {
  patterns.add<DpasDotOpConversion>(typeConverter, subGroupSize, benefit);
}

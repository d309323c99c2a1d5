//===- DotOpToLLVM.cpp - tt.dot on FMA units ------------------------------===//
//
// The generic dot: every thread computes the outputs its registers hold,
// d[m, n] = c[m, n] + sum_k a[m, k] * b[k, n], with one multiply-add per k.
// It needs operands whose K dimension lives entirely in each thread's
// registers and whose M (N) dimension is distributed like the result's, as
// the FMA dot-operand layout (#ttg.dot_op with a blocked parent) is.
// Operands are first extended to the accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/FloatConversions.h"
#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coords = std::vector<int32_t>;

std::map<Coords, int32_t> registersByCoordinates(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  std::map<Coords, int32_t> result;
  for (int32_t r = 0; r < layout.getInDimSize(kRegister(ctx)); ++r) {
    SmallVector<int32_t> c = getRegisterCoordinates(layout, r);
    result.try_emplace(Coords(c.begin(), c.end()), r);
  }
  return result;
}

/// Whether `operand` distributes dimension `operandDim` over threads as
/// `result` does `resultDim`, and every other dimension not at all (except
/// `batchDims`, which must match too).
bool threadsMatch(const LinearLayout &operand, const LinearLayout &result,
                  ArrayRef<std::pair<int, int>> sameDims, int kDim) {
  MLIRContext *ctx = operand.getInDimNames().begin()->getContext();
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
    if (operand.getInDimSizeLog2(dim) != result.getInDimSizeLog2(dim))
      return false;
    for (int32_t bit = 0; bit < operand.getInDimSizeLog2(dim); ++bit) {
      ArrayRef<int32_t> o = operand.getBasis(dim, bit);
      ArrayRef<int32_t> r = result.getBasis(dim, bit);
      if (o[kDim] != 0)
        return false;
      for (auto [od, rd] : sameDims)
        if (o[od] != r[rd])
          return false;
    }
  }
  return true;
}

struct DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType aType = op.getA().getType(), bType = op.getB().getType(),
                     dType = op.getD().getType();
    for (RankedTensorType t : {aType, bType, dType})
      if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(t.getEncoding()))
        return rewriter.notifyMatchFailure(op, "tensor without a layout");
    int rank = dType.getRank();
    int m = rank - 2, n = rank - 1;
    int64_t K = aType.getShape()[rank - 1];
    LinearLayout aLayout = gpu::toLinearLayout(aType);
    LinearLayout bLayout = gpu::toLinearLayout(bType);
    LinearLayout dLayout = gpu::toLinearLayout(dType);
    SmallVector<std::pair<int, int>> aSame{{m, m}}, bSame{{n, n}};
    for (int d = 0; d < rank - 2; ++d) {
      aSame.push_back({d, d});
      bSame.push_back({d, d});
    }
    if (!threadsMatch(aLayout, dLayout, aSame, rank - 1) ||
        !threadsMatch(bLayout, dLayout, bSame, rank - 2))
      return rewriter.notifyMatchFailure(
          op, "operands not in FMA dot-operand layouts of the result");

    std::map<Coords, int32_t> aRegs = registersByCoordinates(aLayout);
    std::map<Coords, int32_t> bRegs = registersByCoordinates(bLayout);
    MLIRContext *ctx = op.getContext();
    int32_t numRegs = dLayout.getInDimSize(kRegister(ctx));
    // For each result register, the operand registers of every k.
    SmallVector<SmallVector<std::pair<int32_t, int32_t>>> plan(numRegs);
    for (int32_t r = 0; r < numRegs; ++r) {
      SmallVector<int32_t> c = getRegisterCoordinates(dLayout, r);
      for (int64_t k = 0; k < K; ++k) {
        Coords a(c.begin(), c.end()), b(c.begin(), c.end());
        a[n] = k;
        b[m] = k;
        auto ai = aRegs.find(a), bi = bRegs.find(b);
        if (ai == aRegs.end() || bi == bRegs.end())
          return rewriter.notifyMatchFailure(op, "an operand lacks a k");
        plan[r].push_back({ai->second, bi->second});
      }
    }

    Type accElemType = dType.getElementType();
    Type accType = getTypeConverter()->convertType(accElemType);
    bool isFloat = isa<FloatType>(accType);
    // Operands widen to the accumulator's type; floats through
    // convertFloat, which also reads floats kept as integer bits (fp8, bf16
    // on a target without bfloat).
    auto extend = [&](Value v, Type elemType) -> FailureOr<Value> {
      if (v.getType() == accType && elemType == accElemType)
        return v;
      if (isFloat)
        return convertFloat(rewriter, loc, v, elemType, accElemType, accType,
                            RoundingMode::RTNE);
      return Value(LLVM::SExtOp::create(rewriter, loc, accType, v));
    };
    Type aElemType = op.getA().getType().getElementType();
    Type bElemType = op.getB().getType().getElementType();
    if (isFloat &&
        (!isConvertibleFloat(aElemType) || !isConvertibleFloat(bElemType) ||
         !isConvertibleFloat(accElemType)))
      return rewriter.notifyMatchFailure(op, "operands of float formats "
                                             "that do not convert");
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);
    for (Value &v : a)
      v = *extend(v, aElemType);
    for (Value &v : b)
      v = *extend(v, bElemType);
    SmallVector<Value> results;
    for (int32_t r = 0; r < numRegs; ++r) {
      Value acc = c[r];
      for (auto [ai, bi] : plan[r]) {
        if (isFloat) {
          acc = LLVM::FMulAddOp::create(rewriter, loc, a[ai], b[bi], acc);
        } else {
          Value product = LLVM::MulOp::create(rewriter, loc, a[ai], b[bi]);
          acc = LLVM::AddOp::create(rewriter, loc, acc, product);
        }
      }
      results.push_back(acc);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, dType));
    return success();
  }
};

} // namespace

void mlir::triton::populateDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<DotOpConversion>(typeConverter, benefit);
}

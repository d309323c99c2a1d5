//===- DotOpToLLVM.cpp - tt.dot on the tensor cores (mma.sync) -------------===//
//
// tt.dot with a version-2 #ttg.nvidia_mma result and f16/bf16 operands in
// its dot-operand layouts (kWidth 2) becomes one PTX
// `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}` per 16x8 tile of the
// result and 16-wide step of K. Which register of the operands and of the
// accumulator feeds which fragment element is read off the linear layouts:
// with lane and warp zero, register r of a layout holds the coordinates
// getRegisterCoordinates(r); the PTX fragment of lane 0 is
//   A: a_i at (8 * ((i / 2) % 2), (i % 2) + 8 * (i / 4))   i = 0..7
//   B: b_i at ((i % 2) + 8 * (i / 2), 0)                    i = 0..3
//   C: c_i at (8 * (i / 2), i % 2)                          i = 0..3
// relative to the tile's corner, and the lane and warp parts of the three
// layouts agree with the ISA's (checked by the layout unit tests), so the
// same registers serve every lane.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>
#include <utility>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coord = std::pair<int32_t, int32_t>;

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<gpu::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 2 || dType.getRank() != 2)
      return rewriter.notifyMatchFailure(op, "not a 2-d mma v2 dot");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type elem = aType.getElementType();
    if (elem != bType.getElementType() || !(elem.isF16() || elem.isBF16()) ||
        !dType.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "only f16/bf16 -> f32");
    int64_t K = aType.getShape()[1];
    if (K % 16 != 0)
      return rewriter.notifyMatchFailure(op, "K is not a multiple of 16");

    auto aRegs = getRegistersByCoordinate(gpu::toLinearLayout(aType));
    auto bRegs = getRegistersByCoordinate(gpu::toLinearLayout(bType));
    LinearLayout cLayout = gpu::toLinearLayout(dType);
    auto cRegs = getRegistersByCoordinate(cLayout);

    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);

    auto lookup = [](const std::map<Coord, SmallVector<int32_t>> &regs,
                     Coord at) -> int32_t {
      auto it = regs.find(at);
      return it == regs.end() ? -1 : it->second.front();
    };
    Type halfType = elem.isF16() ? Type(rewriter.getF16Type())
                                 : Type(rewriter.getBF16Type());
    auto pairType = VectorType::get({2}, halfType);
    Type i32 = rewriter.getI32Type();
    auto pack = [&](Value lo, Value hi) -> Value {
      Value v = LLVM::UndefOp::create(rewriter, loc, pairType);
      v = LLVM::InsertElementOp::create(rewriter, loc, v, lo,
                                        i32Constant(rewriter, loc, 0));
      v = LLVM::InsertElementOp::create(rewriter, loc, v, hi,
                                        i32Constant(rewriter, loc, 1));
      return LLVM::BitcastOp::create(rewriter, loc, i32, v);
    };
    std::string asmText =
        std::string("mma.sync.aligned.m16n8k16.row.col.f32.") +
        (elem.isF16() ? "f16.f16" : "bf16.bf16") +
        ".f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};";
    Type f32 = rewriter.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), {f32, f32, f32, f32});

    SmallVector<Value> d = c;
    // Packed operand fragments, cached per (row or column tile, k step).
    std::map<std::pair<int32_t, int32_t>, SmallVector<Value>> aFrags, bFrags;
    for (auto &[origin, regs] : cRegs) {
      auto [m0, n0] = origin;
      if (m0 % 16 != 0 || n0 % 8 != 0)
        continue;
      int32_t cIdx[4];
      for (int i = 0; i < 4; ++i) {
        cIdx[i] = lookup(cRegs, {m0 + 8 * (i / 2), n0 + i % 2});
        if (cIdx[i] < 0)
          return op.emitError("mma v2 accumulator layout without a full "
                              "16x8 tile at (")
                 << m0 << ", " << n0 << ")";
      }
      SmallVector<Value> acc;
      for (int i = 0; i < 4; ++i)
        acc.push_back(d[cIdx[i]]);
      for (int32_t k0 = 0; k0 < K; k0 += 16) {
        SmallVector<Value> &af = aFrags[{m0, k0}];
        if (af.empty()) {
          for (int i = 0; i < 8; i += 2) {
            Coord lo{m0 + 8 * ((i / 2) % 2), k0 + 8 * (i / 4)};
            int32_t r0 = lookup(aRegs, lo);
            int32_t r1 = lookup(aRegs, {lo.first, lo.second + 1});
            if (r0 < 0 || r1 < 0)
              return op.emitError("operand A's layout does not match the "
                                  "mma accumulator's");
            af.push_back(pack(a[r0], a[r1]));
          }
        }
        SmallVector<Value> &bf = bFrags[{n0, k0}];
        if (bf.empty()) {
          for (int i = 0; i < 4; i += 2) {
            int32_t r0 = lookup(bRegs, {k0 + 8 * (i / 2), n0});
            int32_t r1 = lookup(bRegs, {k0 + 8 * (i / 2) + 1, n0});
            if (r0 < 0 || r1 < 0)
              return op.emitError("operand B's layout does not match the "
                                  "mma accumulator's");
            bf.push_back(pack(b[r0], b[r1]));
          }
        }
        SmallVector<Value> operands(af.begin(), af.end());
        operands.append(bf.begin(), bf.end());
        operands.append(acc.begin(), acc.end());
        auto asmOp = LLVM::InlineAsmOp::create(
            rewriter, loc, resultType, operands, asmText,
            "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3", /*has_side_effects=*/false,
            /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
            LLVM::AsmDialectAttr(), ArrayAttr());
        for (int i = 0; i < 4; ++i)
          acc[i] = LLVM::ExtractValueOp::create(rewriter, loc,
                                                asmOp.getResult(0), i);
      }
      // Every register holding an element of the tile (duplicates too).
      for (int i = 0; i < 4; ++i)
        for (int32_t r :
             cRegs.at({m0 + 8 * (i / 2), n0 + i % 2}))
          d[r] = acc[i];
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), d,
                                          rewriter, dType));
    return success();
  }
};

} // namespace

void mlir::triton::nvidia_gpu::populateDotOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<MmaV2DotOpConversion>(typeConverter, benefit);
}

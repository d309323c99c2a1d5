//===- DotOpToLLVM.cpp - tt.dot on the tensor cores (mma.sync) ------------===//
//
// tt.dot with a version-2 #ttg.nvidia_mma result and operands in its
// dot-operand layouts (kWidth 32 / bits) becomes one PTX `mma.sync.aligned`
// per 16x8 tile of the result and instruction step of K:
//   f16/bf16 -> f32   m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32
//   f16 -> f16        m16n8k16.row.col.f16.f16.f16.f16
//   f32 (tf32) -> f32 m16n8k8.row.col.f32.tf32.tf32.f32
//   i8 -> i32         m16n8k32.row.col.satfinite.s32.s8.s8.s32
//   f64 -> f64        on sm_90 m16n8k16 (k8, k4 where K is not a multiple
//                     of 16).row.col.f64.f64.f64.f64; before sm_90
//                     m8n8k4, one per 8x8 half of each 16x8 tile (kWidth 1;
//                     see MmaFragments.h)
// Which register of the operands and of the accumulator feeds which fragment
// element is read off the linear layouts: with lane and warp zero, register
// r of a layout holds the coordinates getRegisterCoordinates(r); the PTX
// fragments of lane 0 are those of MmaFragments.h, and
//   C: c_i at (8 * (i / 2), i % 2)                          i = 0..3
// relative to the tile's corner: four f32 (or s32) registers, or for an
// f16 accumulator two f16x2 registers, {c0, c1} and {c2, c3}; m8n8k4 takes
// c0 and c1 of its 8x8 tile, one f64 register each (f64 registers
// throughout). The lane and
// warp parts of the three layouts agree with the ISA's (checked by the
// layout unit tests), so the same registers serve every lane.
//
// A batched dot (rank 3: B x M x K times B x K x N, its layouts with the
// batch dimension outermost) is the same per batch index: each register
// also holds a batch coordinate, and the tiles of each batch index that
// this thread holds are multiplied from the operand registers of that
// index alone.
//
//===----------------------------------------------------------------------===//

#include "MmaFragments.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <tuple>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// (batch, row, column) of an element; batch 0 in a 2-D dot.
using Coord = std::tuple<int32_t, int32_t, int32_t>;
using RegisterMap = std::map<Coord, SmallVector<int32_t>>;

/// The registers of `layout` (rank 2, or 3 with the batch first) by the
/// coordinates they hold with lane, warp and block zero, in register order.
RegisterMap getRegistersByCoordinate3D(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  RegisterMap result;
  for (int32_t r = 0; r < layout.getInDimSize(StringAttr::get(ctx, "register"));
       ++r) {
    SmallVector<int32_t> c = getRegisterCoordinates(layout, r);
    Coord at = c.size() == 3 ? Coord{c[0], c[1], c[2]} : Coord{0, c[0], c[1]};
    result[at].push_back(r);
  }
  return result;
}

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  MmaV2DotOpConversion(LLVMTypeConverter &typeConverter, int computeCapability,
                       PatternBenefit benefit)
      : ConvertOpToLLVMPattern(typeConverter, benefit),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma =
        dyn_cast_or_null<gpu::NvidiaMmaEncodingAttr>(dType.getEncoding());
    unsigned rank = dType.getRank();
    if (!mma || mma.getVersionMajor() != 2 || (rank != 2 && rank != 3))
      return rewriter.notifyMatchFailure(op, "not a 2-d or 3-d mma v2 dot");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    std::optional<nvidia_gpu::MmaOperandKind> kind =
        nvidia_gpu::getMmaOperandKind(aType.getElementType(),
                                      bType.getElementType(),
                                      dType.getElementType());
    // fp8 operands reach mma.sync converted to f16 (accelerate-matmul).
    if (!kind || kind->isFp8())
      return rewriter.notifyMatchFailure(
          op, "only f16/bf16 -> f32, f16 -> f16, f32 (tf32) -> f32, i8 -> "
              "i32 and f64 -> f64");
    if (kind->ptxType == "tf32" &&
        op.getInputPrecision() != InputPrecision::TF32)
      return op.emitError("mma.sync reads f32 operands as tf32: it cannot "
                          "honour inputPrecision = ")
             << stringifyInputPrecision(op.getInputPrecision());
    int64_t K = aType.getShape()[rank - 1];
    // sm_90's f64 instructions take up to 16 along K: fewer, larger mmas
    // (one m16n8k16 for eight m8n8k4).
    if (kind->isF64() && computeCapability >= 90)
      for (int32_t k : {16, 8, 4})
        if (K % k == 0) {
          kind->f64InstrK = k;
          break;
        }
    int32_t instrK = kind->instrK();
    if (K % instrK != 0)
      return rewriter.notifyMatchFailure(
          op, "K is not a multiple of the instruction's");

    RegisterMap aRegs = getRegistersByCoordinate3D(gpu::toLinearLayout(aType));
    RegisterMap bRegs = getRegistersByCoordinate3D(gpu::toLinearLayout(bType));
    RegisterMap cRegs = getRegistersByCoordinate3D(gpu::toLinearLayout(dType));

    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);

    auto lookup = [](const RegisterMap &regs, Coord at) -> int32_t {
      auto it = regs.find(at);
      return it == regs.end() ? -1 : it->second.front();
    };
    // Four accumulator elements in four registers, or in two f16x2 ones;
    // two f64 ones for m8n8k4.
    int32_t instrM = kind->instrM();
    int32_t accElements = kind->accElements();
    int32_t accRegs = accElements / kind->accPerRegister();
    int32_t aRegCount = kind->aRegisters(), bRegCount = kind->bRegisters();
    std::string asmText;
    {
      llvm::raw_string_ostream os(asmText);
      os << "mma.sync.aligned.m" << instrM << "n8k" << instrK << ".row.col.";
      if (kind->integer)
        os << "satfinite.";
      os << kind->accPtxType() << "." << kind->ptxType << "." << kind->ptxType
         << "." << kind->accPtxType() << " {";
      int32_t next = 0;
      auto operandList = [&](int32_t count) {
        for (int32_t i = 0; i < count; ++i)
          os << (i ? "," : "") << "$" << next++;
      };
      operandList(accRegs);
      os << "}, {";
      operandList(aRegCount);
      os << "}, {";
      operandList(bRegCount);
      os << "}, {";
      operandList(accRegs);
      os << "};";
    }
    std::string constraints;
    {
      SmallVector<std::string> parts(accRegs,
                                     ("=" + kind->accConstraint()).str());
      parts.append(aRegCount + bRegCount, kind->operandConstraint().str());
      for (int32_t i = 0; i < accRegs; ++i)
        parts.push_back(std::to_string(i));
      constraints = llvm::join(parts, ",");
    }
    Type accType = kind->isF64()                  ? Type(rewriter.getF64Type())
                   : kind->accConstraint() == "r" ? Type(rewriter.getI32Type())
                                                  : Type(rewriter.getF32Type());
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(accRegs, accType));
    int32_t perRegister = kind->elementsPerRegister();
    int32_t accPerRegister = kind->accPerRegister();
    Type accElementType = dType.getElementType();

    SmallVector<Value> d = c;
    // Packed operand fragments, cached per (batch, row or column tile,
    // k step).
    std::map<Coord, SmallVector<Value>> aFrags, bFrags;
    for (auto &[origin, regs] : cRegs) {
      auto [b0, m0, n0] = origin;
      if (m0 % instrM != 0 || n0 % 8 != 0)
        continue;
      int32_t cIdx[4];
      for (int i = 0; i < accElements; ++i) {
        cIdx[i] = lookup(cRegs, {b0, m0 + 8 * (i / 2), n0 + i % 2});
        if (cIdx[i] < 0) {
          InFlightDiagnostic diag = op.emitError("mma v2 accumulator layout "
                                                 "without a full ")
                                    << instrM << "x8 tile at (";
          if (rank == 3)
            diag << b0 << ", ";
          return diag << m0 << ", " << n0 << ")";
        }
      }
      // The accumulator registers: c0..c3 (c0, c1 for m8n8k4), or {c0, c1}
      // and {c2, c3} packed.
      SmallVector<Value> acc;
      for (int i = 0; i < accElements; i += accPerRegister) {
        SmallVector<Value> elements;
        for (int e = i; e < i + accPerRegister; ++e)
          elements.push_back(d[cIdx[e]]);
        acc.push_back(accPerRegister == 1 ? elements.front()
                                          : nvidia_gpu::packMmaRegister(
                                                rewriter, loc, elements));
      }
      for (int32_t k0 = 0; k0 < K; k0 += instrK) {
        // An operand's fragment, packed once per tile and step of K:
        // `regCount` registers of `perRegister` elements, element e taken
        // from the operand register holding `coordOf(e)`.
        auto fragment = [&](SmallVector<Value> &frag, int32_t regCount,
                            auto coordOf, const auto &regs,
                            ArrayRef<Value> values,
                            StringRef name) -> LogicalResult {
          if (!frag.empty())
            return success();
          for (int32_t j = 0; j < regCount * perRegister; j += perRegister) {
            SmallVector<Value> elements;
            for (int32_t e = j; e < j + perRegister; ++e) {
              int32_t r = lookup(regs, coordOf(e));
              if (r < 0)
                return op.emitError("operand ")
                       << name << "'s layout does not match the mma "
                       << "accumulator's";
              elements.push_back(values[r]);
            }
            frag.push_back(
                nvidia_gpu::packMmaRegister(rewriter, loc, elements));
          }
          return success();
        };
        SmallVector<Value> &af = aFrags[{b0, m0, k0}];
        if (failed(fragment(
                af, aRegCount,
                [&](int32_t e) {
                  auto [row, col] = nvidia_gpu::getAFragmentCoord(*kind, e);
                  return Coord{b0, m0 + row, k0 + col};
                },
                aRegs, a, "A")))
          return failure();
        SmallVector<Value> &bf = bFrags[{b0, n0, k0}];
        if (failed(fragment(
                bf, bRegCount,
                [&](int32_t e) {
                  auto [row, col] = nvidia_gpu::getBFragmentCoord(*kind, e);
                  return Coord{b0, k0 + row, n0 + col};
                },
                bRegs, b, "B")))
          return failure();
        SmallVector<Value> operands(af.begin(), af.end());
        operands.append(bf.begin(), bf.end());
        operands.append(acc.begin(), acc.end());
        auto asmOp = LLVM::InlineAsmOp::create(
            rewriter, loc, resultType, operands, asmText, constraints,
            /*has_side_effects=*/false,
            /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
            LLVM::AsmDialectAttr(), ArrayAttr());
        for (int32_t i = 0; i < accRegs; ++i)
          acc[i] = LLVM::ExtractValueOp::create(rewriter, loc,
                                                asmOp.getResult(0), i);
      }
      SmallVector<Value> elements;
      for (Value reg : acc)
        llvm::append_range(elements, accPerRegister == 1
                                         ? SmallVector<Value>{reg}
                                         : nvidia_gpu::unpackMmaRegister(
                                               rewriter, loc, reg,
                                               accElementType, accPerRegister));
      // Every register holding an element of the tile (duplicates too).
      for (int i = 0; i < accElements; ++i)
        for (int32_t r : cRegs.at({b0, m0 + 8 * (i / 2), n0 + i % 2}))
          d[r] = elements[i];
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), d, rewriter, dType));
    return success();
  }

private:
  int computeCapability;
};

} // namespace

void mlir::triton::nvidia_gpu::populateDotOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    int computeCapability, PatternBenefit benefit) {
  patterns.add<MmaV2DotOpConversion>(typeConverter, computeCapability, benefit);
}

//===- ElementwiseOpToLLVM.cpp - Target-flavoured elementwise ops ---------===//
//
// tt.extern_elementwise and tt.elementwise_inline_asm on tensors with a
// distributed layout: one call (one asm statement) per register of the
// thread, over the unpacked operands; and f32 division as PTX's
// approximate `div.full`.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/InlineAsm.h"

using namespace mlir;

namespace {

/// The per-register operands of `operands` (tensors unpacked, scalars
/// repeated) and the number of registers.
SmallVector<SmallVector<Value>> unpackOperands(Location loc,
                                               ValueRange originals,
                                               ValueRange operands,
                                               RewriterBase &rewriter,
                                               unsigned &count) {
  SmallVector<SmallVector<Value>> perOperand;
  count = 1;
  for (auto [original, operand] : llvm::zip(originals, operands)) {
    if (isa<RankedTensorType>(original.getType())) {
      perOperand.push_back(triton::unpackLLElements(loc, operand, rewriter));
      count = perOperand.back().size();
    } else {
      perOperand.push_back({operand});
    }
  }
  SmallVector<SmallVector<Value>> perRegister(count);
  for (unsigned r = 0; r < count; ++r)
    for (auto &values : perOperand)
      perRegister[r].push_back(values.size() == 1 ? values.front()
                                                  : values[r]);
  return perRegister;
}

struct ExternElementwiseOpConversion
    : public ConvertOpToLLVMPattern<triton::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    Type elementType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "result type has no LLVM form");
    unsigned count = 1;
    SmallVector<SmallVector<Value>> perRegister = unpackOperands(
        loc, op.getSrcs(), adaptor.getSrcs(), rewriter, count);

    // Declare the symbol with the element types of the first register.
    SmallVector<Type> argTypes;
    for (Value v : perRegister.front())
      argTypes.push_back(v.getType());
    auto functionType = LLVM::LLVMFunctionType::get(elementType, argTypes);
    auto module = op->getParentOfType<ModuleOp>();
    StringRef symbol = op.getSymbol();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
      if (existing.getFunctionType() != functionType)
        return op.emitOpError() << "calls '" << symbol << "' as "
                                << functionType << ", but it is declared as "
                                << existing.getFunctionType();
    } else {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::LLVMFuncOp::create(rewriter, loc, symbol, functionType);
    }

    SmallVector<Value> results;
    for (ValueRange args : perRegister)
      results.push_back(
          LLVM::CallOp::create(rewriter, loc, functionType,
                               FlatSymbolRefAttr::get(getContext(), symbol),
                               args)
              .getResult());
    rewriter.replaceOp(op, tensorType
                               ? triton::packLLElements(loc, getTypeConverter(),
                                                        results, rewriter,
                                                        resultType)
                               : results.front());
    return success();
  }
};

/// Why LLVM cannot emit `asmString` with `constraints` for an op with
/// `numOperands` operands and results ("" if it can). LLVM reports these in
/// its assembly printer with a fatal error that ends the process, so they
/// are refused before the conversion.
std::string checkInlineAsm(StringRef asmString, StringRef constraints,
                           unsigned numOperands) {
  llvm::InlineAsm::ConstraintInfoVector infos =
      llvm::InlineAsm::ParseConstraints(constraints);
  if (infos.empty() && !constraints.empty())
    return "constraints '" + constraints.str() + "' do not parse";
  unsigned operands = llvm::count_if(infos, [](const auto &info) {
    return info.Type != llvm::InlineAsm::isClobber;
  });
  if (operands != numOperands)
    return "constraints '" + constraints.str() + "' name " +
           std::to_string(operands) + " operands, but the op has " +
           std::to_string(numOperands) + " (its results, then its arguments)";
  // NVPTX has registers for these codes (and takes immediates as inputs);
  // its instruction selection fails on any other.
  for (const llvm::InlineAsm::ConstraintInfo &info : infos) {
    if (info.Type == llvm::InlineAsm::isClobber)
      continue;
    bool input = info.Type == llvm::InlineAsm::isInput;
    for (const std::string &code : info.Codes) {
      StringRef letters = input ? "bchrlqfdNni" : "bchrlqfdN";
      bool known = code.size() == 1 && letters.contains(code[0]);
      // An input tied to an output: its number.
      bool tied = input && !code.empty() && llvm::all_of(code, llvm::isDigit);
      if (!known && !tied)
        return "constraint code '" + code + "' (in '" + constraints.str() +
               "') is not one NVPTX takes: registers b, c, h, r, l, q, f, "
               "d, N, and the immediates n, i as inputs";
    }
  }
  for (size_t i = 0; i < asmString.size(); ++i) {
    if (asmString[i] != '$')
      continue;
    if (++i == asmString.size())
      return "'$' ends the assembly";
    char c = asmString[i];
    // `$$` is a dollar sign, `$(`, `$|` and `$)` mark dialect variants.
    if (c == '$' || c == '(' || c == '|' || c == ')')
      continue;
    bool braced = c == '{';
    if (braced)
      ++i;
    size_t start = i;
    while (i < asmString.size() && llvm::isDigit(asmString[i]))
      ++i;
    StringRef digits = asmString.substr(start, i - start);
    unsigned number = 0;
    if (digits.empty() || digits.getAsInteger(10, number)) {
      char next = asmString[start - braced];
      return "'$" + (llvm::isPrint(next) ? std::string(1, next) : "") +
             "' names no operand (write $0, $1, ... or $$ for a dollar)";
    }
    if (number >= numOperands)
      return "'$" + digits.str() + "' names no operand: the op has " +
             std::to_string(numOperands);
    if (braced) {
      size_t close = asmString.find('}', i);
      if (close == StringRef::npos)
        return "'${" + digits.str() + "' is not closed";
      i = close;
    } else {
      --i;
    }
  }
  return "";
}

struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<triton::ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPackedElement() != 1)
      return rewriter.notifyMatchFailure(
          op, "only packed_element = 1 is lowered");
    if (op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "only one result is lowered");
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    Type elementType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : resultType);
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "result type has no LLVM form");
    unsigned count = 1;
    SmallVector<SmallVector<Value>> perRegister = unpackOperands(
        loc, op.getArgs(), adaptor.getArgs(), rewriter, count);
    SmallVector<Value> results;
    for (ValueRange args : perRegister)
      results.push_back(
          LLVM::InlineAsmOp::create(
              rewriter, loc, elementType, args, op.getAsmString(),
              op.getConstraints(), /*has_side_effects=*/!op.getPure(),
              /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
              LLVM::AsmDialectAttr::get(getContext(),
                                        LLVM::AsmDialect::AD_ATT),
              ArrayAttr())
              .getResult(0));
    rewriter.replaceOp(op, tensorType
                               ? triton::packLLElements(loc, getTypeConverter(),
                                                        results, rewriter,
                                                        resultType)
                               : results.front());
    return success();
  }
};

/// f8E5M2 -> f16/bf16/f32 and f16 -> f8E5M2 (integer arithmetic on the f16
/// bits: E5M2 is the high byte of an f16; narrowing rounds to nearest even
/// on the dropped byte, overflow to infinity) and <-> f8E4M3FN (PTX `cvt`
/// with satfinite, sm_89+). Other conversions (f32/bf16 -> f8E5M2 among
/// them, which through f16 would round twice) are the core's.
struct FpToFpOpConversion : public ConvertOpToLLVMPattern<triton::FpToFpOp> {
  FpToFpOpConversion(LLVMTypeConverter &typeConverter, int computeCapability,
                     PatternBenefit benefit)
      : ConvertOpToLLVMPattern(typeConverter, benefit),
        computeCapability(computeCapability) {}

  static bool isF8(Type type) {
    return isa<Float8E5M2Type, Float8E4M3FNType>(type);
  }

  LogicalResult
  matchAndRewrite(triton::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcType = getElementTypeOrSelf(op.getSrc().getType());
    Type dstType = getElementTypeOrSelf(op.getType());
    if (!isF8(srcType) && !isF8(dstType))
      return rewriter.notifyMatchFailure(op, "not an fp8 conversion");
    if (isF8(srcType) && isF8(dstType))
      return rewriter.notifyMatchFailure(op, "fp8 to fp8 is not lowered");
    if (isF8(dstType)) {
      std::optional<triton::RoundingMode> rounding = op.getRounding();
      if (rounding && *rounding != triton::RoundingMode::RTNE)
        return rewriter.notifyMatchFailure(op, "only rtne is lowered");
    }
    bool e4m3 = isa<Float8E4M3FNType>(srcType) || isa<Float8E4M3FNType>(dstType);
    if (e4m3 && computeCapability < 89)
      return rewriter.notifyMatchFailure(op, "f8E4M3FN needs sm_89 or newer");
    // Through f16 first, f32 or bf16 would round twice (wrong at ties): the
    // core's conversion rounds them to f8E5M2 once.
    if (isa<Float8E5M2Type>(dstType) && !srcType.isF16())
      return rewriter.notifyMatchFailure(
          op, "f32/bf16 to f8E5M2 is the core's single rounding");

    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> values =
        isTensor ? triton::unpackLLElements(loc, adaptor.getSrc(), rewriter)
                 : SmallVector<Value>{adaptor.getSrc()};
    Type dstLLVM = getTypeConverter()->convertType(dstType);
    for (Value &value : values)
      value = isF8(dstType) ? narrow(rewriter, loc, value, e4m3)
                            : widen(rewriter, loc, value, dstLLVM, e4m3);
    rewriter.replaceOp(op, isTensor ? triton::packLLElements(
                                          loc, getTypeConverter(), values,
                                          rewriter, op.getType())
                                    : values.front());
    return success();
  }

  static Value constant(RewriterBase &rewriter, Location loc, Type type,
                        int64_t value) {
    return LLVM::ConstantOp::create(rewriter, loc, type,
                                    rewriter.getIntegerAttr(type, value));
  }

  /// A float (f16, bf16, f32) to the fp8 byte.
  Value narrow(RewriterBase &rewriter, Location loc, Value value,
               bool e4m3) const {
    Type i8 = rewriter.getI8Type(), i16 = rewriter.getI16Type();
    Type f32 = rewriter.getF32Type();
    if (e4m3) {
      if (!value.getType().isF32())
        value = LLVM::FPExtOp::create(rewriter, loc, f32, value);
      Value zero = LLVM::ConstantOp::create(rewriter, loc, f32,
                                            rewriter.getF32FloatAttr(0));
      Value packed = LLVM::InlineAsmOp::create(
                         rewriter, loc, i16, ValueRange{zero, value},
                         "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,r,r",
                         false, false, LLVM::tailcallkind::TailCallKind::None,
                         LLVM::AsmDialectAttr(), ArrayAttr())
                         .getResult(0);
      return LLVM::TruncOp::create(rewriter, loc, i8, packed);
    }
    Value bits = LLVM::BitcastOp::create(rewriter, loc, i16, value);
    // Round to nearest even on the low byte: + 0x7f + (bit 8).
    Value lsb = LLVM::AndOp::create(
        rewriter, loc,
        LLVM::LShrOp::create(rewriter, loc, bits, constant(rewriter, loc, i16, 8)),
        constant(rewriter, loc, i16, 1));
    Value rounded = LLVM::AddOp::create(
        rewriter, loc,
        LLVM::AddOp::create(rewriter, loc, bits,
                            constant(rewriter, loc, i16, 0x7f)),
        lsb);
    // NaNs keep their (quiet) high byte rather than carrying into it.
    Value abs = LLVM::AndOp::create(rewriter, loc, bits,
                                    constant(rewriter, loc, i16, 0x7fff));
    Value isNan = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                       abs, constant(rewriter, loc, i16, 0x7c00));
    Value nan = LLVM::OrOp::create(rewriter, loc, bits,
                                   constant(rewriter, loc, i16, 0x0200));
    Value chosen = LLVM::SelectOp::create(rewriter, loc, isNan, nan, rounded);
    return LLVM::TruncOp::create(
        rewriter, loc, i8,
        LLVM::LShrOp::create(rewriter, loc, chosen,
                             constant(rewriter, loc, i16, 8)));
  }

  /// The fp8 byte to a float of type `type`.
  Value widen(RewriterBase &rewriter, Location loc, Value value, Type type,
              bool e4m3) const {
    Type i16 = rewriter.getI16Type(), i32 = rewriter.getI32Type();
    Type f16 = rewriter.getF16Type(), f32 = rewriter.getF32Type();
    Value half;
    if (e4m3) {
      Value wide = LLVM::ZExtOp::create(rewriter, loc, i16, value);
      Value pair = LLVM::InlineAsmOp::create(
                       rewriter, loc, i32, ValueRange{wide},
                       "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h", false, false,
                       LLVM::tailcallkind::TailCallKind::None,
                       LLVM::AsmDialectAttr(), ArrayAttr())
                       .getResult(0);
      half = LLVM::BitcastOp::create(
          rewriter, loc, f16, LLVM::TruncOp::create(rewriter, loc, i16, pair));
    } else {
      Value wide = LLVM::ZExtOp::create(rewriter, loc, i16, value);
      Value bits = LLVM::ShlOp::create(rewriter, loc, wide,
                                       constant(rewriter, loc, i16, 8));
      half = LLVM::BitcastOp::create(rewriter, loc, f16, bits);
    }
    if (type.isF16())
      return half;
    Value single = LLVM::FPExtOp::create(rewriter, loc, f32, half);
    if (type.isF32())
      return single;
    if (type.isBF16())
      return LLVM::FPTruncOp::create(rewriter, loc, type, single);
    return LLVM::FPExtOp::create(rewriter, loc, type, single);
  }

  int computeCapability;
};

} // namespace

void mlir::triton::nvidia_gpu::populateFpToFpOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    int computeCapability, PatternBenefit benefit) {
  patterns.add<FpToFpOpConversion>(typeConverter, computeCapability, benefit);
}

namespace {
/// arith.divf on f32 as upstream Triton compiles it: `div.full.f32`, the
/// full-range approximate division (within 2 ulp). LLVM would otherwise emit
/// the IEEE `div.rn.f32`, which ptxas expands into a subroutine with a slow
/// path: longer kernels and assembly. tt.precise_divf stays IEEE. The core
/// splits tensor divisions into these scalar ones.
struct ApproximateDivFOpConversion
    : public ConvertOpToLLVMPattern<arith::DivFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return rewriter.notifyMatchFailure(op, "not a scalar f32 division");
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, rewriter.getF32Type(), rewriter.getStringAttr("llvm.nvvm.div.full"),
        ValueRange{adaptor.getLhs(), adaptor.getRhs()});
    return success();
  }
};
} // namespace

void mlir::triton::nvidia_gpu::populateElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<ExternElementwiseOpConversion, ElementwiseInlineAsmOpConversion,
               ApproximateDivFOpConversion>(typeConverter, benefit);
}

LogicalResult
mlir::triton::nvidia_gpu::verifyInlineAsmLowerable(ModuleOp module) {
  WalkResult result = module.walk([](triton::ElementwiseInlineAsmOp op) {
    std::string why =
        checkInlineAsm(op.getAsmString(), op.getConstraints(),
                       op->getNumResults() + op.getArgs().size());
    if (why.empty())
      return WalkResult::advance();
    op.emitError() << "inline assembly \"" << op.getAsmString()
                   << "\" cannot be emitted: " << why;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

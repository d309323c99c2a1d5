//===- TritonGENToLLVM.cpp - triton_gen to SPIR-V builtin calls -----------===//
//
// Patterns lowering each TritonGEN operation to a call of the OpenCL /
// SPIR-V builtin Intel's driver accepts (Itanium-mangled, `spir_func`), or
// to a branch around a plain load or store for the predicated accesses; and
// the intel-convert-triton-gen-to-llvm pass that runs them alone.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

#include <string>

#define DEBUG_TYPE "intel-convert-triton-gen-to-llvm"

namespace mlir::triton::intel {
#define GEN_PASS_DEF_CONVERTTRITONGENTOLLVM
#include "intel/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton::intel

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::intel;

Value mlir::triton::intel::callBuiltin(OpBuilder &builder, Location loc,
                                       StringRef name, Type result,
                                       ValueRange args) {
  auto module =
      builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  MLIRContext *ctx = builder.getContext();
  Type resultType = result ? result : LLVM::LLVMVoidType::get(ctx);
  SmallVector<Type> argTypes(args.getTypes());
  auto fnType = LLVM::LLVMFunctionType::get(resultType, argTypes);
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    auto decl = LLVM::LLVMFuncOp::create(builder, loc, name, fnType);
    decl.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  }
  auto call = LLVM::CallOp::create(builder, loc, fnType,
                                   FlatSymbolRefAttr::get(ctx, name), args);
  call.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  return result ? call.getResult() : Value();
}

namespace {

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

/// The Itanium code of an integer of `bits` bits (unsigned, signed).
StringRef getIntCode(unsigned bits, bool isSigned) {
  switch (bits) {
  case 8:
    return isSigned ? "c" : "h";
  case 16:
    return isSigned ? "s" : "t";
  case 64:
    return isSigned ? "l" : "m";
  default:
    return isSigned ? "i" : "j";
  }
}

/// The Itanium code of a scalar or vector type (`Dv8_s`), with integers
/// mangled as `isSigned` says.
std::string mangleType(Type type, bool isSigned) {
  auto code = [&](Type element) -> std::string {
    if (element.isF32())
      return "f";
    if (element.isF16())
      return "Dh";
    return getIntCode(element.getIntOrFloatBitWidth(), isSigned).str();
  };
  if (auto vector = dyn_cast<VectorType>(type))
    return "Dv" + std::to_string(vector.getNumElements()) + "_" +
           code(vector.getElementType());
  return code(type);
}

std::string mangleName(StringRef name) {
  return "_Z" + std::to_string(name.size()) + name.str();
}

/// `barrier(flags)`: CLK_LOCAL_MEM_FENCE = 1, CLK_GLOBAL_MEM_FENCE = 2.
struct BarrierOpLowering
    : public ConvertOpToLLVMPattern<TritonGEN::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int flags = llvm::StringSwitch<int>(op.getMemFence())
                    .Case("local", 1)
                    .Case("global", 2)
                    .Case("local_global", 3)
                    .Default(0);
    callBuiltin(rewriter, op.getLoc(), "_Z7barrierj", Type(),
                {i32Const(rewriter, op.getLoc(), flags)});
    rewriter.eraseOp(op);
    return success();
  }
};

/// The cl_intel_subgroups block builtin name of a value type:
/// `intel_sub_group_block_<read|write>[_uc|_us|_ul][N]`.
std::string getBlockBuiltin(StringRef kind, Type valueType) {
  Type element = valueType;
  int64_t count = 1;
  if (auto vector = dyn_cast<VectorType>(valueType)) {
    element = vector.getElementType();
    count = vector.getNumElements();
  }
  std::string name = ("intel_sub_group_block_" + kind).str();
  switch (element.getIntOrFloatBitWidth()) {
  case 8:
    name += "_uc";
    break;
  case 16:
    name += "_us";
    break;
  case 64:
    name += "_ul";
    break;
  default:
    break;
  }
  if (count > 1)
    name += std::to_string(count);
  return name;
}

Type getElementType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getElementType();
  return type;
}

struct SubGroupBlockReadLowering
    : public ConvertOpToLLVMPattern<TritonGEN::SubGroupBlockReadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::SubGroupBlockReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getRes().getType();
    unsigned space =
        cast<LLVM::LLVMPointerType>(op.getPtr().getType()).getAddressSpace();
    std::string name =
        mangleName(getBlockBuiltin("read", type)) + "PU3AS" +
        std::to_string(space) + "K" +
        getIntCode(getElementType(type).getIntOrFloatBitWidth(), false).str();
    rewriter.replaceOp(op, callBuiltin(rewriter, op.getLoc(), name, type,
                                       {adaptor.getPtr()}));
    return success();
  }
};

struct SubGroupBlockWriteLowering
    : public ConvertOpToLLVMPattern<TritonGEN::SubGroupBlockWriteOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::SubGroupBlockWriteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getVal().getType();
    unsigned space =
        cast<LLVM::LLVMPointerType>(op.getPtr().getType()).getAddressSpace();
    std::string element =
        getIntCode(getElementType(type).getIntOrFloatBitWidth(), false).str();
    std::string name = mangleName(getBlockBuiltin("write", type)) + "PU3AS" +
                       std::to_string(space) + element;
    // A vector value repeats the pointee's element: written in full (no
    // substitution applies across a vector and a pointer qualifier).
    name += mangleType(type, /*isSigned=*/false);
    callBuiltin(rewriter, op.getLoc(), name, Type(),
                {adaptor.getPtr(), adaptor.getVal()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// cl_intel_subgroup_matrix_multiply_accumulate:
/// `intel_sub_group_<f16_f16|bf16_bf16|i8_i8|u8_u8>_matrix_mad_k<16|32>`.
struct MatrixDPASLowering
    : public ConvertOpToLLVMPattern<TritonGEN::MatrixDPASOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::MatrixDPASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef precision = op.getPrecision();
    bool isInt = precision == "s8" || precision == "u8";
    std::string kind = precision == "f16"    ? "f16_f16"
                       : precision == "bf16" ? "bf16_bf16"
                       : precision == "s8"   ? "i8_i8"
                                             : "u8_u8";
    std::string name = mangleName("intel_sub_group_" + kind + "_matrix_mad_k" +
                                  (isInt ? "32" : "16"));
    bool isSigned = precision != "u8";
    // A: rc x 16-bit (a scalar for rc = 1), B: 8 x 32-bit, C: rc x acc.
    Type aType = op.getA().getType();
    if (op.getRc() == 1)
      aType = cast<VectorType>(aType).getElementType();
    std::string a = mangleType(aType, isSigned);
    std::string b = mangleType(op.getB().getType(), isSigned);
    Type cType = op.getC().getType();
    if (op.getRc() == 1)
      cType = cast<VectorType>(cType).getElementType();
    std::string c = mangleType(cType, /*isSigned=*/true);
    // Itanium substitutions: a repeated vector type is S<n>_.
    SmallVector<std::string> seen;
    auto emit = [&](const std::string &code) {
      if (code.rfind("Dv", 0) != 0)
        return code;
      for (auto [i, s] : llvm::enumerate(seen))
        if (s == code)
          return i == 0 ? std::string("S_")
                        : "S" + std::to_string(i - 1) + "_";
      seen.push_back(code);
      return code;
    };
    name += emit(a);
    name += emit(b);
    name += emit(c);
    Location loc = op.getLoc();
    Value aValue = adaptor.getA();
    Value cValue = adaptor.getC();
    Value zero = i32Const(rewriter, loc, 0);
    if (op.getRc() == 1) {
      aValue = LLVM::ExtractElementOp::create(rewriter, loc, aValue, zero);
      cValue = LLVM::ExtractElementOp::create(rewriter, loc, cValue, zero);
    }
    Value result = callBuiltin(rewriter, loc, name, cValue.getType(),
                               {aValue, adaptor.getB(), cValue});
    if (op.getRc() == 1) {
      Value undef = LLVM::UndefOp::create(rewriter, loc, op.getD().getType());
      result =
          LLVM::InsertElementOp::create(rewriter, loc, undef, result, zero);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PredicatedLoadLowering
    : public ConvertOpToLLVMPattern<TritonGEN::PredicatedLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::PredicatedLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getRes().getType();
    Value result = emitPredicated(
        loc, rewriter, adaptor.getPredicate(), type,
        adaptor.getDefaultValue(), [&] {
          return LLVM::LoadOp::create(rewriter, loc, type, adaptor.getPtr(),
                                      op.getAlignment())
              .getResult();
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PredicatedStoreLowering
    : public ConvertOpToLLVMPattern<TritonGEN::PredicatedStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TritonGEN::PredicatedStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    emitPredicated(loc, rewriter, adaptor.getPredicate(), Type(), Value(),
                   [&] {
                     LLVM::StoreOp::create(rewriter, loc, adaptor.getValue(),
                                           adaptor.getPtr(),
                                           op.getAlignment());
                     return Value();
                   });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The 2-D block messages have no builtin that LLVM's SPIR-V target
/// accepts (it knows no SPV_INTEL_2d_block_io builtins): the conversion
/// fails on them with a message naming the operation.
template <typename OpTy>
struct Unsupported2DBlockLowering : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return op.emitOpError()
           << "has no SPIR-V lowering: LLVM's SPIR-V target has no 2-D block "
              "I/O builtins";
  }
};

struct ConvertTritonGENToLLVM
    : public mlir::triton::intel::impl::ConvertTritonGENToLLVMBase<ConvertTritonGENToLLVM> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LowerToLLVMOptions options(ctx);
    LLVMTypeConverter typeConverter(ctx, options);
    RewritePatternSet patterns(ctx);
    populateTritonGENToLLVMPatterns(typeConverter, patterns);
    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.addIllegalDialect<TritonGEN::TritonGENDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::triton::intel::populateTritonGENToLLVMPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<BarrierOpLowering, SubGroupBlockReadLowering,
               SubGroupBlockWriteLowering, MatrixDPASLowering,
               PredicatedLoadLowering, PredicatedStoreLowering,
               Unsupported2DBlockLowering<TritonGEN::Matrix2DBlockLoadOp>,
               Unsupported2DBlockLowering<TritonGEN::Matrix2DBlockStoreOp>,
               Unsupported2DBlockLowering<TritonGEN::Matrix2DBlockPrefetchOp>>(
      typeConverter);
}

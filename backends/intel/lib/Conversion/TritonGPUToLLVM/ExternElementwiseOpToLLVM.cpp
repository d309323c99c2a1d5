//===- ExternElementwiseOpToLLVM.cpp - libdevice calls as OpenCL built-ins ===//
//
// tt.extern_elementwise names a function of a vendor library; Triton's
// frontend names libdevice's (`__nv_expf`). The intel target links no
// library: the libdevice math functions it knows become calls of the OpenCL
// built-in of the same meaning (`__nv_expf` -> `_Z3expf`), one per register
// of the thread, which LLVM's SPIR-V target turns into OpenCL.std extended
// instructions. Anything else, and target assembly
// (tt.elementwise_inline_asm), is refused before the conversion with one
// error naming it.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/ADT/StringSwitch.h"

#include <string>

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

/// The OpenCL built-in (unmangled) computing libdevice's `name` (without
/// its `__nv_` prefix and `f` suffix), and its arity; "" if none.
std::pair<StringRef, unsigned> getOpenCLFunction(StringRef name) {
  return llvm::StringSwitch<std::pair<StringRef, unsigned>>(name)
      .Cases({"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p"},
             {name, 1})
      .Cases({"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh"},
             {name, 1})
      .Cases({"tanh", "asinh", "acosh", "atanh", "sqrt", "rsqrt", "cbrt"},
             {name, 1})
      .Cases({"erf", "erfc", "lgamma", "tgamma", "floor", "ceil", "trunc"},
             {name, 1})
      .Cases({"round", "rint", "fabs", "logb"}, {name, 1})
      .Case("nearbyint", {"rint", 1})
      .Cases({"pow", "fmod", "atan2", "hypot", "fmin", "fmax", "copysign",
              "fdim", "remainder", "nextafter"},
             {name, 2})
      .Default({"", 0});
}

/// The mangled OpenCL built-in that `op` calls, or a message saying why
/// there is none.
FailureOr<std::string> getBuiltin(triton::ExternElementwiseOp op,
                                  std::string &why) {
  StringRef symbol = op.getSymbol();
  Type element = getElementTypeOrSelf(op.getType());
  auto fail = [&](const Twine &message) -> FailureOr<std::string> {
    why = ("calls '" + op.getSymbol() + "', " + message).str();
    return failure();
  };
  if (!symbol.consume_front("__nv_"))
    return fail("which the intel target does not provide (it has libdevice's "
                "__nv_* math functions, as OpenCL built-ins)");
  bool isF32 = element.isF32();
  if (!isF32 && !element.isF64()) {
    std::string typeName;
    llvm::raw_string_ostream os(typeName);
    os << element;
    return fail("on " + typeName +
                ": the intel target has libdevice's math on f32 and f64 only");
  }
  StringRef name = symbol;
  if (isF32 && !name.consume_back("f"))
    return fail("the f64 function, on f32");
  if (!isF32 && getOpenCLFunction(name).first.empty() && name.ends_with("f"))
    return fail("the f32 function, on f64");
  auto [builtin, arity] = getOpenCLFunction(name);
  if (builtin.empty())
    return fail("which the intel target does not provide (no OpenCL "
                "built-in computes it)");
  if (op.getSrcs().size() != arity)
    return fail("with " + std::to_string(op.getSrcs().size()) +
                " operands, but it takes " + std::to_string(arity));
  for (Value src : op.getSrcs())
    if (getElementTypeOrSelf(src.getType()) != element)
      return fail("with operands of another type than its result");
  std::string code = isF32 ? "f" : "d";
  std::string mangled = "_Z" + std::to_string(builtin.size()) + builtin.str();
  for (unsigned i = 0; i < arity; ++i)
    mangled += code;
  return mangled;
}

struct ExternElementwiseOpToOpenCL
    : public ConvertOpToLLVMPattern<triton::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<std::string> builtin = getBuiltin(op, why);
    if (failed(builtin))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!isa<RankedTensorType>(type)) {
      rewriter.replaceOp(
          op, callBuiltin(rewriter, loc, *builtin, element, adaptor.getSrcs()));
      return success();
    }
    SmallVector<SmallVector<Value>> operands;
    for (Value src : adaptor.getSrcs())
      operands.push_back(triton::unpackLLElements(loc, src, rewriter));
    SmallVector<Value> results;
    for (size_t r = 0; r < operands.front().size(); ++r) {
      SmallVector<Value> args;
      for (auto &values : operands)
        args.push_back(values[r]);
      results.push_back(callBuiltin(rewriter, loc, *builtin, element, args));
    }
    rewriter.replaceOp(op, triton::packLLElements(loc, getTypeConverter(),
                                                  results, rewriter, type));
    return success();
  }
};

} // namespace

LogicalResult
mlir::triton::intel::verifyTargetFlavouredOpsLowerable(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (auto asmOp = dyn_cast<triton::ElementwiseInlineAsmOp>(op)) {
      asmOp.emitError() << "'tt.elementwise_inline_asm' is another target's "
                           "assembly (\""
                        << asmOp.getAsmString()
                        << "\"), which the intel target cannot compile";
      return WalkResult::interrupt();
    }
    if (auto externOp = dyn_cast<triton::ExternElementwiseOp>(op)) {
      std::string why;
      if (failed(getBuiltin(externOp, why))) {
        externOp.emitError() << "'tt.extern_elementwise' " << why;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void mlir::triton::intel::populateExternElementwiseOpToOpenCLPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<ExternElementwiseOpToOpenCL>(typeConverter, benefit);
}

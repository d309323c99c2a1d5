//===- ExternElementwiseOpToLLVM.cpp - libdevice calls as OpenCL built-ins ===//
//
// tt.extern_elementwise names a function of a vendor library; Triton's
// frontend names libdevice's (`__nv_expf`). The intel target links no
// library: the libdevice math functions it knows become, one per register
// of the thread, calls of the OpenCL built-in of the same meaning
// (`__nv_expf` -> `_Z3expf`, `__nv_powif` -> pown `_Z4pownfi`), which LLVM's
// SPIR-V target turns into OpenCL.std extended instructions, or a few LLVM
// ops around them (isfinite/isinf/isnan/signbit with their int results,
// round-to-nearest arithmetic, rcbrt, normcdf, norm3d, saturate, bit casts).
// intel-expand-libdevice computes the others that the core's
// tt-expand-libdevice can (directed roundings, conversions, erfinv, the
// Bessel functions, ...) before the ttgir stage; anything left (a name
// libdevice does not have, types a function does not take) and target
// assembly (tt.elementwise_inline_asm) are refused before the conversion
// with one error naming them.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/ADT/StringSwitch.h"

#include <string>

namespace mlir::triton::intel {
#define GEN_PASS_DEF_INTELEXPANDLIBDEVICE
#include "intel/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton::intel

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

/// How a libdevice function is computed.
enum class Form {
  Builtin,    // the OpenCL built-in `builtin` on the operands
  Reciprocal, // 1 / the built-in
  Predicate,  // isfinite / isinf / isnan / signbit, from compares
  ToInt,      // the built-in, then converted to the integer result
  Arith,      // one LLVM arithmetic op (add, sub, mul, div, rcp)
  Saturate,   // fmin(fmax(x, 0), 1)
  NormCdf,    // erfc(-x / sqrt(2)) / 2
  Norm,       // hypot of hypots (norm3d, norm4d; `r` variants: 1 / it)
  Bits,       // a bit cast (float_as_int, ...)
};

/// A decoded libdevice function: what computes it and on which types.
struct Plan {
  Form form = Form::Builtin;
  std::string name;    // canonical libdevice name (no __nv_, no f suffix)
  std::string builtin; // the OpenCL built-in (unmangled)
  unsigned arity = 1;
  bool intExponent = false; // the last operand is an i32 (pown, ldexp)
  bool reciprocal = false;  // Norm: 1 / the norm
};

/// The OpenCL built-in (unmangled) of the same meaning as libdevice's
/// `name` (without its `__nv_` prefix and `f` suffix), and its arity; ""
/// if none.
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
      .Cases({"round", "rint", "fabs", "logb", "sinpi", "cospi"}, {name, 1})
      .Case("nearbyint", {"rint", 1})
      .Case("abs", {"fabs", 1})
      .Cases({"pow", "fmod", "atan2", "hypot", "fmin", "fmax", "copysign",
              "fdim", "remainder", "nextafter"},
             {name, 2})
      .Case("fma", {"fma", 3})
      .Default({"", 0});
}

/// The plan for libdevice's `name` (canonical), if the intel target has
/// one.
std::optional<Plan> getPlan(StringRef name) {
  Plan plan;
  plan.name = name.str();
  if (auto [builtin, arity] = getOpenCLFunction(name); !builtin.empty()) {
    plan.builtin = builtin.str();
    plan.arity = arity;
    return plan;
  }
  auto with = [&](Form form, StringRef builtin, unsigned arity) {
    plan.form = form;
    plan.builtin = builtin.str();
    plan.arity = arity;
    return plan;
  };
  if (name == "powi") {
    plan.intExponent = true;
    return with(Form::Builtin, "pown", 2);
  }
  if (name == "ldexp" || name == "scalbn") {
    plan.intExponent = true;
    return with(Form::Builtin, "ldexp", 2);
  }
  if (name == "ilogb")
    return with(Form::ToInt, "ilogb", 1);
  if (name == "llrint")
    return with(Form::ToInt, "rint", 1);
  if (name == "llround")
    return with(Form::ToInt, "round", 1);
  if (name == "rcbrt")
    return with(Form::Reciprocal, "cbrt", 1);
  if (name == "rhypot")
    return with(Form::Reciprocal, "hypot", 2);
  if (name == "isfinite" || name == "isinf" || name == "isnan" ||
      name == "signbit")
    return with(Form::Predicate, "", 1);
  if (name == "add" || name == "sub" || name == "mul" || name == "div")
    return with(Form::Arith, "", 2);
  if (name == "rcp")
    return with(Form::Arith, "", 1);
  if (name == "saturate")
    return with(Form::Saturate, "", 1);
  if (name == "normcdf")
    return with(Form::NormCdf, "erfc", 1);
  if (name == "norm3d" || name == "norm4d" || name == "rnorm3d" ||
      name == "rnorm4d") {
    plan.reciprocal = name.starts_with("r");
    return with(Form::Norm, "hypot", name.ends_with("3d") ? 3 : 4);
  }
  return std::nullopt;
}

/// Names whose form is not `<name>f` / `<name>`, by their libdevice name
/// (without `__nv_` or a rounding suffix).
StringRef getAlias(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Cases({"finitef", "isfinited"}, "isfinite")
      .Cases({"isinff", "isinfd"}, "isinf")
      .Cases({"isnanf", "isnand"}, "isnan")
      .Cases({"signbitf", "signbitd"}, "signbit")
      .Cases({"fdividef", "fast_fdividef"}, "div")
      .Cases({"fsqrt", "dsqrt"}, "sqrt")
      .Cases({"frcp", "drcp"}, "rcp")
      .Cases({"fadd", "dadd"}, "add")
      .Cases({"fsub", "dsub"}, "sub")
      .Cases({"fmul", "dmul"}, "mul")
      .Cases({"fdiv", "ddiv"}, "div")
      .Cases({"fmaf", "fma"}, "fma")
      .Default("");
}

/// The bit casts, which have no float type to decode by.
bool isBitsFunction(StringRef name, ArrayRef<Type> operands, Type result) {
  auto is = [&](ArrayRef<Type> want, Type res) {
    return operands == want && result == res;
  };
  MLIRContext *ctx = result.getContext();
  Type f32 = Float32Type::get(ctx), f64 = Float64Type::get(ctx);
  Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  return ((name == "float_as_int" || name == "float_as_uint") &&
          is({f32}, i32)) ||
         ((name == "int_as_float" || name == "uint_as_float") &&
          is({i32}, f32)) ||
         (name == "double_as_longlong" && is({f64}, i64)) ||
         (name == "longlong_as_double" && is({i64}, f64));
}

/// The plan for `op`, or a message saying why there is none.
FailureOr<Plan> getPlan(triton::ExternElementwiseOp op, std::string &why) {
  StringRef symbol = op.getSymbol();
  Type element = getElementTypeOrSelf(op.getType());
  SmallVector<Type> operandTypes;
  for (Value src : op.getSrcs())
    operandTypes.push_back(getElementTypeOrSelf(src.getType()));
  auto fail = [&](const Twine &message) -> FailureOr<Plan> {
    why = ("calls '" + op.getSymbol() + "', " + message).str();
    return failure();
  };
  if (!symbol.consume_front("__nv_"))
    return fail("which the intel target does not provide (it has libdevice's "
                "__nv_* math functions, as OpenCL built-ins)");
  if (isBitsFunction(symbol, operandTypes, element)) {
    Plan plan;
    plan.form = Form::Bits;
    plan.name = symbol.str();
    return plan;
  }
  // The float type computed on: the first float operand's, or the result's.
  Type floatType = element;
  for (Type t : operandTypes)
    if (isa<FloatType>(t)) {
      floatType = t;
      break;
    }
  bool isF32 = floatType.isF32();
  if (!isF32 && !floatType.isF64()) {
    std::string typeName;
    llvm::raw_string_ostream os(typeName);
    os << floatType;
    return fail("on " + typeName +
                ": the intel target has libdevice's math on f32 and f64 only");
  }
  StringRef name = symbol;
  bool rounded = false, directed = false;
  for (StringRef suffix : {"_rn", "_rz", "_ru", "_rd"}) {
    if (name.consume_back(suffix)) {
      rounded = true;
      directed = suffix != "_rn";
      break;
    }
  }
  std::optional<Plan> plan;
  if (StringRef alias = getAlias(name); !alias.empty()) {
    plan = getPlan(alias);
  } else {
    if (rounded)
      return fail("which the intel target does not provide (no OpenCL "
                  "built-in computes it)");
    name.consume_front("fast_");
    bool suffixed = name.ends_with("f");
    if (isF32 && !suffixed)
      return fail("the f64 function, on f32");
    if (isF32)
      name = name.drop_back();
    plan = getPlan(name);
    if (!plan && !isF32 && suffixed && getPlan(name.drop_back()))
      return fail("the f32 function, on f64");
  }
  if (!plan)
    return fail("which the intel target does not provide (no OpenCL "
                "built-in computes it)");
  if (plan->name == "saturate" && !isF32)
    return fail("which libdevice has on f32 only");
  if (op.getSrcs().size() != plan->arity)
    return fail("with " + std::to_string(op.getSrcs().size()) +
                " operands, but it takes " + std::to_string(plan->arity));
  // Operand and result types: floats of the computed type, an i32
  // exponent, an integer result for predicates and conversions.
  bool intResult = plan->form == Form::Predicate || plan->form == Form::ToInt;
  for (auto [i, t] : llvm::enumerate(operandTypes)) {
    bool wantsInt = plan->intExponent && i + 1 == operandTypes.size();
    if (wantsInt ? !t.isInteger(32) : t != floatType)
      return fail("with operands of another type than it takes");
  }
  if (intResult ? !element.isInteger() : element != floatType)
    return fail(intResult ? "with a result that is not an integer"
                          : "with operands of another type than its result");
  // Checked after the types: called as it should be, a directed rounding is
  // computed by intel-expand-libdevice, and the caller says so.
  if (directed)
    return fail("a directed rounding, which no OpenCL built-in computes "
                "(OpenCL arithmetic rounds to nearest)");
  return *plan;
}

/// `_Z<len><name>` and one code per operand (f, d, i).
std::string mangle(StringRef builtin, ValueRange args) {
  std::string mangled = "_Z" + std::to_string(builtin.size()) + builtin.str();
  for (Value arg : args) {
    Type t = arg.getType();
    mangled += t.isF32() ? "f" : t.isF64() ? "d" : "i";
  }
  return mangled;
}

Value callOpenCL(OpBuilder &b, Location loc, StringRef builtin, Type result,
                 ValueRange args) {
  return callBuiltin(b, loc, mangle(builtin, args), result, args);
}

Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}

/// Converts the integer or i1 `value` to the integer type `type`.
Value toIntegerResult(OpBuilder &b, Location loc, Value value, Type type,
                      bool isSigned) {
  unsigned from = value.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from == to)
    return value;
  if (from > to)
    return LLVM::TruncOp::create(b, loc, type, value);
  if (isSigned)
    return LLVM::SExtOp::create(b, loc, type, value);
  return LLVM::ZExtOp::create(b, loc, type, value);
}

/// One element of the function `plan` on the scalars `args`.
Value emitElement(OpBuilder &b, Location loc, const Plan &plan, Type result,
                  ValueRange args) {
  Value x = args[0];
  Type t = x.getType();
  switch (plan.form) {
  case Form::Builtin:
    return callOpenCL(b, loc, plan.builtin, result, args);
  case Form::Reciprocal: {
    Value r = callOpenCL(b, loc, plan.builtin, result, args);
    return LLVM::FDivOp::create(b, loc, floatConstant(b, loc, t, 1.0), r);
  }
  case Form::ToInt: {
    if (plan.builtin == "ilogb") {
      Value r = callOpenCL(b, loc, "ilogb", b.getI32Type(), args);
      return toIntegerResult(b, loc, r, result, /*isSigned=*/true);
    }
    Value r = callOpenCL(b, loc, plan.builtin, t, args);
    return LLVM::FPToSIOp::create(b, loc, result, r);
  }
  case Form::Predicate: {
    Value cond;
    Value inf = floatConstant(b, loc, t, INFINITY);
    if (plan.name == "isnan") {
      cond = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, x, x);
    } else if (plan.name == "signbit") {
      Type bits = b.getIntegerType(t.getIntOrFloatBitWidth());
      Value asInt = LLVM::BitcastOp::create(b, loc, bits, x);
      Value zero =
          LLVM::ConstantOp::create(b, loc, bits, b.getIntegerAttr(bits, 0));
      cond =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, asInt, zero);
    } else {
      Value magnitude = callOpenCL(b, loc, "fabs", t, {x});
      cond =
          LLVM::FCmpOp::create(b, loc,
                               plan.name == "isinf" ? LLVM::FCmpPredicate::oeq
                                                    : LLVM::FCmpPredicate::olt,
                               magnitude, inf);
    }
    return toIntegerResult(b, loc, cond, result, /*isSigned=*/false);
  }
  case Form::Arith:
    if (plan.name == "add")
      return LLVM::FAddOp::create(b, loc, x, args[1]);
    if (plan.name == "sub")
      return LLVM::FSubOp::create(b, loc, x, args[1]);
    if (plan.name == "mul")
      return LLVM::FMulOp::create(b, loc, x, args[1]);
    if (plan.name == "div")
      return LLVM::FDivOp::create(b, loc, x, args[1]);
    return LLVM::FDivOp::create(b, loc, floatConstant(b, loc, t, 1.0), x);
  case Form::Saturate: {
    Value lo =
        callOpenCL(b, loc, "fmax", t, {x, floatConstant(b, loc, t, 0.0)});
    return callOpenCL(b, loc, "fmin", t, {lo, floatConstant(b, loc, t, 1.0)});
  }
  case Form::NormCdf: {
    Value arg =
        LLVM::FMulOp::create(b, loc, x, floatConstant(b, loc, t, -M_SQRT1_2));
    Value r = callOpenCL(b, loc, "erfc", t, {arg});
    return LLVM::FMulOp::create(b, loc, r, floatConstant(b, loc, t, 0.5));
  }
  case Form::Norm: {
    Value r = callOpenCL(b, loc, "hypot", t, {args[0], args[1]});
    if (args.size() == 3) {
      r = callOpenCL(b, loc, "hypot", t, {r, args[2]});
    } else {
      Value zw = callOpenCL(b, loc, "hypot", t, {args[2], args[3]});
      r = callOpenCL(b, loc, "hypot", t, {r, zw});
    }
    if (plan.reciprocal)
      r = LLVM::FDivOp::create(b, loc, floatConstant(b, loc, t, 1.0), r);
    return r;
  }
  case Form::Bits:
    return LLVM::BitcastOp::create(b, loc, result, x);
  }
  llvm_unreachable("every form is emitted");
}

struct ExternElementwiseOpToOpenCL
    : public ConvertOpToLLVMPattern<triton::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<Plan> plan = getPlan(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!isa<RankedTensorType>(type)) {
      rewriter.replaceOp(
          op, emitElement(rewriter, loc, *plan, element, adaptor.getSrcs()));
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
      results.push_back(emitElement(rewriter, loc, *plan, element, args));
    }
    rewriter.replaceOp(op, triton::packLLElements(loc, getTypeConverter(),
                                                  results, rewriter, type));
    return success();
  }
};

/// The core's libdevice expansion for what no OpenCL built-in computes.
struct IntelExpandLibdevicePass
    : public mlir::triton::intel::impl::IntelExpandLibdeviceBase<
          IntelExpandLibdevicePass> {
  void runOnOperation() override {
    triton::expandLibdeviceCalls(
        getOperation(), [](triton::ExternElementwiseOp op) {
          std::string why;
          return succeeded(getPlan(op, why));
        });
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
      if (failed(getPlan(externOp, why))) {
        if (triton::isExpandableLibdeviceCall(externOp))
          why = ("calls '" + externOp.getSymbol() +
                 "', which intel-expand-libdevice computes: run it before "
                 "this pass (the intel target's ttgir stage does)")
                    .str();
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

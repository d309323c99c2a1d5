//===- Libdevice.cpp - libdevice functions from arith, math and libm -----===//
//
// The functions of libdevice that tl.extra.cuda.libdevice exposes on f32
// and f64 (`__nv_<name>f` on f32, `__nv_<name>` on f64), computed on the
// host:
//
//   math ops          exp, log, sin, erf, floor, pow, atan2, fma, ... (the
//                     math dialect; LLVM intrinsics or libm after lowering)
//   libm calls        exp10, lgamma, tgamma, j0/j1/y0/y1/jn/yn, logb, ilogb,
//                     ldexp, scalbn, fmod, remainder, hypot, nextafter,
//                     llrint, llround
//   expansions        powi (pow of the exactly converted exponent), sinpi,
//                     cospi, rcbrt, erfinv, erfcinv, erfcx, normcdf,
//                     normcdfinv, cyl_bessel_i0/i1, norm3d/4d, rnorm3d/4d,
//                     rhypot, fdim, saturate, isinf/isnan/isfinite/signbit
//                     (int results), bit casts, and the conversions
//   rounding modes    add/sub/mul/div/sqrt/rcp/fma and conversions with a
//                     `_rn/_rz/_ru/_rd` suffix: the round-to-nearest result
//                     and the sign of its exact error (an error-free
//                     transformation), then one step of nextafter toward
//                     the requested direction where the exact value lies
//                     on that side
//
// Every libm function named here is in glibc's libm/libc, which the kernel
// library is linked against with undefined symbols refused
// (lib/Target/CodeGen.cpp), so nothing that compiles fails to load.
//
//===----------------------------------------------------------------------===//

#include "Libdevice.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

enum class Rounding { None, RN, RZ, RU, RD };

constexpr const char *kUnknown =
    "which is not a libdevice math function the cpu target knows (it "
    "computes those itself and links no other library)";

/// How a function's operands and result are typed (T is f32 or f64).
enum class Shape {
  Unary,      // T -> T
  Binary,     // T, T -> T
  Ternary,    // T, T, T -> T
  Quaternary, // T, T, T, T -> T
  FloatInt,   // T, i32 -> T           (powi, ldexp, scalbn)
  IntFloat,   // i32, T -> T           (jn, yn)
  Predicate,  // T -> int              (isinf, isnan, isfinite, signbit)
  ToInt,      // T -> int              (ilogb, llrint, llround, conversions)
  FromInt,    // int -> T              (conversions)
  Narrow,     // f64 -> f32            (double2float)
};

/// A decoded libdevice name: the function, its rounding suffix and the
/// floating-point type it computes in.
struct Function {
  StringRef name;
  Shape shape;
  Rounding rounding = Rounding::None;
  FloatType type;
};

/// The canonical functions, by name (without `__nv_`, a type prefix or
/// suffix, or a rounding suffix).
std::optional<Shape> getShape(StringRef name) {
  return llvm::StringSwitch<std::optional<Shape>>(name)
      .Cases({"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
              "sqrt", "rsqrt", "cbrt", "rcbrt", "sin", "cos", "tan"},
             Shape::Unary)
      .Cases({"asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
              "atanh", "sinpi", "cospi", "erf", "erfc", "erfinv", "erfcinv"},
             Shape::Unary)
      .Cases({"erfcx", "normcdf", "normcdfinv", "lgamma", "tgamma", "j0", "j1",
              "y0", "y1", "cyl_bessel_i0", "cyl_bessel_i1", "fabs", "abs"},
             Shape::Unary)
      .Cases({"floor", "ceil", "trunc", "round", "rint", "nearbyint", "logb",
              "saturate", "rcp"},
             Shape::Unary)
      .Cases({"pow", "atan2", "copysign", "fmin", "fmax", "fmod", "remainder",
              "fdim", "hypot", "rhypot", "nextafter", "add", "sub", "mul",
              "div"},
             Shape::Binary)
      .Cases({"fma", "norm3d", "rnorm3d"}, Shape::Ternary)
      .Cases({"norm4d", "rnorm4d"}, Shape::Quaternary)
      .Cases({"powi", "ldexp", "scalbn"}, Shape::FloatInt)
      .Cases({"jn", "yn"}, Shape::IntFloat)
      .Cases({"isinf", "isnan", "isfinite", "signbit"}, Shape::Predicate)
      .Cases({"ilogb", "llrint", "llround", "to_int", "to_uint"}, Shape::ToInt)
      .Cases({"from_int", "from_uint"}, Shape::FromInt)
      .Case("narrow", Shape::Narrow)
      .Default(std::nullopt);
}

/// Names whose form is not `<name>f` / `<name>`: (libdevice name, canonical).
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
      .Cases({"float2int", "float2ll", "double2int", "double2ll"}, "to_int")
      .Cases({"float2uint", "float2ull", "double2uint", "double2ull"},
             "to_uint")
      .Cases({"int2float", "ll2float", "int2double", "ll2double"}, "from_int")
      .Cases({"uint2float", "ull2float", "uint2double", "ull2double"},
             "from_uint")
      .Case("double2float", "narrow")
      .Default("");
}

/// The floating-point type `op` computes in: its first float operand's, or
/// its result's.
FloatType getComputeType(ExternElementwiseOp op) {
  for (Value src : op.getSrcs())
    if (auto type = dyn_cast<FloatType>(getElementTypeOrSelf(src.getType())))
      return type;
  return dyn_cast<FloatType>(getElementTypeOrSelf(op.getType()));
}

/// Decodes `op`'s symbol, or says why it cannot.
FailureOr<Function> decode(ExternElementwiseOp op, std::string &why) {
  StringRef symbol = op.getSymbol();
  StringRef name = symbol;
  name.consume_front("__nv_");
  Function fn;
  fn.type = getComputeType(op);
  Type resultType = getElementTypeOrSelf(op.getType());
  if (!fn.type || !(fn.type.isF32() || fn.type.isF64())) {
    why = "but the cpu target computes libdevice's functions on f32 and f64 "
          "only";
    return failure();
  }
  bool isF32 = fn.type.isF32();
  StringRef stem = name;
  for (auto [suffix, mode] :
       {std::pair{"_rn", Rounding::RN}, std::pair{"_rz", Rounding::RZ},
        std::pair{"_ru", Rounding::RU}, std::pair{"_rd", Rounding::RD}}) {
    if (stem.consume_back(suffix)) {
      fn.rounding = mode;
      break;
    }
  }
  bool viaAlias = false;
  if (StringRef alias = getAlias(stem); !alias.empty()) {
    stem = alias;
    viaAlias = true;
  } else {
    stem.consume_front("fast_");
    if (!getShape(stem) && isF32 && stem.ends_with("f") &&
        getShape(stem.drop_back()))
      stem = stem.drop_back();
  }
  std::optional<Shape> shape = getShape(stem);
  // The canonical names of the arithmetic and the conversions are ours, not
  // libdevice's: they are reached through an alias only.
  bool internal =
      llvm::is_contained({"to_int", "to_uint", "from_int", "from_uint",
                          "narrow", "rcp", "add", "sub", "mul", "div"},
                         stem);
  if (!shape || (internal && !viaAlias)) {
    why = kUnknown;
    return failure();
  }
  fn.name = stem;
  fn.shape = *shape;

  // The operand and result types the shape requires.
  SmallVector<Type> operands;
  for (Value src : op.getSrcs())
    operands.push_back(getElementTypeOrSelf(src.getType()));
  auto isInt = [](Type t) { return isa<IntegerType>(t); };
  unsigned arity = 0;
  bool ok = true;
  switch (fn.shape) {
  case Shape::Unary:
  case Shape::Binary:
  case Shape::Ternary:
  case Shape::Quaternary:
    arity = 1 + static_cast<unsigned>(fn.shape) -
            static_cast<unsigned>(Shape::Unary);
    ok = llvm::all_of(operands, [&](Type t) { return t == fn.type; }) &&
         resultType == fn.type;
    break;
  case Shape::FloatInt:
    arity = 2;
    ok = operands.size() == 2 && operands[0] == fn.type && isInt(operands[1]) &&
         resultType == fn.type;
    break;
  case Shape::IntFloat:
    arity = 2;
    ok = operands.size() == 2 && isInt(operands[0]) && operands[1] == fn.type &&
         resultType == fn.type;
    break;
  case Shape::Predicate:
  case Shape::ToInt:
    arity = 1;
    ok = operands.size() == 1 && operands[0] == fn.type && isInt(resultType);
    break;
  case Shape::FromInt:
    arity = 1;
    ok = operands.size() == 1 && isInt(operands[0]) && resultType == fn.type;
    break;
  case Shape::Narrow:
    arity = 1;
    ok = operands.size() == 1 && operands[0].isF64() && resultType.isF32();
    break;
  }
  if (operands.size() != arity || !ok) {
    why = "types that the function does not take";
    return failure();
  }
  // A rounding suffix belongs to the correctly rounded arithmetic and the
  // conversions only.
  bool rounded = internal || fn.name == "sqrt" || fn.name == "fma";
  if (fn.rounding != Rounding::None && !rounded) {
    why = kUnknown;
    return failure();
  }
  if (fn.name == "fma" && !isF32 && fn.rounding != Rounding::None &&
      fn.rounding != Rounding::RN) {
    why = "a directed rounding of an f64 fused multiply-add, which the cpu "
          "target cannot compute exactly";
    return failure();
  }
  if (!isF32 && fn.name == "saturate") {
    why = "which libdevice has on f32 only";
    return failure();
  }
  return fn;
}

//===----------------------------------------------------------------------===//
// Emission helpers
//===----------------------------------------------------------------------===//

class Emitter {
public:
  Emitter(OpBuilder &b, Location loc, Operation *user, FloatType type)
      : b(b), loc(loc), user(user), type(type) {}

  Value c(double value) { return c(value, type); }
  Value c(double value, Type t) {
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, value));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value fma(Value x, Value y, Value z) {
    return math::FmaOp::create(b, loc, x, y, z);
  }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value log(Value x) { return math::LogOp::create(b, loc, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value ext(Value x) {
    return x.getType().isF64()
               ? x
               : arith::ExtFOp::create(b, loc, b.getF64Type(), x).getResult();
  }
  Value narrow(Value x, Type to) {
    return x.getType() == to
               ? x
               : arith::TruncFOp::create(b, loc, to, x).getResult();
  }

  /// A call of the C library's `base` (`basef` on f32).
  Value libm(StringRef base, ValueRange operands, Type result) {
    std::string name = base.str();
    if (type.isF32())
      name += "f";
    return call(name, operands, result);
  }
  Value call(StringRef name, ValueRange operands, Type result) {
    auto module = user->getParentOfType<ModuleOp>();
    auto fnType =
        FunctionType::get(b.getContext(), operands.getTypes(), {result});
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      callee = func::FuncOp::create(b, loc, name, fnType);
      callee.setPrivate();
    }
    return func::CallOp::create(b, loc, callee, operands).getResult(0);
  }

  /// `r` (the round-to-nearest result) moved one step toward the requested
  /// direction where `err` (the sign of exact - r) says the exact value lies
  /// on that side.
  Value round(Value r, Value err, Rounding mode) {
    using P = arith::CmpFPredicate;
    Value zero = c(0.0, r.getType());
    Value cond, toward;
    switch (mode) {
    case Rounding::None:
    case Rounding::RN:
      return r;
    case Rounding::RU:
      cond = cmp(P::OGT, err, zero);
      toward = c(INFINITY, r.getType());
      break;
    case Rounding::RD:
      cond = cmp(P::OLT, err, zero);
      toward = c(-INFINITY, r.getType());
      break;
    case Rounding::RZ: {
      Value above = arith::AndIOp::create(b, loc, cmp(P::OGT, r, zero),
                                          cmp(P::OLT, err, zero));
      Value below = arith::AndIOp::create(b, loc, cmp(P::OLT, r, zero),
                                          cmp(P::OGT, err, zero));
      cond = arith::OrIOp::create(b, loc, above, below);
      toward = zero;
      break;
    }
    }
    std::string name = r.getType().isF32() ? "nextafterf" : "nextafter";
    Value next = call(name, {r, toward}, r.getType());
    return select(cond, next, r);
  }

  /// The exact error of x + y = s (TwoSum, six operations).
  Value twoSumError(Value x, Value y, Value s) {
    Value yy = sub(s, x);
    Value xx = sub(s, yy);
    return add(sub(x, xx), sub(y, yy));
  }

  OpBuilder &b;
  Location loc;
  Operation *user;
  FloatType type;
};

/// Giles' single-precision approximation of erfinv from w = -log(1 - x^2),
/// times `x` (f64 arithmetic).
Value gilesErfinv(Emitter &e, Value w, Value x) {
  using P = arith::CmpFPredicate;
  auto poly = [&](Value t, ArrayRef<double> coeffs) {
    Value p = e.c(coeffs.front(), t.getType());
    for (double k : coeffs.drop_front())
      p = e.add(e.c(k, t.getType()), e.mul(p, t));
    return p;
  };
  Value central = poly(e.sub(w, e.c(2.5, w.getType())),
                       {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                        -4.39150654e-06, 0.00021858087, -0.00125372503,
                        -0.00417768164, 0.246640727, 1.50140941});
  Value tail = poly(e.sub(e.sqrt(w), e.c(3.0, w.getType())),
                    {-0.000200214257, 0.000100950558, 0.00134934322,
                     -0.00367342844, 0.00573950773, -0.0076224613,
                     0.00943887047, 1.00167406, 2.83297682});
  Value p = e.select(e.cmp(P::OLT, w, e.c(5.0, w.getType())), central, tail);
  return e.mul(p, x);
}

/// y with erfc(y) = c, for c in (0, 1] (y >= 0), refined by Newton steps
/// on erfc in f64 from Giles' approximation; `a` is 1 - c.
Value inverseErfc(Emitter &e, Value c, Value a) {
  Type f64 = c.getType();
  // 1 - a^2 = c (2 - c), without the cancellation of 1 - a^2.
  Value w = e.neg(e.log(e.mul(c, e.sub(e.c(2.0, f64), c))));
  Value y = gilesErfinv(e, w, a);
  Value k = e.c(-2.0 / std::sqrt(M_PI), f64);
  for (int i = 0; i < 3; ++i) {
    Value f = e.sub(math::ErfcOp::create(e.b, e.loc, y), c);
    Value df = e.mul(k, e.exp(e.neg(e.mul(y, y))));
    Value step = e.div(f, df);
    // Where the derivative underflows the step is NaN or infinite; keep y.
    Value finite =
        e.cmp(arith::CmpFPredicate::OLT, e.abs(step), e.c(INFINITY, f64));
    y = e.select(finite, e.sub(y, step), y);
  }
  Value inf = e.c(INFINITY, f64);
  return e.select(e.cmp(arith::CmpFPredicate::OEQ, c, e.c(0.0, f64)), inf, y);
}

/// erfinv(x) in f64: Newton on erf near 0, on erfc (with the exact
/// complement 1 - |x|) beyond 1/2.
Value erfinv(Emitter &e, Value x) {
  using P = arith::CmpFPredicate;
  Type f64 = x.getType();
  Value a = e.abs(x);
  Value c = e.sub(e.c(1.0, f64), a);
  Value outer = inverseErfc(e, c, a);
  Value w = e.neg(e.log(e.mul(c, e.add(e.c(1.0, f64), a))));
  Value y = gilesErfinv(e, w, a);
  Value k = e.c(2.0 / std::sqrt(M_PI), f64);
  for (int i = 0; i < 3; ++i) {
    Value f = e.sub(math::ErfOp::create(e.b, e.loc, y), a);
    y = e.sub(y, e.div(f, e.mul(k, e.exp(e.neg(e.mul(y, y))))));
  }
  Value r = e.select(e.cmp(P::OLE, a, e.c(0.5, f64)), y, outer);
  // |x| > 1 (or NaN): NaN.
  r = e.select(e.cmp(P::ULE, a, e.c(1.0, f64)), r, e.c(NAN, f64));
  return math::CopySignOp::create(e.b, e.loc, r, x);
}

/// erfcinv(x) in f64, x in [0, 2].
Value erfcinv(Emitter &e, Value x) {
  using P = arith::CmpFPredicate;
  Type f64 = x.getType();
  Value upper = e.cmp(P::OGT, x, e.c(1.0, f64));
  Value c = e.select(upper, e.sub(e.c(2.0, f64), x), x);
  Value y = inverseErfc(e, c, e.sub(e.c(1.0, f64), c));
  Value r = e.select(upper, e.neg(y), y);
  Value inRange =
      arith::AndIOp::create(e.b, e.loc, e.cmp(P::OGE, x, e.c(0.0, f64)),
                            e.cmp(P::OLE, x, e.c(2.0, f64)));
  return e.select(inRange, r, e.c(NAN, f64));
}

/// The modified Bessel function I0 or I1 in f64: the power series up to
/// |x| = 30 (all terms positive: no cancellation), the asymptotic series
/// e^x / sqrt(2 pi x) * sum_k (-1)^k a_k(nu) / x^k beyond.
Value besselI(Emitter &e, Value x, int nu) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type f64 = x.getType();
  Value a = e.abs(x);
  Value q = e.mul(e.mul(a, a), e.c(0.25, f64));
  // term_0 = (x/2)^nu / nu!; term_{k+1} = term_k * q / ((k+1) (k+1+nu)).
  Value term0 = nu == 0 ? e.c(1.0, f64) : e.mul(a, e.c(0.5, f64));
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, 90);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, one, ValueRange{term0, term0},
      [&](OpBuilder &lb2, Location l, Value iv, ValueRange args) {
        Emitter le(lb2, l, e.user, e.type);
        Value k = arith::IndexCastOp::create(lb2, l, lb2.getI64Type(), iv);
        Value kf = arith::SIToFPOp::create(lb2, l, f64, k);
        Value k1 = le.add(kf, le.c(1.0, f64));
        Value denom = le.mul(k1, le.add(k1, le.c(double(nu), f64)));
        Value term = le.div(le.mul(args[0], q), denom);
        scf::YieldOp::create(lb2, l, ValueRange{term, le.add(args[1], term)});
      });
  Value series = loop.getResult(1);
  // Asymptotic: a_k(nu) = prod_{j=1..k} (4 nu^2 - (2j-1)^2) / (k! 8^k).
  Value inv = e.div(e.c(1.0, f64), a);
  Value sum = e.c(1.0, f64);
  Value power = e.c(1.0, f64);
  double coeff = 1.0;
  for (int k = 1; k <= 14; ++k) {
    coeff *= (4.0 * nu * nu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k);
    power = e.mul(power, inv);
    sum = e.add(sum, e.mul(e.c((k % 2 ? -1.0 : 1.0) * coeff, f64), power));
  }
  // e^x / sqrt(2 pi x) as e^(x/2) * (e^(x/2) / sqrt(2 pi x)), which stays
  // finite wherever the result does.
  Value half = e.exp(e.mul(a, e.c(0.5, f64)));
  Value scale =
      e.mul(half, e.div(half, e.sqrt(e.mul(a, e.c(2.0 * M_PI, f64)))));
  Value asymptotic = e.mul(scale, sum);
  Value r = e.select(e.cmp(P::OLE, a, e.c(30.0, f64)), series, asymptotic);
  if (nu == 1)
    r = math::CopySignOp::create(b, loc, r, x);
  // NaN in, NaN out (the loop and the comparisons would lose it).
  return e.select(e.cmp(P::UNO, x, x), x, r);
}

/// sqrt of the sum of squares of `xs`, scaled by the largest magnitude so
/// that nothing overflows or underflows on the way (an infinity wins over
/// a NaN, as in hypot).
Value norm(Emitter &e, ValueRange xs) {
  using P = arith::CmpFPredicate;
  Type t = xs.front().getType();
  Value m = e.abs(xs.front());
  for (Value x : xs.drop_front())
    m = arith::MaximumFOp::create(e.b, e.loc, m, e.abs(x));
  Value sum = e.c(0.0, t);
  for (Value x : xs) {
    Value s = e.div(x, m);
    sum = e.fma(s, s, sum);
  }
  Value r = e.mul(m, e.sqrt(sum));
  r = e.select(e.cmp(P::OEQ, m, e.c(0.0, t)), e.c(0.0, t), r);
  Value inf = e.c(INFINITY, t);
  Value anyInf = e.cmp(P::OEQ, e.abs(xs.front()), inf);
  for (Value x : xs.drop_front())
    anyInf =
        arith::OrIOp::create(e.b, e.loc, anyInf, e.cmp(P::OEQ, e.abs(x), inf));
  return e.select(anyInf, inf, r);
}

/// The saturating conversion of an integral-valued float to `to` (NaN -> 0,
/// out of range -> the nearest end of the range).
Value toIntSaturating(Emitter &e, Value x, IntegerType to, bool isUnsigned) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  unsigned width = to.getWidth();
  APInt maxInt =
      isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  APInt minInt =
      isUnsigned ? APInt::getZero(width) : APInt::getSignedMinValue(width);
  // 2^(width) or 2^(width-1): the first value above the range, exact.
  double limit = std::ldexp(1.0, isUnsigned ? width : width - 1);
  double low = isUnsigned ? 0.0 : -limit;
  Type t = x.getType();
  Value safe = e.select(e.cmp(P::OGE, x, e.c(limit, t)), e.c(0.0, t), x);
  safe = e.select(e.cmp(P::OGE, safe, e.c(low, t)), safe, e.c(0.0, t));
  Value converted = isUnsigned
                        ? arith::FPToUIOp::create(b, loc, to, safe).getResult()
                        : arith::FPToSIOp::create(b, loc, to, safe).getResult();
  auto intConst = [&](const APInt &v) {
    return arith::ConstantOp::create(b, loc, to, b.getIntegerAttr(to, v));
  };
  Value r =
      e.select(e.cmp(P::OGE, x, e.c(limit, t)), intConst(maxInt), converted);
  r = e.select(e.cmp(P::OLT, x, e.c(low, t)), intConst(minInt), r);
  return e.select(e.cmp(P::UNO, x, x), intConst(APInt::getZero(width)), r);
}

Value emit(Emitter &e, const Function &fn, ValueRange ops, Type resultType) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  FloatType t = fn.type;
  StringRef name = fn.name;
  Value x = ops[0];
  // Computes `f` in f64 and rounds once to t.
  auto inF64 = [&](function_ref<Value(Value)> f) {
    return e.narrow(f(e.ext(x)), t);
  };

  // Math ops.
  StringRef mathOp = llvm::StringSwitch<StringRef>(name)
                         .Case("exp", "math.exp")
                         .Case("exp2", "math.exp2")
                         .Case("expm1", "math.expm1")
                         .Case("log", "math.log")
                         .Case("log2", "math.log2")
                         .Case("log10", "math.log10")
                         .Case("log1p", "math.log1p")
                         .Case("rsqrt", "math.rsqrt")
                         .Case("cbrt", "math.cbrt")
                         .Case("sin", "math.sin")
                         .Case("cos", "math.cos")
                         .Case("tan", "math.tan")
                         .Case("asin", "math.asin")
                         .Case("acos", "math.acos")
                         .Case("atan", "math.atan")
                         .Case("sinh", "math.sinh")
                         .Case("cosh", "math.cosh")
                         .Case("tanh", "math.tanh")
                         .Case("asinh", "math.asinh")
                         .Case("acosh", "math.acosh")
                         .Case("atanh", "math.atanh")
                         .Case("erf", "math.erf")
                         .Case("erfc", "math.erfc")
                         .Cases({"fabs", "abs"}, "math.absf")
                         .Case("floor", "math.floor")
                         .Case("ceil", "math.ceil")
                         .Case("trunc", "math.trunc")
                         .Case("round", "math.round")
                         .Cases({"rint", "nearbyint"}, "math.roundeven")
                         .Case("pow", "math.powf")
                         .Case("atan2", "math.atan2")
                         .Case("copysign", "math.copysign")
                         .Case("fmin", "arith.minnumf")
                         .Case("fmax", "arith.maxnumf")
                         .Default("");
  if (!mathOp.empty()) {
    OperationState state(loc, mathOp);
    state.addOperands(ops);
    state.addTypes(resultType);
    return b.create(state)->getResult(0);
  }

  // libm.
  if (llvm::is_contained({"exp10", "lgamma", "tgamma", "j0", "j1", "y0", "y1",
                          "logb", "fmod", "remainder", "hypot", "nextafter",
                          "ldexp", "scalbn", "jn", "yn"},
                         name)) {
    // An integer operand (ldexp's exponent, jn's order) is C's int.
    SmallVector<Value> args(ops);
    for (Value &arg : args) {
      if (!arg.getType().isInteger())
        continue;
      unsigned width = arg.getType().getIntOrFloatBitWidth();
      if (width > 32)
        arg = arith::TruncIOp::create(b, loc, b.getI32Type(), arg);
      else if (width < 32)
        arg = arith::ExtSIOp::create(b, loc, b.getI32Type(), arg);
    }
    return e.libm(name, args, resultType);
  }
  if (name == "ilogb" || name == "llrint" || name == "llround") {
    Type cType = name == "ilogb" ? b.getI32Type() : b.getI64Type();
    Value r = e.libm(name, {x}, cType);
    unsigned want = resultType.getIntOrFloatBitWidth();
    if (want < cType.getIntOrFloatBitWidth())
      r = arith::TruncIOp::create(b, loc, resultType, r);
    else if (want > cType.getIntOrFloatBitWidth())
      r = arith::ExtSIOp::create(b, loc, resultType, r);
    return r;
  }

  // Expansions.
  if (name == "powi") {
    // pow of the exponent converted exactly (to f64), rounded once to T.
    Value n = ops[1];
    if (n.getType().getIntOrFloatBitWidth() > 32)
      n = arith::TruncIOp::create(b, loc, b.getI32Type(), n);
    Value nf = arith::SIToFPOp::create(b, loc, b.getF64Type(), n);
    return e.narrow(math::PowFOp::create(b, loc, e.ext(x), nf), t);
  }
  if (name == "rcbrt")
    return inF64([&](Value v) {
      return e.div(e.c(1.0, v.getType()), math::CbrtOp::create(b, loc, v));
    });
  if (name == "sinpi" || name == "cospi") {
    // r = x - 2 round(x / 2) is exact and in [-1, 1].
    return inF64([&](Value v) {
      Type f64 = v.getType();
      Value k = math::RoundEvenOp::create(b, loc, e.mul(v, e.c(0.5, f64)));
      Value r = e.sub(v, e.mul(k, e.c(2.0, f64)));
      Value arg = e.mul(r, e.c(M_PI, f64));
      Value s = name == "sinpi" ? math::SinOp::create(b, loc, arg).getResult()
                                : math::CosOp::create(b, loc, arg).getResult();
      if (name == "sinpi") // sinpi of an integer is an exact (signed) 0.
        s = e.select(e.cmp(P::OEQ, r, e.c(0.0, f64)), e.mul(v, e.c(0.0, f64)),
                     s);
      return s;
    });
  }
  if (name == "erfinv")
    return inF64([&](Value v) { return erfinv(e, v); });
  if (name == "erfcinv")
    return inF64([&](Value v) { return erfcinv(e, v); });
  if (name == "normcdfinv")
    return inF64([&](Value v) {
      Value r = erfcinv(e, e.mul(v, e.c(2.0, v.getType())));
      return e.mul(r, e.c(-M_SQRT2, v.getType()));
    });
  if (name == "normcdf")
    return inF64([&](Value v) {
      Value arg = e.mul(v, e.c(-M_SQRT1_2, v.getType()));
      return e.mul(math::ErfcOp::create(b, loc, arg), e.c(0.5, v.getType()));
    });
  if (name == "erfcx")
    return inF64([&](Value v) {
      Type f64 = v.getType();
      Value direct = e.mul(e.exp(e.mul(v, v)), math::ErfcOp::create(b, loc, v));
      // 1 / (x sqrt(pi)) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6) + 105/(16x^8))
      Value inv2 = e.div(e.c(1.0, f64), e.mul(v, v));
      Value s = e.c(105.0 / 16, f64);
      for (double k : {-15.0 / 8, 3.0 / 4, -1.0 / 2, 1.0})
        s = e.add(e.c(k, f64), e.mul(s, inv2));
      Value asym = e.div(s, e.mul(v, e.c(std::sqrt(M_PI), f64)));
      return e.select(e.cmp(P::OGT, v, e.c(25.0, f64)), asym, direct);
    });
  if (name == "cyl_bessel_i0" || name == "cyl_bessel_i1") {
    int nu = name == "cyl_bessel_i1";
    return inF64([&](Value v) { return besselI(e, v, nu); });
  }
  if (name == "norm3d" || name == "norm4d" || name == "rnorm3d" ||
      name == "rnorm4d" || name == "rhypot") {
    Value r = norm(e, ops);
    if (name.starts_with("r"))
      r = e.div(e.c(1.0), r);
    return r;
  }
  if (name == "fdim") {
    Value d = e.sub(x, ops[1]);
    return e.select(e.cmp(P::OLE, x, ops[1]), e.c(0.0), d);
  }
  if (name == "saturate") {
    Value lo = arith::MaxNumFOp::create(b, loc, x, e.c(0.0));
    return arith::MinNumFOp::create(b, loc, lo, e.c(1.0));
  }
  if (fn.shape == Shape::Predicate) {
    Value cond;
    Value inf = e.c(INFINITY);
    if (name == "isnan") {
      cond = e.cmp(P::UNO, x, x);
    } else if (name == "isinf") {
      cond = e.cmp(P::OEQ, e.abs(x), inf);
    } else if (name == "isfinite") {
      cond = e.cmp(P::OLT, e.abs(x), inf);
    } else { // signbit
      Type intType = b.getIntegerType(t.getWidth());
      Value bits = arith::BitcastOp::create(b, loc, intType, x);
      Value zero = arith::ConstantOp::create(b, loc, intType,
                                             b.getIntegerAttr(intType, 0));
      cond =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, zero);
    }
    if (resultType.isInteger(1))
      return cond;
    return arith::ExtUIOp::create(b, loc, resultType, cond);
  }

  // Correctly rounded arithmetic, in every rounding mode: the
  // round-to-nearest result and the sign of its exact error.
  if (name == "add" || name == "sub") {
    Value y = name == "sub" ? e.neg(ops[1]) : ops[1];
    Value s = e.add(x, y);
    return e.round(s, e.twoSumError(x, y, s), fn.rounding);
  }
  if (name == "mul") {
    Value p = e.mul(x, ops[1]);
    return e.round(p, e.fma(x, ops[1], e.neg(p)), fn.rounding);
  }
  if (name == "div" || name == "rcp") {
    Value num = name == "rcp" ? e.c(1.0) : x;
    Value den = name == "rcp" ? x : ops[1];
    Value q = e.div(num, den);
    // num = q * den + rem exactly; exact - q = rem / den.
    Value rem = e.fma(e.neg(q), den, num);
    return e.round(q, e.div(rem, den), fn.rounding);
  }
  if (name == "sqrt") {
    Value s = e.sqrt(x);
    return e.round(s, e.fma(e.neg(s), s, x), fn.rounding);
  }
  if (name == "fma") {
    Value r = e.fma(x, ops[1], ops[2]);
    if (fn.rounding == Rounding::None || fn.rounding == Rounding::RN)
      return r;
    // f32 only (decode refuses f64): the product is exact in f64, the sum
    // s + err exact by TwoSum, and (s - r) + err has the sign of exact - r.
    Value p = e.mul(e.ext(x), e.ext(ops[1]));
    Value z = e.ext(ops[2]);
    Value s = e.add(p, z);
    Value err = e.twoSumError(p, z, s);
    Value d = e.sub(s, e.ext(r));
    Value sign = e.select(e.cmp(P::ONE, d, e.c(0.0, d.getType())), d, err);
    return e.round(r, e.narrow(sign, t), fn.rounding);
  }
  if (name == "to_int" || name == "to_uint") {
    Value integral;
    switch (fn.rounding) {
    case Rounding::RZ:
      integral = math::TruncOp::create(b, loc, x);
      break;
    case Rounding::RU:
      integral = math::CeilOp::create(b, loc, x);
      break;
    case Rounding::RD:
      integral = math::FloorOp::create(b, loc, x);
      break;
    default:
      integral = math::RoundEvenOp::create(b, loc, x);
      break;
    }
    return toIntSaturating(e, integral, cast<IntegerType>(resultType),
                           name == "to_uint");
  }
  if (name == "from_int" || name == "from_uint") {
    bool isUnsigned = name == "from_uint";
    Value r = isUnsigned ? arith::UIToFPOp::create(b, loc, t, x).getResult()
                         : arith::SIToFPOp::create(b, loc, t, x).getResult();
    if (fn.rounding == Rounding::None || fn.rounding == Rounding::RN)
      return r;
    // exact - r has the sign of x - int(r). r may lie one past the range
    // of x (2^63, say), where exact < r; elsewhere int(r) is exact.
    auto intType = cast<IntegerType>(x.getType());
    unsigned width = intType.getWidth();
    Value pastEnd =
        e.cmp(P::OGE, r, e.c(std::ldexp(1.0, isUnsigned ? width : width - 1)));
    Value safe = e.select(pastEnd, e.c(0.0), r);
    Value back =
        isUnsigned ? arith::FPToUIOp::create(b, loc, intType, safe).getResult()
                   : arith::FPToSIOp::create(b, loc, intType, safe).getResult();
    Value above = arith::CmpIOp::create(b, loc,
                                        isUnsigned ? arith::CmpIPredicate::ugt
                                                   : arith::CmpIPredicate::sgt,
                                        x, back);
    Value below = arith::CmpIOp::create(b, loc,
                                        isUnsigned ? arith::CmpIPredicate::ult
                                                   : arith::CmpIPredicate::slt,
                                        x, back);
    Value err = e.select(above, e.c(1.0), e.select(below, e.c(-1.0), e.c(0.0)));
    err = e.select(pastEnd, e.c(-1.0), err);
    return e.round(r, err, fn.rounding);
  }
  if (name == "narrow") {
    Value r = arith::TruncFOp::create(b, loc, b.getF32Type(), x);
    Value err = e.sub(x, arith::ExtFOp::create(b, loc, b.getF64Type(), r));
    Emitter e32(b, loc, e.user, b.getF32Type());
    return e32.round(r, e32.narrow(err, b.getF32Type()), fn.rounding);
  }
  llvm_unreachable("decode accepted a function that emit does not know");
}

/// Bit reinterpretations and word splits, which have no float type to
/// decode by: float_as_int, int_as_float, double_as_longlong,
/// longlong_as_double, double2hiint, double2loint, hiloint2double.
Value emitBits(OpBuilder &b, Location loc, StringRef name, ValueRange ops,
               Type resultType) {
  if (name == "double2hiint" || name == "double2loint") {
    Value bits = arith::BitcastOp::create(b, loc, b.getI64Type(), ops[0]);
    if (name == "double2hiint")
      bits = arith::ShRUIOp::create(
          b, loc, bits,
          arith::ConstantIntOp::create(b, loc, b.getI64Type(), 32));
    return arith::TruncIOp::create(b, loc, resultType, bits);
  }
  if (name == "hiloint2double") {
    Type i64 = b.getI64Type();
    Value hi = arith::ExtUIOp::create(b, loc, i64, ops[0]);
    Value lo = arith::ExtUIOp::create(b, loc, i64, ops[1]);
    hi = arith::ShLIOp::create(b, loc, hi,
                               arith::ConstantIntOp::create(b, loc, i64, 32));
    Value bits = arith::OrIOp::create(b, loc, hi, lo);
    return arith::BitcastOp::create(b, loc, resultType, bits);
  }
  return arith::BitcastOp::create(b, loc, resultType, ops[0]);
}

bool isBitsFunction(ExternElementwiseOp op) {
  StringRef name = op.getSymbol();
  if (!name.consume_front("__nv_"))
    return false;
  Type result = getElementTypeOrSelf(op.getType());
  SmallVector<Type> operands;
  for (Value src : op.getSrcs())
    operands.push_back(getElementTypeOrSelf(src.getType()));
  auto is = [&](ArrayRef<Type> want, Type res) {
    return ArrayRef<Type>(operands) == want && result == res;
  };
  MLIRContext *ctx = op.getContext();
  Type f32 = Float32Type::get(ctx), f64 = Float64Type::get(ctx);
  Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  return (name == "float_as_int" && is({f32}, i32)) ||
         (name == "float_as_uint" && is({f32}, i32)) ||
         (name == "int_as_float" && is({i32}, f32)) ||
         (name == "uint_as_float" && is({i32}, f32)) ||
         (name == "double_as_longlong" && is({f64}, i64)) ||
         (name == "longlong_as_double" && is({i64}, f64)) ||
         (name == "double2hiint" && is({f64}, i32)) ||
         (name == "double2loint" && is({f64}, i32)) ||
         (name == "hiloint2double" && is({i32, i32}, f64));
}

} // namespace

std::string getExternElementwiseError(ExternElementwiseOp op) {
  if (isBitsFunction(op))
    return "";
  std::string why;
  if (succeeded(decode(op, why)))
    return "";
  std::string types;
  llvm::raw_string_ostream os(types);
  os << "(";
  llvm::interleaveComma(op.getSrcs().getTypes(), os,
                        [&](Type t) { os << getElementTypeOrSelf(t); });
  os << ") -> " << getElementTypeOrSelf(op.getType());
  return ("'tt.extern_elementwise' calls '" + op.getSymbol() + "' on " + types +
          ", " + why)
      .str();
}

Value emitExternElementwise(OpBuilder &b, Location loc, ExternElementwiseOp op,
                            ValueRange operands, Type resultType) {
  if (isBitsFunction(op))
    return emitBits(b, loc, op.getSymbol().drop_front(5), operands, resultType);
  std::string why;
  FailureOr<Function> fn = decode(op, why);
  assert(succeeded(fn) && "the pass checks extern_elementwise first");
  Emitter e(b, loc, op, fn->type);
  return emit(e, *fn, operands, resultType);
}

} // namespace mlir::triton::cpu

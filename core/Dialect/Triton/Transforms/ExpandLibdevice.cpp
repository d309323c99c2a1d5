//===- ExpandLibdevice.cpp - libdevice functions from arith and math -----===//
//
// tt-expand-libdevice: the functions of libdevice that Triton's libdevice
// module exposes on f32 and f64 (`__nv_<name>f` on f32, `__nv_<name>` on f64),
// computed by arith, math and scf ops on the op's own tensor or scalar
// types, for the targets that link no libdevice (cpu, intel):
//
//   math ops          exp, log, sin, erf, floor, pow, atan2, fma, ...
//   expansions        powi (pow of the exactly converted exponent), sinpi,
//                     cospi, rcbrt, erfinv, erfcinv, erfcx, normcdf,
//                     normcdfinv, cyl_bessel_i0/i1, the Bessel functions
//                     j0/j1/y0/y1/jn/yn, rcp64h, hypot, norm3d/4d and
//                     their reciprocals, fdim, fmod, nextafter, saturate,
//                     llrint, llround, isinf/isnan/isfinite/signbit (int
//                     results), bit casts, and the conversions
//   rounding modes    add/sub/mul/div/sqrt/rcp/fma and conversions with a
//                     `_rn/_rz/_ru/_rd` suffix: the round-to-nearest result
//                     and the sign of its exact error (an error-free
//                     transformation: TwoSum, the FMA residual, ErrFma), then
//                     one ulp toward the requested direction where the exact
//                     value lies on that side
//   integers          clz, popc, ffs, brev, abs, mulhi, mul24, hadd, rhadd,
//                     sad, byte_perm on i32 (and the i64 `ll` forms)
//
// What needs a math library (exp10, lgamma, tgamma, logb, ilogb,
// ldexp, scalbn, remainder) is left to the target, as is anything the pass
// does not recognise: the target computes it or refuses it by name.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONEXPANDLIBDEVICE
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

enum class Rounding { None, RN, RZ, RU, RD };

/// How a function's operands and result are typed (T is f32 or f64).
enum class Shape {
  Unary,      // T -> T
  Binary,     // T, T -> T
  Ternary,    // T, T, T -> T
  Quaternary, // T, T, T, T -> T
  FloatInt,   // T, i32 -> T           (powi)
  IntFloat,   // i32, T -> T           (jn, yn)
  Predicate,  // T -> int              (isinf, isnan, isfinite, signbit)
  ToInt,      // T -> int              (llrint, llround, conversions)
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

/// The functions this pass computes, by canonical name (without `__nv_`, a
/// type prefix or suffix, or a rounding suffix).
std::optional<Shape> getShape(StringRef name) {
  return llvm::StringSwitch<std::optional<Shape>>(name)
      .Cases({"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt",
              "rsqrt", "cbrt", "rcbrt", "sin", "cos", "tan"},
             Shape::Unary)
      .Cases({"asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
              "atanh", "sinpi", "cospi", "erf", "erfc", "erfinv", "erfcinv"},
             Shape::Unary)
      .Cases({"erfcx", "normcdf", "normcdfinv", "cyl_bessel_i0",
              "cyl_bessel_i1", "j0", "j1", "y0", "y1", "fabs", "abs"},
             Shape::Unary)
      .Cases({"floor", "ceil", "trunc", "round", "rint", "nearbyint",
              "saturate", "rcp", "rcp64h"},
             Shape::Unary)
      .Cases({"pow", "atan2", "copysign", "fmin", "fmax", "fmod", "fdim",
              "hypot", "rhypot", "nextafter", "add", "sub", "mul", "div"},
             Shape::Binary)
      .Cases({"fma", "norm3d", "rnorm3d"}, Shape::Ternary)
      .Cases({"norm4d", "rnorm4d"}, Shape::Quaternary)
      .Case("powi", Shape::FloatInt)
      .Cases({"jn", "yn"}, Shape::IntFloat)
      .Cases({"isinf", "isnan", "isfinite", "signbit"}, Shape::Predicate)
      .Cases({"llrint", "llround", "to_int", "to_uint"}, Shape::ToInt)
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
      .Case("frsqrt", "rsqrt")
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

/// The floating-point element type `op` computes in: its first float
/// operand's, or its result's.
FloatType getComputeType(ExternElementwiseOp op) {
  for (Value src : op.getSrcs())
    if (auto type = dyn_cast<FloatType>(getElementTypeOrSelf(src.getType())))
      return type;
  return dyn_cast<FloatType>(getElementTypeOrSelf(op.getType()));
}

/// Decodes `op`'s symbol into a function this pass computes, with the types
/// that function takes; std::nullopt for anything else.
std::optional<Function> decode(ExternElementwiseOp op) {
  StringRef name = op.getSymbol();
  if (!name.consume_front("__nv_"))
    return std::nullopt;
  Function fn;
  fn.type = getComputeType(op);
  if (!fn.type || !(fn.type.isF32() || fn.type.isF64()))
    return std::nullopt;
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
    // `<name>f` on f32, `<name>` on f64: the suffix must match the type.
    bool suffixed = stem.ends_with("f") && getShape(stem.drop_back());
    if (isF32 != suffixed)
      return std::nullopt;
    if (suffixed)
      stem = stem.drop_back();
  }
  std::optional<Shape> shape = getShape(stem);
  // The canonical names of the arithmetic and the conversions are ours, not
  // libdevice's: they are reached through an alias only.
  bool internal =
      llvm::is_contained({"to_int", "to_uint", "from_int", "from_uint",
                          "narrow", "rcp", "add", "sub", "mul", "div"},
                         stem);
  if (!shape || (internal && !viaAlias))
    return std::nullopt;
  fn.name = stem;
  fn.shape = *shape;

  // The operand and result types the shape requires.
  SmallVector<Type> operands;
  for (Value src : op.getSrcs())
    operands.push_back(getElementTypeOrSelf(src.getType()));
  Type result = getElementTypeOrSelf(op.getType());
  auto isInt = [](Type t) { return isa<IntegerType>(t); };
  auto allOf = [&](Type t) {
    return llvm::all_of(operands, [&](Type o) { return o == t; });
  };
  unsigned arity = 1;
  bool ok = true;
  switch (fn.shape) {
  case Shape::Unary:
  case Shape::Binary:
  case Shape::Ternary:
  case Shape::Quaternary:
    arity = 1 + static_cast<unsigned>(fn.shape) -
            static_cast<unsigned>(Shape::Unary);
    ok = allOf(fn.type) && result == fn.type;
    break;
  case Shape::FloatInt:
    arity = 2;
    ok = operands.size() == 2 && operands[0] == fn.type && isInt(operands[1]) &&
         result == fn.type;
    break;
  case Shape::IntFloat: {
    arity = 2;
    // The loop over orders reduces them to one count: a 0-d tensor has no
    // axis to reduce along.
    auto tensor = dyn_cast<RankedTensorType>(op.getType());
    ok = operands.size() == 2 && isInt(operands[0]) && operands[1] == fn.type &&
         result == fn.type && (!tensor || tensor.getRank() > 0);
    break;
  }
  case Shape::Predicate:
  case Shape::ToInt:
    ok = allOf(fn.type) && isInt(result);
    break;
  case Shape::FromInt:
    ok = operands.size() == 1 && isInt(operands[0]) && result == fn.type;
    break;
  case Shape::Narrow:
    ok = allOf(Float64Type::get(op.getContext())) && result.isF32();
    break;
  }
  if (operands.size() != arity || !ok)
    return std::nullopt;
  // A rounding suffix belongs to the correctly rounded arithmetic and the
  // conversions only; saturate is libdevice's on f32 only, rcp64h on f64
  // only.
  bool rounded = internal || fn.name == "sqrt" || fn.name == "fma" ||
                 (fn.name == "rsqrt" && isF32 && fn.rounding == Rounding::RN);
  if ((fn.rounding != Rounding::None && !rounded) ||
      (!isF32 && fn.name == "saturate") || (isF32 && fn.name == "rcp64h"))
    return std::nullopt;
  return fn;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

/// Builds ops on values shaped like the op being expanded: a tensor of the
/// op's shape and encoding, or a scalar.
class Emitter {
public:
  Emitter(OpBuilder &b, Location loc, Type shapeOf, FloatType type)
      : b(b), loc(loc), shape(dyn_cast<RankedTensorType>(shapeOf)),
        type(type) {}

  /// `element` in the op's shape.
  Type like(Type element) const {
    if (!shape)
      return element;
    return RankedTensorType::get(shape.getShape(), element,
                                 shape.getEncoding());
  }
  Emitter with(FloatType other) const {
    return Emitter(b, loc, like(other), other);
  }

  Value c(double value) { return c(value, type); }
  /// A float constant of element type `element`, in the op's shape.
  Value c(double value, Type element) {
    element = getElementTypeOrSelf(element);
    return constant(b.getFloatAttr(element, value));
  }
  Value ci(const APInt &value, Type element) {
    return constant(b.getIntegerAttr(element, value));
  }
  Value ci(int64_t value, Type element) {
    return constant(b.getIntegerAttr(element, value));
  }
  Value constant(TypedAttr scalar) {
    if (!shape)
      return arith::ConstantOp::create(b, loc, scalar);
    auto type = cast<ShapedType>(like(scalar.getType()));
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(type, scalar));
  }
  /// `scalar` in the op's shape.
  Value splat(Value scalar) {
    if (!shape)
      return scalar;
    return SplatOp::create(b, loc, like(scalar.getType()), scalar);
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
  Value cmpi(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value bitcast(Value x, Type element) {
    return arith::BitcastOp::create(b, loc, like(element), x);
  }
  Value ext(Value x) {
    if (getElementTypeOrSelf(x.getType()).isF64())
      return x;
    return arith::ExtFOp::create(b, loc, like(b.getF64Type()), x);
  }
  Value narrow(Value x, Type element) {
    if (getElementTypeOrSelf(x.getType()) == element)
      return x;
    return arith::TruncFOp::create(b, loc, like(element), x);
  }

  /// The float next to `x` in the direction of +infinity (`up`) or of
  /// -infinity, from its bits: one more or one less unit in the last place
  /// of the magnitude, and the smallest subnormal of the right sign from a
  /// zero. `x` is finite, or an infinity stepping toward the finite range.
  Value step(Value x, bool up) {
    using I = arith::CmpIPredicate;
    auto ft = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    Type it = b.getIntegerType(ft.getWidth());
    Value bits = bitcast(x, it);
    Value one = ci(1, it);
    // Non-negative bits (sign clear) move up by one; negative ones down.
    Value signClear = cmpi(I::sge, bits, ci(0, it));
    Value away = arith::AddIOp::create(b, loc, bits, one);
    Value toward = arith::SubIOp::create(b, loc, bits, one);
    Value moved = up ? select(signClear, away, toward)
                     : select(signClear, toward, away);
    APInt signBit = APInt::getSignMask(ft.getWidth());
    Value tiny = up ? one : ci(signBit | 1, it);
    Value isZero = cmp(arith::CmpFPredicate::OEQ, x, c(0.0, ft));
    return bitcast(select(isZero, tiny, moved), ft);
  }

  /// `r` (the round-to-nearest result) moved one ulp in the requested
  /// direction where `err` (of the sign of exact - r) says the exact value
  /// lies on that side.
  Value round(Value r, Value err, Rounding mode) {
    using P = arith::CmpFPredicate;
    Type ft = getElementTypeOrSelf(r.getType());
    Value zero = c(0.0, ft);
    switch (mode) {
    case Rounding::None:
    case Rounding::RN:
      return r;
    case Rounding::RU:
      return select(cmp(P::OGT, err, zero), step(r, /*up=*/true), r);
    case Rounding::RD:
      return select(cmp(P::OLT, err, zero), step(r, /*up=*/false), r);
    case Rounding::RZ: {
      Value above = both(cmp(P::OGT, r, zero), cmp(P::OLT, err, zero));
      Value below = both(cmp(P::OLT, r, zero), cmp(P::OGT, err, zero));
      Value r1 = select(above, step(r, /*up=*/false), r);
      return select(below, step(r, /*up=*/true), r1);
    }
    }
    llvm_unreachable("every rounding mode is handled");
  }

  /// The exact error of x + y = s (TwoSum, six operations).
  Value twoSumError(Value x, Value y, Value s) {
    Value yy = sub(s, x);
    Value xx = sub(s, yy);
    return add(sub(x, xx), sub(y, yy));
  }

  OpBuilder &b;
  Location loc;
  RankedTensorType shape;
  FloatType type;
};

/// Giles' single-precision approximation of erfinv from w = -log(1 - x^2),
/// times `x` (f64 arithmetic).
Value gilesErfinv(Emitter &e, Value w, Value x) {
  using P = arith::CmpFPredicate;
  Type f64 = e.b.getF64Type();
  auto poly = [&](Value t, ArrayRef<double> coeffs) {
    Value p = e.c(coeffs.front(), f64);
    for (double k : coeffs.drop_front())
      p = e.add(e.c(k, f64), e.mul(p, t));
    return p;
  };
  Value central = poly(e.sub(w, e.c(2.5, f64)),
                       {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                        -4.39150654e-06, 0.00021858087, -0.00125372503,
                        -0.00417768164, 0.246640727, 1.50140941});
  Value tail = poly(e.sub(e.sqrt(w), e.c(3.0, f64)),
                    {-0.000200214257, 0.000100950558, 0.00134934322,
                     -0.00367342844, 0.00573950773, -0.0076224613,
                     0.00943887047, 1.00167406, 2.83297682});
  Value p = e.select(e.cmp(P::OLT, w, e.c(5.0, f64)), central, tail);
  return e.mul(p, x);
}

/// y with erfc(y) = c, for c in (0, 1] (y >= 0), refined by Newton steps
/// on erfc in f64 from Giles' approximation; `a` is 1 - c.
Value inverseErfc(Emitter &e, Value c, Value a) {
  Type f64 = e.b.getF64Type();
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
  Type f64 = e.b.getF64Type();
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
  Type f64 = e.b.getF64Type();
  Value upper = e.cmp(P::OGT, x, e.c(1.0, f64));
  Value c = e.select(upper, e.sub(e.c(2.0, f64), x), x);
  Value y = inverseErfc(e, c, e.sub(e.c(1.0, f64), c));
  Value r = e.select(upper, e.neg(y), y);
  Value inRange =
      e.both(e.cmp(P::OGE, x, e.c(0.0, f64)), e.cmp(P::OLE, x, e.c(2.0, f64)));
  return e.select(inRange, r, e.c(NAN, f64));
}

/// The modified Bessel function I0 or I1 in f64: the power series up to
/// |x| = 30 (all terms positive: no cancellation), the asymptotic series
/// e^x / sqrt(2 pi x) * sum_k (-1)^k a_k(nu) / x^k beyond.
Value besselI(Emitter &e, Value x, int nu) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type f64 = b.getF64Type();
  Value a = e.abs(x);
  Value q = e.mul(e.mul(a, a), e.c(0.25, f64));
  // term_0 = (x/2)^nu / nu!; term_{k+1} = term_k * q / ((k+1) (k+1+nu)).
  Value term0 = nu == 0 ? e.c(1.0, f64) : e.mul(a, e.c(0.5, f64));
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, 90);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, one, ValueRange{term0, term0},
      [&](OpBuilder &body, Location l, Value iv, ValueRange args) {
        Emitter le(body, l, e.like(f64), e.type);
        Value k = arith::IndexCastOp::create(body, l, body.getI64Type(), iv);
        Value kf = le.splat(arith::SIToFPOp::create(body, l, f64, k));
        Value k1 = le.add(kf, le.c(1.0, f64));
        Value denom = le.mul(k1, le.add(k1, le.c(double(nu), f64)));
        Value term = le.div(le.mul(args[0], q), denom);
        scf::YieldOp::create(body, l, ValueRange{term, le.add(args[1], term)});
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

//===----------------------------------------------------------------------===//
// Bessel functions of the first and second kind
//===----------------------------------------------------------------------===//

/// J0, J1, Y0 and Y1 at one argument.
struct BesselJY {
  Value j0, j1, y0, y1;
};

/// Euler's constant gamma.
constexpr double kEulerGamma = 0.57721566490153286061;

/// sum_k cs[k] q^k, by Horner's rule.
Value polynomial(Emitter &e, Value q, ArrayRef<double> cs) {
  Value r = e.c(cs.back());
  for (double c : llvm::reverse(cs.drop_back()))
    r = e.fma(r, q, e.c(c));
  return r;
}

/// J0, J1, Y0, Y1 on X in (0, 2] from their power series in q = X^2 / 4
/// (DLMF 10.2.2 and 10.8.1): the terms are at most 1 there, so 16 of them
/// lose nothing to cancellation. psi(m) = H(m - 1) - gamma.
BesselJY besselSeries(Emitter &e, Value x) {
  constexpr int kTerms = 16;
  double j0[kTerms], j1[kTerms], y0[kTerms], y1[kTerms];
  double factorial = 1, harmonic = 0; // k!, H(k)
  for (int k = 0; k < kTerms; ++k) {
    if (k > 0) {
      factorial *= k;
      harmonic += 1.0 / k;
    }
    double sign = k % 2 ? -1.0 : 1.0;
    double psi1 = harmonic - kEulerGamma;                 // psi(k + 1)
    double psi2 = harmonic + 1.0 / (k + 1) - kEulerGamma; // psi(k + 2)
    j0[k] = sign / (factorial * factorial);
    j1[k] = sign / (factorial * factorial * (k + 1));
    y0[k] = 2 * psi1 * j0[k];
    y1[k] = (psi1 + psi2) * j1[k];
  }
  Value q = e.mul(e.mul(x, x), e.c(0.25));
  // log(X) - log(2): X / 2 would lose the least subnormal.
  Value log = e.sub(e.log(x), e.c(M_LN2));
  BesselJY r;
  r.j0 = polynomial(e, q, j0);
  r.j1 = e.mul(e.mul(x, e.c(0.5)), polynomial(e, q, j1));
  r.y0 = e.sub(e.mul(e.mul(log, r.j0), e.c(M_2_PI)),
               e.mul(polynomial(e, q, y0), e.c(M_1_PI)));
  Value pole = e.div(e.c(-M_2_PI), x);
  r.y1 = e.sub(e.add(pole, e.mul(e.mul(log, r.j1), e.c(M_2_PI))),
               e.mul(e.mul(x, e.c(0.5 * M_1_PI)), polynomial(e, q, y1)));
  return r;
}

/// J0, J1, Y0, Y1 on X in (2, 20): Miller's backward recurrence
/// J(k-1) = 2k/X J(k) - J(k+1) from J(64) = 1, J(65) = 0 (its error,
/// J(64, X) / J(0, X), is below 1e-20 there), normalised by
/// 1 = J0 + 2 sum J(2j) (DLMF 10.23.3); Y0 from Neumann's series
/// Y0 = 2/pi ((log(X/2) + gamma) J0 - 2 sum (-1)^j J(2j) / j) (DLMF
/// 10.23.5) and Y1 = -Y0' from its derivative, with
/// J(2j)' = (J(2j-1) - J(2j+1)) / 2.
BesselJY besselMiller(Emitter &e, Value x) {
  constexpr int kStart = 64;
  Value above = e.c(0.0), current = e.c(1.0); // J(k+1), J(k)
  Value norm = e.c(0.0), evenSum = e.c(0.0), oddSum = e.c(0.0);
  Value j1;
  // What J(m) adds to the normalisation, the Y0 sum and the Y1 sum.
  auto accumulate = [&](int m, Value jm) {
    if (m % 2 == 0) {
      int j = m / 2;
      norm = e.add(norm, m == 0 ? jm : e.mul(jm, e.c(2.0)));
      if (j > 0)
        evenSum = e.fma(jm, e.c((j % 2 ? -1.0 : 1.0) / j), evenSum);
      return;
    }
    // J(m) is J(2j-1) of term j = (m+1)/2 and J(2j+1) of term (m-1)/2.
    int up = (m + 1) / 2, down = (m - 1) / 2;
    double coeff = (up % 2 ? -1.0 : 1.0) / up;
    if (down > 0)
      coeff -= (down % 2 ? -1.0 : 1.0) / down;
    oddSum = e.fma(jm, e.c(coeff), oddSum);
  };
  accumulate(kStart, current);
  for (int k = kStart; k >= 1; --k) {
    Value below = e.sub(e.mul(e.div(e.c(2.0 * k), x), current), above);
    above = current;
    current = below;
    accumulate(k - 1, below);
    if (k == 2)
      j1 = below;
  }
  Value inv = e.div(e.c(1.0), norm);
  BesselJY r;
  r.j0 = e.mul(current, inv);
  r.j1 = e.mul(j1, inv);
  Value log = e.add(e.log(e.mul(x, e.c(0.5))), e.c(kEulerGamma));
  Value twoEven = e.mul(e.mul(evenSum, inv), e.c(2.0));
  r.y0 = e.mul(e.sub(e.mul(log, r.j0), twoEven), e.c(M_2_PI));
  Value y1 = e.sub(e.mul(log, r.j1), e.div(r.j0, x));
  r.y1 = e.mul(e.add(y1, e.mul(oddSum, inv)), e.c(M_2_PI));
  return r;
}

/// J0, J1, Y0, Y1 on X >= 20 from Hankel's expansions (DLMF 10.17.3-4):
/// J = (P cos chi - Q sin chi) / sqrt(pi X / 2),
/// Y = (P sin chi + Q cos chi) / sqrt(pi X / 2), chi = X - (nu/2 + 1/4) pi,
/// with 16 terms each of P and Q (the terms shrink to e^-2X, 4e-18 at
/// X = 20, before the series diverges). cos chi and sin chi come from
/// cos X and sin X, exactly reduced, instead of from X - pi/4 rounded.
BesselJY besselHankel(Emitter &e, Value x) {
  constexpr int kTerms = 16;
  Value w = e.div(e.c(1.0), e.mul(x, x));
  Value cosX = math::CosOp::create(e.b, e.loc, x);
  Value sinX = math::SinOp::create(e.b, e.loc, x);
  // 1 / sqrt(pi X / 2) times the 1 / sqrt(2) of cos(X - pi/4) = (cos X +
  // sin X) / sqrt(2); no product of X that could overflow.
  Value scale = e.div(e.c(1.0 / std::sqrt(M_PI)), e.sqrt(x));
  BesselJY r;
  for (int nu = 0; nu <= 1; ++nu) {
    // a(k) = prod_{j <= k} (4 nu^2 - (2j - 1)^2) / (k! 8^k), alternating
    // in sign between consecutive even (and odd) k.
    double p[kTerms], q[kTerms], a = 1.0;
    for (int k = 0; k < 2 * kTerms; ++k) {
      if (k > 0)
        a *= (4.0 * nu * nu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k);
      double term = (k / 2) % 2 ? -a : a;
      if (k % 2)
        q[k / 2] = term;
      else
        p[k / 2] = term;
    }
    Value bigP = polynomial(e, w, p);
    Value bigQ = e.div(polynomial(e, w, q), x);
    // sqrt(2) cos chi and sqrt(2) sin chi.
    Value cosChi = nu == 0 ? e.add(cosX, sinX) : e.sub(sinX, cosX);
    Value sinChi = nu == 0 ? e.sub(sinX, cosX) : e.neg(e.add(sinX, cosX));
    Value j = e.mul(scale, e.sub(e.mul(bigP, cosChi), e.mul(bigQ, sinChi)));
    Value y = e.mul(scale, e.add(e.mul(bigP, sinChi), e.mul(bigQ, cosChi)));
    (nu == 0 ? r.j0 : r.j1) = j;
    (nu == 0 ? r.y0 : r.y1) = y;
  }
  return r;
}

/// J0, J1, Y0, Y1 at X > 0 (f64): the power series up to 2, Miller's
/// recurrence below 20, Hankel's expansions beyond (0 at infinity). Each
/// method is computed everywhere and the right one selected; the others'
/// infinities and NaNs are discarded with them.
BesselJY besselJY(Emitter &e, Value x) {
  using P = arith::CmpFPredicate;
  BesselJY series = besselSeries(e, x);
  BesselJY miller = besselMiller(e, x);
  BesselJY hankel = besselHankel(e, x);
  Value small = e.cmp(P::OLE, x, e.c(2.0));
  Value middle = e.cmp(P::OLT, x, e.c(20.0));
  Value infinite = e.cmp(P::OEQ, x, e.c(INFINITY));
  auto pick = [&](Value s, Value m, Value h) {
    Value r = e.select(small, s, e.select(middle, m, h));
    return e.select(infinite, e.c(0.0), r);
  };
  return {pick(series.j0, miller.j0, hankel.j0),
          pick(series.j1, miller.j1, hankel.j1),
          pick(series.y0, miller.y0, hankel.y0),
          pick(series.y1, miller.y1, hankel.y1)};
}

/// The largest element of the integer tensor `v` (or `v` itself, a
/// scalar): tt.reduce with arith.maxsi along its leading axis until no
/// axis is left.
Value maxOverElements(Emitter &e, Value v) {
  while (auto type = dyn_cast<RankedTensorType>(v.getType())) {
    auto reduce = ReduceOp::create(e.b, e.loc, ValueRange{v}, 0);
    Type element = type.getElementType();
    OpBuilder::InsertionGuard guard(e.b);
    Block *block = e.b.createBlock(&reduce.getCombineOp(), {},
                                   {element, element}, {e.loc, e.loc});
    Value max = arith::MaxSIOp::create(e.b, e.loc, block->getArgument(0),
                                       block->getArgument(1));
    ReduceReturnOp::create(e.b, e.loc, ValueRange{max});
    v = reduce.getResult()[0];
  }
  return v;
}

/// Where J(n, X) or Y(n, X) leaves the range of f64 for |n| >= 1100 and
/// |n| >= 2.72 X: |J(n, X)| <= (X/2)^n / n! < 2^-1100 underflows to 0 and
/// Y(n, X) overflows to -infinity (DLMF 10.14.4, 10.19.2).
Value beyondRange(Emitter &e, Value order, Value orderF, Value x) {
  Value large =
      e.cmpi(arith::CmpIPredicate::sge, order, e.ci(1100, e.b.getI64Type()));
  return e.both(large,
                e.cmp(arith::CmpFPredicate::OGE, orderF, e.mul(x, e.c(2.72))));
}

/// jn or yn (`second`): J(n, x) or Y(n, x) in f64 for an integer order
/// `n`, from J0, J1 or Y0, Y1 by the three-term recurrence
/// F(k+1) = 2k/X F(k) - F(k-1):
///   - Y(n, X): upward, which is stable for Y; stopped at an infinity;
///   - J(n, X) with X >= n: upward, stable while k < X;
///   - J(n, X) with X <= 2 < n: (X/2)^n / n! times its power series;
///   - J(n, X) otherwise: downward from J(n + 64) = 1 (Miller), rescaled
///     by 2^-600 before it overflows, normalised by J0 or J1, whichever is
///     larger.
/// Orders differ between elements, so one loop runs as many steps as the
/// longest element needs and each element steps while it needs to.
Value besselN(Emitter &e, Value n, Value x, bool second) {
  using P = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i64 = b.getI64Type(), f64 = b.getF64Type();
  // |n| in i64 (n is libdevice's int: wider orders are truncated to it).
  unsigned width = getElementTypeOrSelf(n.getType()).getIntOrFloatBitWidth();
  if (width > 32)
    n = arith::TruncIOp::create(b, loc, e.like(b.getI32Type()), n);
  n = arith::ExtSIOp::create(b, loc, e.like(i64), n);
  Value zero = e.ci(0, i64);
  Value negativeOrder = e.cmpi(I::slt, n, zero);
  Value order =
      e.select(negativeOrder, arith::SubIOp::create(b, loc, zero, n), n);
  Value orderF = arith::SIToFPOp::create(b, loc, e.like(f64), order);
  Value odd =
      e.cmpi(I::ne, arith::AndIOp::create(b, loc, order, e.ci(1, i64)), zero);
  Value ax = e.abs(x);
  BesselJY base = besselJY(e, ax);
  Value low = e.cmpi(I::slt, order, e.ci(2, i64));
  Value beyond = beyondRange(e, order, orderF, ax);
  Value inRange = arith::XOrIOp::create(b, loc, beyond, e.ci(1, b.getI1Type()));
  Value finite = e.cmp(P::OLT, ax, e.c(INFINITY)); // false for NaN too
  Value looping =
      e.both(e.both(finite, inRange), e.cmpi(I::sge, order, e.ci(2, i64)));
  // Y always steps upward; J upward where X >= n, else by its series (X <=
  // 2) or downward.
  Value upward = looping, isSeries, downward;
  if (!second) {
    upward = e.both(looping, e.cmp(P::OGE, ax, orderF));
    Value notUp = e.both(looping, e.cmp(P::OLT, ax, orderF));
    isSeries = e.both(notUp, e.cmp(P::OLE, ax, e.c(2.0)));
    downward = e.both(notUp, e.cmp(P::OGT, ax, e.c(2.0)));
  }

  // Steps per element, and the loop's count: the largest.
  constexpr int kMillerMargin = 64;
  Value steps = e.select(
      upward, arith::SubIOp::create(b, loc, order, e.ci(1, i64)), zero);
  if (!second) {
    steps = e.select(isSeries, order, steps);
    steps = e.select(
        downward,
        arith::AddIOp::create(b, loc, order, e.ci(kMillerMargin, i64)), steps);
  }
  Value count = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                           maxOverElements(e, steps));

  Value lo = second ? base.y0 : base.j0, hi = second ? base.y1 : base.j1;
  SmallVector<Value> init = {lo, hi};
  if (!second) {
    init[0] = e.select(downward, e.c(0.0), lo);
    init[1] = e.select(downward, e.c(1.0), hi);
    init.push_back(e.c(0.0)); // J(n) of the downward recurrence
    init.push_back(e.c(1.0)); // (X/2)^n / n! of the series
  }
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, count, one, init,
      [&](OpBuilder &body, Location l, Value iv, ValueRange args) {
        Emitter le(body, l, e.like(f64), e.type);
        Value i = arith::IndexCastOp::create(body, l, body.getI64Type(), iv);
        Value iF = le.splat(arith::SIToFPOp::create(body, l, f64, i));
        Value up = le.add(iF, le.c(1.0));
        Value k = up;
        Value active = le.both(upward, le.cmp(P::OLT, up, orderF));
        if (second) // An infinity stays (the next step would be NaN).
          active =
              le.both(active, le.cmp(P::OLT, le.abs(args[1]), le.c(INFINITY)));
        Value down;
        if (!second) {
          down = le.sub(le.add(orderF, le.c(double(kMillerMargin))), iF);
          k = le.select(downward, down, up);
          active = le.either(
              active, le.both(downward, le.cmp(P::OGE, down, le.c(1.0))));
        }
        Value next =
            le.sub(le.mul(le.div(le.mul(k, le.c(2.0)), ax), args[1]), args[0]);
        Value scale = le.c(1.0);
        if (!second)
          scale = le.select(
              le.cmp(P::OGT, le.abs(next), le.c(std::ldexp(1.0, 600))),
              le.c(std::ldexp(1.0, -600)), scale);
        Value p = le.select(active, le.mul(args[1], scale), args[0]);
        Value q = le.select(active, le.mul(next, scale), args[1]);
        SmallVector<Value> results = {p, q};
        if (!second) {
          Value reached = le.both(
              downward, le.cmp(P::OEQ, le.sub(down, le.c(1.0)), orderF));
          Value kept = le.select(active, le.mul(args[2], scale), args[2]);
          results.push_back(le.select(le.both(active, reached), q, kept));
          Value factor = le.div(le.mul(ax, le.c(0.5)), up);
          Value grows = le.both(isSeries, le.cmp(P::OLE, up, orderF));
          results.push_back(le.select(grows, le.mul(args[3], factor), args[3]));
        }
        scf::YieldOp::create(body, l, results);
      });
  Value r = loop.getResult(1);
  if (!second) {
    // The series' sum: t(j) = t(j-1) (-X^2/4) / (j (n + j)).
    Value q = e.mul(e.mul(ax, ax), e.c(-0.25));
    Value term = e.c(1.0), sum = e.c(1.0);
    for (int j = 1; j <= 12; ++j) {
      term = e.div(e.mul(term, q),
                   e.mul(e.c(double(j)), e.add(orderF, e.c(double(j)))));
      sum = e.add(sum, term);
    }
    Value fromSeries = e.mul(loop.getResult(3), sum);
    Value byJ0 = e.cmp(P::OGE, e.abs(base.j0), e.abs(base.j1));
    Value ratio = e.select(byJ0, e.div(base.j0, loop.getResult(1)),
                           e.div(base.j1, loop.getResult(0)));
    Value fromMiller = e.mul(loop.getResult(2), ratio);
    r = e.select(isSeries, fromSeries, e.select(downward, fromMiller, r));
  }
  r = e.select(beyond, second ? e.c(-INFINITY) : e.c(0.0), r);
  r = e.select(low,
               e.select(e.cmpi(I::eq, order, zero), second ? base.y0 : base.j0,
                        second ? base.y1 : base.j1),
               r);
  // F(-n) = (-1)^n F(n); J(n, -x) = (-1)^n J(n, x).
  Value flip = negativeOrder;
  if (!second)
    flip = arith::XOrIOp::create(b, loc, flip, e.cmp(P::OLT, x, e.c(0.0)));
  r = e.select(e.both(odd, flip), e.neg(r), r);
  if (second) {
    Value atZero =
        e.select(e.both(odd, negativeOrder), e.c(INFINITY), e.c(-INFINITY));
    r = e.select(e.cmp(P::OEQ, x, e.c(0.0)), atZero, r);
    r = e.select(e.cmp(P::OLT, x, e.c(0.0)), e.c(NAN), r);
  }
  return e.select(e.cmp(P::UNO, x, x), x, r);
}

/// sqrt of the sum of squares of `xs`, scaled by the largest magnitude so
/// that nothing overflows or underflows on the way (an infinity wins over
/// a NaN, as in hypot).
Value norm(Emitter &e, ValueRange xs) {
  using P = arith::CmpFPredicate;
  Value m = e.abs(xs.front());
  for (Value x : xs.drop_front())
    m = arith::MaximumFOp::create(e.b, e.loc, m, e.abs(x));
  Value sum = e.c(0.0);
  for (Value x : xs) {
    Value s = e.div(x, m);
    sum = e.fma(s, s, sum);
  }
  Value r = e.mul(m, e.sqrt(sum));
  r = e.select(e.cmp(P::OEQ, m, e.c(0.0)), e.c(0.0), r);
  Value inf = e.c(INFINITY);
  Value anyInf = e.cmp(P::OEQ, e.abs(xs.front()), inf);
  for (Value x : xs.drop_front())
    anyInf = e.either(anyInf, e.cmp(P::OEQ, e.abs(x), inf));
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
  Value safe = e.select(e.cmp(P::OGE, x, e.c(limit)), e.c(0.0), x);
  safe = e.select(e.cmp(P::OGE, safe, e.c(low)), safe, e.c(0.0));
  Type result = e.like(to);
  Value converted =
      isUnsigned ? arith::FPToUIOp::create(b, loc, result, safe).getResult()
                 : arith::FPToSIOp::create(b, loc, result, safe).getResult();
  Value r = e.select(e.cmp(P::OGE, x, e.c(limit)), e.ci(maxInt, to), converted);
  r = e.select(e.cmp(P::OLT, x, e.c(low)), e.ci(minInt, to), r);
  return e.select(e.cmp(P::UNO, x, x), e.ci(0, to), r);
}

/// The sign of x * y + z - fma(x, y, z), exactly, as a float: Boldo and
/// Muller's ErrFma gives the error as r2 + r3 exactly, and their sum
/// rounded to nearest keeps its sign (zero only when it is zero).
Value fmaErrorSign(Emitter &e, Value x, Value y, Value z, Value r1) {
  Value u1 = e.mul(x, y);
  Value u2 = e.fma(x, y, e.neg(u1));
  Value alpha1 = e.add(z, u2);
  Value zz = e.twoSumError(z, u2, alpha1);
  Value beta1 = e.add(u1, alpha1);
  Value beta2 = e.twoSumError(u1, alpha1, beta1);
  Value gamma = e.add(e.sub(beta1, r1), beta2);
  return e.add(gamma, zz);
}

/// 1 / sqrt(x) on f32, correctly rounded: the f64 result rounded to f32 is
/// within one ulp, and the exact comparisons x m^2 <=> 1 with the midpoints
/// m to its neighbours (m^2 is exact in f64, the sign of fma(x, m^2, -1) is
/// the sign of the exact value) move it to the right one.
Value correctlyRoundedRsqrt(Emitter &e, Value x) {
  using P = arith::CmpFPredicate;
  Type f32 = e.b.getF32Type();
  Value xd = e.ext(x);
  Value y = e.narrow(math::RsqrtOp::create(e.b, e.loc, xd), f32);
  Value yd = e.ext(y);
  Value up = e.step(y, /*up=*/true), down = e.step(y, /*up=*/false);
  auto above = [&](Value neighbour) {
    Value mid = e.mul(e.add(yd, e.ext(neighbour)), e.c(0.5, e.b.getF64Type()));
    return e.fma(xd, e.mul(mid, mid), e.c(-1.0, e.b.getF64Type()));
  };
  // x mu^2 < 1: the exact value lies above the upper midpoint; x md^2 > 1:
  // below the lower one.
  Value zero = e.c(0.0, e.b.getF64Type());
  Value r = e.select(e.cmp(P::OLT, above(up), zero), up, y);
  r = e.select(e.cmp(P::OGT, above(down), zero), down, r);
  // Zeros, infinities and NaN (and a result that is one) keep rsqrt's.
  Value finite = e.both(e.cmp(P::OLT, e.abs(y), e.c(INFINITY, f32)),
                        e.cmp(P::ONE, y, e.c(0.0, f32)));
  finite = e.both(finite, e.cmp(P::OGT, x, e.c(0.0, f32)));
  return e.select(finite, r, y);
}

/// rcp64h, as the hardware's MUFU.RCP64H computes it: the reciprocal of x
/// read from its high 32 bits only, returned in the high 32 bits (the low
/// word zero), subnormal operands and results flushed to zeros of their
/// sign. The hardware's result is an approximation (within 2^-19
/// relative); this one is 1 / hi(x) correctly rounded, then cut to its
/// high word.
Value reciprocalOfHighWord(Emitter &e, Value x) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Type i64 = b.getI64Type();
  Value highWord = e.ci(APInt::getHighBitsSet(64, 32), i64);
  auto cut = [&](Value v) {
    Value bits = arith::AndIOp::create(b, e.loc, e.bitcast(v, i64), highWord);
    return e.bitcast(bits, b.getF64Type());
  };
  Value smallest = e.c(std::ldexp(1.0, -1022)); // the least normal
  Value high = cut(x);
  Value flushed =
      e.select(e.cmp(P::OLT, e.abs(high), smallest),
               math::CopySignOp::create(b, e.loc, e.c(0.0), x), high);
  Value r = cut(e.div(e.c(1.0), flushed));
  r = e.select(e.cmp(P::OLT, e.abs(r), smallest),
               math::CopySignOp::create(b, e.loc, e.c(0.0), r), r);
  // A NaN whose payload lies in the low word would be cut to an infinity.
  return e.select(e.cmp(P::UNO, x, x), x, r);
}

Value emit(Emitter &e, const Function &fn, ValueRange ops, Type resultType) {
  using P = arith::CmpFPredicate;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  FloatType t = fn.type;
  StringRef name = fn.name;
  Value x = ops[0];
  Type f64 = b.getF64Type();
  // Computes `f` in f64 and rounds once to t.
  auto inF64 = [&](function_ref<Value(Value)> f) {
    return e.narrow(f(e.ext(x)), t);
  };

  if (name == "rsqrt" && fn.rounding == Rounding::RN)
    return correctlyRoundedRsqrt(e, x);

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
                         .Case("fmod", "arith.remf")
                         .Default("");
  if (!mathOp.empty()) {
    OperationState state(loc, mathOp);
    state.addOperands(ops);
    state.addTypes(resultType);
    return b.create(state)->getResult(0);
  }

  if (name == "powi") {
    // pow of the exponent converted exactly (to f64), rounded once to T.
    Value n = ops[1];
    if (getElementTypeOrSelf(n.getType()).getIntOrFloatBitWidth() > 32)
      n = arith::TruncIOp::create(b, loc, e.like(b.getI32Type()), n);
    Value nf = arith::SIToFPOp::create(b, loc, e.like(f64), n);
    return e.narrow(math::PowFOp::create(b, loc, e.ext(x), nf), t);
  }
  if (name == "rcbrt")
    return inF64([&](Value v) {
      return e.div(e.c(1.0, f64), math::CbrtOp::create(b, loc, v));
    });
  if (name == "sinpi" || name == "cospi") {
    // r = x - 2 round(x / 2) is exact and in [-1, 1].
    return inF64([&](Value v) {
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
      Value r = erfcinv(e, e.mul(v, e.c(2.0, f64)));
      return e.mul(r, e.c(-M_SQRT2, f64));
    });
  if (name == "normcdf")
    return inF64([&](Value v) {
      Value arg = e.mul(v, e.c(-M_SQRT1_2, f64));
      return e.mul(math::ErfcOp::create(b, loc, arg), e.c(0.5, f64));
    });
  if (name == "erfcx")
    return inF64([&](Value v) {
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
  if (name == "j0" || name == "j1" || name == "y0" || name == "y1") {
    Emitter d = e.with(b.getF64Type());
    return inF64([&](Value v) {
      BesselJY r = besselJY(d, d.abs(v));
      if (name == "j0")
        return d.select(d.cmp(P::UNO, v, v), v, r.j0);
      if (name == "j1") { // odd, with j1(-0) = -0
        Value j1 = d.select(d.cmp(P::OLT, v, d.c(0.0)), d.neg(r.j1), r.j1);
        return d.select(d.cmp(P::OEQ, v, d.c(0.0)), v, j1);
      }
      Value y = name == "y0" ? r.y0 : r.y1;
      y = d.select(d.cmp(P::OEQ, v, d.c(0.0)), d.c(-INFINITY), y);
      y = d.select(d.cmp(P::OLT, v, d.c(0.0)), d.c(NAN), y);
      return d.select(d.cmp(P::UNO, v, v), v, y);
    });
  }
  if (name == "jn" || name == "yn") {
    Emitter d = e.with(b.getF64Type());
    return e.narrow(besselN(d, ops[0], e.ext(ops[1]), name == "yn"), t);
  }
  if (name == "rcp64h")
    return reciprocalOfHighWord(e, x);
  if (name == "hypot" || name == "rhypot" || name == "norm3d" ||
      name == "norm4d" || name == "rnorm3d" || name == "rnorm4d") {
    Value r = norm(e, ops);
    if (name.starts_with("r"))
      r = e.div(e.c(1.0), r);
    return r;
  }
  if (name == "nextafter") {
    // NaN if either is; y itself where x == y (which also carries y's sign
    // of zero); otherwise one step of x toward y.
    Value y = ops[1];
    Value r = e.select(e.cmp(P::OLT, x, y), e.step(x, /*up=*/true),
                       e.step(x, /*up=*/false));
    r = e.select(e.cmp(P::OEQ, x, y), y, r);
    return e.select(e.cmp(P::UNO, x, y), e.add(x, y), r);
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
      cond = e.cmpi(arith::CmpIPredicate::slt, e.bitcast(x, intType),
                    e.ci(0, intType));
    }
    if (getElementTypeOrSelf(resultType).isInteger(1))
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
    return e.round(r, fmaErrorSign(e, x, ops[1], ops[2], r), fn.rounding);
  }
  if (name == "llrint" || name == "llround") {
    Value integral = name == "llrint"
                         ? math::RoundEvenOp::create(b, loc, x).getResult()
                         : math::RoundOp::create(b, loc, x).getResult();
    return toIntSaturating(
        e, integral, cast<IntegerType>(getElementTypeOrSelf(resultType)),
        /*isUnsigned=*/false);
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
    return toIntSaturating(e, integral,
                           cast<IntegerType>(getElementTypeOrSelf(resultType)),
                           name == "to_uint");
  }
  if (name == "from_int" || name == "from_uint") {
    using I = arith::CmpIPredicate;
    bool isUnsigned = name == "from_uint";
    Type floatType = e.like(t);
    Value r =
        isUnsigned ? arith::UIToFPOp::create(b, loc, floatType, x).getResult()
                   : arith::SIToFPOp::create(b, loc, floatType, x).getResult();
    if (fn.rounding == Rounding::None || fn.rounding == Rounding::RN)
      return r;
    // exact - r has the sign of x - int(r). r may lie one past the range
    // of x (2^63, say), where exact < r; elsewhere int(r) is exact.
    auto intType = cast<IntegerType>(getElementTypeOrSelf(x.getType()));
    unsigned width = intType.getWidth();
    Value pastEnd =
        e.cmp(P::OGE, r, e.c(std::ldexp(1.0, isUnsigned ? width : width - 1)));
    Value safe = e.select(pastEnd, e.c(0.0), r);
    Type back = e.like(intType);
    Value asInt =
        isUnsigned ? arith::FPToUIOp::create(b, loc, back, safe).getResult()
                   : arith::FPToSIOp::create(b, loc, back, safe).getResult();
    Value above = e.cmpi(isUnsigned ? I::ugt : I::sgt, x, asInt);
    Value below = e.cmpi(isUnsigned ? I::ult : I::slt, x, asInt);
    Value err = e.select(above, e.c(1.0), e.select(below, e.c(-1.0), e.c(0.0)));
    err = e.select(pastEnd, e.c(-1.0), err);
    return e.round(r, err, fn.rounding);
  }
  if (name == "narrow") {
    Type f32 = b.getF32Type();
    Value r = arith::TruncFOp::create(b, loc, e.like(f32), x);
    Value err = e.sub(x, e.ext(r));
    Emitter e32 = e.with(b.getF32Type());
    return e32.round(r, e32.narrow(err, f32), fn.rounding);
  }
  llvm_unreachable("decode accepted a function that emit does not know");
}

/// Whether `op` is one of the bit reinterpretations and word splits, which
/// have no float type to decode by: float_as_int, int_as_float,
/// double_as_longlong, longlong_as_double, double2hiint, double2loint,
/// hiloint2double, each with the types it takes.
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
  return ((name == "double2hiint" || name == "double2loint") &&
          is({f64}, i32)) ||
         (name == "hiloint2double" && is({i32, i32}, f64)) ||
         ((name == "float_as_int" || name == "float_as_uint") &&
          is({f32}, i32)) ||
         ((name == "int_as_float" || name == "uint_as_float") &&
          is({i32}, f32)) ||
         (name == "double_as_longlong" && is({f64}, i64)) ||
         (name == "longlong_as_double" && is({i64}, f64));
}

/// The bits function `op` (isBitsFunction) on `ops`.
Value emitBits(OpBuilder &b, ExternElementwiseOp op, ValueRange ops) {
  StringRef name = op.getSymbol();
  name.consume_front("__nv_");
  Location loc = op.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Emitter e(b, loc, op.getType(), b.getF64Type());
  if (name == "double2hiint" || name == "double2loint") {
    Value bits = e.bitcast(ops[0], i64);
    if (name == "double2hiint")
      bits = arith::ShRUIOp::create(b, loc, bits, e.ci(32, i64));
    return arith::TruncIOp::create(b, loc, e.like(i32), bits);
  }
  if (name == "hiloint2double") {
    Value hi = arith::ExtUIOp::create(b, loc, e.like(i64), ops[0]);
    Value lo = arith::ExtUIOp::create(b, loc, e.like(i64), ops[1]);
    hi = arith::ShLIOp::create(b, loc, hi, e.ci(32, i64));
    return e.bitcast(arith::OrIOp::create(b, loc, hi, lo), b.getF64Type());
  }
  return e.bitcast(ops[0], getElementTypeOrSelf(op.getType()));
}

/// The operand width and count of one of libdevice's integer functions,
/// and its result width.
struct IntegerSignature {
  unsigned width, arity, result;
};

/// The signature of the integer function `op` calls (`__nv_clz`,
/// `__nv_umulhi`, ...), if it calls one with the types it takes.
std::optional<IntegerSignature> getIntegerSignature(ExternElementwiseOp op) {
  StringRef name = op.getSymbol();
  if (!name.consume_front("__nv_"))
    return std::nullopt;
  std::optional<IntegerSignature> sig =
      llvm::StringSwitch<std::optional<IntegerSignature>>(name)
          .Cases({"clz", "popc", "ffs"}, IntegerSignature{32, 1, 32})
          .Cases({"clzll", "popcll", "ffsll"}, IntegerSignature{64, 1, 32})
          .Cases({"brev", "abs"}, IntegerSignature{32, 1, 32})
          .Cases({"brevll", "llabs"}, IntegerSignature{64, 1, 64})
          .Cases({"mulhi", "umulhi", "mul24", "umul24", "hadd", "uhadd",
                  "rhadd", "urhadd"},
                 IntegerSignature{32, 2, 32})
          .Cases({"mul64hi", "umul64hi"}, IntegerSignature{64, 2, 64})
          .Cases({"sad", "usad", "byte_perm"}, IntegerSignature{32, 3, 32})
          .Default(std::nullopt);
  if (!sig || op.getSrcs().size() != sig->arity ||
      !getElementTypeOrSelf(op.getType()).isInteger(sig->result) ||
      llvm::any_of(op.getSrcs(), [&](Value src) {
        return !getElementTypeOrSelf(src.getType()).isInteger(sig->width);
      }))
    return std::nullopt;
  return sig;
}

/// The integer function `op` calls (getIntegerSignature) on `ops`, with
/// libdevice's semantics: wrapping arithmetic, the operands' bits read as
/// signed or unsigned as the name says.
Value emitInteger(OpBuilder &b, ExternElementwiseOp op,
                  const IntegerSignature &sig, ValueRange ops) {
  using I = arith::CmpIPredicate;
  StringRef name = op.getSymbol();
  name.consume_front("__nv_");
  auto resultType = cast<IntegerType>(getElementTypeOrSelf(op.getType()));
  Location loc = op.getLoc();
  Type it = b.getIntegerType(sig.width);
  Emitter e(b, loc, op.getType(), b.getF32Type());
  Value x = ops[0];
  auto c = [&](const APInt &v) { return e.ci(v, it); };
  auto ci = [&](int64_t v) { return e.ci(v, it); };
  auto toResult = [&](Value v) -> Value {
    if (sig.result == sig.width)
      return v;
    return arith::TruncIOp::create(b, loc, e.like(resultType), v);
  };
  auto andi = [&](Value p, Value q) {
    return arith::AndIOp::create(b, loc, p, q).getResult();
  };
  auto ori = [&](Value p, Value q) {
    return arith::OrIOp::create(b, loc, p, q).getResult();
  };
  auto xori = [&](Value p, Value q) {
    return arith::XOrIOp::create(b, loc, p, q).getResult();
  };
  auto shl = [&](Value p, Value q) {
    return arith::ShLIOp::create(b, loc, p, q).getResult();
  };
  auto shru = [&](Value p, Value q) {
    return arith::ShRUIOp::create(b, loc, p, q).getResult();
  };
  auto shrs = [&](Value p, Value q) {
    return arith::ShRSIOp::create(b, loc, p, q).getResult();
  };
  bool isUnsigned = name.starts_with("u");

  if (name.starts_with("clz"))
    return toResult(math::CountLeadingZerosOp::create(b, loc, x));
  if (name.starts_with("popc"))
    return toResult(math::CtPopOp::create(b, loc, x));
  if (name.starts_with("ffs")) {
    // 1 + the index of the lowest set bit; 0 for 0.
    Value index = math::CountTrailingZerosOp::create(b, loc, x);
    Value r = arith::AddIOp::create(b, loc, index, ci(1));
    return toResult(e.select(e.cmpi(I::eq, x, ci(0)), ci(0), r));
  }
  if (name == "abs" || name == "llabs")
    return math::AbsIOp::create(b, loc, x);
  if (name.starts_with("brev")) {
    // Swap ever larger groups of bits: 1, 2, 4, 8, 16 (and 32).
    unsigned width = sig.width;
    for (unsigned shift = 1; shift < width; shift *= 2) {
      APInt mask = APInt::getZero(width);
      for (unsigned bit = 0; bit < width; ++bit)
        if ((bit / shift) % 2 == 0)
          mask.setBit(bit);
      Value amount = ci(shift);
      x = ori(andi(shru(x, amount), c(mask)), shl(andi(x, c(mask)), amount));
    }
    return x;
  }
  Value y = ops[1];
  if (name.ends_with("mulhi")) {
    if (isUnsigned)
      return arith::MulUIExtendedOp::create(b, loc, x, y).getHigh();
    return arith::MulSIExtendedOp::create(b, loc, x, y).getHigh();
  }
  if (name.ends_with("mul64hi")) {
    // From the four products of 32-bit halves, in 64 bits: a 128-bit
    // product is more than some targets have (SPIR-V's integers stop at
    // 64 bits).
    Value low = ci(0xffffffff), half = ci(32);
    Value xl = andi(x, low), xh = shru(x, half);
    Value yl = andi(y, low), yh = shru(y, half);
    auto mul = [&](Value p, Value q) {
      return arith::MulIOp::create(b, loc, p, q).getResult();
    };
    auto add = [&](Value p, Value q) {
      return arith::AddIOp::create(b, loc, p, q).getResult();
    };
    Value ll = mul(xl, yl), lh = mul(xl, yh), hl = mul(xh, yl);
    Value mid = add(add(shru(ll, half), andi(lh, low)), andi(hl, low));
    Value high = add(add(mul(xh, yh), shru(lh, half)),
                     add(shru(hl, half), shru(mid, half)));
    if (isUnsigned)
      return high;
    // As signed numbers each negative operand subtracts the other, times
    // 2^64, from the unsigned product.
    Value zero = ci(0);
    high = arith::SubIOp::create(b, loc, high,
                                 e.select(e.cmpi(I::slt, x, zero), y, zero));
    return arith::SubIOp::create(b, loc, high,
                                 e.select(e.cmpi(I::slt, y, zero), x, zero));
  }
  if (name.ends_with("mul24")) {
    // The low 24 bits of each, sign- or zero-extended, multiplied.
    auto low24 = [&](Value v) {
      if (isUnsigned)
        return andi(v, ci(0xffffff));
      return shrs(shl(v, ci(8)), ci(8));
    };
    return arith::MulIOp::create(b, loc, low24(x), low24(y));
  }
  if (name.ends_with("hadd")) {
    // (x + y) >> 1 and (x + y + 1) >> 1 without overflow, as x + y is
    // 2 (x & y) + (x ^ y) and 2 (x | y) - (x ^ y).
    Value bits = xori(x, y);
    Value half = isUnsigned ? shru(bits, ci(1)) : shrs(bits, ci(1));
    if (name.ends_with("rhadd"))
      return arith::SubIOp::create(b, loc, ori(x, y), half);
    return arith::AddIOp::create(b, loc, andi(x, y), half);
  }
  Value z = ops[2];
  if (name.ends_with("sad")) {
    // |x - y| + z, the difference taken as the larger minus the smaller.
    Value greater = e.cmpi(isUnsigned ? I::ugt : I::sgt, x, y);
    Value diff = e.select(greater, arith::SubIOp::create(b, loc, x, y),
                          arith::SubIOp::create(b, loc, y, x));
    return arith::AddIOp::create(b, loc, diff, z);
  }
  // byte_perm: byte i of the result is byte (z >> 4i) & 7 of the eight
  // bytes of y:x (x the low four).
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) {
    return arith::ExtUIOp::create(b, loc, e.like(i64), v).getResult();
  };
  Value bytes = ori(shl(wide(y), e.ci(32, i64)), wide(x));
  Value r = ci(0);
  for (int i = 0; i < 4; ++i) {
    Value selector = andi(shru(z, ci(4 * i)), ci(7));
    Value bit = wide(arith::MulIOp::create(b, loc, selector, ci(8)));
    Value byte = andi(shru(bytes, bit), e.ci(0xff, i64));
    Value narrow = arith::TruncIOp::create(b, loc, e.like(it), byte);
    r = ori(r, shl(narrow, ci(8 * i)));
  }
  return r;
}

struct TritonExpandLibdevicePass
    : public mlir::triton::impl::TritonExpandLibdeviceBase<
          TritonExpandLibdevicePass> {
  void runOnOperation() override { expandLibdeviceCalls(getOperation()); }
};

} // namespace

bool mlir::triton::isExpandableLibdeviceCall(ExternElementwiseOp op) {
  return isBitsFunction(op) || decode(op) || getIntegerSignature(op);
}

void mlir::triton::expandLibdeviceCalls(
    ModuleOp module, function_ref<bool(ExternElementwiseOp)> keep) {
  SmallVector<ExternElementwiseOp> calls;
  module.walk([&](ExternElementwiseOp op) {
    if (!keep || !keep(op))
      calls.push_back(op);
  });
  OpBuilder b(module.getContext());
  for (ExternElementwiseOp op : calls) {
    b.setInsertionPoint(op);
    Value result;
    if (isBitsFunction(op)) {
      result = emitBits(b, op, op.getSrcs());
    } else if (std::optional<Function> fn = decode(op)) {
      Emitter e(b, op.getLoc(), op.getType(), fn->type);
      result = emit(e, *fn, op.getSrcs(), op.getType());
    } else if (std::optional<IntegerSignature> sig =
                   getIntegerSignature(op)) {
      result = emitInteger(b, op, *sig, op.getSrcs());
    } else {
      continue;
    }
    op.replaceAllUsesWith(result);
    op.erase();
  }
}

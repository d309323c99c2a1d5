//===- Libdevice.cpp - libdevice functions from the C math library -------===//
//
// The functions of libdevice that tl.extra.cuda.libdevice exposes on f32
// and f64 (`__nv_<name>f` on f32, `__nv_<name>` on f64) and that the core's
// tt-expand-libdevice leaves to the target, because computing them takes a
// math library: exp10, lgamma, tgamma, logb, ilogb, ldexp, scalbn and
// remainder. Each becomes a call of the C library's function of the same
// meaning (`<name>f` on f32). Every one of them is in glibc's libm, which
// the kernel library is linked against with undefined symbols refused
// (lib/Target/CodeGen.cpp), so nothing that compiles fails to load.
//
//===----------------------------------------------------------------------===//

#include "Libdevice.h"

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

/// How a function's operands and result are typed (T is f32 or f64).
enum class Shape {
  Unary,    // T -> T
  Binary,   // T, T -> T       (remainder)
  FloatInt, // T, int -> T     (ldexp, scalbn)
  ToInt,    // T -> int        (ilogb)
};

/// The C library functions, by libdevice's name without `__nv_` and the
/// f32 suffix.
std::optional<Shape> getShape(StringRef name) {
  return llvm::StringSwitch<std::optional<Shape>>(name)
      .Cases({"exp10", "lgamma", "tgamma", "logb"}, Shape::Unary)
      .Case("remainder", Shape::Binary)
      .Cases({"ldexp", "scalbn"}, Shape::FloatInt)
      .Case("ilogb", Shape::ToInt)
      .Default(std::nullopt);
}

/// A decoded call: the C function's base name (without the f32 suffix),
/// its shape and the float type it computes in.
struct Function {
  StringRef name;
  Shape shape;
  FloatType type;
};

/// Decodes `op`'s symbol, or says why it cannot.
FailureOr<Function> decode(ExternElementwiseOp op, std::string &why) {
  if (isExpandableLibdeviceCall(op)) {
    why = "which tt-expand-libdevice computes: run it before this pass (the "
          "cpu target's linalg stage does)";
    return failure();
  }
  SmallVector<Type> operands;
  for (Value src : op.getSrcs())
    operands.push_back(getElementTypeOrSelf(src.getType()));
  Type result = getElementTypeOrSelf(op.getType());
  auto isFloat = [](Type t) { return t.isF32() || t.isF64(); };
  // The float type computed in: the first float operand's, or the result's.
  FloatType type;
  for (Type t : operands)
    if (isFloat(t)) {
      type = cast<FloatType>(t);
      break;
    }
  if (!type && isFloat(result))
    type = cast<FloatType>(result);
  if (!type) {
    why = "which the cpu target does not compute on these types (libdevice's "
          "math takes f32 or f64, its integer functions i32 or i64)";
    return failure();
  }
  StringRef name = op.getSymbol();
  bool suffixed = type.isF32() && name.ends_with("f");
  std::optional<Shape> shape;
  // `__nv_fast_<name>f` is libdevice's faster, less precise form; the C
  // library's is at least as precise.
  if (name.consume_front("__nv_")) {
    name.consume_front("fast_");
    shape = getShape(suffixed ? name.drop_back() : name);
  }
  if (!shape) {
    why = "which is not a libdevice math function the cpu target knows (it "
          "computes those itself, with tt-expand-libdevice and the C math "
          "library, and links no other library)";
    return failure();
  }
  auto isInt = [](Type t) { return isa<IntegerType>(t); };
  bool ok = false;
  switch (*shape) {
  case Shape::Unary:
    ok = operands.size() == 1 && operands[0] == type && result == type;
    break;
  case Shape::Binary:
    ok = operands.size() == 2 && operands[0] == type && operands[1] == type &&
         result == type;
    break;
  case Shape::FloatInt:
    ok = operands.size() == 2 && operands[0] == type && isInt(operands[1]) &&
         result == type;
    break;
  case Shape::ToInt:
    ok = operands.size() == 1 && operands[0] == type && isInt(result);
    break;
  }
  if (!ok) {
    why = "types that the function does not take";
    return failure();
  }
  return Function{suffixed ? name.drop_back() : name, *shape, type};
}

/// A call of the C library's `name` (declared in the module on first use).
Value call(OpBuilder &b, Location loc, Operation *user, StringRef name,
           ValueRange operands, Type result) {
  auto module = user->getParentOfType<ModuleOp>();
  auto callee = module.lookupSymbol<func::FuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type =
        FunctionType::get(b.getContext(), operands.getTypes(), {result});
    callee = func::FuncOp::create(b, loc, name, type);
    callee.setPrivate();
  }
  return func::CallOp::create(b, loc, callee, operands).getResult(0);
}

} // namespace

std::string getExternElementwiseError(ExternElementwiseOp op) {
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
  std::string why;
  FailureOr<Function> fn = decode(op, why);
  assert(succeeded(fn) && "the pass checks extern_elementwise first");
  std::string name = fn->name.str();
  if (fn->type.isF32())
    name += "f";
  // An integer operand (ldexp's exponent) is C's int.
  SmallVector<Value> args(operands);
  for (Value &arg : args) {
    if (!arg.getType().isInteger())
      continue;
    unsigned width = arg.getType().getIntOrFloatBitWidth();
    if (width > 32)
      arg = arith::TruncIOp::create(b, loc, b.getI32Type(), arg);
    else if (width < 32)
      arg = arith::ExtSIOp::create(b, loc, b.getI32Type(), arg);
  }
  if (fn->shape != Shape::ToInt)
    return call(b, loc, op, name, args, resultType);
  // ilogb returns C's int.
  Value r = call(b, loc, op, name, args, b.getI32Type());
  unsigned want = resultType.getIntOrFloatBitWidth();
  if (want < 32)
    return arith::TruncIOp::create(b, loc, resultType, r);
  if (want > 32)
    return arith::ExtSIOp::create(b, loc, resultType, r);
  return r;
}

} // namespace mlir::triton::cpu

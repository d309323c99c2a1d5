//===- AxisInfo.cpp - Divisibility, contiguity and constancy --------------===//
//
// The axis analysis as a sparse forward data-flow analysis (MLIR's
// DataFlowSolver, with dead-code analysis and constant propagation beside
// it), and the per-module wrapper that the lowering and the coalescing pass
// query.
//
// Every rule below first decides the result's contiguity c, then its
// divisibility: the divisibility of an operand's run starts, where the
// result's runs are shorter than the operand's, is that of a start inside an
// operand run (`runStartDivisibility`).
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/AxisInfo.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

#define DEBUG_TYPE "trident-axis-info"

using namespace mlir;
using namespace trident;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Arithmetic on divisors
//===----------------------------------------------------------------------===//

namespace {

/// The largest power of two dividing `value` (kMaxDivisor for 0).
int64_t powerOfTwoDivisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisor;
  uint64_t bits = static_cast<uint64_t>(value);
  uint64_t lowest = bits & (~bits + 1);
  if (lowest >= static_cast<uint64_t>(AxisInfo::kMaxDivisor))
    return AxisInfo::kMaxDivisor;
  return static_cast<int64_t>(lowest);
}

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }
int64_t gcd(int64_t a, int64_t b, int64_t c) { return std::gcd(a, gcd(b, c)); }

int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product) || product > AxisInfo::kMaxDivisor)
    return AxisInfo::kMaxDivisor;
  return product;
}

/// The shape a value is described with: a tensor's, or [1] for a scalar.
SmallVector<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

/// The divisibility of the first element of every run of `runLength`
/// elements along `dim` (runLength dividing the operand's own runs or
/// covering whole runs).
int64_t runStartDivisibility(const AxisInfo &info, unsigned dim,
                             int64_t runLength) {
  if (info.getContiguity(dim) > runLength)
    return gcd(info.getDivisibility(dim), runLength);
  return info.getDivisibility(dim);
}

/// The number of bytes an element of `ptrType`'s pointee takes.
int64_t pointeeBytes(Type ptrType) {
  Type pointee = tt::getPointeeType(getElementTypeOrSelf(ptrType));
  if (!pointee)
    return 1;
  if (auto ptr = dyn_cast<tt::PointerType>(getElementTypeOrSelf(pointee)))
    return 8;
  unsigned bits = getElementTypeOrSelf(pointee).getIntOrFloatBitWidth();
  return std::max<int64_t>(1, bits / 8);
}

/// Reads an integer hint: a scalar attribute, an array or a dense vector.
std::optional<SmallVector<int64_t>> readHint(Attribute attr, unsigned rank) {
  SmallVector<int64_t> values;
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr)) {
    values.assign(rank, integer.getValue().getSExtValue());
  } else if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr)) {
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
  } else if (auto array = dyn_cast_or_null<DenseI32ArrayAttr>(attr)) {
    values.assign(array.asArrayRef().begin(), array.asArrayRef().end());
  } else if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr)) {
    values.assign(array.asArrayRef().begin(), array.asArrayRef().end());
  } else {
    return std::nullopt;
  }
  if (values.size() == 1 && rank > 1)
    values.assign(rank, values.front());
  if (values.size() != rank ||
      llvm::any_of(values, [](int64_t v) { return v < 1; }))
    return std::nullopt;
  return values;
}

} // namespace

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(DimVector contiguity, DimVector divisibility,
                   DimVector constancy, std::optional<int64_t> constantValue)
    : contiguity(std::move(contiguity)), divisibility(std::move(divisibility)),
      constancy(std::move(constancy)), constantValue(constantValue) {}

AxisInfo AxisInfo::getPessimisticValueState(Type type) {
  unsigned rank = shapeOf(type).size();
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1));
}

AxisInfo AxisInfo::getPessimisticValueState(Type type, DictionaryAttr hints) {
  AxisInfo info = getPessimisticValueState(type);
  if (!hints)
    return info;
  unsigned rank = info.getRank();
  if (auto v = readHint(hints.get("tt.divisibility"), rank))
    info.divisibility.assign(v->begin(), v->end());
  if (auto v = readHint(hints.get("tt.contiguity"), rank))
    info.contiguity.assign(v->begin(), v->end());
  if (auto v = readHint(hints.get("tt.constancy"), rank))
    info.constancy.assign(v->begin(), v->end());
  return info;
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return lhs;
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    contiguity.push_back(gcd(lhs.contiguity[d], rhs.contiguity[d]));
    divisibility.push_back(gcd(lhs.divisibility[d], rhs.divisibility[d]));
    constancy.push_back(gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printVector = [&](StringRef name, const DimVector &values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printVector("contiguity", contiguity);
  os << ", ";
  printVector("divisibility", divisibility);
  os << ", ";
  printVector("constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// The transfer functions
//===----------------------------------------------------------------------===//

namespace {

using DimVector = AxisInfo::DimVector;

/// The info of a value all of whose elements are `value`.
AxisInfo constantInfo(Type type, int64_t value) {
  SmallVector<int64_t> shape = shapeOf(type);
  DimVector ones(shape.size(), 1);
  return AxisInfo(ones, DimVector(shape.size(), powerOfTwoDivisor(value)),
                  DimVector(shape.begin(), shape.end()), value);
}

/// A value that does not vary inside runs of `constancy` elements (no
/// integer value known).
AxisInfo constancyOnlyInfo(Type type, DimVector constancy) {
  unsigned rank = constancy.size();
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), constancy);
}

DimVector gcdConstancy(ArrayRef<const AxisInfo *> infos) {
  DimVector constancy = infos.front()->getConstancy();
  for (const AxisInfo *info : infos.drop_front())
    for (unsigned d = 0; d < constancy.size(); ++d)
      constancy[d] = gcd(constancy[d], info->getConstancy(d));
  return constancy;
}

/// The integer value of `attr` when it is an integer or a splat of one.
std::optional<int64_t> getIntegerConstant(Attribute attr) {
  auto fromAPInt = [](const APInt &v) -> int64_t {
    return v.getBitWidth() == 1 ? v.getZExtValue() : v.getSExtValue();
  };
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return fromAPInt(integer.getValue());
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr))
    if (dense.isSplat())
      return fromAPInt(dense.getSplatValue<APInt>());
  return std::nullopt;
}

/// Both operands' constant values, when known.
std::optional<std::pair<int64_t, int64_t>> bothConstant(const AxisInfo &lhs,
                                                        const AxisInfo &rhs) {
  if (lhs.getConstantValue() && rhs.getConstantValue())
    return std::make_pair(*lhs.getConstantValue(), *rhs.getConstantValue());
  return std::nullopt;
}

/// Addition (and pointer offsetting, with `rhsScale` bytes per element).
AxisInfo visitAdd(const AxisInfo &lhs, const AxisInfo &rhs, int64_t rhsScale,
                  bool isPointer) {
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = std::max(gcd(lhs.getContiguity(d), rhs.getConstancy(d)),
                         gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    contiguity.push_back(c);
    divisibility.push_back(
        gcd(runStartDivisibility(lhs, d, c),
            saturatingMul(runStartDivisibility(rhs, d, c), rhsScale)));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs); values && !isPointer)
    constant = values->first + values->second;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitSub(const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    contiguity.push_back(c);
    divisibility.push_back(
        gcd(runStartDivisibility(lhs, d, c), runStartDivisibility(rhs, d, c)));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs))
    constant = values->first - values->second;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitMul(const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = 1;
    if (rhs.getConstantValue() == 1)
      c = lhs.getContiguity(d);
    else if (lhs.getConstantValue() == 1)
      c = rhs.getContiguity(d);
    contiguity.push_back(c);
    divisibility.push_back(saturatingMul(runStartDivisibility(lhs, d, c),
                                         runStartDivisibility(rhs, d, c)));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs))
    constant = static_cast<int64_t>(static_cast<uint64_t>(values->first) *
                                    static_cast<uint64_t>(values->second));
  else if (lhs.getConstantValue() == 0 || rhs.getConstantValue() == 0)
    constant = 0;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

/// Integer division. A division that rounds down (unsigned, or a right
/// shift) maps aligned runs of consecutive integers to equal quotients; one
/// that truncates (signed) does not for negative dividends ((-64 .. -61) / 4
/// is -16, -15, -15, -15), so its quotients are only as constant as its
/// operands. Contiguity and divisibility still assume non-negative dividends
/// (offsets), as upstream Triton does.
AxisInfo visitDiv(const AxisInfo &lhs, const AxisInfo &rhs, bool roundsDown) {
  std::optional<int64_t> divisor = rhs.getConstantValue();
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = divisor == 1 ? lhs.getContiguity(d) : 1;
    contiguity.push_back(c);
    int64_t k = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (roundsDown && divisor && *divisor > 0 && lhs.getContiguity(d) > 1)
      // Runs of g consecutive integers starting at a multiple of g, with g
      // dividing the divisor, contain no multiple of the divisor past their
      // first element: their quotients are equal.
      k = std::max(k, gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                          powerOfTwoDivisor(*divisor)));
    constancy.push_back(k);
    int64_t v = 1;
    if (divisor == 1)
      v = lhs.getDivisibility(d);
    else if (divisor && *divisor > 0 && llvm::isPowerOf2_64(*divisor) &&
             lhs.getContiguity(d) == 1 && lhs.getDivisibility(d) >= *divisor)
      v = lhs.getDivisibility(d) / *divisor;
    divisibility.push_back(v);
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs); values && values->second != 0)
    constant = values->first / values->second;
  else if (lhs.getConstantValue() == 0)
    constant = 0;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitRem(const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> divisor = rhs.getConstantValue();
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = 1;
    if (divisor && *divisor > 0)
      c = gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
              powerOfTwoDivisor(*divisor));
    else if (!divisor)
      // A divisor that is the same along a run and a multiple of g wraps
      // runs of g consecutive integers starting at a multiple of g at their
      // start only: `(offset + arange) % N` keeps runs of gcd(..., N's
      // divisibility), as upstream Triton assumes (offsets non-negative).
      c = gcd(gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
              gcd(rhs.getDivisibility(d), rhs.getConstancy(d)));
    contiguity.push_back(c);
    divisibility.push_back(
        gcd(runStartDivisibility(lhs, d, c), runStartDivisibility(rhs, d, c)));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs); values && values->second != 0)
    constant = values->first % values->second;
  else if (lhs.getConstantValue() == 0 || divisor == 1)
    constant = 0;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitShift(const AxisInfo &lhs, const AxisInfo &rhs, bool left) {
  std::optional<int64_t> amount = rhs.getConstantValue();
  if (amount && (*amount < 0 || *amount > 62))
    amount.reset();
  if (!left) {
    if (!amount)
      return constancyOnlyInfo(Type(), gcdConstancy({&lhs, &rhs}));
    AxisInfo divisor(DimVector(lhs.getRank(), 1),
                     DimVector(lhs.getRank(), int64_t(1) << *amount),
                     rhs.getConstancy(), int64_t(1) << *amount);
    AxisInfo result = visitDiv(lhs, divisor, /*roundsDown=*/true);
    if (auto value = lhs.getConstantValue())
      return AxisInfo(result.getContiguity(), result.getDivisibility(),
                      result.getConstancy(), *value >> *amount);
    return result;
  }
  DimVector contiguity, divisibility;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t c = amount == 0 ? lhs.getContiguity(d) : 1;
    contiguity.push_back(c);
    int64_t v = runStartDivisibility(lhs, d, c);
    divisibility.push_back(amount ? saturatingMul(v, int64_t(1) << *amount)
                                  : v);
  }
  std::optional<int64_t> constant;
  if (amount && lhs.getConstantValue())
    constant = static_cast<int64_t>(
        static_cast<uint64_t>(*lhs.getConstantValue()) << *amount);
  return AxisInfo(contiguity, divisibility, gcdConstancy({&lhs, &rhs}),
                  constant);
}

/// and/or/xor: no contiguity; an `and` is a multiple of whatever either
/// operand is a multiple of, `or` and `xor` of what both are.
template <typename Fold>
AxisInfo visitBitwise(const AxisInfo &lhs, const AxisInfo &rhs, bool isAnd,
                      Fold fold) {
  DimVector divisibility;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t l = runStartDivisibility(lhs, d, 1);
    int64_t r = runStartDivisibility(rhs, d, 1);
    divisibility.push_back(isAnd ? std::max(l, r) : std::min(l, r));
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs))
    constant = fold(values->first, values->second);
  return AxisInfo(DimVector(lhs.getRank(), 1), divisibility,
                  gcdConstancy({&lhs, &rhs}), constant);
}

/// min/max: equal runs of both operands stay equal runs.
template <typename Fold>
AxisInfo visitMinMax(const AxisInfo &lhs, const AxisInfo &rhs, Fold fold) {
  if (auto values = bothConstant(lhs, rhs)) {
    int64_t value = fold(values->first, values->second);
    return AxisInfo(DimVector(lhs.getRank(), 1),
                    DimVector(lhs.getRank(), powerOfTwoDivisor(value)),
                    gcdConstancy({&lhs, &rhs}), value);
  }
  DimVector divisibility;
  for (unsigned d = 0; d < lhs.getRank(); ++d)
    divisibility.push_back(
        gcd(runStartDivisibility(lhs, d, 1), runStartDivisibility(rhs, d, 1)));
  return AxisInfo(DimVector(lhs.getRank(), 1), divisibility,
                  gcdConstancy({&lhs, &rhs}));
}

/// Integer comparison. Besides runs where both sides are constant, a run of
/// g consecutive integers starting at a multiple of g compares the same way
/// against a constant multiple of g under <, >= (and mirrored).
AxisInfo visitCmp(arith::CmpIPredicate predicate, const AxisInfo &lhs,
                  const AxisInfo &rhs) {
  using P = arith::CmpIPredicate;
  bool lhsRangeForm = predicate == P::slt || predicate == P::ult ||
                      predicate == P::sge || predicate == P::uge;
  bool rhsRangeForm = predicate == P::sgt || predicate == P::ugt ||
                      predicate == P::sle || predicate == P::ule;
  DimVector constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t k = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    auto rangeAgainstConstant = [&](const AxisInfo &range,
                                    const AxisInfo &bound) {
      if (range.getContiguity(d) <= 1)
        return int64_t(1);
      return gcd(gcd(range.getContiguity(d), range.getDivisibility(d)),
                 bound.getDivisibility(d), bound.getConstancy(d));
    };
    if (lhsRangeForm)
      k = std::max(k, rangeAgainstConstant(lhs, rhs));
    if (rhsRangeForm)
      k = std::max(k, rangeAgainstConstant(rhs, lhs));
    constancy.push_back(k);
  }
  std::optional<int64_t> constant;
  if (auto values = bothConstant(lhs, rhs)) {
    int64_t l = values->first, r = values->second;
    uint64_t ul = l, ur = r;
    bool result = false;
    switch (predicate) {
    case P::eq:
      result = l == r;
      break;
    case P::ne:
      result = l != r;
      break;
    case P::slt:
      result = l < r;
      break;
    case P::sle:
      result = l <= r;
      break;
    case P::sgt:
      result = l > r;
      break;
    case P::sge:
      result = l >= r;
      break;
    case P::ult:
      result = ul < ur;
      break;
    case P::ule:
      result = ul <= ur;
      break;
    case P::ugt:
      result = ul > ur;
      break;
    case P::uge:
      result = ul >= ur;
      break;
    }
    constant = result ? 1 : 0;
  }
  return AxisInfo(DimVector(lhs.getRank(), 1), DimVector(lhs.getRank(), 1),
                  constancy, constant);
}

AxisInfo visitSelect(const AxisInfo &cond, const AxisInfo &lhs,
                     const AxisInfo &rhs, bool scalarCondition) {
  if (auto c = cond.getConstantValue())
    return *c ? lhs : rhs;
  if (scalarCondition)
    return AxisInfo::join(lhs, rhs);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t k = cond.getConstancy(d);
    int64_t c =
        std::min(gcd(k, lhs.getContiguity(d)), gcd(k, rhs.getContiguity(d)));
    contiguity.push_back(c);
    divisibility.push_back(
        gcd(runStartDivisibility(lhs, d, c), runStartDivisibility(rhs, d, c)));
    constancy.push_back(gcd(k, lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() &&
      lhs.getConstantValue() == rhs.getConstantValue())
    constant = lhs.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitBroadcast(tt::BroadcastOp op, const AxisInfo &src) {
  ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
  ArrayRef<int64_t> dstShape = op.getType().getShape();
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < dstShape.size(); ++d) {
    bool expanded = srcShape[d] == 1 && dstShape[d] != 1;
    contiguity.push_back(expanded ? 1 : src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(expanded ? dstShape[d] : src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo visitExpandDims(tt::ExpandDimsOp op, const AxisInfo &src) {
  DimVector contiguity = src.getContiguity();
  DimVector divisibility = src.getDivisibility();
  DimVector constancy = src.getConstancy();
  // Along the new unit dimension every element is its own run: what holds
  // of every element of the source.
  int64_t elementDivisibility = AxisInfo::kMaxDivisor;
  if (auto value = src.getConstantValue())
    elementDivisibility = powerOfTwoDivisor(*value);
  else
    for (unsigned d = 0; d < src.getRank(); ++d)
      elementDivisibility =
          std::min(elementDivisibility, runStartDivisibility(src, d, 1));
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, elementDivisibility);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo visitTrans(tt::TransOp op, const AxisInfo &src) {
  DimVector contiguity, divisibility, constancy;
  for (int32_t d : op.getOrder()) {
    contiguity.push_back(src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

/// A reshape keeps only what holds of every element, and whole-tensor
/// constancy.
AxisInfo visitReshape(Type resultType, const AxisInfo &src,
                      ArrayRef<int64_t> srcShape) {
  AxisInfo result = AxisInfo::getPessimisticValueState(resultType);
  SmallVector<int64_t> shape = shapeOf(resultType);
  bool allEqual = src.getConstantValue().has_value();
  if (!allEqual) {
    allEqual = true;
    for (unsigned d = 0; d < src.getRank(); ++d)
      allEqual &= src.getConstancy(d) == srcShape[d];
  }
  int64_t elementDivisibility = AxisInfo::kMaxDivisor;
  for (unsigned d = 0; d < src.getRank(); ++d)
    elementDivisibility =
        std::min(elementDivisibility, runStartDivisibility(src, d, 1));
  DimVector constancy = allEqual ? DimVector(shape.begin(), shape.end())
                                 : DimVector(shape.size(), 1);
  return AxisInfo(result.getContiguity(),
                  DimVector(shape.size(), elementDivisibility), constancy,
                  src.getConstantValue());
}

/// An elementwise operation nothing more is known of: equal inputs give
/// equal outputs.
AxisInfo visitElementwise(Type resultType, ArrayRef<const AxisInfo *> infos) {
  AxisInfo result = AxisInfo::getPessimisticValueState(resultType);
  if (infos.empty())
    return result;
  for (const AxisInfo *info : infos)
    if (info->getRank() != result.getRank())
      return result;
  return constancyOnlyInfo(resultType, gcdConstancy(infos));
}

/// Refines `info` with the `tt.divisibility`, `tt.contiguity` and
/// `tt.constancy` attributes of `op`.
AxisInfo applyOpHints(Operation *op, AxisInfo info) {
  unsigned rank = info.getRank();
  auto divisibility = readHint(op->getAttr("tt.divisibility"), rank);
  auto contiguity = readHint(op->getAttr("tt.contiguity"), rank);
  auto constancy = readHint(op->getAttr("tt.constancy"), rank);
  if (!divisibility && !contiguity && !constancy)
    return info;
  return AxisInfo(contiguity ? DimVector(contiguity->begin(), contiguity->end())
                             : info.getContiguity(),
                  divisibility
                      ? DimVector(divisibility->begin(), divisibility->end())
                      : info.getDivisibility(),
                  constancy ? DimVector(constancy->begin(), constancy->end())
                            : info.getConstancy(),
                  info.getConstantValue());
}

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

class AxisInfoAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  void setToEntryState(AxisInfoLattice *lattice) override {
    Value value = lattice->getAnchor();
    DictionaryAttr hints;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *parent = arg.getOwner()->getParentOp();
      if (auto func = dyn_cast_or_null<FunctionOpInterface>(parent))
        if (arg.getOwner()->isEntryBlock())
          hints = func.getArgAttrDict(arg.getArgNumber());
    }
    propagateIfChanged(lattice,
                       lattice->join(AxisInfo::getPessimisticValueState(
                           value.getType(), hints)));
  }

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    // Wait until every operand is known; the solver comes back when one
    // changes.
    SmallVector<const AxisInfo *> infos;
    for (const AxisInfoLattice *operand : operands) {
      if (!operand->getValue().isInitialized())
        return success();
      infos.push_back(&operand->getValue());
    }
    SmallVector<AxisInfo> computed = compute(op, infos);
    for (auto [lattice, info] : llvm::zip(results, computed))
      propagateIfChanged(lattice, lattice->join(applyOpHints(op, info)));
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp || argLattices.empty()) {
      SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
      return;
    }
    // The induction variable: lb + i * step.
    ProgramPoint *point = getProgramPointAfter(op);
    const AxisInfo &lb =
        getLatticeElementFor(point, forOp.getLowerBound())->getValue();
    const AxisInfo &step =
        getLatticeElementFor(point, forOp.getStep())->getValue();
    if (!lb.isInitialized() || !step.isInitialized())
      return;
    AxisInfo iv(DimVector{1},
                DimVector{gcd(lb.getDivisibility(0), step.getDivisibility(0))},
                DimVector{1});
    AxisInfoLattice *ivLattice = argLattices.front();
    propagateIfChanged(ivLattice, ivLattice->join(iv));
  }

private:
  /// The info of each result of `op` from its operands' infos.
  SmallVector<AxisInfo> compute(Operation *op, ArrayRef<const AxisInfo *> in) {
    auto single = [&](AxisInfo info) { return SmallVector<AxisInfo>{info}; };
    auto binary = [&]() -> std::pair<const AxisInfo &, const AxisInfo &> {
      return {*in[0], *in[1]};
    };
    Type type = op->getNumResults() ? op->getResult(0).getType() : Type();

    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (auto value = getIntegerConstant(constant.getValue()))
        return single(constantInfo(type, *value));
      if (auto dense = dyn_cast<SplatElementsAttr>(constant.getValue()))
        return single(constancyOnlyInfo(
            type, DimVector(dense.getType().getShape().begin(),
                            dense.getType().getShape().end())));
      return single(AxisInfo::getPessimisticValueState(type));
    }
    if (auto range = dyn_cast<tt::MakeRangeOp>(op)) {
      int64_t start = range.getStart();
      return single(AxisInfo(DimVector{range.getEnd() - start},
                             DimVector{powerOfTwoDivisor(start)},
                             DimVector{1}));
    }
    // (A 0-d tensor operand has no dimension to read facts off.)
    if (auto splat = dyn_cast<tt::SplatOp>(op);
        splat && !isa<RankedTensorType>(splat.getSrc().getType())) {
      SmallVector<int64_t> shape = shapeOf(type);
      return single(AxisInfo(DimVector(shape.size(), 1),
                             DimVector(shape.size(), in[0]->getDivisibility(0)),
                             DimVector(shape.begin(), shape.end()),
                             in[0]->getConstantValue()));
    }
    if (isa<tt::AddPtrOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitAdd(lhs, rhs, pointeeBytes(type), /*isPointer=*/true));
    }
    if (isa<arith::AddIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitAdd(lhs, rhs, 1, /*isPointer=*/false));
    }
    if (isa<arith::SubIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitSub(lhs, rhs));
    }
    if (isa<arith::MulIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitMul(lhs, rhs));
    }
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::CeilDivSIOp,
            arith::CeilDivUIOp, arith::FloorDivSIOp>(op)) {
      auto [lhs, rhs] = binary();
      if (isa<arith::DivSIOp, arith::DivUIOp>(op))
        return single(
            visitDiv(lhs, rhs, /*roundsDown=*/isa<arith::DivUIOp>(op)));
      return single(visitElementwise(type, in));
    }
    if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitRem(lhs, rhs));
    }
    if (isa<arith::ShLIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitShift(lhs, rhs, /*left=*/true));
    }
    if (isa<arith::ShRUIOp, arith::ShRSIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitShift(lhs, rhs, /*left=*/false));
    }
    if (isa<arith::AndIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitBitwise(lhs, rhs, true,
                                 [](int64_t a, int64_t b) { return a & b; }));
    }
    if (isa<arith::OrIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitBitwise(lhs, rhs, false,
                                 [](int64_t a, int64_t b) { return a | b; }));
    }
    if (isa<arith::XOrIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitBitwise(lhs, rhs, false,
                                 [](int64_t a, int64_t b) { return a ^ b; }));
    }
    if (isa<arith::MaxSIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitMinMax(
          lhs, rhs, [](int64_t a, int64_t b) { return std::max(a, b); }));
    }
    if (isa<arith::MinSIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitMinMax(
          lhs, rhs, [](int64_t a, int64_t b) { return std::min(a, b); }));
    }
    if (isa<arith::MaxUIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitMinMax(lhs, rhs, [](int64_t a, int64_t b) {
        return int64_t(std::max<uint64_t>(a, b));
      }));
    }
    if (isa<arith::MinUIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitMinMax(lhs, rhs, [](int64_t a, int64_t b) {
        return int64_t(std::min<uint64_t>(a, b));
      }));
    }
    if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      auto [lhs, rhs] = binary();
      return single(visitCmp(cmp.getPredicate(), lhs, rhs));
    }
    if (auto select = dyn_cast<arith::SelectOp>(op))
      return single(
          visitSelect(*in[0], *in[1], *in[2],
                      !isa<ShapedType>(select.getCondition().getType())));
    if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
            arith::IndexCastUIOp, tt::BitcastOp, tt::IntToPtrOp, tt::PtrToIntOp,
            ttg::ConvertLayoutOp>(op))
      return single(*in[0]);
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(op))
      return single(visitBroadcast(broadcast, *in[0]));
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op))
      return single(visitExpandDims(expand, *in[0]));
    if (auto trans = dyn_cast<tt::TransOp>(op))
      return single(visitTrans(trans, *in[0]));
    if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
      return single(
          visitReshape(type, *in[0], reshape.getSrc().getType().getShape()));

    // An op that states its own facts (a plugin's).
    if (auto described = dyn_cast<trident::AxisInfoOpInterface>(op)) {
      SmallVector<AxisInfo> stated = described.inferAxisInfo(in);
      if (stated.size() == op->getNumResults() &&
          llvm::all_of(llvm::zip(stated, op->getResults()), [](auto pair) {
            auto [info, result] = pair;
            return info.isInitialized() &&
                   info.getRank() == shapeOf(result.getType()).size();
          }))
        return stated;
    }

    // Anything else: elementwise operations without side effects keep equal
    // runs (inline assembly that reads a clock, or that packs several
    // elements per call, need not); other results are unknown.
    SmallVector<AxisInfo> results;
    auto inlineAsm = dyn_cast<tt::ElementwiseInlineAsmOp>(op);
    bool elementwise = op->hasTrait<OpTrait::Elementwise>() &&
                       op->getNumResults() == 1 && !op->getNumRegions() &&
                       isMemoryEffectFree(op) &&
                       !(inlineAsm && inlineAsm.getPackedElement() > 1);
    for (Value result : op->getResults())
      results.push_back(
          elementwise ? visitElementwise(result.getType(), in)
                      : AxisInfo::getPessimisticValueState(result.getType()));
    return results;
  }
};

/// The fastest-varying dimension of a tensor: its layout's (a blocked
/// layout's order, otherwise where its registers, then lanes, first move),
/// or the last one without layout.
unsigned getFastestDim(RankedTensorType type) {
  unsigned rank = type.getRank();
  Attribute encoding = type.getEncoding();
  if (auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(encoding))
    return blocked.getOrder().front();
  if (auto distributed =
          dyn_cast_or_null<ttg::DistributedEncodingTrait>(encoding)) {
    tt::LinearLayout layout = distributed.toLinearLayout(type.getShape());
    MLIRContext *ctx = type.getContext();
    for (StringRef inDim : {"register", "lane", "warp"}) {
      StringAttr name = StringAttr::get(ctx, inDim);
      if (!layout.hasInDim(name))
        continue;
      for (const std::vector<int32_t> &basis : layout.getBases().lookup(name))
        for (unsigned d = 0; d < basis.size(); ++d)
          if (basis[d] != 0)
            return d;
    }
  }
  return rank - 1;
}

/// How many consecutive elements along `dim` one thread holds (all of them
/// without layout).
int64_t getContigPerThread(RankedTensorType type, unsigned dim) {
  auto distributed =
      dyn_cast_or_null<ttg::DistributedEncodingTrait>(type.getEncoding());
  if (!distributed)
    return type.getShape()[dim];
  tt::LinearLayout layout = distributed.toLinearLayout(type.getShape());
  StringAttr reg = StringAttr::get(type.getContext(), "register");
  if (!layout.hasInDim(reg))
    return 1;
  int64_t contig = 1;
  for (const std::vector<int32_t> &basis : layout.getBases().lookup(reg)) {
    bool next = true;
    for (unsigned d = 0; d < basis.size(); ++d)
      next &= d == dim ? basis[d] == contig : basis[d] == 0;
    if (!next)
      break;
    contig *= 2;
  }
  return contig;
}

} // namespace

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module) {
  DataFlowSolver solver;
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoAnalysis>();
  if (failed(solver.initializeAndRun(module))) {
    LLVM_DEBUG(llvm::dbgs() << "axis analysis did not converge\n");
    return;
  }
  auto record = [&](Value value) {
    if (const auto *lattice = solver.lookupState<AxisInfoLattice>(value))
      if (lattice->getValue().isInitialized())
        infos.try_emplace(value, lattice->getValue());
  };
  module.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          record(arg);
    for (Value result : op->getResults())
      record(result);
  });
}

AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) {
  auto it = infos.find(value);
  return it == infos.end() ? nullptr : &it->second;
}

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  AxisInfo *info = getAxisInfo(ptr);
  if (!type || !info)
    return 1;
  unsigned dim = getFastestDim(type);
  int64_t elementBytes = pointeeBytes(type);
  int64_t aligned =
      std::max<int64_t>(info->getDivisibility(dim) / elementBytes, 1);
  return std::min(aligned, info->getContiguity(dim));
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value ptrOrTensor) {
  auto type = dyn_cast<RankedTensorType>(ptrOrTensor.getType());
  AxisInfo *info = getAxisInfo(ptrOrTensor);
  if (!type || !info)
    return 1;
  unsigned dim = getFastestDim(type);
  int64_t contiguity = tt::isPointerLike(type) ? getPtrAlignment(ptrOrTensor)
                                               : info->getContiguity(dim);
  return std::min(contiguity, getContigPerThread(type, dim));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  AxisInfo *info = getAxisInfo(mask);
  if (!type || !info)
    return 1;
  return std::max<int64_t>(info->getConstancy(getFastestDim(type)), 1);
}

#include "trident/Analysis/AxisInfoInterface.cpp.inc"

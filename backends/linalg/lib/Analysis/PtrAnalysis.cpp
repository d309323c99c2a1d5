//===- PtrAnalysis.cpp - Structured pointer analysis ----------------------===//
//
// Builds the strided-tile state of pointer and integer values (see
// PtrAnalysis.h). Every rule states what it assumes; anything else is a
// failure with a reason, which the lowering turns into a gather/scatter
// fallback and a debug remark.
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/PtrAnalysis.h"
#include "linalg/Analysis/OpFoldResultUtils.h"
#include "linalg/Analysis/PointerRoots.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "linalg-ptr-analysis"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {

//===----------------------------------------------------------------------===//
// PtrState
//===----------------------------------------------------------------------===//

bool PtrState::hasModulo() const {
  return llvm::any_of(dims, [](const PtrDim &d) { return d.hasModulo(); });
}

bool PtrState::isUniform() const {
  if (isBlockPointer)
    return false;
  return llvm::all_of(dims, [](const PtrDim &d) {
    return !d.hasModulo() && isConstant(d.stride, 0);
  });
}

SmallVector<int64_t> PtrState::getSizes() const {
  return llvm::map_to_vector(dims, [](const PtrDim &d) { return d.size; });
}

SmallVector<OpFoldResult> PtrState::getLoopCarried() const {
  if (isScalar())
    return {scalar};
  return llvm::map_to_vector(dims, [](const PtrDim &d) { return d.offset; });
}

PtrState PtrState::withLoopCarried(ArrayRef<OpFoldResult> values) const {
  PtrState result = *this;
  if (isScalar()) {
    result.scalar = values.front();
    return result;
  }
  for (auto [dim, value] : llvm::zip_equal(result.dims, values))
    dim.offset = value;
  return result;
}

bool PtrState::hasSameStructure(const PtrState &other) const {
  if (source != other.source || isBlockPointer != other.isBlockPointer ||
      dims.size() != other.dims.size() || isScalar() != other.isScalar())
    return false;
  for (auto [a, b] : llvm::zip_equal(dims, other.dims)) {
    if (a.size != b.size || !isSame(a.stride, b.stride) ||
        a.hasModulo() != b.hasModulo())
      return false;
    if (a.hasModulo() &&
        (!isSame(a.modulus, b.modulus) || !isSame(a.scale, b.scale)))
      return false;
  }
  if (isBlockPointer) {
    if (!isSame(scalar, other.scalar) || shape.size() != other.shape.size())
      return false;
    for (auto [a, b] : llvm::zip_equal(shape, other.shape))
      if (!isSame(a, b))
        return false;
  }
  return true;
}

static void printOFR(llvm::raw_ostream &os, OpFoldResult ofr) {
  if (!ofr) {
    os << "-";
    return;
  }
  if (std::optional<int64_t> c = getConstant(ofr)) {
    os << *c;
    return;
  }
  os << "<value>";
}

void PtrState::print(llvm::raw_ostream &os) const {
  os << (source ? "pointer" : "integer");
  if (isBlockPointer)
    os << " (block)";
  if (isScalar()) {
    os << " scalar ";
    printOFR(os, scalar);
    return;
  }
  for (const PtrDim &d : dims) {
    os << " [size " << d.size << " offset ";
    printOFR(os, d.offset);
    os << " stride ";
    printOFR(os, d.stride);
    if (d.hasModulo()) {
      os << " mod ";
      printOFR(os, d.modulus);
      os << " scale ";
      printOFR(os, d.scale);
    }
    os << "]";
  }
}

//===----------------------------------------------------------------------===//
// PtrAnalysis
//===----------------------------------------------------------------------===//

FailureOr<PtrState> PtrAnalysis::fail(Operation *op,
                                      const llvm::Twine &reason) {
  // Keep the innermost reason: it names the op that was not understood.
  if (failureReason.empty()) {
    failureReason = reason.str();
    failureOp = op;
    LLVM_DEBUG({
      llvm::dbgs() << "[" DEBUG_TYPE "] gives up: " << failureReason;
      if (op)
        llvm::dbgs() << " at " << *op;
      llvm::dbgs() << "\n";
    });
  }
  return failure();
}

void PtrAnalysis::setKnownState(Value value, const PtrState &state) {
  known[value] = state;
}

FailureOr<PtrState> PtrAnalysis::visit(Value value, Location loc) {
  failureReason.clear();
  failureOp = nullptr;
  return visitImpl(value, loc);
}

OpFoldResult PtrAnalysis::getUniformValue(const PtrState &state, Location loc) {
  if (state.isScalar())
    return state.scalar;
  OpFoldResult sum = builder.getIndexAttr(0);
  for (const PtrDim &d : state.dims)
    sum = addOFRs(builder, loc, sum, d.offset);
  return sum;
}

PtrState PtrAnalysis::splatScalar(OpFoldResult scalar, Value source,
                                  ArrayRef<int64_t> shape) {
  PtrState state;
  state.source = source;
  for (auto [i, size] : llvm::enumerate(shape)) {
    PtrDim dim;
    dim.size = size;
    dim.offset = i == 0 ? scalar : builder.getIndexAttr(0);
    dim.stride = builder.getIndexAttr(0);
    state.dims.push_back(dim);
  }
  return state;
}

PtrState PtrAnalysis::flattenBlockPointer(const PtrState &state, Location loc) {
  if (!state.isBlockPointer)
    return state;
  PtrState result;
  result.source = state.source;
  for (const PtrDim &d : state.dims) {
    PtrDim dim = d;
    dim.offset = mulOFRs(builder, loc, d.offset, d.stride);
    result.dims.push_back(dim);
  }
  if (!result.dims.empty())
    result.dims[0].offset =
        addOFRs(builder, loc, result.dims[0].offset, state.scalar);
  return result;
}

FailureOr<PtrState> PtrAnalysis::visitImpl(Value value, Location loc) {
  auto knownIt = known.find(value);
  if (knownIt != known.end())
    return knownIt->second;
  auto cacheIt = cache.find(value);
  if (cacheIt != cache.end())
    return cacheIt->second;

  FailureOr<PtrState> result = failure();
  Type type = value.getType();
  if (type.isIntOrIndex()) {
    // A scalar integer is a leaf: whatever computes it stays as it is.
    PtrState state;
    state.scalar = castToIndex(builder, loc, value);
    result = state;
  } else if (Operation *def = value.getDefiningOp()) {
    result = visitOp(def, value, loc);
  } else {
    result = fail(nullptr, "a block argument that is not a tracked "
                           "loop-carried pointer");
  }
  if (succeeded(result))
    cache[value] = *result;
  return result;
}

FailureOr<PtrState> PtrAnalysis::addStates(const PtrState &lhs,
                                           const PtrState &rhs, Location loc) {
  if (lhs.isBlockPointer || rhs.isBlockPointer)
    return fail(nullptr, "arithmetic on a block pointer");
  if (lhs.source && rhs.source)
    return fail(nullptr, "adds two pointers");
  PtrState result;
  result.source = lhs.source ? lhs.source : rhs.source;
  if (lhs.isScalar() && rhs.isScalar()) {
    result.scalar = addOFRs(builder, loc, lhs.scalar, rhs.scalar);
    return result;
  }
  if (lhs.getRank() != rhs.getRank())
    return fail(nullptr, "adds a scalar and a tensor");

  // Offsets that a wrapped dimension cannot absorb move to another one.
  OpFoldResult extra = builder.getIndexAttr(0);
  for (auto [a, b] : llvm::zip_equal(lhs.dims, rhs.dims)) {
    if (a.size != b.size)
      return fail(nullptr, "adds tensors of different shapes");
    PtrDim dim;
    dim.size = a.size;
    if (a.hasModulo() && b.hasModulo())
      return fail(nullptr, "adds two wrapped (rem) ranges on one dimension");
    if (a.hasModulo() || b.hasModulo()) {
      const PtrDim &wrapped = a.hasModulo() ? a : b;
      const PtrDim &plain = a.hasModulo() ? b : a;
      if (!isConstant(plain.stride, 0))
        return fail(nullptr, "adds a range to a wrapped (rem) range");
      dim = wrapped;
      extra = addOFRs(builder, loc, extra, plain.offset);
    } else {
      dim.offset = addOFRs(builder, loc, a.offset, b.offset);
      dim.stride = addOFRs(builder, loc, a.stride, b.stride);
    }
    result.dims.push_back(dim);
  }
  if (!isConstant(extra, 0)) {
    auto *it = llvm::find_if(result.dims,
                             [](const PtrDim &d) { return !d.hasModulo(); });
    if (it == result.dims.end())
      return fail(nullptr, "an offset added to a tile whose every "
                           "dimension wraps");
    it->offset = addOFRs(builder, loc, it->offset, extra);
  }
  return result;
}

FailureOr<PtrState> PtrAnalysis::negateState(const PtrState &state,
                                             Location loc) {
  if (state.source || state.isBlockPointer)
    return fail(nullptr, "subtracts a pointer");
  if (state.hasModulo())
    return fail(nullptr, "subtracts a wrapped (rem) range");
  PtrState result = state;
  OpFoldResult zero = builder.getIndexAttr(0);
  if (state.isScalar()) {
    result.scalar = subOFRs(builder, loc, zero, state.scalar);
    return result;
  }
  for (PtrDim &d : result.dims) {
    d.offset = subOFRs(builder, loc, zero, d.offset);
    d.stride = subOFRs(builder, loc, zero, d.stride);
  }
  return result;
}

FailureOr<PtrState> PtrAnalysis::mulStates(const PtrState &lhs,
                                           const PtrState &rhs, Location loc) {
  if (lhs.source || rhs.source || lhs.isBlockPointer || rhs.isBlockPointer)
    return fail(nullptr, "multiplies a pointer");
  if (lhs.isScalar() && rhs.isScalar()) {
    PtrState result;
    result.scalar = mulOFRs(builder, loc, lhs.scalar, rhs.scalar);
    return result;
  }
  const PtrState *tile = &lhs, *factor = &rhs;
  if (!factor->isUniform())
    std::swap(tile, factor);
  if (!factor->isUniform())
    return fail(nullptr, "multiplies two non-uniform tensors");
  OpFoldResult k = getUniformValue(*factor, loc);
  PtrState result = *tile;
  for (PtrDim &d : result.dims) {
    if (d.hasModulo()) {
      d.scale = mulOFRs(builder, loc, d.scale, k);
      continue;
    }
    d.offset = mulOFRs(builder, loc, d.offset, k);
    d.stride = mulOFRs(builder, loc, d.stride, k);
  }
  return result;
}

FailureOr<PtrState> PtrAnalysis::remState(const PtrState &lhs,
                                          const PtrState &rhs, Location loc) {
  if (lhs.source || rhs.source || lhs.isBlockPointer || rhs.isBlockPointer)
    return fail(nullptr, "rem of a pointer");
  if (!rhs.isScalar() && !rhs.isUniform())
    return fail(nullptr, "rem by a non-uniform tensor");
  OpFoldResult m = getUniformValue(rhs, loc);
  if (lhs.isScalar()) {
    PtrState result;
    result.scalar = remOFRs(builder, loc, lhs.scalar, m);
    return result;
  }
  if (lhs.isUniform()) {
    OpFoldResult v = remOFRs(builder, loc, getUniformValue(lhs, loc), m);
    return splatScalar(v, Value(), lhs.getSizes());
  }
  if (lhs.hasModulo())
    return fail(nullptr, "rem of an already wrapped range");
  int64_t rangeDim = -1;
  for (auto [i, d] : llvm::enumerate(lhs.dims)) {
    if (isConstant(d.stride, 0))
      continue;
    if (rangeDim >= 0)
      return fail(nullptr, "rem of a range along several dimensions");
    rangeDim = i;
  }
  std::optional<int64_t> stride = getConstant(lhs.dims[rangeDim].stride);
  if (!stride || *stride <= 0)
    return fail(nullptr, "rem of a range whose step is not a positive "
                         "constant");
  PtrState result = lhs;
  OpFoldResult total = getUniformValue(lhs, loc);
  for (auto [i, d] : llvm::enumerate(result.dims)) {
    if (static_cast<int64_t>(i) != rangeDim) {
      d.offset = builder.getIndexAttr(0);
      continue;
    }
    d.offset = total;
    d.modulus = m;
    d.scale = builder.getIndexAttr(1);
  }
  return result;
}

/// The element size in bytes of the pointee of a (tensor of) pointer type.
static std::optional<int64_t> getPointeeBytes(Type ptrLike) {
  auto ptrType = dyn_cast<PointerType>(getElementTypeOrSelf(ptrLike));
  if (!ptrType)
    return std::nullopt;
  unsigned bits = ptrType.getPointeeType().getIntOrFloatBitWidth();
  if (bits % 8 != 0)
    return std::nullopt;
  return bits / 8;
}

FailureOr<PtrState> PtrAnalysis::visitIntToPtr(Operation *op, Value src,
                                               Type ptrType, Location loc) {
  // int_to_ptr(ptr_to_int(p) [+ c]) with c a constant multiple of the
  // element size: p advanced by c / size elements.
  std::optional<int64_t> bytes = getPointeeBytes(ptrType);
  if (!bytes)
    return fail(op, "int_to_ptr of a pointer to a sub-byte type");
  Value base = src;
  int64_t byteOffset = 0;
  if (auto add = src.getDefiningOp<arith::AddIOp>()) {
    for (auto [p, c] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
      APInt value;
      if (p.getDefiningOp<PtrToIntOp>() &&
          matchPattern(c, m_ConstantInt(&value))) {
        base = p;
        byteOffset = value.getSExtValue();
        break;
      }
    }
  }
  auto toInt = base.getDefiningOp<PtrToIntOp>();
  if (!toInt)
    return fail(op, "int_to_ptr of an integer that is not ptr_to_int plus a "
                    "constant");
  if (getPointeeBytes(toInt.getSrc().getType()) != bytes ||
      byteOffset % *bytes != 0)
    return fail(op, "int_to_ptr that changes the element type or is not "
                    "element-aligned");
  FailureOr<PtrState> state = visitImpl(toInt.getSrc(), loc);
  if (failed(state))
    return failure();
  PtrState offset;
  if (state->isScalar())
    offset.scalar = builder.getIndexAttr(byteOffset / *bytes);
  else
    offset = splatScalar(builder.getIndexAttr(byteOffset / *bytes), Value(),
                         state->getSizes());
  return addStates(*state, offset, loc);
}

FailureOr<PtrState> PtrAnalysis::visitOp(Operation *op, Value value,
                                         Location loc) {
  auto tensorType = dyn_cast<RankedTensorType>(value.getType());

  // Scalar pointers.
  if (isa<PointerType>(value.getType()) &&
      !isTensorPointerType(value.getType())) {
    if (std::optional<std::pair<Value, Value>> bound =
            matchBufferPointer(value)) {
      if (isa<RankedTensorType>(bound->second.getType()))
        return fail(op, "a tensor of pointers passed to a device function");
      PtrState state;
      state.source = bound->first;
      state.scalar = castToIndex(builder, loc, bound->second);
      return state;
    }
    if (auto addPtr = dyn_cast<AddPtrOp>(op)) {
      FailureOr<PtrState> ptr = visitImpl(addPtr.getPtr(), loc);
      if (failed(ptr))
        return failure();
      FailureOr<PtrState> offset = visitImpl(addPtr.getOffset(), loc);
      if (failed(offset))
        return failure();
      return addStates(*ptr, *offset, loc);
    }
    if (auto toPtr = dyn_cast<IntToPtrOp>(op))
      return visitIntToPtr(op, toPtr.getSrc(), value.getType(), loc);
    return fail(op, "a scalar pointer computed by an op the analysis does "
                    "not model");
  }

  // Block pointers.
  if (auto make = dyn_cast<MakeTensorPtrOp>(op)) {
    FailureOr<PtrState> base = visitImpl(make.getBase(), loc);
    if (failed(base))
      return failure();
    auto blockType = cast<RankedTensorType>(
        cast<PointerType>(make.getType()).getPointeeType());
    PtrState state;
    state.source = base->source;
    state.scalar = base->scalar;
    state.isBlockPointer = true;
    state.order = llvm::to_vector(make.getOrder());
    for (auto [i, size] : llvm::enumerate(blockType.getShape())) {
      PtrDim dim;
      dim.size = size;
      dim.offset = castToIndex(builder, loc, make.getOffsets()[i]);
      dim.stride = castToIndex(builder, loc, make.getStrides()[i]);
      state.dims.push_back(dim);
      state.shape.push_back(castToIndex(builder, loc, make.getShape()[i]));
    }
    return state;
  }
  if (auto advance = dyn_cast<AdvanceOp>(op)) {
    FailureOr<PtrState> state = visitImpl(advance.getPtr(), loc);
    if (failed(state))
      return failure();
    PtrState result = *state;
    for (auto [dim, offset] :
         llvm::zip_equal(result.dims, advance.getOffsets()))
      dim.offset =
          addOFRs(builder, loc, dim.offset, castToIndex(builder, loc, offset));
    return result;
  }

  if (!tensorType)
    return fail(op, "a value that is neither a scalar nor a tensor");

  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
    if (!dense || !dense.isSplat())
      return fail(op, "a constant tensor that is not a splat");
    return splatScalar(
        builder.getIndexAttr(dense.getSplatValue<APInt>().getSExtValue()),
        Value(), tensorType.getShape());
  }
  if (auto range = dyn_cast<MakeRangeOp>(op)) {
    PtrState state;
    PtrDim dim;
    dim.size = tensorType.getShape()[0];
    dim.offset = builder.getIndexAttr(range.getStart());
    dim.stride = builder.getIndexAttr(1);
    state.dims.push_back(dim);
    return state;
  }
  if (auto splat = dyn_cast<SplatOp>(op)) {
    FailureOr<PtrState> src = visitImpl(splat.getSrc(), loc);
    if (failed(src))
      return failure();
    if (!src->isScalar())
      return fail(op, "a splat of a block pointer");
    return splatScalar(src->scalar, src->source, tensorType.getShape());
  }
  if (auto add = dyn_cast<arith::AddIOp>(op)) {
    FailureOr<PtrState> lhs = visitImpl(add.getLhs(), loc);
    if (failed(lhs))
      return failure();
    FailureOr<PtrState> rhs = visitImpl(add.getRhs(), loc);
    if (failed(rhs))
      return failure();
    return addStates(*lhs, *rhs, loc);
  }
  if (auto sub = dyn_cast<arith::SubIOp>(op)) {
    FailureOr<PtrState> lhs = visitImpl(sub.getLhs(), loc);
    if (failed(lhs))
      return failure();
    FailureOr<PtrState> rhs = visitImpl(sub.getRhs(), loc);
    if (failed(rhs))
      return failure();
    FailureOr<PtrState> negated = negateState(*rhs, loc);
    if (failed(negated))
      return failure();
    return addStates(*lhs, *negated, loc);
  }
  if (auto mul = dyn_cast<arith::MulIOp>(op)) {
    FailureOr<PtrState> lhs = visitImpl(mul.getLhs(), loc);
    if (failed(lhs))
      return failure();
    FailureOr<PtrState> rhs = visitImpl(mul.getRhs(), loc);
    if (failed(rhs))
      return failure();
    return mulStates(*lhs, *rhs, loc);
  }
  if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    FailureOr<PtrState> lhs = visitImpl(op->getOperand(0), loc);
    if (failed(lhs))
      return failure();
    FailureOr<PtrState> rhs = visitImpl(op->getOperand(1), loc);
    if (failed(rhs))
      return failure();
    return remState(*lhs, *rhs, loc);
  }
  if (isa<arith::DivSIOp, arith::DivUIOp>(op)) {
    FailureOr<PtrState> lhs = visitImpl(op->getOperand(0), loc);
    if (failed(lhs))
      return failure();
    FailureOr<PtrState> rhs = visitImpl(op->getOperand(1), loc);
    if (failed(rhs))
      return failure();
    if (!lhs->isUniform() || !rhs->isUniform() || lhs->source || rhs->source)
      return fail(op, "division of a range");
    OpFoldResult q = divOFRs(builder, loc, getUniformValue(*lhs, loc),
                             getUniformValue(*rhs, loc));
    return splatScalar(q, Value(), tensorType.getShape());
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
          arith::IndexCastUIOp>(op))
    return visitImpl(op->getOperand(0), loc);
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    FailureOr<PtrState> src = visitImpl(expand.getSrc(), loc);
    if (failed(src))
      return failure();
    if (src->isScalar() || src->isBlockPointer)
      return fail(op, "expand_dims of a non-tensor");
    PtrState result = *src;
    PtrDim dim;
    dim.size = 1;
    dim.offset = builder.getIndexAttr(0);
    dim.stride = builder.getIndexAttr(0);
    result.dims.insert(result.dims.begin() + expand.getAxis(), dim);
    return result;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
    FailureOr<PtrState> src = visitImpl(broadcast.getSrc(), loc);
    if (failed(src))
      return failure();
    if (src->isScalar() || src->isBlockPointer)
      return fail(op, "broadcast of a non-tensor");
    PtrState result = *src;
    for (auto [dim, size] :
         llvm::zip_equal(result.dims, tensorType.getShape())) {
      if (dim.size == size)
        continue;
      // A size-1 dimension: its single contribution repeats.
      if (dim.hasModulo()) {
        OpFoldResult wrapped = remOFRs(builder, loc, dim.offset, dim.modulus);
        dim.offset = mulOFRs(builder, loc, wrapped, dim.scale);
        dim.modulus = OpFoldResult();
        dim.scale = OpFoldResult();
      }
      dim.size = size;
      dim.stride = builder.getIndexAttr(0);
    }
    return result;
  }
  if (auto trans = dyn_cast<TransOp>(op)) {
    FailureOr<PtrState> src = visitImpl(trans.getSrc(), loc);
    if (failed(src))
      return failure();
    if (src->isScalar() || src->isBlockPointer)
      return fail(op, "trans of a non-tensor");
    PtrState result = *src;
    for (auto [i, axis] : llvm::enumerate(trans.getOrder()))
      result.dims[i] = src->dims[axis];
    return result;
  }
  if (auto addPtr = dyn_cast<AddPtrOp>(op)) {
    FailureOr<PtrState> ptr = visitImpl(addPtr.getPtr(), loc);
    if (failed(ptr))
      return failure();
    FailureOr<PtrState> offset = visitImpl(addPtr.getOffset(), loc);
    if (failed(offset))
      return failure();
    return addStates(*ptr, *offset, loc);
  }
  if (auto toPtr = dyn_cast<IntToPtrOp>(op))
    return visitIntToPtr(op, toPtr.getSrc(), value.getType(), loc);
  if (isa<LoadOp>(op) ||
      op->getName().getStringRef() == "bufferization.to_tensor")
    return fail(op, "offsets loaded from memory (data-dependent addressing)");
  return fail(op, llvm::Twine("offsets computed by '") +
                      op->getName().getStringRef() +
                      "', which the analysis does not model");
}

} // namespace mlir::triton::cpu

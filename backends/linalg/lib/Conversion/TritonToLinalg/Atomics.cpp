//===- Atomics.cpp - tt.atomic_rmw / tt.atomic_cas to memref atomics ------===//
//
// Each element of an atomic (one for a scalar, a loop nest over the tile for
// a tensor) becomes one host atomic on the pointer's buffer, skipped where
// the mask is off; the old values form the result (masked-off elements
// read as 0).
//
//   and/or/add/fadd/max/min/umax/umin/exch  memref.atomic_rmw (a native
//                                           atomicrmw after LLVM lowering)
//   xor, float max/min, cas                 memref.generic_atomic_rmw (a
//                                           compare-and-swap loop)
//
// The memory semantics and scopes of tt are at most acq_rel on one device;
// the host atomics are sequentially consistent, which is stronger.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg/Analysis/PointerRoots.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

/// The memref.atomic_rmw kind of a tt atomic on `type`, if one exists.
std::optional<arith::AtomicRMWKind> getNativeKind(RMWOp op, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (op) {
  case RMWOp::AND:
    return arith::AtomicRMWKind::andi;
  case RMWOp::OR:
    return arith::AtomicRMWKind::ori;
  case RMWOp::ADD:
  case RMWOp::FADD:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case RMWOp::MAX:
    return isFloat ? std::nullopt : std::optional(arith::AtomicRMWKind::maxs);
  case RMWOp::MIN:
    return isFloat ? std::nullopt : std::optional(arith::AtomicRMWKind::mins);
  case RMWOp::UMAX:
    return arith::AtomicRMWKind::maxu;
  case RMWOp::UMIN:
    return arith::AtomicRMWKind::minu;
  case RMWOp::XCHG:
    return arith::AtomicRMWKind::assign;
  case RMWOp::XOR:
    return std::nullopt;
  }
  return std::nullopt;
}

/// The new value of a read-modify-write done by compare-and-swap: for the
/// kinds with no native atomic (xor, float max/min), and for integer atomics
/// on the bits of another type's elements, which may be of any kind.
Value combineGeneric(OpBuilder &b, Location loc, RMWOp op, Value current,
                     Value operand) {
  bool isFloat = isa<FloatType>(current.getType());
  switch (op) {
  case RMWOp::AND:
    return arith::AndIOp::create(b, loc, current, operand);
  case RMWOp::OR:
    return arith::OrIOp::create(b, loc, current, operand);
  case RMWOp::XOR:
    return arith::XOrIOp::create(b, loc, current, operand);
  case RMWOp::ADD:
  case RMWOp::FADD:
    return isFloat ? arith::AddFOp::create(b, loc, current, operand).getResult()
                   : arith::AddIOp::create(b, loc, current, operand).getResult();
  case RMWOp::MAX:
    return isFloat
               ? arith::MaximumFOp::create(b, loc, current, operand).getResult()
               : arith::MaxSIOp::create(b, loc, current, operand).getResult();
  case RMWOp::MIN:
    return isFloat
               ? arith::MinimumFOp::create(b, loc, current, operand).getResult()
               : arith::MinSIOp::create(b, loc, current, operand).getResult();
  case RMWOp::UMAX:
    return arith::MaxUIOp::create(b, loc, current, operand);
  case RMWOp::UMIN:
    return arith::MinUIOp::create(b, loc, current, operand);
  case RMWOp::XCHG:
    return operand;
  }
  return operand;
}

/// The buffer of `op`'s pointer (the pass has checked that there is one of
/// the atomic's element type or size).
FailureOr<Value> getBuffer(Operation *op, PointerRoots &roots) {
  Value buffer = roots.getAccessBuffer(op).first;
  if (!buffer)
    return failure();
  return buffer;
}

/// Runs `element` for each element (the ivs of a loop nest for a tensor,
/// none for a scalar) under its mask, and collects the old values.
template <typename ElementFn>
Value emitAtomics(ConversionPatternRewriter &rewriter, Location loc,
                  Type resultType, Value mask, ElementFn element) {
  Type elementType = getElementTypeOrSelf(resultType);
  auto guardedElement = [&](OpBuilder &b, Location l, Value cond,
                            ValueRange ivs) -> Value {
    if (!cond)
      return element(b, l, ivs);
    auto ifOp = scf::IfOp::create(
        b, l, cond,
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, element(tb, tl, ivs));
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, createZero(eb, el, elementType));
        });
    return ifOp.getResult(0);
  };
  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  if (!tensorType)
    return guardedElement(rewriter, loc, mask, ValueRange{});
  auto allocType = MemRefType::get(tensorType.getShape(), elementType);
  Value alloc = memref::AllocOp::create(rewriter, loc, allocType);
  buildStaticLoopNest(rewriter, loc, tensorType.getShape(),
                      [&](OpBuilder &b, Location l, ValueRange ivs) {
                        Value cond =
                            mask ? tensor::ExtractOp::create(b, l, mask, ivs)
                                 : Value();
                        Value old = guardedElement(b, l, cond, ivs);
                        memref::StoreOp::create(b, l, old, alloc, ivs);
                      });
  return bufferization::ToTensorOp::create(rewriter, loc, tensorType, alloc,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// The element of `value` at `ivs` (the value itself for a scalar).
Value elementAt(OpBuilder &b, Location loc, Value value, ValueRange ivs) {
  if (isa<RankedTensorType>(value.getType()))
    return tensor::ExtractOp::create(b, loc, value, ivs);
  return value;
}

/// The index into the buffer of the pointer `offset` (minus the buffer's
/// `base` where pointers are absolute).
Value toIndex(OpBuilder &b, Location loc, Value offset, Value base) {
  if (base)
    offset = arith::SubIOp::create(b, loc, offset, base);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

/// The base to subtract from `op`'s pointers: null where they are offsets.
Value getBase(OpBuilder &b, Location loc, const TypeConverter *converter,
              Operation *op, Value buffer) {
  if (!static_cast<const TritonToLinalgTypeConverter *>(converter)
           ->absolutePointers)
    return Value();
  return getBufferBase(b, loc, buffer,
                       getPointeeBytes(op->getOperand(0).getType()));
}

struct AtomicRMWConversion : public OpConversionPattern<AtomicRMWOp> {
  AtomicRMWConversion(const TypeConverter &typeConverter, MLIRContext *ctx,
                      PointerRoots &roots)
      : OpConversionPattern(typeConverter, ctx), roots(roots) {}

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    FailureOr<Value> buffer = getBuffer(op, roots);
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    RMWOp kind = op.getAtomicRmwOp();
    std::optional<arith::AtomicRMWKind> native =
        getNativeKind(kind, elementType);
    Value ptr = adaptor.getPtr(), val = adaptor.getVal();
    Value base = getBase(rewriter, loc, typeConverter, op, *buffer);
    Type bufferElement =
        cast<MemRefType>(buffer->getType()).getElementType();
    Value result = emitAtomics(
        rewriter, loc, resultType, adaptor.getMask(),
        [&](OpBuilder &b, Location l, ValueRange ivs) -> Value {
          Value index = toIndex(b, l, elementAt(b, l, ptr, ivs), base);
          Value operand = elementAt(b, l, val, ivs);
          if (bufferElement != elementType) {
            // Integer atomics on the bits of another type's elements (the
            // pass checked that they are integers of the elements' size): a
            // compare-and-swap loop on the buffer's type.
            auto rmw = memref::GenericAtomicRMWOp::create(b, l, *buffer,
                                                          ValueRange{index});
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(rmw.getBody());
            Value current = arith::BitcastOp::create(b, l, elementType,
                                                     rmw.getCurrentValue());
            Value updated = arith::BitcastOp::create(
                b, l, bufferElement,
                combineGeneric(b, l, kind, current, operand));
            memref::AtomicYieldOp::create(b, l, updated);
            b.setInsertionPointAfter(rmw);
            return arith::BitcastOp::create(b, l, elementType,
                                            rmw.getResult());
          }
          if (native)
            return memref::AtomicRMWOp::create(b, l, *native, operand, *buffer,
                                               ValueRange{index});
          auto rmw = memref::GenericAtomicRMWOp::create(b, l, *buffer,
                                                        ValueRange{index});
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(rmw.getBody());
          Value updated =
              combineGeneric(b, l, kind, rmw.getCurrentValue(), operand);
          memref::AtomicYieldOp::create(b, l, updated);
          return rmw.getResult();
        });
    rewriter.replaceOp(op, result);
    return success();
  }

  PointerRoots &roots;
};

struct AtomicCASConversion : public OpConversionPattern<AtomicCASOp> {
  AtomicCASConversion(const TypeConverter &typeConverter, MLIRContext *ctx,
                      PointerRoots &roots)
      : OpConversionPattern(typeConverter, ctx), roots(roots) {}

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    FailureOr<Value> buffer = getBuffer(op, roots);
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    Value ptr = adaptor.getPtr(), cmp = adaptor.getCmp(),
          val = adaptor.getVal();
    Value base = getBase(rewriter, loc, typeConverter, op, *buffer);
    Value result = emitAtomics(
        rewriter, loc, resultType, Value(),
        [&](OpBuilder &b, Location l, ValueRange ivs) -> Value {
          Value index = toIndex(b, l, elementAt(b, l, ptr, ivs), base);
          Value expected = elementAt(b, l, cmp, ivs);
          Value desired = elementAt(b, l, val, ivs);
          auto rmw = memref::GenericAtomicRMWOp::create(b, l, *buffer,
                                                        ValueRange{index});
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(rmw.getBody());
          Value current = rmw.getCurrentValue();
          // Compare bits, as the hardware does (NaN == NaN, -0 != +0).
          Value lhs = current, rhs = expected;
          if (auto floatType = dyn_cast<FloatType>(elementType)) {
            Type bits = b.getIntegerType(floatType.getWidth());
            lhs = arith::BitcastOp::create(b, l, bits, current);
            rhs = arith::BitcastOp::create(b, l, bits, expected);
          }
          Value equal =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, lhs, rhs);
          Value updated =
              arith::SelectOp::create(b, l, equal, desired, current);
          memref::AtomicYieldOp::create(b, l, updated);
          return rmw.getResult();
        });
    rewriter.replaceOp(op, result);
    return success();
  }

  PointerRoots &roots;
};

} // namespace

void populateAtomicPatterns(const TypeConverter &typeConverter,
                            RewritePatternSet &patterns, PointerRoots &roots) {
  patterns.add<AtomicRMWConversion, AtomicCASConversion>(
      typeConverter, patterns.getContext(), roots);
}

} // namespace mlir::triton::cpu

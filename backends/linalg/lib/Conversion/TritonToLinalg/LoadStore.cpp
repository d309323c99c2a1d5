//===- LoadStore.cpp - Gather/scatter for unstructured accesses -----------===//
//
// The tt.load / tt.store ops that step 2 left (the analyses did not decode
// their pointer or mask), and every scalar access. A pointer is now an i64
// element offset (a tensor of them for a tensor of pointers) into the
// buffer PointerRoots found for it:
//
//   scalar load   memref.load %buffer[%offset]        (scf.if on the mask)
//   tensor load   an scf.for nest over the tile into a fresh buffer, each
//                 element read with memref.load when its mask is set and
//                 `other` (or 0) otherwise, then bufferization.to_tensor
//   store         the same nest with memref.store under the mask
//
// Loops (not linalg.generic) keep the reads and writes of memory ordered
// with the rest of the kernel.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg-backend/Analysis/PointerRoots.h"
#include "linalg-backend/Conversion/TritonToLinalg/TritonToLinalg.h"

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

/// The buffer of `op`'s pointer (the pass has checked that there is one
/// and that its elements have the accessed size).
FailureOr<Value> getBuffer(Operation *op, PointerRoots &roots) {
  Value buffer = roots.getAccessBuffer(op).first;
  if (!buffer)
    return failure();
  return buffer;
}

/// A value read from memory as `type`: the same bits, or, for i1, whether
/// the byte is non-zero.
Value fromMemory(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (type.isInteger(1)) {
    Value zero = arith::ConstantOp::create(
        b, loc, value.getType(), b.getIntegerAttr(value.getType(), 0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
  }
  return arith::BitcastOp::create(b, loc, type, value);
}

/// `value` as memory of `type` holds it: the same bits, or an i1 as the
/// byte 0 or 1.
Value toMemory(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (value.getType().isInteger(1))
    return arith::ExtUIOp::create(b, loc, type, value);
  return arith::BitcastOp::create(b, loc, type, value);
}

Value toIndex(OpBuilder &b, Location loc, Value offset) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

Value readElement(OpBuilder &b, Location loc, Value buffer, Value offset,
                  Type elementType) {
  Value value = memref::LoadOp::create(b, loc, buffer,
                                       ValueRange{toIndex(b, loc, offset)});
  return fromMemory(b, loc, value, elementType);
}

void writeElement(OpBuilder &b, Location loc, Value buffer, Value offset,
                  Value value) {
  Type bufferElement = cast<MemRefType>(buffer.getType()).getElementType();
  value = toMemory(b, loc, value, bufferElement);
  memref::StoreOp::create(b, loc, value, buffer,
                          ValueRange{toIndex(b, loc, offset)});
}

/// `cond ? then() : other` as an scf.if producing one value, or then()
/// alone without a condition.
Value guarded(OpBuilder &b, Location loc, Value cond,
              function_ref<Value(OpBuilder &, Location)> then,
              function_ref<Value(OpBuilder &, Location)> otherwise) {
  if (!cond)
    return then(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, cond,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, then(tb, tl));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, otherwise(eb, el));
      });
  return ifOp.getResult(0);
}

struct LoadConversion : public OpConversionPattern<LoadOp> {
  LoadConversion(const TypeConverter &typeConverter, MLIRContext *ctx,
                 PointerRoots &roots)
      : OpConversionPattern(typeConverter, ctx), roots(roots) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = typeConverter->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Type elementType = getElementTypeOrSelf(resultType);
    FailureOr<Value> buffer = getBuffer(op, roots);
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    Value ptr = adaptor.getPtr();
    Value mask = adaptor.getMask();
    Value other = adaptor.getOther();

    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType) {
      Value result = guarded(
          rewriter, loc, mask,
          [&](OpBuilder &b, Location l) {
            return readElement(b, l, *buffer, ptr, elementType);
          },
          [&](OpBuilder &b, Location l) {
            return other ? other : createZero(b, l, elementType);
          });
      rewriter.replaceOp(op, result);
      return success();
    }

    Value otherScalar =
        other ? getSplatScalar(rewriter, loc, other)
              : (mask ? createZero(rewriter, loc, elementType) : Value());
    auto allocType = MemRefType::get(tensorType.getShape(), elementType);
    Value alloc = memref::AllocOp::create(rewriter, loc, allocType);
    buildStaticLoopNest(
        rewriter, loc, tensorType.getShape(),
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          Value offset = tensor::ExtractOp::create(b, l, ptr, ivs);
          Value cond =
              mask ? tensor::ExtractOp::create(b, l, mask, ivs) : Value();
          Value value = guarded(
              b, l, cond,
              [&](OpBuilder &tb, Location tl) {
                return readElement(tb, tl, *buffer, offset, elementType);
              },
              [&](OpBuilder &eb, Location el) -> Value {
                if (otherScalar)
                  return otherScalar;
                return tensor::ExtractOp::create(eb, el, other, ivs);
              });
          memref::StoreOp::create(b, l, value, alloc, ivs);
        });
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, tensorType, alloc, /*restrict=*/true, /*writable=*/true);
    return success();
  }

  PointerRoots &roots;
};

struct StoreConversion : public OpConversionPattern<StoreOp> {
  StoreConversion(const TypeConverter &typeConverter, MLIRContext *ctx,
                  PointerRoots &roots)
      : OpConversionPattern(typeConverter, ctx), roots(roots) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    FailureOr<Value> buffer = getBuffer(op, roots);
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    Value ptr = adaptor.getPtr();
    Value mask = adaptor.getMask();

    auto emit = [&](OpBuilder &b, Location l, Value cond, Value offset,
                    Value element) {
      if (!cond) {
        writeElement(b, l, *buffer, offset, element);
        return;
      }
      scf::IfOp::create(b, l, cond, [&](OpBuilder &tb, Location tl) {
        writeElement(tb, tl, *buffer, offset, element);
        scf::YieldOp::create(tb, tl);
      });
    };

    auto tensorType = dyn_cast<RankedTensorType>(value.getType());
    if (!tensorType) {
      emit(rewriter, loc, mask, ptr, value);
      rewriter.eraseOp(op);
      return success();
    }
    buildStaticLoopNest(
        rewriter, loc, tensorType.getShape(),
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          Value offset = tensor::ExtractOp::create(b, l, ptr, ivs);
          Value element = tensor::ExtractOp::create(b, l, value, ivs);
          Value cond =
              mask ? tensor::ExtractOp::create(b, l, mask, ivs) : Value();
          emit(b, l, cond, offset, element);
        });
    rewriter.eraseOp(op);
    return success();
  }

  PointerRoots &roots;
};

} // namespace

void populateLoadStorePatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns,
                               PointerRoots &roots) {
  patterns.add<LoadConversion, StoreConversion>(typeConverter,
                                                patterns.getContext(), roots);
}

} // namespace mlir::triton::cpu

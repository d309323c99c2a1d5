//===- LoadStore.cpp - Gather/scatter for unstructured accesses -----------===//
//
// The tt.load / tt.store ops that step 2 left (the analyses did not decode
// their pointer or mask), and every scalar access. A pointer is now an i64
// element offset (a tensor of them for a tensor of pointers) into the
// buffer PointerRoots found for it, or, where pointers are absolute
// (TritonToLinalgTypeConverter), its address / element size: an access
// with a buffer subtracts the buffer's base, one without (or whose buffer
// holds elements of another size) reads or writes the address with
// llvm.load / llvm.store:
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
#include "linalg/Analysis/PointerRoots.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

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

/// True if elements of `accessed` can be read from and written to a buffer
/// of `buffer` elements in place (the same bits, or an i1 in a byte).
bool fitsBuffer(Type accessed, Type buffer) {
  return accessed == buffer || (accessed.isInteger(1) && buffer.isInteger(8)) ||
         (!accessed.isInteger(1) && !buffer.isInteger(1) &&
          accessed.getIntOrFloatBitWidth() == buffer.getIntOrFloatBitWidth());
}

/// Where the elements of one access live: a buffer (its index is the
/// pointer, minus `base` where pointers are absolute), or, with no buffer,
/// the absolute address pointer * bytes itself.
struct Memory {
  Value buffer;
  Value base;
  int64_t bytes = 1;
};

/// How `op` reaches memory; failure if its pointers are offsets into a
/// buffer that is unknown (the pass then has reported the access).
FailureOr<Memory> getMemory(OpBuilder &b, Location loc, Operation *op,
                            Type accessed, PointerRoots &roots,
                            const TypeConverter *converter) {
  bool absolute = static_cast<const TritonToLinalgTypeConverter *>(converter)
                      ->absolutePointers;
  Memory memory;
  memory.bytes = getPointeeBytes(op->getOperand(0).getType());
  memory.buffer = roots.getAccessBuffer(op).first;
  if (memory.buffer &&
      !fitsBuffer(accessed,
                  cast<MemRefType>(memory.buffer.getType()).getElementType()))
    memory.buffer = Value();
  if (!memory.buffer) {
    if (!absolute)
      return failure();
    return memory;
  }
  if (absolute)
    memory.base = getBufferBase(b, loc, memory.buffer, memory.bytes);
  return memory;
}

Value toIndex(OpBuilder &b, Location loc, Value offset) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

/// The address of the element `offset` points to (absolute pointers).
Value getAddress(OpBuilder &b, Location loc, const Memory &memory,
                 Value offset) {
  Value bytes =
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), memory.bytes);
  Value address = arith::MulIOp::create(b, loc, offset, bytes);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

Value readElement(OpBuilder &b, Location loc, const Memory &memory,
                  Value offset, Type elementType) {
  if (!memory.buffer) {
    // The bits of the element, as an integer (LLVM has no f8 types).
    Type bits = b.getIntegerType(memory.bytes * 8);
    Value value =
        LLVM::LoadOp::create(b, loc, bits, getAddress(b, loc, memory, offset),
                             /*alignment=*/memory.bytes);
    if (elementType.getIntOrFloatBitWidth() != memory.bytes * 8 &&
        !elementType.isInteger(1)) {
      // A pointer whose element is smaller than its size rounded to bytes.
      value = arith::TruncIOp::create(
          b, loc, b.getIntegerType(elementType.getIntOrFloatBitWidth()), value);
    }
    return fromMemory(b, loc, value, elementType);
  }
  if (memory.base)
    offset = arith::SubIOp::create(b, loc, offset, memory.base);
  Value value = memref::LoadOp::create(b, loc, memory.buffer,
                                       ValueRange{toIndex(b, loc, offset)});
  return fromMemory(b, loc, value, elementType);
}

void writeElement(OpBuilder &b, Location loc, const Memory &memory,
                  Value offset, Value value) {
  if (!memory.buffer) {
    Type bits = b.getIntegerType(memory.bytes * 8);
    Value stored = toMemory(
        b, loc, value,
        value.getType().isInteger(1)
            ? bits
            : b.getIntegerType(value.getType().getIntOrFloatBitWidth()));
    if (stored.getType() != bits)
      stored = arith::ExtUIOp::create(b, loc, bits, stored);
    LLVM::StoreOp::create(b, loc, stored, getAddress(b, loc, memory, offset),
                          /*alignment=*/memory.bytes);
    return;
  }
  if (memory.base)
    offset = arith::SubIOp::create(b, loc, offset, memory.base);
  Type bufferElement =
      cast<MemRefType>(memory.buffer.getType()).getElementType();
  value = toMemory(b, loc, value, bufferElement);
  memref::StoreOp::create(b, loc, value, memory.buffer,
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
    FailureOr<Memory> memory =
        getMemory(rewriter, loc, op, elementType, roots, typeConverter);
    if (failed(memory))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    Value ptr = adaptor.getPtr();
    Value mask = adaptor.getMask();
    Value other = adaptor.getOther();

    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType) {
      Value result = guarded(
          rewriter, loc, mask,
          [&](OpBuilder &b, Location l) {
            return readElement(b, l, *memory, ptr, elementType);
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
                return readElement(tb, tl, *memory, offset, elementType);
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
    FailureOr<Memory> memory =
        getMemory(rewriter, loc, op, getElementTypeOrSelf(value.getType()),
                  roots, typeConverter);
    if (failed(memory))
      return rewriter.notifyMatchFailure(op, "no buffer for the pointer");
    Value ptr = adaptor.getPtr();
    Value mask = adaptor.getMask();

    auto emit = [&](OpBuilder &b, Location l, Value cond, Value offset,
                    Value element) {
      if (!cond) {
        writeElement(b, l, *memory, offset, element);
        return;
      }
      scf::IfOp::create(b, l, cond, [&](OpBuilder &tb, Location tl) {
        writeElement(tb, tl, *memory, offset, element);
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

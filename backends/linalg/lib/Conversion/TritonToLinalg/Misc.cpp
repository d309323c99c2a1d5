//===- Misc.cpp - Debug ops, pointer casts, poison ------------------------===//
//
//   tt.assert          cf.assert of the condition (all elements and-ed by a
//                      linalg.reduce for a tensor)
//   tt.print           dropped with a remark (no device printf on the cpu
//                      target yet)
//   buffer pointers    the marker cast "buffer at offset" becomes the offset
//                      (plus the buffer's base where pointers are absolute)
//   pointer -> offset  the casts step 1 put on tt.call operands become the
//                      pointer (minus the buffer's base where absolute)
//   ub.poison          of a pointer: poison of its offset type; of a
//                      tensor: tensor.empty (bufferizable)
//   gpu.barrier        dropped: one thread runs a whole program, so there
//                      is no other thread of it to wait for
//   llvm.intr.assume   dropped: a hint (tl.assume) that bufferization cannot
//                      see through, since the op declares no memory effects
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg/Analysis/PointerRoots.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

struct AssertConversion : public OpConversionPattern<AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value cond = adaptor.getCondition();
    if (auto type = dyn_cast<RankedTensorType>(cond.getType())) {
      Value init = createFilledTensor(
          rewriter, loc, RankedTensorType::get({}, rewriter.getI1Type()),
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(), 1));
      SmallVector<int64_t> dims =
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
      auto all = linalg::ReduceOp::create(
          rewriter, loc, ValueRange{cond}, ValueRange{init}, dims,
          [](OpBuilder &b, Location l, ValueRange args) {
            linalg::YieldOp::create(
                b, l,
                arith::AndIOp::create(b, l, args[0], args[1]).getResult());
          });
      cond = tensor::ExtractOp::create(rewriter, loc, all.getResult(0),
                                       ValueRange{});
    }
    rewriter.replaceOpWithNewOp<cf::AssertOp>(op, cond, op.getMessage());
    return success();
  }
};

struct PrintConversion : public OpConversionPattern<PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    op.emitRemark() << "tt.print is dropped: the cpu target has no device "
                       "print yet";
    rewriter.eraseOp(op);
    return success();
  }
};

/// `offset` (an i64 or a tensor of them) plus the scalar `base`.
Value addToOffset(OpBuilder &b, Location loc, Value offset, Value base) {
  if (auto tensor = dyn_cast<RankedTensorType>(offset.getType()))
    base = tensor::SplatOp::create(b, loc, base, tensor);
  return arith::AddIOp::create(b, loc, offset, base);
}

/// Casts that mention pointers: the buffer-pointer markers of step 1
/// (buffer, offset -> pointer) become the offset, and the casts of tt.call
/// operands (pointer, buffer -> offset) the pointer. Where pointers are
/// absolute, the buffer's base is added or subtracted.
struct PointerCastConversion
    : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "not a single-result cast");
    Type resultType = typeConverter->convertType(op.getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    bool absolute =
        static_cast<const TritonToLinalgTypeConverter *>(typeConverter)
            ->absolutePointers;
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getOperands();
    Value offset;
    if (op->hasAttr(kBufferPointerAttr) && operands.size() == 2) {
      offset = operands[1];
      if (absolute && offset.getType() == resultType)
        offset = addToOffset(
            rewriter, loc, offset,
            getBufferBase(rewriter, loc, operands[0],
                          getPointeeBytes(op.getResult(0).getType())));
    } else if (op->hasAttr(kBufferOffsetAttr) && operands.size() == 2) {
      offset = operands[0];
      if (absolute && offset.getType() == resultType) {
        Value base = getBufferBase(rewriter, loc, operands[1],
                                   getPointeeBytes(op.getOperand(0).getType()));
        Value zero = arith::ConstantIntOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), 0);
        Value negated = arith::SubIOp::create(rewriter, loc, zero, base);
        offset = addToOffset(rewriter, loc, offset, negated);
      }
    } else if (operands.size() == 1) {
      offset = operands[0];
    }
    if (!offset || offset.getType() != resultType)
      return rewriter.notifyMatchFailure(op, "not a pointer/offset cast");
    rewriter.replaceOp(op, offset);
    return success();
  }
};

struct PoisonConversion : public OpConversionPattern<ub::PoisonOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ub::PoisonOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible type");
    // A tensor whose contents are undefined: an empty one (bufferizable).
    if (auto tensor = dyn_cast<RankedTensorType>(type)) {
      rewriter.replaceOp(op, createEmptyTensor(rewriter, op.getLoc(), tensor));
      return success();
    }
    if (type == op.getType())
      return rewriter.notifyMatchFailure(op, "nothing to convert");
    rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, type);
    return success();
  }
};

/// Erases an op that means nothing when one thread runs the program.
template <typename OpTy>
struct EraseOnCpu : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMiscPatterns(const TypeConverter &typeConverter,
                          RewritePatternSet &patterns) {
  patterns.add<AssertConversion, EraseOnCpu<gpu::BarrierOp>,
               EraseOnCpu<LLVM::AssumeOp>, PointerCastConversion,
               PoisonConversion, PrintConversion>(typeConverter,
                                                  patterns.getContext());
}

} // namespace mlir::triton::cpu

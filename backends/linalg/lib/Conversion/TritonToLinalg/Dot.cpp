//===- Dot.cpp - tt.dot to linalg.matmul ----------------------------------===//
//
// d = a * b + c becomes linalg.matmul (linalg.batch_matmul for 3-D) with `c`
// as the accumulator it writes: linalg extends narrower inputs (f16, bf16,
// i8) to the accumulator's type before multiplying, so f16/bf16 products
// accumulate in f32 exactly as tt.dot specifies. The input-precision hint
// (tf32, ...) has no meaning on the CPU, which always computes in the
// accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

struct DotConversion : public OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    SmallVector<Value> inputs{adaptor.getA(), adaptor.getB()};
    SmallVector<Value> outputs{adaptor.getC()};
    Value result;
    if (type.getRank() == 2)
      result = linalg::MatmulOp::create(rewriter, loc, TypeRange{type}, inputs,
                                        outputs)
                   .getResult(0);
    else if (type.getRank() == 3)
      result = linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{type},
                                             inputs, outputs)
                   .getResult(0);
    else
      return rewriter.notifyMatchFailure(op, "a dot of rank other than 2 or 3");
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateDotPatterns(const TypeConverter &typeConverter,
                         RewritePatternSet &patterns) {
  patterns.add<DotConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::triton::cpu

//===- Scan.cpp - tt.scan to a loop over the scanned axis -----------------===//
//
// An inclusive scan with any combiner and any number of operands becomes an
// scf.for over the axis (backwards for `reverse`) that carries the running
// values and the result tensors:
//
//   out[first] = x[first]
//   out[i]     = combine(out[i - 1], x[i])       (i + 1 for reverse)
//
// A 1-D scan carries scalars (tensor.extract / tensor.insert); a scan of a
// higher-rank tensor carries the slices across the other dimensions and
// combines them with a linalg.generic, so the other dimensions stay
// vectorizable.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

/// Offsets, sizes and strides of the slice at `index` along `axis`.
void getAxisSlice(OpBuilder &b, RankedTensorType type, int64_t axis,
                  Value index, SmallVectorImpl<OpFoldResult> &offsets,
                  SmallVectorImpl<OpFoldResult> &sizes,
                  SmallVectorImpl<OpFoldResult> &strides) {
  for (int64_t d = 0; d < type.getRank(); ++d) {
    offsets.push_back(d == axis ? OpFoldResult(index) : b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(d == axis ? 1 : type.getDimSize(d)));
    strides.push_back(b.getIndexAttr(1));
  }
}

struct ScanConversion : public OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    bool reverse = op.getReverse();
    SmallVector<Value> srcs(adaptor.getSrcs());
    unsigned n = srcs.size();
    auto type = cast<RankedTensorType>(srcs.front().getType());
    int64_t size = type.getDimSize(axis);
    bool scalar = type.getRank() == 1;
    Region &combiner = op.getCombineOp();

    SmallVector<int64_t> sliceShape;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != axis)
        sliceShape.push_back(type.getDimSize(d));

    // Read and write one position along the axis.
    auto read = [&](OpBuilder &b, Location l, Value src, Value index) -> Value {
      if (scalar)
        return tensor::ExtractOp::create(b, l, src, index);
      auto srcType = cast<RankedTensorType>(src.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      getAxisSlice(b, srcType, axis, index, offsets, sizes, strides);
      auto sliceType =
          RankedTensorType::get(sliceShape, srcType.getElementType());
      return tensor::ExtractSliceOp::create(b, l, sliceType, src, offsets,
                                            sizes, strides);
    };
    auto write = [&](OpBuilder &b, Location l, Value value, Value dest,
                     Value index) -> Value {
      if (scalar)
        return tensor::InsertOp::create(b, l, value, dest, index);
      auto destType = cast<RankedTensorType>(dest.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      getAxisSlice(b, destType, axis, index, offsets, sizes, strides);
      return tensor::InsertSliceOp::create(b, l, value, dest, offsets, sizes,
                                           strides);
    };
    auto combine = [&](OpBuilder &b, Location l, ValueRange acc,
                       ValueRange cur) -> SmallVector<Value> {
      SmallVector<Value> args(acc);
      llvm::append_range(args, cur);
      if (scalar)
        return inlineCombiner(b, combiner, args);
      unsigned rank = sliceShape.size();
      SmallVector<Value> outs;
      SmallVector<Type> types;
      for (Value v : acc) {
        auto t = cast<RankedTensorType>(v.getType());
        outs.push_back(createEmptyTensor(b, l, t));
        types.push_back(t);
      }
      SmallVector<AffineMap> maps(3 * n, b.getMultiDimIdentityMap(rank));
      SmallVector<utils::IteratorType> iterators(rank,
                                                 utils::IteratorType::parallel);
      auto generic = linalg::GenericOp::create(
          b, l, types, args, outs, maps, iterators,
          [&](OpBuilder &nb, Location nl, ValueRange elems) {
            SmallVector<Value> results =
                inlineCombiner(nb, combiner, elems.take_front(2 * n));
            linalg::YieldOp::create(nb, nl, results);
          });
      return SmallVector<Value>(generic.getResults());
    };

    Value first =
        arith::ConstantIndexOp::create(rewriter, loc, reverse ? size - 1 : 0);
    SmallVector<Value> acc, outs;
    for (Value src : srcs) {
      Value start = read(rewriter, loc, src, first);
      acc.push_back(start);
      Value empty = createEmptyTensor(rewriter, loc,
                                      cast<RankedTensorType>(src.getType()));
      outs.push_back(write(rewriter, loc, start, empty, first));
    }
    SmallVector<Value> iterArgs(acc);
    llvm::append_range(iterArgs, outs);
    Value lb = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value ub = arith::ConstantIndexOp::create(rewriter, loc, size);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value last = arith::ConstantIndexOp::create(rewriter, loc, size - 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, lb, ub, step, iterArgs,
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value index = reverse ? arith::SubIOp::create(b, l, last, iv) : iv;
          SmallVector<Value> cur;
          for (Value src : srcs)
            cur.push_back(read(b, l, src, index));
          SmallVector<Value> next = combine(b, l, args.take_front(n), cur);
          SmallVector<Value> yielded(next);
          for (unsigned i = 0; i < n; ++i)
            yielded.push_back(write(b, l, next[i], args[n + i], index));
          scf::YieldOp::create(b, l, yielded);
        });
    rewriter.replaceOp(op, loop.getResults().drop_front(n));
    return success();
  }
};

} // namespace

void populateScanPatterns(const TypeConverter &typeConverter,
                          RewritePatternSet &patterns) {
  patterns.add<ScanConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::triton::cpu

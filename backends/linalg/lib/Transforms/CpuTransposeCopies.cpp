//===- CpuTransposeCopies.cpp - Tile transposes in registers --------------===//
//
// A vector read of a tile from a column-major buffer (a vectorized
// linalg.copy of a transposed tile) lowers to one load an element, which
// LLVM assembles into vectors lane by lane. Read block by block along the
// buffer's contiguous dimension, each block transposed with one
// vector.shuffle, the same tile is contiguous loads and register
// permutations.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-transpose-copies"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUTRANSPOSECOPIES
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The side of the blocks: 16 x 16 elements are 8 registers of 512 bits for
/// 16-bit elements, 16 for 32-bit ones.
constexpr int64_t kBlock = 16;

/// Whether `type` is a 2-D buffer whose strides are static, with stride 1
/// along dimension `contiguousDim` and not along the other.
bool isContiguousAlong(MemRefType type, unsigned contiguousDim) {
  if (type.getRank() != 2)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides[contiguousDim] == 1 && strides[1 - contiguousDim] != 1 &&
         !ShapedType::isDynamic(strides[1 - contiguousDim]);
}

/// vector.transfer_read of a 2-D vector from a column-major buffer (the
/// vectorized linalg.copy of a transposed tile), of a static shape that
/// kBlock divides, as kBlock x kBlock blocks read along the buffer's
/// contiguous dimension and transposed in registers.
struct ReadColumnMajorByBlocks : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<MemRefType>(read.getBase().getType());
    VectorType type = read.getVectorType();
    if (!sourceType || !isContiguousAlong(sourceType, /*contiguousDim=*/0))
      return rewriter.notifyMatchFailure(read, "not a column-major buffer");
    if (type.getRank() != 2 || type.isScalable() || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(read.getInBoundsValues(), [](bool b) { return !b; }))
      return rewriter.notifyMatchFailure(
          read, "not an unmasked, in-bounds 2-D read in the buffer's order");
    int64_t height = type.getDimSize(0), width = type.getDimSize(1);
    if (height % kBlock != 0 || width % kBlock != 0)
      return rewriter.notifyMatchFailure(read, "not a multiple of 16 x 16");

    Location loc = read.getLoc();
    Type element = type.getElementType();
    // The buffer seen with its contiguous dimension last:
    // rows[c][r] = source[r][c].
    auto permutation =
        AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, getContext());
    Value rows = memref::TransposeOp::create(rewriter, loc, read.getBase(),
                                             AffineMapAttr::get(permutation));
    auto blockType = VectorType::get({kBlock, kBlock}, element);
    auto flatType = VectorType::get({kBlock * kBlock}, element);
    // transposed[r][c] = block[c][r].
    SmallVector<int64_t> transposition;
    for (int64_t r = 0; r < kBlock; ++r)
      for (int64_t c = 0; c < kBlock; ++c)
        transposition.push_back(c * kBlock + r);
    Value row0 = read.getIndices()[0], column0 = read.getIndices()[1];
    SmallVector<bool> inBounds = {true, true};
    Value result = arith::ConstantOp::create(
        rewriter, loc, type,
        DenseElementsAttr::get(type, rewriter.getZeroAttr(element)));
    auto offset = [&](Value base, int64_t by) -> Value {
      if (by == 0)
        return base;
      return arith::AddIOp::create(
          rewriter, loc, base,
          arith::ConstantIndexOp::create(rewriter, loc, by));
    };
    for (int64_t r = 0; r < height; r += kBlock) {
      for (int64_t c = 0; c < width; c += kBlock) {
        // Rows c.. of the transposed view hold columns c.. of the tile.
        Value block = vector::TransferReadOp::create(
            rewriter, loc, blockType, rows,
            ValueRange{offset(column0, c), offset(row0, r)}, read.getPadding(),
            inBounds);
        Value flat =
            vector::ShapeCastOp::create(rewriter, loc, flatType, block);
        Value shuffled =
            vector::ShuffleOp::create(rewriter, loc, flat, flat, transposition);
        Value transposed =
            vector::ShapeCastOp::create(rewriter, loc, blockType, shuffled);
        result = vector::InsertStridedSliceOp::create(
            rewriter, loc, transposed, result, ArrayRef<int64_t>{r, c},
            ArrayRef<int64_t>{1, 1});
      }
    }
    rewriter.replaceOp(read, result);
    return success();
  }
};

struct CpuTransposeCopiesPass
    : mlir::triton::cpu::impl::CpuTransposeCopiesBase<CpuTransposeCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ReadColumnMajorByBlocks>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      LLVM_DEBUG(llvm::dbgs() << "linalg-cpu-transpose-copies did not "
                                 "converge\n");
  }
};

} // namespace

//===- MatrixTiles.cpp - 8x8 tiles of ldmatrix and stmatrix ---------------===//

#include "MatrixTiles.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

/// The offset basis of `inDim` bit `bit` of `toOffset` (0 past its size).
static int32_t basisOf(const LinearLayout &toOffset, StringAttr inDim,
                       int32_t bit) {
  if (!toOffset.hasInDim(inDim) || bit >= toOffset.getInDimSizeLog2(inDim))
    return 0;
  return toOffset.getBasis(inDim, bit).front();
}

bool nvidia_gpu::fitsMatrixTiles(const LinearLayout &toOffset, bool trans,
                                 int32_t originOffset) {
  MLIRContext *ctx = toOffset.getInDimNames().begin()->getContext();
  StringAttr reg = kRegister(ctx), lane = kLane(ctx);
  if (toOffset.getInDimSizeLog2(reg) < 3 || (originOffset & 7) ||
      toOffset.getInDimSizeLog2(lane) != 5)
    return false;
  auto rowStart = [](int32_t offset) { return (offset & 7) == 0; };
  // The three bits stepping within a 16-byte row, and the rest.
  SmallVector<std::pair<StringAttr, int32_t>> inRow =
      trans ? SmallVector<std::pair<StringAttr, int32_t>>{{lane, 2},
                                                          {lane, 3},
                                                          {lane, 4}}
            : SmallVector<std::pair<StringAttr, int32_t>>{
                  {reg, 0}, {lane, 0}, {lane, 1}};
  for (auto [i, bit] : llvm::enumerate(inRow))
    if (basisOf(toOffset, bit.first, bit.second) != (1 << i))
      return false;
  for (StringAttr inDim : toOffset.getInDimNames())
    for (int32_t b = 0; b < toOffset.getInDimSizeLog2(inDim); ++b) {
      if (llvm::is_contained(inRow, std::make_pair(inDim, b)))
        continue;
      if (!rowStart(toOffset.getBasis(inDim, b).front()))
        return false;
    }
  return true;
}

std::optional<bool>
nvidia_gpu::getMatrixTileTransposition(const LinearLayout &toOffset,
                                       int32_t originOffset) {
  for (bool trans : {false, true})
    if (fitsMatrixTiles(toOffset, trans, originOffset))
      return trans;
  return std::nullopt;
}

Value nvidia_gpu::emitMatrixRowOffset(Location loc, RewriterBase &rewriter,
                                      const trident::TargetInfoBase &targetInfo,
                                      const LinearLayout &toOffset, bool trans,
                                      int32_t originOffset) {
  MLIRContext *ctx = rewriter.getContext();
  auto c = [&](int32_t v) { return i32Constant(rewriter, loc, v); };
  // Which register and lane index name the row this lane addresses.
  HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
  Value matrix = LLVM::LShrOp::create(rewriter, loc, ids.lane, c(3));
  Value row = LLVM::AndOp::create(rewriter, loc, ids.lane, c(7));
  Value regIndex = LLVM::ShlOp::create(rewriter, loc, matrix, c(1));
  Value laneIndex;
  if (trans) {
    regIndex = LLVM::OrOp::create(
        rewriter, loc, regIndex, LLVM::AndOp::create(rewriter, loc, row, c(1)));
    laneIndex = LLVM::LShrOp::create(rewriter, loc, row, c(1));
  } else {
    laneIndex = LLVM::ShlOp::create(rewriter, loc, row, c(2));
  }
  Value rowOffset = applyLinearLayout(loc, rewriter, toOffset,
                                      {{kRegister(ctx), regIndex},
                                       {kLane(ctx), laneIndex},
                                       {kWarp(ctx), ids.warp},
                                       {kBlock(ctx), ids.block}})
                        .front();
  if (originOffset)
    rowOffset = LLVM::XOrOp::create(rewriter, loc, rowOffset, c(originOffset));
  return rowOffset;
}

Value nvidia_gpu::emitMatrixGroupAddress(Location loc, RewriterBase &rewriter,
                                         Value base, Type elemType,
                                         const LinearLayout &toOffset,
                                         Value rowOffset, int32_t group) {
  MLIRContext *ctx = toOffset.getInDimNames().begin()->getContext();
  int32_t groupOffset = toOffset
                            .apply({{kRegister(ctx), group},
                                    {kLane(ctx), 0},
                                    {kWarp(ctx), 0},
                                    {kBlock(ctx), 0}})
                            .front()
                            .second;
  Value offset = LLVM::XOrOp::create(rewriter, loc, rowOffset,
                                     i32Constant(rewriter, loc, groupOffset));
  Value ptr = gepElements(loc, rewriter, base, elemType, offset);
  return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), ptr);
}

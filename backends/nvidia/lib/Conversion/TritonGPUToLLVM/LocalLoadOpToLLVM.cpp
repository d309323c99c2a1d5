//===- LocalLoadOpToLLVM.cpp - ttg.local_load of 16-bit tiles by ldmatrix -===//
//
// `ldmatrix.sync.aligned.m8n8.x4.shared.b16` loads four 8x8 matrices of
// 16-bit elements for a warp in one instruction: lane l gives the address
// of row l % 8 of matrix l / 8 (16 contiguous bytes), and lane t receives,
// of each matrix j, row t / 4, elements 2 (t % 4) and 2 (t % 4) + 1, as its
// register j. With `.trans` it receives rows 2 (t % 4) and 2 (t % 4) + 1 of
// element t / 4 instead.
//
// Whether a local_load can be done that way is read off the map from
// (register, lane, warp) to element offsets in the buffer (the core's
// SharedAccessPlan), which is linear over XOR:
//   plain:   register bit 0 -> +1, lane bits 0, 1 -> +2, +4; lane bits 2-4
//            (the 8 rows) and register bits 1, 2 (the 4 matrices) -> row
//            starts (offsets with the low 3 bits clear);
//   .trans:  lane bits 2-4 -> +1, +2, +4; register bit 0 and lane bits 0, 1
//            (the 8 rows) and register bits 1, 2 -> row starts.
// Every further register bit, warp bit and a window's origin must keep the
// low 3 bits clear too; each group of 8 registers is then one ldmatrix.
// Anything else is left to the core's plain shared loads.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The offset basis of `inDim` bit `bit` of `toOffset` (0 past its size).
int32_t basisOf(const LinearLayout &toOffset, StringAttr inDim, int32_t bit) {
  if (!toOffset.hasInDim(inDim) || bit >= toOffset.getInDimSizeLog2(inDim))
    return 0;
  return toOffset.getBasis(inDim, bit).front();
}

/// Whether `toOffset` has the shape an x4 ldmatrix (with `.trans` or not)
/// reads, as the file header says.
bool fitsLdmatrix(const LinearLayout &toOffset, bool trans,
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

struct LdmatrixLocalLoadOpConversion
    : public ConvertOpToLLVMPattern<gpu::LocalLoadOp> {
  LdmatrixLocalLoadOpConversion(LLVMTypeConverter &converter,
                                const trident::TargetInfoBase &targetInfo,
                                PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(gpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "result without a layout");
    Type elemType = getTypeConverter()->convertType(type.getElementType());
    if (!elemType || !elemType.isIntOrFloat() ||
        elemType.getIntOrFloatBitWidth() != 16)
      return rewriter.notifyMatchFailure(op, "not 16-bit elements");
    std::string why;
    FailureOr<SharedAccessPlan> plan =
        planSharedAccess(loc, rewriter, targetInfo, type, op.getSrc(), 16, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    const LinearLayout &toOffset = plan->toOffset;
    bool trans;
    if (fitsLdmatrix(toOffset, /*trans=*/false, plan->originOffset))
      trans = false;
    else if (fitsLdmatrix(toOffset, /*trans=*/true, plan->originOffset))
      trans = true;
    else
      return rewriter.notifyMatchFailure(op, "registers are not 8x8 tiles");

    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type();
    auto c = [&](int32_t v) { return i32Constant(rewriter, loc, v); };
    // Which register and lane index name the row this lane addresses.
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    Value matrix = LLVM::LShrOp::create(rewriter, loc, ids.lane, c(3));
    Value row = LLVM::AndOp::create(rewriter, loc, ids.lane, c(7));
    Value regIndex = LLVM::ShlOp::create(rewriter, loc, matrix, c(1));
    Value laneIndex;
    if (trans) {
      regIndex =
          LLVM::OrOp::create(rewriter, loc, regIndex,
                             LLVM::AndOp::create(rewriter, loc, row, c(1)));
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
    if (plan->originOffset)
      rowOffset =
          LLVM::XOrOp::create(rewriter, loc, rowOffset, c(plan->originOffset));

    auto resultType =
        LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
    std::string asmText = std::string("ldmatrix.sync.aligned.m8n8.x4") +
                          (trans ? ".trans" : "") +
                          ".shared.b16 {$0, $1, $2, $3}, [$4];";
    auto pairType = VectorType::get({2}, elemType);
    int32_t numRegs = toOffset.getInDimSize(kRegister(ctx));
    SmallVector<Value> results(numRegs);
    for (int32_t group = 0; group < numRegs; group += 8) {
      // The group's register bits are above the first three: XOR them in.
      int32_t groupOffset = toOffset
                                .apply({{kRegister(ctx), group},
                                        {kLane(ctx), 0},
                                        {kWarp(ctx), 0},
                                        {kBlock(ctx), 0}})
                                .front()
                                .second;
      Value offset =
          LLVM::XOrOp::create(rewriter, loc, rowOffset, c(groupOffset));
      Value ptr =
          gepElements(loc, rewriter, adaptor.getSrc(), elemType, offset);
      Value address = LLVM::PtrToIntOp::create(rewriter, loc, i32, ptr);
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, resultType, ValueRange{address}, asmText,
          "=r,=r,=r,=r,r", /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
          ArrayAttr());
      for (int32_t j = 0; j < 4; ++j) {
        Value word =
            LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0), j);
        Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
        for (int32_t h = 0; h < 2; ++h)
          results[group + 2 * j + h] =
              LLVM::ExtractElementOp::create(rewriter, loc, pair, c(h));
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), results, rewriter, type));
    return success();
  }

private:
  const trident::TargetInfoBase &targetInfo;
};

} // namespace

void mlir::triton::nvidia_gpu::populateLocalLoadOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<LdmatrixLocalLoadOpConversion>(typeConverter, targetInfo,
                                              benefit);
}

//===- ScanOpToLLVM.cpp - tt.scan within a thread, warp and CTA -----------===//
//
// An inclusive scan along `axis` (see ScanScratch in Allocation.h for the
// layouts it takes): the axis is split into chunks (high register bits),
// each spread over low registers, then lanes, then warps.
//
//  1. In each thread, the registers of a chunk are scanned in axis order.
//  2. The thread totals are scanned across the lanes of the axis
//     (Hillis-Steele with shuffleIdx); each lane's exclusive prefix is the
//     previous lane's result.
//  3. Across warps, the last lane of each warp writes the warp's total to
//     scratch; after a barrier every thread combines the totals of the
//     warps before its own, and of all warps into the chunk total.
//  4. Each chunk starts from the totals of the chunks before it.
//
// There is no identity element: a prefix that does not exist (first lane,
// first warp, first chunk) is skipped with a select. `reverse` scans from
// the end: "before" then means a higher index.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Values = SmallVector<Value>;

struct ScanOpConversion : public ConvertTritonGPUOpToLLVMPattern<ScanOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    std::optional<ScanScratch> scratch = getScanScratch(op);
    if (!scratch)
      return rewriter.notifyMatchFailure(op, "a layout the scan cannot walk");
    if (scratch->numWarps > 1 && !op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");
    unsigned axis = op.getAxis();
    unsigned rank = type.getRank();
    bool reverse = op.getReverse();
    unsigned numOperands = op.getSrcs().size();
    Region &combine = op.getCombineOp();
    LinearLayout layout = gpu::toLinearLayout(type);
    int64_t lowSpan = scratch->numLowRegs;
    int64_t chunkSpan = lowSpan * scratch->numLanes * scratch->numWarps;

    // Groups of registers: (key, chunk) -> registers in scan order.
    std::map<std::pair<std::vector<int32_t>, int64_t>, unsigned> groupIndex;
    SmallVector<std::vector<int32_t>> groupKey;
    SmallVector<int64_t> groupChunk;
    SmallVector<SmallVector<std::pair<int32_t, int32_t>>> groupRegs;
    int32_t numRegs = layout.getInDimSize(kRegister(ctx));
    for (int32_t r = 0; r < numRegs; ++r) {
      if (isDuplicateRegister(layout, r))
        continue;
      SmallVector<int32_t> coords = getRegisterCoordinates(layout, r);
      std::vector<int32_t> key(coords.begin(), coords.end());
      int32_t pos = key[axis];
      key[axis] = 0;
      int64_t chunk = pos / chunkSpan;
      auto [it, inserted] =
          groupIndex.try_emplace({key, chunk}, groupKey.size());
      if (inserted) {
        groupKey.push_back(key);
        groupChunk.push_back(chunk);
        groupRegs.emplace_back();
      }
      groupRegs[it->second].push_back({pos % lowSpan, r});
    }
    for (auto &regs : groupRegs) {
      llvm::sort(regs);
      if (reverse)
        std::reverse(regs.begin(), regs.end());
    }

    SmallVector<SmallVector<Value>> inputs;
    for (Value operand : adaptor.getSrcs())
      inputs.push_back(unpackLLElements(loc, operand, rewriter));
    auto combineValues = [&](const Values &a, const Values &b) {
      return applyCombineRegion(loc, rewriter, combine, a, b);
    };
    auto select = [&](Value cond, const Values &a, const Values &b) {
      Values result;
      for (auto [x, y] : llvm::zip(a, b))
        result.push_back(LLVM::SelectOp::create(rewriter, loc, cond, x, y));
      return result;
    };
    auto constantI1 = [&](bool v) -> Value {
      return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(v));
    };
    /// (has, prefix) followed by `next`: the combined prefix.
    auto extend = [&](Value &has, Values &prefix, Value hasNext,
                      const Values &next) {
      Values both = combineValues(prefix, next);
      Values chosen = select(has, both, next);
      prefix = select(hasNext, chosen, prefix);
      has = LLVM::OrOp::create(rewriter, loc, has, hasNext);
    };

    // 1. In each thread.
    SmallVector<SmallVector<Values>> scanned(groupRegs.size());
    for (auto [g, regs] : llvm::enumerate(groupRegs)) {
      Values acc;
      for (auto [i, reg] : llvm::enumerate(regs)) {
        Values cur;
        for (unsigned o = 0; o < numOperands; ++o)
          cur.push_back(inputs[o][reg.second]);
        acc = i == 0 ? cur : combineValues(acc, cur);
        scanned[g].push_back(acc);
      }
    }

    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    unsigned laneShift = scratch->laneShift;
    int64_t numLanes = scratch->numLanes;
    Value laneAxis = LLVM::AndOp::create(
        rewriter, loc,
        LLVM::LShrOp::create(rewriter, loc, ids.lane,
                             i32Constant(rewriter, loc, laneShift)),
        i32Constant(rewriter, loc, numLanes - 1));
    // The position of this lane in scan order.
    Value laneOrder =
        reverse ? Value(LLVM::SubOp::create(
                      rewriter, loc, i32Constant(rewriter, loc, numLanes - 1),
                      laneAxis))
                : laneAxis;
    /// The lane `delta` steps earlier in scan order (this lane if none).
    auto earlierLane = [&](int64_t delta, Value exists) -> Value {
      Value step = i32Constant(rewriter, loc, delta << laneShift);
      Value moved =
          reverse ? Value(LLVM::AddOp::create(rewriter, loc, ids.lane, step))
                  : Value(LLVM::SubOp::create(rewriter, loc, ids.lane, step));
      return LLVM::SelectOp::create(rewriter, loc, exists, moved, ids.lane);
    };
    auto shuffle = [&](const Values &values, Value lane) {
      Values result;
      for (Value v : values)
        result.push_back(targetInfo.shuffleIdx(rewriter, loc, v, lane));
      return result;
    };

    // 2. Across lanes: scan the thread totals, then take the previous
    // lane's result as this lane's prefix.
    SmallVector<Values> lanePrefix(groupRegs.size());
    SmallVector<Value> hasLanePrefix(groupRegs.size());
    SmallVector<Values> warpTotal(groupRegs.size());
    for (unsigned g = 0; g < groupRegs.size(); ++g) {
      Values total = scanned[g].back();
      for (int64_t d = 1; d < numLanes; d <<= 1) {
        Value exists =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                 laneOrder, i32Constant(rewriter, loc, d));
        Values other = shuffle(total, earlierLane(d, exists));
        total = select(exists, combineValues(other, total), total);
      }
      if (numLanes > 1) {
        Value exists =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                 laneOrder, i32Constant(rewriter, loc, 1));
        lanePrefix[g] = shuffle(total, earlierLane(1, exists));
        hasLanePrefix[g] = exists;
        // The warp's total is the last lane's (in scan order).
        Value lastLaneAxis =
            i32Constant(rewriter, loc, reverse ? 0 : numLanes - 1);
        Value lastLane = LLVM::OrOp::create(
            rewriter, loc,
            LLVM::AndOp::create(
                rewriter, loc, ids.lane,
                i32Constant(rewriter, loc,
                            ~int32_t((numLanes - 1) << laneShift))),
            LLVM::ShlOp::create(rewriter, loc, lastLaneAxis,
                                i32Constant(rewriter, loc, laneShift)));
        warpTotal[g] = shuffle(total, lastLane);
      } else {
        lanePrefix[g] = total;
        hasLanePrefix[g] = constantI1(false);
        warpTotal[g] = total;
      }
    }

    // 3. Across warps.
    SmallVector<Values> warpPrefix(groupRegs.size());
    SmallVector<Value> hasWarpPrefix(groupRegs.size());
    SmallVector<Values> chunkTotal(groupRegs.size());
    if (scratch->numWarps == 1) {
      for (unsigned g = 0; g < groupRegs.size(); ++g) {
        warpPrefix[g] = warpTotal[g];
        hasWarpPrefix[g] = constantI1(false);
        chunkTotal[g] = warpTotal[g];
      }
    } else {
      StringAttr warp = kWarp(ctx);
      Value warpAxis = i32Constant(rewriter, loc, 0);
      int slotBit = 0;
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(warp); ++bit) {
        if (layout.getBasis(warp, bit)[axis] == 0)
          continue;
        Value b = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, ids.warp,
                                 i32Constant(rewriter, loc, bit)),
            i32Constant(rewriter, loc, 1));
        warpAxis = LLVM::OrOp::create(
            rewriter, loc, warpAxis,
            LLVM::ShlOp::create(rewriter, loc, b,
                                i32Constant(rewriter, loc, slotBit++)));
      }
      Value base = *getSharedMemoryAddress(loc, rewriter, targetInfo, op);
      SmallVector<StringAttr> nonAxis;
      SmallVector<Value> threadPart = applyLinearLayout(
          loc, rewriter, layout,
          {{kLane(ctx), ids.lane}, {warp, ids.warp}, {kBlock(ctx), ids.block}});
      unsigned numWarps = scratch->numWarps;
      Value lastInWarp = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, laneOrder,
          i32Constant(rewriter, loc, numLanes - 1));
      SmallVector<Value> slotBase;
      for (unsigned g = 0; g < groupRegs.size(); ++g) {
        Value index = i32Constant(rewriter, loc, 0);
        for (unsigned d = 0; d < rank; ++d) {
          if (d == axis)
            continue;
          Value coord = threadPart[d];
          if (groupKey[g][d] != 0)
            coord = LLVM::XOrOp::create(
                rewriter, loc, coord, i32Constant(rewriter, loc, groupKey[g][d]));
          index = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(
                  rewriter, loc, index,
                  i32Constant(rewriter, loc, type.getShape()[d])),
              coord);
        }
        index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, index,
                                i32Constant(rewriter, loc, scratch->numChunks)),
            i32Constant(rewriter, loc, groupChunk[g]));
        slotBase.push_back(LLVM::MulOp::create(
            rewriter, loc, index, i32Constant(rewriter, loc, numWarps)));
      }
      auto slotPtr = [&](unsigned g, unsigned o, Value w) {
        Value region = gepElements(
            loc, rewriter, base, rewriter.getI8Type(),
            i32Constant(rewriter, loc, scratch->operandOffsets[o]));
        Value at = LLVM::AddOp::create(rewriter, loc, slotBase[g], w);
        return gepElements(loc, rewriter, region, warpTotal[g][o].getType(),
                           at);
      };
      for (unsigned g = 0; g < groupRegs.size(); ++g)
        for (unsigned o = 0; o < numOperands; ++o)
          targetInfo.storeShared(rewriter, loc, slotPtr(g, o, warpAxis),
                                 warpTotal[g][o], lastInWarp);
      targetInfo.barrier(rewriter, loc);
      Value always = constantI1(true);
      // The warp's position in scan order.
      Value warpOrder =
          reverse ? Value(LLVM::SubOp::create(
                        rewriter, loc, i32Constant(rewriter, loc, numWarps - 1),
                        warpAxis))
                  : warpAxis;
      for (unsigned g = 0; g < groupRegs.size(); ++g) {
        Value has = constantI1(false);
        Values prefix, total;
        for (unsigned i = 0; i < numWarps; ++i) {
          unsigned w = reverse ? numWarps - 1 - i : i;
          Values t;
          for (unsigned o = 0; o < numOperands; ++o)
            t.push_back(targetInfo.loadShared(
                rewriter, loc, slotPtr(g, o, i32Constant(rewriter, loc, w)),
                warpTotal[g][o].getType(), always));
          total = i == 0 ? t : combineValues(total, t);
          if (i == numWarps - 1)
            break;
          if (i == 0)
            prefix = t;
          // Warp i (in scan order) is before this one if i < warpOrder.
          Value before = LLVM::ICmpOp::create(
              rewriter, loc, LLVM::ICmpPredicate::ult,
              i32Constant(rewriter, loc, i), warpOrder);
          if (i == 0)
            has = before;
          else
            extend(has, prefix, before, t);
        }
        if (prefix.empty())
          prefix = total;
        warpPrefix[g] = prefix;
        hasWarpPrefix[g] = has;
        chunkTotal[g] = total;
      }
    }

    // 4. Chunks, in scan order, and the final values.
    std::map<std::vector<int32_t>, SmallVector<unsigned>> chunksOfKey;
    for (unsigned g = 0; g < groupRegs.size(); ++g)
      chunksOfKey[groupKey[g]].push_back(g);
    SmallVector<SmallVector<Value>> outputs(numOperands,
                                            SmallVector<Value>(numRegs));
    for (auto &[key, groups] : chunksOfKey) {
      llvm::sort(groups, [&](unsigned a, unsigned b) {
        return reverse ? groupChunk[a] > groupChunk[b]
                       : groupChunk[a] < groupChunk[b];
      });
      Values carry;
      for (unsigned g : groups) {
        Value has = carry.empty() ? constantI1(false) : constantI1(true);
        Values prefix = carry.empty() ? warpPrefix[g] : carry;
        extend(has, prefix, hasWarpPrefix[g], warpPrefix[g]);
        extend(has, prefix, hasLanePrefix[g], lanePrefix[g]);
        for (auto [i, reg] : llvm::enumerate(groupRegs[g])) {
          Values value =
              select(has, combineValues(prefix, scanned[g][i]), scanned[g][i]);
          for (unsigned o = 0; o < numOperands; ++o)
            outputs[o][reg.second] = value[o];
        }
        carry = carry.empty() ? chunkTotal[g]
                              : combineValues(carry, chunkTotal[g]);
      }
    }
    // Duplicated registers repeat the register they duplicate.
    for (int32_t r = 0; r < numRegs; ++r) {
      if (outputs[0][r])
        continue;
      SmallVector<int32_t> coords = getRegisterCoordinates(layout, r);
      for (int32_t s = 0; s < r; ++s)
        if (getRegisterCoordinates(layout, s) == coords) {
          for (unsigned o = 0; o < numOperands; ++o)
            outputs[o][r] = outputs[o][s];
          break;
        }
    }
    SmallVector<Value> results;
    for (unsigned o = 0; o < numOperands; ++o)
      results.push_back(packLLElements(loc, getTypeConverter(), outputs[o],
                                       rewriter, op.getResult()[o].getType()));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::triton::populateScanOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<ScanOpConversion>(typeConverter, targetInfo, benefit);
}

//===- ReduceOpToLLVM.cpp - tt.reduce within a thread, warp and CTA -------===//
//
// A reduction along `axis` works on the tensor's linear layout:
//
//  1. in each thread, the registers that differ only along the axis are
//     combined (duplicated registers are skipped);
//  2. in each warp, for every lane bit that steps along the axis, values
//     are exchanged with shuffleXor and combined: then every lane holds its
//     group's result;
//  3. if warps split the axis, each warp writes its partial result to the
//     op's scratch buffer (one slot per warp and result element), a barrier
//     follows, and every thread reads all slots of the results it holds (in
//     vectors: a result's slots are consecutive) and combines them pairwise.
//
// The result keeps the input's layout minus the axis (a slice layout), or is
// a scalar when the input is one-dimensional.
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

using Key = std::vector<int32_t>;

struct ReduceOpConversion : public ConvertTritonGPUOpToLLVMPattern<ReduceOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    SmallVector<RankedTensorType> inputTypes = op.getInputTypes();
    RankedTensorType type = inputTypes[0];
    if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    std::optional<ReduceScratch> scratch = getReduceScratch(op);
    if (!scratch)
      return rewriter.notifyMatchFailure(
          op, "a lane or warp basis mixes the axis with another dimension");
    unsigned axis = op.getAxis();
    unsigned rank = type.getRank();
    unsigned numOperands = inputTypes.size();
    LinearLayout layout = gpu::toLinearLayout(type);
    Region &combine = op.getCombineOp();

    // Group the registers by key (their coordinates with the axis zeroed),
    // in register order; duplicated registers are skipped.
    std::map<Key, unsigned> keyIndex;
    SmallVector<Key> keys;
    SmallVector<SmallVector<int32_t>> keyRegs;
    int32_t numRegs = layout.getInDimSize(kRegister(ctx));
    for (int32_t r = 0; r < numRegs; ++r) {
      if (isDuplicateRegister(layout, r))
        continue;
      SmallVector<int32_t> coords = getRegisterCoordinates(layout, r);
      Key key(coords.begin(), coords.end());
      key[axis] = 0;
      auto [it, inserted] = keyIndex.try_emplace(key, keys.size());
      if (inserted) {
        keys.push_back(key);
        keyRegs.emplace_back();
      }
      keyRegs[it->second].push_back(r);
    }
    // Where each result register comes from, checked before emitting IR.
    SmallVector<SmallVector<unsigned>> resultKeys;
    if (rank > 1) {
      for (unsigned i = 0; i < numOperands; ++i) {
        auto resultType = cast<RankedTensorType>(op.getResult()[i].getType());
        LinearLayout outLayout = gpu::toLinearLayout(resultType);
        SmallVector<unsigned> regKeys;
        for (int32_t r = 0; r < outLayout.getInDimSize(kRegister(ctx)); ++r) {
          SmallVector<int32_t> coords = getRegisterCoordinates(outLayout, r);
          Key key(coords.begin(), coords.end());
          key.insert(key.begin() + axis, 0);
          auto it = keyIndex.find(key);
          if (it == keyIndex.end())
            return rewriter.notifyMatchFailure(
                op, "the result layout is not the input's slice");
          regKeys.push_back(it->second);
        }
        resultKeys.push_back(std::move(regKeys));
      }
    }
    if (scratch->numWarps > 1 && !op->hasAttr(kAllocationOffsetAttr))
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated: run ttg-allocate-shared-memory");

    // 1. Within each thread.
    SmallVector<SmallVector<Value>> inputs;
    for (Value operand : adaptor.getSrcs())
      inputs.push_back(unpackLLElements(loc, operand, rewriter));
    SmallVector<SmallVector<Value>> accs;
    for (ArrayRef<int32_t> regs : keyRegs) {
      SmallVector<Value> acc;
      for (unsigned i = 0; i < numOperands; ++i)
        acc.push_back(inputs[i][regs[0]]);
      for (int32_t r : regs.drop_front()) {
        SmallVector<Value> cur;
        for (unsigned i = 0; i < numOperands; ++i)
          cur.push_back(inputs[i][r]);
        acc = applyCombineRegion(loc, rewriter, combine, acc, cur);
      }
      accs.push_back(std::move(acc));
    }

    // 2. Within each warp: shuffles over the lane bits along the axis.
    StringAttr lane = kLane(ctx), warp = kWarp(ctx);
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(lane); ++bit) {
      if (layout.getBasis(lane, bit)[axis] == 0)
        continue;
      for (SmallVector<Value> &acc : accs) {
        SmallVector<Value> other;
        for (Value v : acc)
          other.push_back(targetInfo.shuffleXor(rewriter, loc, v, 1 << bit));
        acc = applyCombineRegion(loc, rewriter, combine, acc, other);
      }
    }

    // 3. Across warps: through the scratch buffer.
    if (scratch->numWarps > 1) {
      FailureOr<Value> base =
          getSharedMemoryAddress(loc, rewriter, targetInfo, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated: run ttg-allocate-shared-memory");
      HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
      // This warp's slot: its warp bits along the axis, packed.
      Value slot = i32Constant(rewriter, loc, 0);
      int slotBit = 0;
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(warp); ++bit) {
        if (layout.getBasis(warp, bit)[axis] == 0)
          continue;
        Value b = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, ids.warp,
                                 i32Constant(rewriter, loc, bit)),
            i32Constant(rewriter, loc, 1));
        slot = LLVM::OrOp::create(
            rewriter, loc, slot,
            LLVM::ShlOp::create(rewriter, loc, b,
                                i32Constant(rewriter, loc, slotBit++)));
      }
      // Only lanes whose axis lane bits are zero write (the others hold the
      // same values).
      int32_t axisLaneMask = 0;
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(lane); ++bit)
        if (layout.getBasis(lane, bit)[axis] != 0)
          axisLaneMask |= 1 << bit;
      Value writer = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq,
          LLVM::AndOp::create(rewriter, loc, ids.lane,
                              i32Constant(rewriter, loc, axisLaneMask)),
          i32Constant(rewriter, loc, 0));
      Value always = LLVM::ConstantOp::create(rewriter, loc,
                                              rewriter.getI1Type(),
                                              rewriter.getBoolAttr(true));
      // The coordinates the thread's lane and warp contribute.
      SmallVector<Value> threadPart = applyLinearLayout(
          loc, rewriter, layout,
          {{lane, ids.lane}, {warp, ids.warp}, {kBlock(ctx), ids.block}});
      Value numWarps = i32Constant(rewriter, loc, scratch->numWarps);
      SmallVector<Value> slotBase;
      for (const Key &key : keys) {
        // Row-major index of the result element over the shape without the
        // axis.
        Value index = i32Constant(rewriter, loc, 0);
        for (unsigned d = 0; d < rank; ++d) {
          if (d == axis)
            continue;
          Value coord = threadPart[d];
          if (key[d] != 0)
            coord = LLVM::XOrOp::create(rewriter, loc, coord,
                                        i32Constant(rewriter, loc, key[d]));
          index = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(
                  rewriter, loc, index,
                  i32Constant(rewriter, loc, type.getShape()[d])),
              coord);
        }
        slotBase.push_back(LLVM::MulOp::create(rewriter, loc, index, numWarps));
      }
      SmallVector<Value> regionBase;
      for (unsigned i = 0; i < numOperands; ++i)
        regionBase.push_back(gepElements(
            loc, rewriter, *base, rewriter.getI8Type(),
            i32Constant(rewriter, loc, scratch->operandOffsets[i])));
      for (auto [k, acc] : llvm::enumerate(accs)) {
        Value at = LLVM::AddOp::create(rewriter, loc, slotBase[k], slot);
        for (unsigned i = 0; i < numOperands; ++i)
          targetInfo.storeShared(rewriter, loc,
                                 gepElements(loc, rewriter, regionBase[i],
                                             acc[i].getType(), at),
                                 acc[i], writer);
      }
      targetInfo.barrier(rewriter, loc);
      // A result's slots are consecutive: read them in vectors of up to 16
      // bytes, and combine them pairwise (a tree, not a chain).
      unsigned numSlots = scratch->numWarps;
      assert(llvm::isPowerOf2_32(numSlots) && "warps come in powers of two");
      for (auto [k, acc] : llvm::enumerate(accs)) {
        SmallVector<SmallVector<Value>> slots(numSlots);
        for (unsigned i = 0; i < numOperands; ++i) {
          // Scratch regions start 16-byte aligned (Allocation.cpp).
          Type elemType = acc[i].getType();
          unsigned bits =
              elemType.isIntOrFloat() ? elemType.getIntOrFloatBitWidth() : 0;
          unsigned vec = 1;
          if (bits >= 8 && llvm::isPowerOf2_32(bits))
            vec = std::max(
                1u, std::min(numSlots, targetInfo.getMaxVectorBits() / bits));
          for (unsigned w = 0; w < numSlots; w += vec) {
            Value at = LLVM::AddOp::create(rewriter, loc, slotBase[k],
                                           i32Constant(rewriter, loc, w));
            Value ptr = gepElements(loc, rewriter, regionBase[i], elemType, at);
            if (vec == 1) {
              slots[w].push_back(
                  targetInfo.loadShared(rewriter, loc, ptr, elemType, always));
              continue;
            }
            auto vecType = VectorType::get({int64_t(vec)}, elemType);
            Value loaded =
                targetInfo.loadShared(rewriter, loc, ptr, vecType, always);
            for (unsigned j = 0; j < vec; ++j)
              slots[w + j].push_back(LLVM::ExtractElementOp::create(
                  rewriter, loc, loaded, i32Constant(rewriter, loc, j)));
          }
        }
        for (unsigned step = 1; step < numSlots; step *= 2)
          for (unsigned w = 0; w + step < numSlots; w += 2 * step)
            slots[w] = applyCombineRegion(loc, rewriter, combine, slots[w],
                                          slots[w + step]);
        acc = slots[0];
      }
    }

    // The results: scalars, or the slice layout's registers by key.
    if (rank == 1) {
      rewriter.replaceOp(op, accs.front());
      return success();
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i) {
      SmallVector<Value> values;
      for (unsigned k : resultKeys[i])
        values.push_back(accs[k][i]);
      results.push_back(packLLElements(loc, getTypeConverter(), values,
                                       rewriter, op.getResult()[i].getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::triton::populateReduceOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<ReduceOpConversion>(typeConverter, targetInfo, benefit);
}

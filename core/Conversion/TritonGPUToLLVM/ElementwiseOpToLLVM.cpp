//===- ElementwiseOpToLLVM.cpp - Elementwise ops on distributed tensors ---===//
//
// An elementwise op on tensors becomes the same computation on each of the
// thread's registers. arith and math ops on tensors are re-created on the
// scalars (MLIR's arith/math -> LLVM patterns then lower those); tt's own
// elementwise ops (addptr, fp_to_fp, bitcast, ...) are lowered here
// directly, on tensors and scalars alike. Also splat and constants. Floats
// that LLVM holds as integer bits (fp8, bf16 on a target without bfloat)
// convert through FloatConversions.h.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/FloatConversions.h"
#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/bit.h"

#include <map>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `type` is a tensor with a distributed layout.
bool isDistributedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor &&
         isa_and_nonnull<gpu::DistributedEncodingTrait>(tensor.getEncoding());
}

/// The per-register operands of an elementwise op: operand i's values, each
/// repeated to `numRegs` if it is a scalar.
SmallVector<SmallVector<Value>> unpackOperands(Location loc,
                                               ValueRange operands,
                                               unsigned numRegs,
                                               RewriterBase &rewriter) {
  SmallVector<SmallVector<Value>> result;
  for (Value operand : operands) {
    SmallVector<Value> values = unpackLLElements(loc, operand, rewriter);
    if (values.size() == 1 && numRegs != 1)
      values.assign(numRegs, values.front());
    result.push_back(std::move(values));
  }
  return result;
}

/// Lowers an elementwise op with one result: `scalar(rewriter, loc,
/// elemType, operands)` computes one element of converted type `elemType`.
template <typename OpTy>
class ElementwisePattern : public ConvertOpToLLVMPattern<OpTy> {
public:
  using Base = ConvertOpToLLVMPattern<OpTy>;
  using ScalarFn = std::function<FailureOr<Value>(
      OpTy, ConversionPatternRewriter &, Location, Type, ArrayRef<Value>)>;

  ElementwisePattern(LLVMTypeConverter &converter, ScalarFn scalar,
                     PatternBenefit benefit)
      : Base(converter, benefit), scalar(std::move(scalar)) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename Base::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    unsigned numRegs = 1;
    Type elemType = resultType;
    if (auto tensor = dyn_cast<RankedTensorType>(resultType)) {
      if (!isDistributedTensor(tensor))
        return rewriter.notifyMatchFailure(op, "tensor without a layout");
      numRegs = getNumRegisters(tensor);
      elemType = tensor.getElementType();
    }
    Type llvmElemType = this->getTypeConverter()->convertType(elemType);
    if (!llvmElemType)
      return rewriter.notifyMatchFailure(op, "element type has no LLVM form");
    SmallVector<SmallVector<Value>> operands =
        unpackOperands(loc, adaptor.getOperands(), numRegs, rewriter);
    SmallVector<Value> results;
    for (unsigned r = 0; r < numRegs; ++r) {
      SmallVector<Value> args;
      for (auto &values : operands)
        args.push_back(values[r]);
      FailureOr<Value> value = scalar(op, rewriter, loc, llvmElemType, args);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "unsupported element types");
      results.push_back(*value);
    }
    if (isa<RankedTensorType>(resultType))
      rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(),
                                            results, rewriter, resultType));
    else
      rewriter.replaceOp(op, results.front());
    return success();
  }

private:
  ScalarFn scalar;
};

/// For each register of a tensor of `type` whose elements are equal over
/// aligned blocks of `constancy` (per dimension), the first register of the
/// thread in the same block. A block holds the registers whose coordinates,
/// lane and warp zero, agree above the block size: a thread's part of the
/// coordinates is XORed into all of them alike.
SmallVector<int32_t> getBlockRepresentatives(RankedTensorType type,
                                             ArrayRef<int64_t> constancy,
                                             unsigned numRegs) {
  SmallVector<int32_t> first(numRegs);
  std::iota(first.begin(), first.end(), 0);
  if (constancy.size() != size_t(type.getRank()) ||
      llvm::all_of(constancy, [](int64_t c) { return c <= 1; }))
    return first;
  LinearLayout layout = gpu::toLinearLayout(type);
  std::map<SmallVector<int64_t>, int32_t> byBlock;
  for (unsigned r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> coords = getRegisterCoordinates(layout, r);
    SmallVector<int64_t> block;
    // Blocks of the largest power of two dividing the run length: each
    // lies inside one run (runs start at multiples of their length).
    for (auto [coord, c] : llvm::zip_equal(coords, constancy)) {
      uint64_t run = uint64_t(std::max<int64_t>(c, 1));
      block.push_back(int64_t(coord) >> llvm::countr_zero(run));
    }
    first[r] = byBlock.try_emplace(block, r).first->second;
  }
  return first;
}

/// arith and math ops (other than constants) on distributed tensors: the
/// same op on each register's scalars, once per block of registers the axis
/// analysis knows to be equal (a mask compared against a bound divisible by
/// 16 is one comparison for every 16 rows).
class TensorArithMathPattern : public ConversionPattern {
public:
  TensorArithMathPattern(TypeConverter &converter, MLIRContext *ctx,
                         std::shared_ptr<const PointerInfoProvider> axisInfo,
                         PatternBenefit benefit)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), benefit, ctx),
        axisInfo(std::move(axisInfo)) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
      return failure();
    if (isa<arith::ConstantOp>(op) || op->getNumRegions() != 0 ||
        op->getNumResults() == 0)
      return failure();
    if (!llvm::all_of(op->getResultTypes(), isDistributedTensor))
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    for (Type t : op->getResultTypes())
      if (cast<RankedTensorType>(t).getShape() != resultType.getShape())
        return rewriter.notifyMatchFailure(op, "results of different shapes");
    Location loc = op->getLoc();
    unsigned numRegs = getNumRegisters(resultType);
    SmallVector<SmallVector<Value>> unpacked =
        unpackOperands(loc, operands, numRegs, rewriter);
    for (auto &values : unpacked)
      if (values.size() != numRegs)
        return rewriter.notifyMatchFailure(op, "operands of other layouts");
    SmallVector<Type> scalarTypes;
    for (Type t : op->getResultTypes())
      scalarTypes.push_back(cast<RankedTensorType>(t).getElementType());
    // The scalar ops take and give elements of the original types; where
    // the LLVM form differs (a float kept as integer bits, such as fp8, or
    // bf16 on a target without bfloat), casts bridge the two until the
    // scalar ops are converted in turn.
    auto bridge = [&](Value value, Type type) -> Value {
      if (value.getType() == type)
        return value;
      return UnrealizedConversionCastOp::create(rewriter, loc, type, value)
          .getResult(0);
    };
    SmallVector<int32_t> first(numRegs);
    std::iota(first.begin(), first.end(), 0);
    if (axisInfo && op->getNumResults() == 1)
      first = getBlockRepresentatives(
          resultType, axisInfo->getConstancy(op->getResult(0)), numRegs);
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned r = 0; r < numRegs; ++r) {
      if (first[r] != int32_t(r)) {
        for (SmallVector<Value> &values : results)
          values.push_back(values[first[r]]);
        continue;
      }
      OperationState state(loc, op->getName());
      for (auto [original, values] : llvm::zip(op->getOperands(), unpacked))
        state.addOperands(
            bridge(values[r], getElementTypeOrSelf(original.getType())));
      state.addTypes(scalarTypes);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (unsigned i = 0; i < op->getNumResults(); ++i) {
        Type llvmType = getTypeConverter()->convertType(scalarTypes[i]);
        if (!llvmType)
          return rewriter.notifyMatchFailure(op, "a result type has no LLVM "
                                                 "form");
        results[i].push_back(bridge(scalar->getResult(i), llvmType));
      }
    }
    SmallVector<Value> packed;
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      packed.push_back(packLLElements(loc, getTypeConverter(), results[i],
                                      rewriter, op->getResult(i).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }

private:
  std::shared_ptr<const PointerInfoProvider> axisInfo;
};

/// tt.map_elementwise: its scalar region inlined once per group of `pack`
/// consecutive registers of the thread, the region's arguments being those
/// registers of each operand in turn (as the op orders them) and its
/// returned values those of each result. The inlined ops are the region's
/// own, on the original element types; casts bridge them to the LLVM values
/// until the conversion reaches them in turn.
struct MapElementwisePattern : public ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !isDistributedTensor(resultType))
      return rewriter.notifyMatchFailure(op, "not a tensor with a layout");
    Region &region = op.getScalarOp();
    unsigned pack = op.getPack();
    unsigned numRegs = getNumRegisters(resultType);
    if (numRegs % pack != 0)
      return op.emitError()
             << "'tt.map_elementwise' packs " << pack
             << " elements, but each thread holds " << numRegs
             << " of the result in its layout; give the tensor a layout "
                "with a multiple of "
             << pack << " elements per thread";
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> operands =
        unpackOperands(loc, adaptor.getSrcs(), numRegs, rewriter);
    SmallVector<Type> llvmTypes;
    for (Type type : op->getResultTypes()) {
      Type llvmType = getTypeConverter()->convertType(
          cast<RankedTensorType>(type).getElementType());
      if (!llvmType)
        return rewriter.notifyMatchFailure(op, "a result type has no LLVM "
                                               "form");
      llvmTypes.push_back(llvmType);
    }
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    if (!region.hasOneBlock()) {
      inlineBlocks(op, operands, llvmTypes, numRegs, results, rewriter);
    } else {
      inlineStraight(op, operands, llvmTypes, numRegs, results, rewriter);
    }
    SmallVector<Value> packed;
    for (auto [j, values] : llvm::enumerate(results))
      packed.push_back(packLLElements(loc, getTypeConverter(), values, rewriter,
                                      op->getResult(j).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }

private:
  static Value bridge(OpBuilder &b, Location loc, Value value, Type type) {
    if (value.getType() == type)
      return value;
    return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
  }

  /// A one-block region: its ops cloned in place, once per group.
  static void inlineStraight(MapElementwiseOp op,
                             ArrayRef<SmallVector<Value>> operands,
                             ArrayRef<Type> llvmTypes, unsigned numRegs,
                             SmallVectorImpl<SmallVector<Value>> &results,
                             ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    unsigned pack = op.getPack();
    Block &body = op.getScalarOp().front();
    auto terminator = cast<MapElementwiseReturnOp>(body.getTerminator());
    for (unsigned r = 0; r < numRegs; r += pack) {
      IRMapping mapping;
      for (auto [i, values] : llvm::enumerate(operands))
        for (unsigned k = 0; k < pack; ++k) {
          BlockArgument arg = body.getArgument(i * pack + k);
          mapping.map(arg, bridge(rewriter, loc, values[r + k], arg.getType()));
        }
      for (Operation &inner : body.without_terminator())
        rewriter.clone(inner, mapping);
      for (unsigned j = 0; j < op->getNumResults(); ++j)
        for (unsigned k = 0; k < pack; ++k)
          results[j].push_back(bridge(
              rewriter, loc,
              mapping.lookupOrDefault(terminator.getResult()[j * pack + k]),
              llvmTypes[j]));
    }
  }

  /// A region of several blocks (an scf.if in it already lowered to
  /// branches): per group, its blocks cloned into the function before the
  /// op, entered by a branch with the group's registers and left, from each
  /// return, by a branch to a block that receives the group's results.
  static void inlineBlocks(MapElementwiseOp op,
                           ArrayRef<SmallVector<Value>> operands,
                           ArrayRef<Type> llvmTypes, unsigned numRegs,
                           SmallVectorImpl<SmallVector<Value>> &results,
                           ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    unsigned pack = op.getPack();
    Region &region = op.getScalarOp();
    Block *current = op->getBlock();
    Block *rest = rewriter.splitBlock(current, op->getIterator());
    Region *parent = current->getParent();
    SmallVector<Type> resultTypes;
    for (Type type : llvmTypes)
      resultTypes.append(pack, type);
    SmallVector<Location> resultLocs(resultTypes.size(), loc);
    for (unsigned r = 0; r < numRegs; r += pack) {
      IRMapping mapping;
      rewriter.cloneRegionBefore(region, *parent, rest->getIterator(), mapping);
      Block *entry = mapping.lookup(&region.front());
      rewriter.setInsertionPointToEnd(current);
      SmallVector<Value> args;
      for (auto [i, values] : llvm::enumerate(operands))
        for (unsigned k = 0; k < pack; ++k)
          args.push_back(bridge(rewriter, loc, values[r + k],
                                entry->getArgument(i * pack + k).getType()));
      LLVM::BrOp::create(rewriter, loc, args, entry);
      Block *joined = rewriter.createBlock(rest, resultTypes, resultLocs);
      for (Block &block : region) {
        Block *copy = mapping.lookup(&block);
        auto ret = dyn_cast<MapElementwiseReturnOp>(copy->getTerminator());
        if (!ret)
          continue;
        rewriter.setInsertionPoint(ret);
        SmallVector<Value> values;
        for (auto [index, value] : llvm::enumerate(ret.getResult()))
          values.push_back(bridge(rewriter, loc, value, resultTypes[index]));
        LLVM::BrOp::create(rewriter, loc, values, joined);
        rewriter.eraseOp(ret);
      }
      for (unsigned j = 0; j < llvmTypes.size(); ++j)
        for (unsigned k = 0; k < pack; ++k)
          results[j].push_back(joined->getArgument(j * pack + k));
      current = joined;
    }
    rewriter.setInsertionPointToEnd(current);
    LLVM::BrOp::create(rewriter, loc, ValueRange(), rest);
    rewriter.setInsertionPoint(op);
  }
};

/// The attribute of an LLVM constant of `llvmType` holding `attr`: a float
/// kept as integer bits in LLVM (fp8, bf16 as i16) becomes those bits.
TypedAttr toLLVMAttr(Attribute attr, Type llvmType) {
  auto floatAttr = dyn_cast<FloatAttr>(attr);
  if (floatAttr && isa<IntegerType>(llvmType))
    return IntegerAttr::get(llvmType, floatAttr.getValue().bitcastToAPInt());
  return cast<TypedAttr>(attr);
}

/// A scalar arith.constant of a float type kept as integer bits in LLVM.
struct FloatBitsConstantPattern
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<FloatAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a scalar float constant");
    Type llvmType = getTypeConverter()->convertType(op.getType());
    if (!isa_and_nonnull<IntegerType>(llvmType))
      return rewriter.notifyMatchFailure(op, "the float is a float in LLVM");
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(op, llvmType,
                                                  toLLVMAttr(value, llvmType));
    return success();
  }
};

/// Scalar arith.extf and arith.truncf where a side is a float kept as
/// integer bits in LLVM (fp8, or bf16 on a target without bfloat), which
/// LLVM's fpext and fptrunc cannot take: convertFloat's arithmetic.
template <typename OpTy>
struct FloatBitsCastPattern : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcType = op.getIn().getType(), dstType = op.getType();
    if (isa<ShapedType>(srcType))
      return rewriter.notifyMatchFailure(op, "not a scalar cast");
    Type dstLLVMType = this->getTypeConverter()->convertType(dstType);
    if (!dstLLVMType)
      return rewriter.notifyMatchFailure(op, "result type has no LLVM form");
    if (!isa<IntegerType>(adaptor.getIn().getType()) &&
        !isa<IntegerType>(dstLLVMType))
      return rewriter.notifyMatchFailure(op, "both sides are LLVM floats");
    RoundingMode rounding = RoundingMode::RTNE;
    if constexpr (std::is_same_v<OpTy, arith::TruncFOp>) {
      if (std::optional<arith::RoundingMode> mode = op.getRoundingmode()) {
        if (*mode == arith::RoundingMode::toward_zero)
          rounding = RoundingMode::RTZ;
        else if (*mode != arith::RoundingMode::to_nearest_even)
          return rewriter.notifyMatchFailure(
              op, "only to_nearest_even and toward_zero are lowered");
      }
    }
    FailureOr<Value> converted =
        convertFloat(rewriter, op.getLoc(), adaptor.getIn(), srcType, dstType,
                     dstLLVMType, rounding);
    if (failed(converted))
      return rewriter.notifyMatchFailure(op, "unsupported float formats");
    rewriter.replaceOp(op, *converted);
    return success();
  }
};

/// Scalar math.absf and arith.negf of a float kept as integer bits in LLVM
/// (fp8, or bf16 on a target without bfloat): the sign is the top bit, so
/// |x| clears it and -x flips it, NaNs included, as fabs and fneg do.
template <typename OpTy>
struct FloatBitsSignPattern : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<ShapedType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "not a scalar");
    auto bits = dyn_cast<IntegerType>(adaptor.getOperand().getType());
    if (!bits)
      return rewriter.notifyMatchFailure(op, "the float is a float in LLVM");
    APInt sign = APInt::getSignMask(bits.getWidth());
    Location loc = op.getLoc();
    if constexpr (std::is_same_v<OpTy, math::AbsFOp>) {
      Value mask = LLVM::ConstantOp::create(
          rewriter, loc, bits, rewriter.getIntegerAttr(bits, ~sign));
      rewriter.replaceOpWithNewOp<LLVM::AndOp>(op, adaptor.getOperand(), mask);
    } else {
      Value mask = LLVM::ConstantOp::create(
          rewriter, loc, bits, rewriter.getIntegerAttr(bits, sign));
      rewriter.replaceOpWithNewOp<LLVM::XOrOp>(op, adaptor.getOperand(), mask);
    }
    return success();
  }
};

/// The flat row-major index of every element register `reg` of some thread
/// of `layout` holds (its coordinates with lane, warp and block zero, XORed
/// with every combination of the lane, warp and block bases).
SmallVector<int64_t> elementsOfRegister(const LinearLayout &layout,
                                        ArrayRef<int64_t> shape, int32_t reg) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  SmallVector<int32_t> origin = getRegisterCoordinates(layout, reg);
  // The distinct thread offsets: the span of the lane/warp/block bases.
  SmallVector<SmallVector<int32_t>> offsets{
      SmallVector<int32_t>(origin.size())};
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
    if (!layout.hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
      ArrayRef<int32_t> basis = layout.getBasis(dim, bit);
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        continue;
      size_t n = offsets.size();
      for (size_t i = 0; i < n; ++i) {
        SmallVector<int32_t> next = offsets[i];
        for (auto [d, v] : llvm::enumerate(basis))
          next[d] ^= v;
        offsets.push_back(std::move(next));
      }
    }
  }
  SmallVector<int64_t> flat;
  for (ArrayRef<int32_t> offset : offsets) {
    int64_t index = 0;
    for (auto [d, size] : llvm::enumerate(shape))
      index = index * size + (origin[d] ^ offset[d]);
    flat.push_back(index);
  }
  return flat;
}

/// arith.constant of a distributed tensor. A splat is one constant in every
/// register. Otherwise each register is a constant where every thread holds
/// the same value in it, and elsewhere a load from a constant global array
/// of the elements at the index that register holds in this thread.
struct TensorConstantPattern
    : public ConvertTritonGPUOpToLLVMPattern<arith::ConstantOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isDistributedTensor(type))
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(op, "not a dense tensor constant");
    Type elemType = getTypeConverter()->convertType(type.getElementType());
    if (!elemType || !elemType.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element type has no scalar "
                                             "LLVM form");
    Location loc = op.getLoc();
    if (dense.isSplat()) {
      Value scalar = LLVM::ConstantOp::create(
          rewriter, loc, elemType,
          toLLVMAttr(dense.getSplatValue<Attribute>(), elemType));
      SmallVector<Value> values(getNumRegisters(type), scalar);
      rewriter.replaceOp(
          op, packLLElements(loc, getTypeConverter(), values, rewriter, type));
      return success();
    }

    SmallVector<Attribute> elements(dense.getValues<Attribute>());
    LinearLayout layout = gpu::toLinearLayout(type);
    unsigned numRegs = getNumRegisters(type);
    SmallVector<Value> values(numRegs);
    SmallVector<unsigned> threadDependent;
    for (unsigned reg = 0; reg < numRegs; ++reg) {
      SmallVector<int64_t> flat =
          elementsOfRegister(layout, type.getShape(), reg);
      if (llvm::any_of(flat, [&](int64_t i) {
            return elements[i] != elements[flat.front()];
          })) {
        threadDependent.push_back(reg);
        continue;
      }
      values[reg] = LLVM::ConstantOp::create(
          rewriter, loc, elemType,
          toLLVMAttr(elements[flat.front()], elemType));
    }
    if (!threadDependent.empty()) {
      FailureOr<Value> table =
          getElementTable(rewriter, op, elements, elemType);
      if (failed(table))
        return failure();
      SmallVector<SmallVector<Value>> indices =
          emitIndices(loc, rewriter, targetInfo, type);
      for (unsigned reg : threadDependent) {
        Value index =
            linearizeRowMajor(loc, rewriter, indices[reg], type.getShape());
        Type storage = getStorageType(elemType);
        Value ptr = gepElements(loc, rewriter, *table, storage, index);
        Value value = LLVM::LoadOp::create(rewriter, loc, storage, ptr);
        if (storage != elemType)
          value = LLVM::TruncOp::create(rewriter, loc, elemType, value);
        values[reg] = value;
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), values, rewriter, type));
    return success();
  }

private:
  /// Booleans are stored as bytes in the table.
  static Type getStorageType(Type elemType) {
    if (elemType.isInteger(1))
      return IntegerType::get(elemType.getContext(), 8);
    return elemType;
  }

  /// The address of a constant global array (in the target's global
  /// address space) of `elements`, in row-major order.
  FailureOr<Value> getElementTable(ConversionPatternRewriter &rewriter,
                                   arith::ConstantOp op,
                                   ArrayRef<Attribute> elements,
                                   Type elemType) const {
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not inside a module");
    Type storage = getStorageType(elemType);
    SmallVector<Attribute> stored;
    for (Attribute element : elements) {
      auto attr = cast<Attribute>(toLLVMAttr(element, elemType));
      if (storage != elemType)
        attr = IntegerAttr::get(storage,
                                cast<IntegerAttr>(attr).getValue().zext(8));
      stored.push_back(attr);
    }
    auto tableType =
        RankedTensorType::get({static_cast<int64_t>(elements.size())}, storage);
    auto arrayType = LLVM::LLVMArrayType::get(storage, elements.size());
    // A name of its own among the module's symbols.
    std::string name;
    for (unsigned n = 0;; ++n) {
      name = "tensor_constant_" + std::to_string(n);
      if (!module.lookupSymbol(name))
        break;
    }
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      global = LLVM::GlobalOp::create(
          rewriter, op.getLoc(), arrayType, /*isConstant=*/true,
          LLVM::Linkage::Internal, name,
          DenseElementsAttr::get(tableType, stored),
          /*alignment=*/0, targetInfo.getGlobalAddressSpace());
    }
    return Value(LLVM::AddressOfOp::create(rewriter, op.getLoc(), global));
  }
};

struct SplatOpConversion : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isDistributedTensor(type))
      return rewriter.notifyMatchFailure(op, "tensor without a layout");
    SmallVector<Value> values(getNumRegisters(type), adaptor.getSrc());
    rewriter.replaceOp(op, packLLElements(op.getLoc(), getTypeConverter(),
                                          values, rewriter, type));
    return success();
  }
};

/// The element type a pointer of `ptrType` (a tt.ptr, or tensor of them)
/// points to, converted.
Type convertedPointeeType(const TypeConverter &converter, Type ptrType) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptrType))
    ptrType = tensor.getElementType();
  auto ptr = dyn_cast<PointerType>(ptrType);
  if (!ptr)
    return nullptr;
  return converter.convertType(ptr.getPointeeType());
}

} // namespace

void mlir::triton::populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo,
    PatternBenefit benefit) {
  MLIRContext *ctx = patterns.getContext();
  // Above MLIR's arith/math patterns, which would otherwise take the
  // tensor ops (their operands convert to structs) and build invalid IR.
  patterns.add<TensorArithMathPattern>(
      typeConverter, ctx, std::move(pointerInfo),
      PatternBenefit(benefit.getBenefit() + 1));
  patterns.add<TensorConstantPattern>(typeConverter, targetInfo,
                                      PatternBenefit(benefit.getBenefit() + 1));
  patterns.add<SplatOpConversion>(typeConverter, benefit);
  patterns.add<MapElementwisePattern>(typeConverter, benefit);
  // Above MLIR's constant and cast patterns, which assume LLVM floats.
  patterns.add<FloatBitsConstantPattern, FloatBitsCastPattern<arith::ExtFOp>,
               FloatBitsCastPattern<arith::TruncFOp>,
               FloatBitsSignPattern<math::AbsFOp>,
               FloatBitsSignPattern<arith::NegFOp>>(
      typeConverter, PatternBenefit(benefit.getBenefit() + 1));

  const TypeConverter *converter = &typeConverter;
  patterns.add<ElementwisePattern<AddPtrOp>>(
      typeConverter,
      [converter](AddPtrOp op, ConversionPatternRewriter &rewriter,
                  Location loc, Type type,
                  ArrayRef<Value> args) -> FailureOr<Value> {
        Type pointee = convertedPointeeType(*converter, op.getPtr().getType());
        if (!pointee)
          return failure();
        return Value(gepElements(loc, rewriter, args[0], pointee, args[1]));
      },
      benefit);
  patterns.add<ElementwisePattern<FpToFpOp>>(
      typeConverter,
      [](FpToFpOp op, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        return convertFloat(rewriter, loc, args[0],
                            getElementTypeOrSelf(op.getSrc().getType()),
                            getElementTypeOrSelf(op.getType()), type,
                            op.getRounding().value_or(RoundingMode::RTNE));
      },
      benefit);
  patterns.add<ElementwisePattern<BitcastOp>>(
      typeConverter,
      [](BitcastOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        if (args[0].getType() == type)
          return args[0];
        return Value(LLVM::BitcastOp::create(rewriter, loc, type, args[0]));
      },
      benefit);
  patterns.add<ElementwisePattern<IntToPtrOp>>(
      typeConverter,
      [](IntToPtrOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        return Value(LLVM::IntToPtrOp::create(rewriter, loc, type, args[0]));
      },
      benefit);
  patterns.add<ElementwisePattern<PtrToIntOp>>(
      typeConverter,
      [](PtrToIntOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        return Value(LLVM::PtrToIntOp::create(rewriter, loc, type, args[0]));
      },
      benefit);
  patterns.add<ElementwisePattern<PreciseSqrtOp>>(
      typeConverter,
      [](PreciseSqrtOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        return Value(LLVM::SqrtOp::create(rewriter, loc, type, args[0]));
      },
      benefit);
  patterns.add<ElementwisePattern<PreciseDivFOp>>(
      typeConverter,
      [](PreciseDivFOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        return Value(
            LLVM::FDivOp::create(rewriter, loc, type, args[0], args[1]));
      },
      benefit);
  patterns.add<ElementwisePattern<ClampFOp>>(
      typeConverter,
      [](ClampFOp op, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        if (op.getPropagateNan() == PropagateNan::ALL) {
          Value lo = LLVM::MaximumOp::create(rewriter, loc, args[0], args[1]);
          return Value(LLVM::MinimumOp::create(rewriter, loc, lo, args[2]));
        }
        Value lo = LLVM::MaxNumOp::create(rewriter, loc, args[0], args[1]);
        return Value(LLVM::MinNumOp::create(rewriter, loc, lo, args[2]));
      },
      benefit);
  patterns.add<ElementwisePattern<MulhiUIOp>>(
      typeConverter,
      [](MulhiUIOp, ConversionPatternRewriter &rewriter, Location loc,
         Type type, ArrayRef<Value> args) -> FailureOr<Value> {
        auto intType = dyn_cast<IntegerType>(type);
        if (!intType)
          return failure();
        unsigned width = intType.getWidth();
        Type wide = rewriter.getIntegerType(2 * width);
        Value a = LLVM::ZExtOp::create(rewriter, loc, wide, args[0]);
        Value b = LLVM::ZExtOp::create(rewriter, loc, wide, args[1]);
        Value product = LLVM::MulOp::create(rewriter, loc, a, b);
        Value high = LLVM::LShrOp::create(
            rewriter, loc, product, intConstant(rewriter, loc, wide, width));
        return Value(LLVM::TruncOp::create(rewriter, loc, type, high));
      },
      benefit);
}

//===- Elementwise.cpp - Elementwise ops to linalg.generic ----------------===//
//
// One pattern for every elementwise op (arith, math, and tt's elementwise
// ops): on tensors it becomes a linalg.generic whose body is the op's scalar
// form; on scalars a tt op becomes its scalar form directly. The scalar
// forms of tt's ops:
//
//   addptr(p, o)        p + ext(o)              (pointers are i64 offsets)
//   ptr_to_int(p)       p * sizeof(T)           (an address relative to the
//   int_to_ptr(a)       a / sizeof(T)            pointer's buffer)
//   bitcast             arith.bitcast (pointers: rescaled offset)
//   fp_to_fp            arith.extf / arith.truncf (with its rounding mode)
//   clampf              min(max(x, lo), hi) (NaN-propagating or not)
//   precise_sqrt/divf   math.sqrt / arith.divf
//   mulhiui             the high half of arith.mului_extended
//   extern_elementwise  libdevice's function, computed (Libdevice.cpp)
//
// Inline assembly is target code: the only form with a CPU meaning is a
// plain register move (`mov.b32 $0, $1;`, one operand, one result), which is
// the identity; any other is reported as an error.
//
//===----------------------------------------------------------------------===//

#include "Libdevice.h"
#include "Utils.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {
namespace {

Value constantLike(OpBuilder &b, Location loc, Type type, int64_t value) {
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}

/// The scalar form of the elementwise `op` on `operands` (already scalars
/// of the converted types), producing `resultTypes`.
SmallVector<Value> emitScalar(OpBuilder &b, Location loc, Operation *op,
                              ValueRange operands, TypeRange resultTypes) {
  Type resultType = resultTypes.front();
  if (isa<AddPtrOp>(op)) {
    Value offset = operands[1];
    if (offset.getType() != resultType)
      offset = arith::ExtSIOp::create(b, loc, resultType, offset);
    return {arith::AddIOp::create(b, loc, operands[0], offset)};
  }
  if (auto toInt = dyn_cast<PtrToIntOp>(op)) {
    Value bytes = constantLike(b, loc, resultType,
                               getPointeeBytes(toInt.getSrc().getType()));
    return {arith::MulIOp::create(b, loc, operands[0], bytes)};
  }
  if (auto toPtr = dyn_cast<IntToPtrOp>(op)) {
    Value bytes =
        constantLike(b, loc, resultType, getPointeeBytes(toPtr.getType()));
    return {arith::DivSIOp::create(b, loc, operands[0], bytes)};
  }
  if (auto cast = dyn_cast<BitcastOp>(op)) {
    if (isa<PointerType>(getElementTypeOrSelf(cast.getType()))) {
      int64_t from = getPointeeBytes(cast.getSrc().getType());
      int64_t to = getPointeeBytes(cast.getType());
      if (from == to)
        return {operands[0]};
      Value scaled = arith::MulIOp::create(
          b, loc, operands[0], constantLike(b, loc, resultType, from));
      return {arith::DivSIOp::create(b, loc, scaled,
                                     constantLike(b, loc, resultType, to))};
    }
    return {arith::BitcastOp::create(b, loc, resultType, operands[0])};
  }
  if (auto fp = dyn_cast<FpToFpOp>(op)) {
    unsigned from = operands[0].getType().getIntOrFloatBitWidth();
    unsigned to = resultType.getIntOrFloatBitWidth();
    if (to > from)
      return {arith::ExtFOp::create(b, loc, resultType, operands[0])};
    if (to == from && operands[0].getType() == resultType)
      return {operands[0]};
    auto trunc = arith::TruncFOp::create(b, loc, resultType, operands[0]);
    if (std::optional<RoundingMode> mode = fp.getRounding();
        mode && *mode == RoundingMode::RTZ)
      trunc.setRoundingmodeAttr(arith::RoundingModeAttr::get(
          b.getContext(), arith::RoundingMode::toward_zero));
    return {trunc};
  }
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    if (clamp.getPropagateNan() == PropagateNan::ALL) {
      Value lo = arith::MaximumFOp::create(b, loc, operands[0], operands[1]);
      return {arith::MinimumFOp::create(b, loc, lo, operands[2])};
    }
    Value lo = arith::MaxNumFOp::create(b, loc, operands[0], operands[1]);
    return {arith::MinNumFOp::create(b, loc, lo, operands[2])};
  }
  if (isa<PreciseSqrtOp>(op))
    return {math::SqrtOp::create(b, loc, operands[0])};
  if (isa<PreciseDivFOp>(op))
    return {arith::DivFOp::create(b, loc, operands[0], operands[1])};
  if (isa<ElementwiseInlineAsmOp>(op)) {
    // A plain move (isPlainMoveAssembly): the operand's bits.
    if (operands[0].getType() == resultType)
      return {operands[0]};
    return {arith::BitcastOp::create(b, loc, resultType, operands[0])};
  }
  if (isa<MulhiUIOp>(op))
    return {arith::MulUIExtendedOp::create(b, loc, operands[0], operands[1])
                .getHigh()};
  if (auto ext = dyn_cast<ExternElementwiseOp>(op))
    return {emitExternElementwise(b, loc, ext, operands, resultType)};
  // arith and math: the same op on scalars.
  Operation *scalar = b.clone(*op);
  scalar->setOperands(operands);
  for (auto [result, type] : llvm::zip_equal(scalar->getResults(), resultTypes))
    result.setType(type);
  return SmallVector<Value>(scalar->getResults());
}

bool isElementwiseOp(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumRegions() != 0)
    return false;
  Dialect *dialect = op->getDialect();
  return isa<arith::ArithDialect, math::MathDialect, TritonDialect>(dialect);
}

struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &typeConverter, MLIRContext *ctx)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwiseOp(op))
      return rewriter.notifyMatchFailure(op, "not an elementwise op");
    if (auto assembly = dyn_cast<ElementwiseInlineAsmOp>(op))
      if (!isPlainMoveAssembly(assembly))
        return rewriter.notifyMatchFailure(op, "inline assembly");
    SmallVector<Type> resultTypes;
    if (failed(typeConverter->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op->getLoc();

    auto tensorType = dyn_cast<RankedTensorType>(resultTypes.front());
    if (!tensorType) {
      if (!isa<TritonDialect>(op->getDialect()) && typeConverter->isLegal(op))
        return rewriter.notifyMatchFailure(op, "a legal scalar op");
      rewriter.replaceOp(op,
                         emitScalar(rewriter, loc, op, operands, resultTypes));
      return success();
    }

    SmallVector<Value> inputs;
    for (Value operand : operands)
      if (isa<RankedTensorType>(operand.getType()))
        inputs.push_back(operand);
    // Destination-passing style: an input of the result's type is the
    // destination (the body never reads it), so that bufferization can
    // update it in place (`acc = acc + x` in a loop needs no new buffer).
    SmallVector<Value> outputs;
    SmallVector<Type> elementTypes;
    llvm::SmallDenseSet<unsigned> reused;
    for (Type type : resultTypes) {
      auto resultTensor = cast<RankedTensorType>(type);
      Value destination;
      for (auto [i, input] : llvm::enumerate(inputs)) {
        if (input.getType() == type && reused.insert(i).second) {
          destination = input;
          break;
        }
      }
      outputs.push_back(destination
                            ? destination
                            : createEmptyTensor(rewriter, loc, resultTensor));
      elementTypes.push_back(resultTensor.getElementType());
    }
    unsigned rank = tensorType.getRank();
    SmallVector<AffineMap> maps(inputs.size() + outputs.size(),
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, inputs, outputs, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          SmallVector<Value> scalars;
          unsigned next = 0;
          for (Value operand : operands)
            scalars.push_back(isa<RankedTensorType>(operand.getType())
                                  ? args[next++]
                                  : operand);
          SmallVector<Value> results =
              emitScalar(b, nestedLoc, op, scalars, elementTypes);
          linalg::YieldOp::create(b, nestedLoc, results);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// tt.map_elementwise (pack 1) on tensors: a linalg.generic whose body runs
/// the op's region on one element of each operand, inside an
/// scf.execute_region so that a region of several blocks works too; the
/// region's ops are converted in turn. Casts bridge converted element types
/// (pointers are offsets here) and the region's own.
struct MapElementwiseConversion : public OpConversionPattern<MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPack() != 1)
      return op.emitError()
             << "'tt.map_elementwise' with pack " << op.getPack()
             << " is not supported on the cpu target, which runs the region "
                "on one element at a time (pack 1)";
    SmallVector<Type> resultTypes;
    if (failed(typeConverter->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    auto tensorType = dyn_cast<RankedTensorType>(resultTypes.front());
    if (!tensorType)
      return rewriter.notifyMatchFailure(op, "not on tensors");
    Location loc = op.getLoc();
    SmallVector<Value> outputs;
    SmallVector<Type> elementTypes;
    for (Type type : resultTypes) {
      outputs.push_back(
          createEmptyTensor(rewriter, loc, cast<RankedTensorType>(type)));
      elementTypes.push_back(cast<RankedTensorType>(type).getElementType());
    }
    auto bridge = [](OpBuilder &b, Location at, Value value, Type type) {
      if (value.getType() == type)
        return value;
      return UnrealizedConversionCastOp::create(b, at, type, value)
          .getResult(0);
    };
    Region &region = op.getScalarOp();
    SmallVector<Type> regionResults;
    for (Type type : op->getResultTypes())
      regionResults.push_back(getElementTypeOrSelf(type));
    unsigned rank = tensorType.getRank();
    SmallVector<AffineMap> maps(adaptor.getSrcs().size() + outputs.size(),
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, adaptor.getSrcs(), outputs, maps, iterators,
        [&](OpBuilder &b, Location at, ValueRange args) {
          auto execute = scf::ExecuteRegionOp::create(b, at, regionResults);
          IRMapping mapping;
          region.cloneInto(&execute.getRegion(), mapping);
          Block &entry = execute.getRegion().front();
          // The entry block's arguments become the elements.
          SmallVector<Value> elements;
          for (auto [arg, element] :
               llvm::zip(entry.getArguments(),
                         args.take_front(adaptor.getSrcs().size())))
            elements.push_back(bridge(b, at, element, arg.getType()));
          for (auto [arg, element] : llvm::zip(entry.getArguments(), elements))
            arg.replaceAllUsesWith(element);
          entry.eraseArguments(0, entry.getNumArguments());
          for (Block &block : execute.getRegion())
            if (auto ret =
                    dyn_cast<MapElementwiseReturnOp>(block.getTerminator())) {
              OpBuilder inner(ret);
              scf::YieldOp::create(inner, ret.getLoc(), ret.getResult());
              ret.erase();
            }
          SmallVector<Value> yielded;
          for (auto [value, type] :
               llvm::zip(execute.getResults(), elementTypes))
            yielded.push_back(bridge(b, at, value, type));
          linalg::YieldOp::create(b, at, yielded);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

bool isPlainMoveAssembly(ElementwiseInlineAsmOp op) {
  StringRef text = op.getAsmString().trim();
  if (op.getArgs().size() != 1 || op.getNumResults() != 1 ||
      !text.consume_front("mov.b"))
    return false;
  text = text.drop_while([](char c) { return llvm::isDigit(c); });
  text = text.trim();
  text.consume_back(";");
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  return parts.size() == 2 && parts[0].trim() == "$0" &&
         parts[1].trim() == "$1" &&
         getElementTypeOrSelf(op.getArgs()[0].getType())
                 .getIntOrFloatBitWidth() ==
             getElementTypeOrSelf(op->getResult(0).getType())
                 .getIntOrFloatBitWidth();
}

void populateElementwisePatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpConversion, MapElementwiseConversion>(
      typeConverter, patterns.getContext());
}

} // namespace mlir::triton::cpu

//===- CpuWidenBooleanTensors.cpp - Masks stored a byte per element -------===//
//
// A tensor of i1 between two linalg ops (a mask computed once and selected
// with twice, Inductor's `xmask` broadcast over a row) becomes a buffer of
// i1. LLVM keeps a vector of i1 bit-packed but a buffer of i1 a byte per
// element, so the vectorizer leaves every op that reads or writes such a
// buffer to scalar loops. This pass gives each such tensor i8 elements: the
// ops that compute it extend their i1 results, the ops that read it
// truncate, and everything in between (reshapes, slices, broadcasts, loop
// arguments) carries bytes, which vectorize like any other integer.
//
// The rewrite is a dialect conversion: tensors of i1 are illegal, and a
// function with an op on them that no pattern rewrites is left as it was.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-widen-boolean-tensors"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUWIDENBOOLEANTENSORS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

bool isBooleanTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getElementType().isInteger(1);
}

bool touchesBooleanTensors(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isBooleanTensor) ||
         llvm::any_of(op->getResultTypes(), isBooleanTensor);
}

/// Whether the patterns below rewrite `op`, an op on tensors of i1.
bool isWidenable(Operation *op) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseIntElementsAttr>(constant.getValue());
  return isa<linalg::GenericOp, tensor::EmptyOp, tensor::CollapseShapeOp,
             tensor::ExpandShapeOp, tensor::ExtractSliceOp,
             tensor::InsertSliceOp, tensor::CastOp, tensor::ExtractOp,
             tensor::SplatOp, scf::ForOp, scf::IfOp, scf::WhileOp,
             scf::ConditionOp, scf::YieldOp>(op);
}

/// Tensors of i1 become tensors of i8; every other type stays.
class ByteMaskTypeConverter : public TypeConverter {
public:
  ByteMaskTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> Type {
      if (!type.getElementType().isInteger(1))
        return type;
      return type.clone(IntegerType::get(type.getContext(), 8));
    });
  }
};

/// A linalg.generic on tensors of i1 rebuilt on tensors of i8: its body
/// truncates the bytes it reads and extends the i1 values it yields.
class GenericOpPattern : public OpConversionPattern<linalg::GenericOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(linalg::GenericOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    Location loc = op.getLoc();
    Block &body = op.getRegion().front();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, adaptor.getInputs(), adaptor.getOutputs(),
        op.getIndexingMapsArray(), op.getIteratorTypesArray(),
        [&](OpBuilder &builder, Location bodyLoc, ValueRange arguments) {
          IRMapping mapping;
          for (auto [old, argument] :
               llvm::zip(body.getArguments(), arguments)) {
            if (old.getType() == argument.getType()) {
              mapping.map(old, argument);
            } else if (!old.use_empty()) {
              mapping.map(old, arith::TruncIOp::create(
                                   builder, bodyLoc, old.getType(), argument));
            }
          }
          for (Operation &nested : body.without_terminator())
            builder.clone(nested, mapping);
          auto yield = cast<linalg::YieldOp>(body.getTerminator());
          SmallVector<Value> yielded;
          for (auto [value, type] : llvm::zip(yield.getValues(), resultTypes)) {
            Value mapped = mapping.lookupOrDefault(value);
            Type element = getElementTypeOrSelf(type);
            if (mapped.getType() != element)
              mapped =
                  arith::ExtUIOp::create(builder, bodyLoc, element, mapped);
            yielded.push_back(mapped);
          }
          linalg::YieldOp::create(builder, bodyLoc, yielded);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// Ops that only move or reshape elements, rebuilt with i8 for i1.
template <typename OpTy>
class RetypePattern : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      resultTypes)))
      return failure();
    IRMapping mapping;
    mapping.map(op->getOperands(), adaptor.getOperands());
    Operation *clone = rewriter.clone(*op.getOperation(), mapping);
    for (auto [result, type] : llvm::zip(clone->getResults(), resultTypes))
      result.setType(type);
    rewriter.replaceOp(op, clone->getResults());
    return success();
  }
};

/// tensor.extract of a mask element: the byte, truncated.
class ExtractPattern : public OpConversionPattern<tensor::ExtractOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value byte = tensor::ExtractOp::create(
        rewriter, op.getLoc(), adaptor.getTensor(), adaptor.getIndices());
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, op.getType(), byte);
    return success();
  }
};

/// tensor.splat of an i1 value: the value extended, then splat.
class SplatPattern : public OpConversionPattern<tensor::SplatOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    Value byte = arith::ExtUIOp::create(
        rewriter, op.getLoc(), type.getElementType(), adaptor.getInput());
    rewriter.replaceOpWithNewOp<tensor::SplatOp>(op, type, byte,
                                                 adaptor.getDynamicSizes());
    return success();
  }
};

/// A constant mask: the same bits as bytes.
class ConstantPattern : public OpConversionPattern<arith::ConstantOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto values = dyn_cast<DenseIntElementsAttr>(op.getValue());
    if (!values || !isBooleanTensor(values.getType()))
      return failure();
    auto type =
        cast<ShapedType>(getTypeConverter()->convertType(values.getType()));
    Attribute bytes = values.mapValues(
        type.getElementType(), [](const APInt &bit) { return bit.zext(8); });
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, cast<TypedAttr>(bytes));
    return success();
  }
};

class CpuWidenBooleanTensorsPass
    : public mlir::triton::cpu::impl::CpuWidenBooleanTensorsBase<
          CpuWidenBooleanTensorsPass> {
public:
  using CpuWidenBooleanTensorsBase::CpuWidenBooleanTensorsBase;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    // Only functions whose every op on masks has a pattern (named linalg ops
    // count: they are generalized): the conversion then cannot fail, and
    // no generalization is left behind in a function that keeps its masks.
    bool any = false;
    WalkResult walk = function.walk([&](Operation *op) {
      if (!touchesBooleanTensors(op))
        return WalkResult::advance();
      any = true;
      if (isWidenable(op) || isa<linalg::LinalgOp>(op))
        return WalkResult::advance();
      LLVM_DEBUG(llvm::dbgs() << "masks left as i1 for " << *op << "\n");
      return WalkResult::interrupt();
    });
    if (!any || walk.wasInterrupted())
      return;

    // Named linalg ops (broadcast, fill, copy, ...) become generics, which
    // one pattern rewrites.
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> named;
    function.walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op) && touchesBooleanTensors(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op)))
        LLVM_DEBUG(llvm::dbgs() << "cannot generalize " << op << "\n");
    }

    MLIRContext *context = &getContext();
    ByteMaskTypeConverter converter;
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !touchesBooleanTensors(op); });
    RewritePatternSet patterns(context);
    patterns.add<GenericOpPattern, RetypePattern<tensor::EmptyOp>,
                 RetypePattern<tensor::CollapseShapeOp>,
                 RetypePattern<tensor::ExpandShapeOp>,
                 RetypePattern<tensor::ExtractSliceOp>,
                 RetypePattern<tensor::InsertSliceOp>,
                 RetypePattern<tensor::CastOp>, ExtractPattern, SplatPattern,
                 ConstantPattern>(converter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    // Should it fail all the same (a named op that did not generalize), the
    // conversion rolls back and the function keeps its masks; that is no
    // error of the kernel's, so its diagnostics are dropped.
    ScopedDiagnosticHandler quiet(context,
                                  [](Diagnostic &) { return success(); });
    if (failed(applyPartialConversion(function, target, std::move(patterns))))
      LLVM_DEBUG(llvm::dbgs()
                 << "masks left as i1 in " << function.getName() << "\n");
  }
};

} // namespace

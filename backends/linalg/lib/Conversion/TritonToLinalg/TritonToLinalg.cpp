//===- TritonToLinalg.cpp - Type converter, target, all patterns ----------===//
//
// The pieces of step 3 that are not patterns: the type converter (pointers
// become i64 element offsets), the conversion target, and the function that
// populates every pattern of the step.
//
//===----------------------------------------------------------------------===//

#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"
#include "linalg/Analysis/PointerRoots.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;

namespace mlir::triton::cpu {

TritonToLinalgTypeConverter::TritonToLinalgTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](triton::PointerType type) -> Type {
    // Block pointers that step 2 could not decode have no representation.
    if (isa<RankedTensorType>(type.getPointeeType()))
      return Type();
    return IntegerType::get(type.getContext(), 64);
  });
  addConversion([](RankedTensorType type) -> Type {
    if (isa<triton::PointerType>(type.getElementType()))
      return RankedTensorType::get(type.getShape(),
                                   IntegerType::get(type.getContext(), 64));
    return type;
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

/// True for ops of arith/math that must become linalg: they compute on
/// tensors (a constant is fine as it is).
static bool computesOnTensors(Operation *op) {
  if (isa<arith::ConstantOp>(op))
    return false;
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

static bool mentionsPointers(TypeRange types) {
  return llvm::any_of(types, [](Type t) {
    return isa<triton::PointerType>(getElementTypeOrSelf(t));
  });
}

void configureTritonToLinalgTarget(ConversionTarget &target,
                                   const TypeConverter &typeConverter) {
  target.addLegalDialect<bufferization::BufferizationDialect,
                         cf::ControlFlowDialect, linalg::LinalgDialect,
                         LLVM::LLVMDialect, memref::MemRefDialect,
                         scf::SCFDialect, tensor::TensorDialect>();
  target.addIllegalDialect<triton::TritonDialect>();
  target.addIllegalOp<gpu::BarrierOp, LLVM::AssumeOp>();
  target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
      [&](Operation *op) {
        return typeConverter.isLegal(op) && !computesOnTensors(op);
      });
  target.addDynamicallyLegalDialect<func::FuncDialect>(
      [&](Operation *op) { return typeConverter.isLegal(op); });
  target.addDynamicallyLegalOp<ub::PoisonOp>([&](ub::PoisonOp op) {
    return typeConverter.isLegal(op.getType()) &&
           !isa<RankedTensorType>(op.getType());
  });
  target.addDynamicallyLegalOp<UnrealizedConversionCastOp>(
      [](UnrealizedConversionCastOp op) {
        return !mentionsPointers(op->getOperandTypes()) &&
               !mentionsPointers(op->getResultTypes());
      });
  scf::populateSCFStructuralTypeConversionTarget(typeConverter, target);
  cf::populateCFStructuralTypeConversionTarget(typeConverter, target);
}

void populateTritonToLinalgPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    PointerRoots &roots) {
  populateElementwisePatterns(typeConverter, patterns);
  populateShapePatterns(typeConverter, patterns);
  populateReducePatterns(typeConverter, patterns);
  populateScanPatterns(typeConverter, patterns);
  populateDotPatterns(typeConverter, patterns);
  populateLoadStorePatterns(typeConverter, patterns, roots);
  populateAtomicPatterns(typeConverter, patterns, roots);
  populateMiscPatterns(typeConverter, patterns);
  scf::populateSCFStructuralTypeConversions(typeConverter, patterns);
  cf::populateCFStructuralTypeConversions(typeConverter, patterns);
}

} // namespace mlir::triton::cpu

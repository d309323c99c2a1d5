//===- CpuWidenContractionOperands.cpp - f16/bf16/fp8 tiles to f32 once ---===//
//
// A tt.dot of f16 (bf16, fp8) tiles into an f32 accumulator becomes a
// linalg.matmul whose body extends each operand element to f32 before the
// multiply. Lowered to loops, that extension sits in the innermost loop:
// every element of B is converted once per row of A (64 times for a 64-row
// tile), and the converted values never stay in registers. This pass
// extends each narrow operand tile to the accumulator's type once, with an
// elementwise linalg.generic (vectorized like any other), and leaves a
// matmul of f32 tiles, the loop nest the f32 path already runs well.
//
// The results are the same: a product of two f16, bf16 or fp8 values is
// exact in f32, which is what the matmul's body computed before.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUWIDENCONTRACTIONOPERANDS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// Whether `op` is a bf16 x bf16 matmul in the shape the microkernel's bf16
/// dot product takes (linalg-cpu-register-tile-matmul): static, an even K,
/// rows of 16 f32 lanes. Any other bf16 matmul is widened, so that it runs
/// on the f32 microkernel rather than on scalar loops.
bool takesBF16DotProduct(linalg::LinalgOp op) {
  if (!llvm::all_of(op.getDpsInputs(), [](Value input) {
        return getElementTypeOrSelf(input.getType()).isBF16();
      }))
    return false;
  auto a = dyn_cast<RankedTensorType>(op.getDpsInputs()[0].getType());
  auto c = dyn_cast<RankedTensorType>(op.getDpsInits()[0].getType());
  return a && c && a.hasStaticShape() && c.hasStaticShape() &&
         a.getRank() == 2 && a.getDimSize(1) % 2 == 0 &&
         c.getDimSize(1) % 16 == 0;
}

/// The float type the inputs of `op` are widened to: its accumulator's,
/// when it is a float wider than some input's float type, and not bf16
/// inputs into f32 that the bf16 dot product takes, with `keepBF16`.
FloatType getWideType(linalg::LinalgOp op, bool keepBF16) {
  auto accumulator =
      dyn_cast<FloatType>(getElementTypeOrSelf(op.getDpsInits()[0].getType()));
  if (!accumulator || !op.hasPureTensorSemantics())
    return nullptr;
  bool narrower = false;
  for (Value input : op.getDpsInputs()) {
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(input.getType()));
    if (!element || element.getWidth() > accumulator.getWidth())
      return nullptr;
    narrower |= element.getWidth() < accumulator.getWidth();
  }
  if (keepBF16 && accumulator.isF32() && takesBF16DotProduct(op))
    return nullptr;
  return narrower ? accumulator : nullptr;
}

/// `value` (a tensor of floats) extended to `wide`, element by element.
Value widen(RewriterBase &rewriter, Location loc, Value value, FloatType wide) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == wide)
    return value;
  Value init = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, value), wide);
  SmallVector<AffineMap> maps(2,
                              rewriter.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             rewriter, loc, type.clone(wide), value, init, maps, iterators,
             [&](OpBuilder &b, Location l, ValueRange args) {
               Value extended = arith::ExtFOp::create(b, l, wide, args[0]);
               linalg::YieldOp::create(b, l, extended);
             })
      .getResult(0);
}

/// Rebuilds `op` (a matmul or batch_matmul with its default maps) on
/// widened inputs.
template <typename OpTy>
void widenOperands(RewriterBase &rewriter, OpTy op, bool keepBF16) {
  if (op.hasUserDefinedMaps())
    return;
  FloatType wide = getWideType(op, keepBF16);
  if (!wide)
    return;
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs;
  for (Value input : op.getDpsInputs())
    inputs.push_back(widen(rewriter, op.getLoc(), input, wide));
  rewriter.replaceOpWithNewOp<OpTy>(op, op->getResultTypes(), inputs,
                                    op.getDpsInits());
}

class CpuWidenContractionOperandsPass
    : public mlir::triton::cpu::impl::CpuWidenContractionOperandsBase<
          CpuWidenContractionOperandsPass> {
public:
  using CpuWidenContractionOperandsBase::CpuWidenContractionOperandsBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](Operation *op) {
      if (auto matmul = dyn_cast<linalg::MatmulOp>(op))
        widenOperands(rewriter, matmul, keepBF16);
      else if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op))
        widenOperands(rewriter, batch, /*keepBF16=*/false);
    });
  }
};

} // namespace

//===- Utils.cpp - Helpers shared by the TritonToLinalg patterns ----------===//
//
// Small builders used by several pattern files (see Utils.h).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace mlir::triton::cpu {

int64_t getPointeeBytes(Type ptrLike) {
  auto ptr = cast<triton::PointerType>(getElementTypeOrSelf(ptrLike));
  return std::max<int64_t>(ptr.getPointeeType().getIntOrFloatBitWidth() / 8, 1);
}

Value getBufferBase(OpBuilder &b, Location loc, Value buffer,
                    int64_t elementBytes) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value base = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  if (elementBytes == 1)
    return base;
  // Buffers are aligned to their element size (the runtime's contract), so
  // the division is exact.
  Value bytes =
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), elementBytes);
  return arith::DivUIOp::create(b, loc, base, bytes);
}

Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         Value scalar) {
  Value empty = createEmptyTensor(b, loc, type);
  return linalg::FillOp::create(b, loc, ValueRange{scalar}, ValueRange{empty})
      .getResult(0);
}

Value createZero(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

Value getSplatScalar(OpBuilder &b, Location loc, Value tensor) {
  DenseElementsAttr dense;
  if (matchPattern(tensor, m_Constant(&dense)) && dense.isSplat()) {
    auto attr = dense.getSplatValue<TypedAttr>();
    return arith::ConstantOp::create(b, loc, attr);
  }
  if (auto fill = tensor.getDefiningOp<linalg::FillOp>())
    return fill.getInputs()[0];
  return Value();
}

void buildStaticLoopNest(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t size : shape) {
    lbs.push_back(zero);
    ubs.push_back(arith::ConstantIndexOp::create(b, loc, size));
    steps.push_back(one);
  }
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &nested, Location nestedLoc,
                         ValueRange ivs) { body(nested, nestedLoc, ivs); });
}

SmallVector<Value> inlineCombiner(OpBuilder &b, Region &combiner,
                                  ValueRange args) {
  Block &block = combiner.front();
  IRMapping mapping;
  mapping.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, mapping);
  return llvm::map_to_vector(
      block.getTerminator()->getOperands(),
      [&](Value v) { return mapping.lookupOrDefault(v); });
}

} // namespace mlir::triton::cpu

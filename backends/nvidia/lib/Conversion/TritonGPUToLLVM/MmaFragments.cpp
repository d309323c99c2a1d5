//===- MmaFragments.cpp - Operand fragments of mma.sync and wgmma ---------===//
//
// See MmaFragments.h.
//
//===----------------------------------------------------------------------===//

#include "MmaFragments.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

std::optional<nvidia_gpu::MmaOperandKind>
nvidia_gpu::getMmaOperandKind(Type a, Type b, Type acc) {
  if (a != b)
    return std::nullopt;
  if (acc.isF32() && a.isF16())
    return MmaOperandKind{"f16", 16, false};
  if (acc.isF16() && a.isF16())
    return MmaOperandKind{"f16", 16, false, /*halfAcc=*/true};
  if (acc.isF32() && a.isBF16())
    return MmaOperandKind{"bf16", 16, false};
  // An f32 dot reaches the tensor cores only with tf32 precision (the
  // accelerate-matmul pass leaves ieee dots alone): the instruction reads
  // the upper 19 bits of each f32 register.
  if (acc.isF32() && a.isF32())
    return MmaOperandKind{"tf32", 32, false};
  if (acc.isF64() && a.isF64())
    return MmaOperandKind{"f64", 64, false};
  if (acc.isInteger(32) && a.isInteger(8))
    return MmaOperandKind{"s8", 8, true};
  if (acc.isF32() && isa<Float8E4M3FNType>(a))
    return MmaOperandKind{"e4m3", 8, false};
  if (acc.isF32() && isa<Float8E5M2Type>(a))
    return MmaOperandKind{"e5m2", 8, false};
  return std::nullopt;
}

std::pair<int32_t, int32_t>
nvidia_gpu::getAFragmentCoord(const MmaOperandKind &kind, int32_t j) {
  int32_t w = kind.elementsPerRegister();
  return {8 * ((j / w) % 2), j % w + 4 * w * (j / (2 * w))};
}

std::pair<int32_t, int32_t>
nvidia_gpu::getBFragmentCoord(const MmaOperandKind &kind, int32_t j) {
  int32_t w = kind.elementsPerRegister();
  return {j % w + 4 * w * (j / w), 0};
}

Value nvidia_gpu::packMmaRegister(RewriterBase &rewriter, Location loc,
                                  ArrayRef<Value> elements) {
  Type i32 = rewriter.getI32Type();
  if (elements.size() == 1 &&
      elements.front().getType().getIntOrFloatBitWidth() == 64)
    return elements.front();
  if (elements.size() == 1)
    return elements.front().getType() == i32
               ? elements.front()
               : LLVM::BitcastOp::create(rewriter, loc, i32, elements.front());
  auto vectorType =
      VectorType::get({int64_t(elements.size())}, elements.front().getType());
  Value vector = LLVM::UndefOp::create(rewriter, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(rewriter, loc, vector, element,
                                           i32Constant(rewriter, loc, i));
  return LLVM::BitcastOp::create(rewriter, loc, i32, vector);
}

SmallVector<Value> nvidia_gpu::unpackMmaRegister(RewriterBase &rewriter,
                                                 Location loc, Value reg,
                                                 Type elementType,
                                                 unsigned count) {
  if (count == 1)
    return {reg.getType() == elementType
                ? reg
                : LLVM::BitcastOp::create(rewriter, loc, elementType, reg)};
  auto vectorType = VectorType::get({int64_t(count)}, elementType);
  Value vector = LLVM::BitcastOp::create(rewriter, loc, vectorType, reg);
  SmallVector<Value> elements;
  for (unsigned i = 0; i < count; ++i)
    elements.push_back(LLVM::ExtractElementOp::create(
        rewriter, loc, vector, i32Constant(rewriter, loc, i)));
  return elements;
}

//===- TypeConverter.cpp - Types of the TritonGPU -> LLVM lowering --------===//

#include "trident/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "trident/Dialect/Triton/IR/Types.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton;

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *ctx, const LowerToLLVMOptions &options,
    const trident::TargetInfoBase &targetInfo)
    : LLVMTypeConverter(ctx, options), targetInfo(targetInfo) {
  addConversion([ctx](PointerType type) -> std::optional<Type> {
    // A pointer to a tensor (block pointer) is not a plain address.
    if (isa<RankedTensorType>(type.getPointeeType()))
      return std::nullopt;
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    Type converted = convertTensorType(type);
    if (!converted)
      return std::nullopt;
    return converted;
  });
  // Tokens of asynchronous copies only order the IR; they lower to a dummy.
  addConversion([ctx](gpu::AsyncTokenType type) -> Type {
    return IntegerType::get(ctx, 32);
  });
  addConversion([ctx, &targetInfo](gpu::MemDescType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, targetInfo.getSharedAddressSpace());
  });
}

Type TritonGPUToLLVMTypeConverter::convertTensorType(
    RankedTensorType type) const {
  auto layout = dyn_cast_or_null<gpu::DistributedEncodingTrait>(
      type.getEncoding());
  if (!layout)
    return nullptr;
  std::optional<LinearLayout> ll =
      gpu::tryToLinearLayout(type.getShape(), type.getEncoding());
  if (!ll)
    return nullptr;
  Type elemType = convertType(type.getElementType());
  if (!elemType)
    return nullptr;
  int32_t numRegs =
      ll->getInDimSize(StringAttr::get(type.getContext(), "register"));
  SmallVector<Type> members(numRegs, elemType);
  return LLVM::LLVMStructType::getLiteral(type.getContext(), members);
}

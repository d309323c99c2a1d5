//===- Ops.cpp - Operations of the ttng dialect ---------------------------===//
//
// Verifiers, type inference and memory effects of the ttng operations.
// Every check reachable from user IR is a diagnostic that names the
// offending types.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

#define GET_OP_CLASSES
#include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The number of CTAs of the module around `op` (1 when it does not say).
static int getNumCTAs(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  return module ? TritonGPUDialect::getNumCTAs(module) : 1;
}

/// An mbarrier is one i64 per CTA: a `1xi64` (or `<num-ctas>xi64`) buffer.
static LogicalResult verifyBarrier(Operation *op, MemDescType type) {
  ArrayRef<int64_t> shape = type.getShape();
  int numCTAs = getNumCTAs(op);
  if (!type.getElementType().isInteger(64) || shape.size() != 1 ||
      (shape[0] != 1 && shape[0] != numCTAs))
    return op->emitOpError()
           << "needs an mbarrier of type !ttg.memdesc<1xi64, ...> (one i64 "
              "per CTA), got "
           << type;
  return success();
}

/// Checks an nvmma_shared buffer against its layout: the trailing dimensions
/// the layout describes hold at least one swizzle row.
static LogicalResult verifyNVMMABuffer(Operation *op, MemDescType type,
                                       StringRef role) {
  auto layout = dyn_cast<NVMMASharedEncodingAttr>(type.getEncoding());
  ArrayRef<int64_t> allocShape = type.getAllocShape();
  // A layout of higher rank than its descriptor is rejected by the type.
  if (!layout || layout.getRank() > allocShape.size())
    return success();
  return verifyNVMMASharedShape(
      layout, allocShape.take_back(layout.getRank()),
      [&] { return op->emitOpError() << role << ": "; });
}

static bool isFloat8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(type);
}

static int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

//===----------------------------------------------------------------------===//
// ttng.warp_group_dot
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupDotOp::verify() {
  RankedTensorType resultType = getD().getType();
  auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(resultType.getEncoding());
  if (!mma || !mma.isHopper())
    return emitOpError() << "needs a result with a version-3 #ttg.nvidia_mma "
                            "layout (wgmma), got "
                         << resultType;
  // The layout verifier (a trait, run first) made the result 2-d, like
  // every version-3 layout.

  // A: nvmma_shared (or linear shared) buffer, or registers in the dot
  // operand layout of the result. B: always shared memory.
  Type aType = getA().getType();
  Type aElementType;
  ArrayRef<int64_t> aShape;
  if (auto buffer = dyn_cast<MemDescType>(aType)) {
    if (!isa<NVMMASharedEncodingAttr, SharedLinearEncodingAttr>(
            buffer.getEncoding()))
      return emitOpError() << "needs operand a in shared memory to have a "
                              "#ttg.nvmma_shared layout, got "
                           << buffer;
    if (failed(verifyNVMMABuffer(*this, buffer, "operand a")))
      return failure();
    aElementType = buffer.getElementType();
    aShape = buffer.getShape();
  } else {
    auto tensor = cast<RankedTensorType>(aType);
    auto operand =
        dyn_cast_or_null<DotOperandEncodingAttr>(tensor.getEncoding());
    if (!operand || operand.getOpIdx() != 0 || operand.getParent() != mma)
      return emitOpError() << "needs operand a in registers to have the "
                              "layout #ttg.dot_op<{opIdx = 0, parent = "
                           << Attribute(mma) << ", kWidth = ...}>, got "
                           << tensor;
    unsigned bitWidth = tensor.getElementTypeBitWidth();
    unsigned kWidth = bitWidth != 0 && bitWidth <= 32 ? 32 / bitWidth : 0;
    if (operand.getKWidth() != kWidth)
      return emitOpError() << "needs operand a in registers to have kWidth "
                           << kWidth << " (32 bits per thread along K), got "
                           << operand.getKWidth();
    aElementType = tensor.getElementType();
    aShape = tensor.getShape();
  }
  MemDescType bType = getB().getType();
  if (!isa<NVMMASharedEncodingAttr, SharedLinearEncodingAttr>(
          bType.getEncoding()))
    return emitOpError()
           << "needs operand b to have a #ttg.nvmma_shared layout, got "
           << bType;
  if (failed(verifyNVMMABuffer(*this, bType, "operand b")))
    return failure();

  ArrayRef<int64_t> bShape = bType.getShape();
  ArrayRef<int64_t> dShape = resultType.getShape();
  if (aShape.size() != 2 || bShape.size() != 2 || aShape[0] != dShape[0] ||
      bShape[1] != dShape[1] || aShape[1] != bShape[0])
    return emitOpError() << "needs a: MxK, b: KxN and c: MxN, got " << aType
                         << ", " << bType << " and " << resultType;
  if (dShape[0] % 64 != 0 || dShape[1] % 8 != 0)
    return emitOpError() << "needs M a multiple of 64 and N a multiple of 8, "
                            "got "
                         << resultType;

  Type bElementType = bType.getElementType();
  if (aElementType != bElementType &&
      !(isFloat8(aElementType) && isFloat8(bElementType)))
    return emitOpError() << "needs operands of the same element type (or two "
                            "fp8 types), got "
                         << aElementType << " and " << bElementType;

  if (getMaxNumImpreciseAccAttr().getInt() < 0)
    return emitOpError() << "needs a non-negative maxNumImpreciseAcc, got "
                         << getMaxNumImpreciseAccAttr().getInt();
  return success();
}

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<MemDescType>(getA().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(),
                         SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(),
                       SharedMemory::get());
}

//===----------------------------------------------------------------------===//
// ttng.warp_group_dot_wait
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value operand : operands)
    inferredReturnTypes.push_back(operand.getType());
  return success();
}

void WarpGroupDotWaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &input : getInputsMutable())
    if (isa<MemDescType>(input.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &input,
                           SharedMemory::get());
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one value to wait for";
  if (getPendingsAttr().getInt() < 0)
    return emitOpError() << "needs a non-negative number of pending dots, got "
                         << getPendingsAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// Mbarriers
//===----------------------------------------------------------------------===//

LogicalResult InitBarrierOp::verify() {
  if (failed(verifyBarrier(*this, getAlloc().getType())))
    return failure();
  if (getCountAttr().getInt() < 1)
    return emitOpError() << "needs an arrival count of at least 1, got "
                         << getCountAttr().getInt();
  return success();
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult BarrierExpectOp::verify() {
  if (failed(verifyBarrier(*this, getAlloc().getType())))
    return failure();
  if (getSizeAttr().getInt() < 0)
    return emitOpError() << "needs a non-negative byte count, got "
                         << getSizeAttr().getInt();
  return success();
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult ArriveBarrierOp::verify() {
  if (failed(verifyBarrier(*this, getAlloc().getType())))
    return failure();
  if (getCountAttr().getInt() < 1)
    return emitOpError() << "needs an arrival count of at least 1, got "
                         << getCountAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// What a TMA copy between the descriptor `desc` and the buffer `buffer`
/// needs: one coordinate per block dimension, the same elements, and an
/// untransposed nvmma_shared buffer that agrees with the descriptor's layout.
static LogicalResult verifyTMACopy(Operation *op, TensorDescType desc,
                                   size_t numCoords, MemDescType buffer) {
  RankedTensorType block = desc.getBlockType();
  if (numCoords != static_cast<size_t>(block.getRank()))
    return op->emitOpError()
           << "needs one coordinate per dimension of the block " << block
           << " (" << block.getRank() << "), got " << numCoords;
  // The frontend spells integer blocks with their sign (`si32`); buffers are
  // signless and hold the same bits.
  auto bits = [](Type type) -> Type {
    if (auto integer = dyn_cast<IntegerType>(type))
      return IntegerType::get(type.getContext(), integer.getWidth());
    return type;
  };
  if (bits(block.getElementType()) != bits(buffer.getElementType()) ||
      numElements(block.getShape()) != numElements(buffer.getShape()))
    return op->emitOpError() << "copies the block " << block
                             << " so the buffer must hold the same elements, "
                                "got "
                             << buffer;
  auto layout = dyn_cast<NVMMASharedEncodingAttr>(buffer.getEncoding());
  if (!layout)
    return op->emitOpError()
           << "needs a buffer with a #ttg.nvmma_shared layout, got " << buffer;
  if (layout.getTransposed())
    return op->emitOpError()
           << "needs a buffer whose layout is not transposed, got " << buffer;
  if (auto descLayout =
          dyn_cast_or_null<NVMMASharedEncodingAttr>(block.getEncoding())) {
    // The ranks may differ (a rank-reducing copy); the swizzle may not.
    if (descLayout.getSwizzlingByteWidth() != layout.getSwizzlingByteWidth() ||
        descLayout.getElementBitWidth() != layout.getElementBitWidth() ||
        descLayout.getTransposed() != layout.getTransposed() ||
        descLayout.getFp4Padded() != layout.getFp4Padded())
      return op->emitOpError()
             << "needs the layout of the buffer to match the descriptor's, "
                "got "
             << Attribute(layout) << " and " << Attribute(descLayout);
  }
  return verifyNVMMABuffer(op, buffer, "the buffer");
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  MemDescType result = getResult().getType();
  if (!result.getMutableMemory())
    return emitOpError() << "cannot write into the immutable buffer " << result;
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(), result);
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  MemDescType src = getSrc().getType();
  if (auto layout = dyn_cast<NVMMASharedEncodingAttr>(src.getEncoding());
      layout && layout.getFp4Padded())
    return emitOpError() << "cannot store a fp4Padded buffer, got " << src;
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(), src);
}

LogicalResult TMAStoreWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError() << "needs a non-negative number of pending stores, "
                            "got "
                         << getPendingsAttr().getInt();
  return success();
}

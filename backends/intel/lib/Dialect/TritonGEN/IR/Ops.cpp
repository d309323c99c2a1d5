//===- Ops.cpp - Verifiers of the triton_gen operations -------------------===//
//
// What ODS cannot say: the vector lengths and element widths the sub-group
// block messages accept, the dpas operand shapes for each precision, and the
// 2-D block tile sizes of the Xe load/store/prefetch messages.
//
//===----------------------------------------------------------------------===//

#include "intel/Dialect/TritonGEN/IR/Dialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::TritonGEN;

#define GET_OP_CLASSES
#include "intel/Dialect/TritonGEN/IR/TritonGENOps.cpp.inc"

namespace {

/// The element type and the number of elements of a scalar or 1-D vector.
std::pair<Type, int64_t> getElements(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return {vector.getElementType(), vector.getNumElements()};
  return {type, 1};
}

/// Total bits of a scalar or 1-D vector of integers or floats.
int64_t getTotalBits(Type type) {
  auto [element, count] = getElements(type);
  return element.getIntOrFloatBitWidth() * count;
}

/// Sub-group block reads and writes: integers of 8/16/32/64 bits, 1, 2, 4 or
/// 8 of them (16 for 8-bit integers), in global or shared local memory.
LogicalResult verifyBlockAccess(Operation *op, Type ptrType, Type valueType) {
  unsigned space = cast<LLVM::LLVMPointerType>(ptrType).getAddressSpace();
  if (space != 1 && space != 3)
    return op->emitOpError()
           << "expects a pointer to global (1) or shared local (3) memory, "
              "got address space "
           << space;
  auto [element, count] = getElements(valueType);
  auto integer = dyn_cast<IntegerType>(element);
  unsigned width = integer ? integer.getWidth() : 0;
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return op->emitOpError()
           << "expects i8, i16, i32 or i64 elements, got " << valueType;
  bool countOk = count == 1 || count == 2 || count == 4 || count == 8 ||
                 (count == 16 && width == 8);
  if (!countOk)
    return op->emitOpError()
           << "expects 1, 2, 4 or 8 elements (16 for i8), got " << valueType;
  return success();
}

/// The 2-D block tile: element size 8/16/32/64 bits, 1 to 32 rows, a width
/// of at most 64 bytes per block, v_blocks 1, 2 or 4, all powers of two.
LogicalResult verify2DBlockTile(Operation *op, int32_t elemBits,
                                int32_t tileWidth, int32_t tileHeight,
                                int32_t vBlocks) {
  if (elemBits != 8 && elemBits != 16 && elemBits != 32 && elemBits != 64)
    return op->emitOpError()
           << "expects elem_size_in_bits of 8, 16, 32 or 64, got " << elemBits;
  if (tileHeight < 1 || tileHeight > 32 || !llvm::isPowerOf2_32(tileHeight))
    return op->emitOpError()
           << "expects a power-of-two tile_height from 1 to 32, got "
           << tileHeight;
  if (tileWidth < 1 || !llvm::isPowerOf2_32(tileWidth) ||
      tileWidth * elemBits > 64 * 8)
    return op->emitOpError()
           << "expects a power-of-two tile_width of at most 64 bytes, got "
           << tileWidth << " elements of " << elemBits << " bits";
  if (vBlocks != 1 && vBlocks != 2 && vBlocks != 4)
    return op->emitOpError() << "expects v_blocks of 1, 2 or 4, got "
                             << vBlocks;
  return success();
}

/// The lanes' value holds the whole tile: width * height * v_blocks
/// elements over the 16 lanes of the sub-group.
LogicalResult verify2DBlockValue(Operation *op, Type valueType,
                                 int32_t elemBits, int32_t tileWidth,
                                 int32_t tileHeight, int32_t vBlocks) {
  int64_t tileBits = int64_t(tileWidth) * tileHeight * vBlocks * elemBits;
  int64_t expected = tileBits / kSubGroupSize;
  if (tileBits % kSubGroupSize != 0 || getTotalBits(valueType) != expected)
    return op->emitOpError()
           << "expects " << expected << " bits per lane for a "
           << tileHeight << "x" << tileWidth << "x" << vBlocks
           << " tile of " << elemBits << "-bit elements, got " << valueType;
  return success();
}

} // namespace

LogicalResult BarrierOp::verify() {
  StringRef fence = getMemFence();
  if (fence != "local" && fence != "global" && fence != "local_global" &&
      fence != "none")
    return emitOpError() << "expects mem_fence to be \"local\", \"global\", "
                            "\"local_global\" or \"none\", got \""
                         << fence << "\"";
  return success();
}

LogicalResult SubGroupBlockReadOp::verify() {
  return verifyBlockAccess(*this, getPtr().getType(), getRes().getType());
}

LogicalResult SubGroupBlockWriteOp::verify() {
  return verifyBlockAccess(*this, getPtr().getType(), getVal().getType());
}

LogicalResult MatrixDPASOp::verify() {
  StringRef precision = getPrecision();
  bool isFloat = precision == "f16" || precision == "bf16";
  bool isInt = precision == "s8" || precision == "u8";
  if (!isFloat && !isInt)
    return emitOpError()
           << "expects precision \"f16\", \"bf16\", \"s8\" or \"u8\", got \""
           << precision << "\"";
  int32_t rc = getRc();
  if (rc != 1 && rc != 2 && rc != 4 && rc != 8)
    return emitOpError() << "expects rc (repeat count) of 1, 2, 4 or 8, got "
                         << rc;
  auto cType = cast<VectorType>(getC().getType());
  auto aType = cast<VectorType>(getA().getType());
  auto bType = cast<VectorType>(getB().getType());
  if (getD().getType() != cType)
    return emitOpError() << "expects the result type to be the accumulator "
                            "type "
                         << cType << ", got " << getD().getType();
  Type accElement = cType.getElementType();
  if (isFloat && !accElement.isF32())
    return emitOpError() << "expects an f32 accumulator for precision \""
                         << precision << "\", got " << cType;
  if (isInt && !accElement.isInteger(32))
    return emitOpError() << "expects an i32 accumulator for precision \""
                         << precision << "\", got " << cType;
  if (cType.getNumElements() != rc)
    return emitOpError() << "expects an accumulator of rc = " << rc
                         << " elements, got " << cType;
  if (aType.getNumElements() != rc)
    return emitOpError() << "expects A of rc = " << rc
                         << " packed elements, got " << aType;
  if (bType.getNumElements() != 8)
    return emitOpError()
           << "expects B of 8 packed dwords (systolic depth 8), got " << bType;
  return success();
}

LogicalResult Matrix2DBlockLoadOp::verify() {
  if (failed(verify2DBlockTile(*this, getElemSizeInBits(), getTileWidth(),
                               getTileHeight(), getVBlocks())))
    return failure();
  if (getTranspose() && getVnniTransform())
    return emitOpError() << "expects at most one of transpose and "
                            "vnni_transform";
  if (getTranspose() && getElemSizeInBits() != 32 &&
      getElemSizeInBits() != 64)
    return emitOpError() << "expects 32- or 64-bit elements with transpose, "
                            "got "
                         << getElemSizeInBits();
  if (getVnniTransform() && getElemSizeInBits() != 8 &&
      getElemSizeInBits() != 16)
    return emitOpError() << "expects 8- or 16-bit elements with "
                            "vnni_transform, got "
                         << getElemSizeInBits();
  return verify2DBlockValue(*this, getRes().getType(), getElemSizeInBits(),
                            getTileWidth(), getTileHeight(), getVBlocks());
}

LogicalResult Matrix2DBlockStoreOp::verify() {
  if (failed(verify2DBlockTile(*this, getElemSizeInBits(), getTileWidth(),
                               getTileHeight(), getVBlocks())))
    return failure();
  if (getVBlocks() != 1)
    return emitOpError() << "expects v_blocks = 1 for a store, got "
                         << getVBlocks();
  return verify2DBlockValue(*this, getStoredVal().getType(),
                            getElemSizeInBits(), getTileWidth(),
                            getTileHeight(), getVBlocks());
}

LogicalResult Matrix2DBlockPrefetchOp::verify() {
  return verify2DBlockTile(*this, getElemSizeInBits(), getTileWidth(),
                           getTileHeight(), getVBlocks());
}

static LogicalResult verifyAlignment(Operation *op, int64_t alignment) {
  if (alignment <= 0 || !llvm::isPowerOf2_64(alignment))
    return op->emitOpError()
           << "expects a positive power-of-two alignment, got " << alignment;
  return success();
}

LogicalResult PredicatedLoadOp::verify() {
  if (getDefaultValue().getType() != getRes().getType())
    return emitOpError() << "expects the default value to have the result "
                            "type "
                         << getRes().getType() << ", got "
                         << getDefaultValue().getType();
  return verifyAlignment(*this, getAlignment());
}

LogicalResult PredicatedStoreOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

//===- TargetInfo.cpp - SPIR-V implementation of TargetInfoBase -----------===//
//
// Work-item ids are the OpenCL builtins get_group_id, get_num_groups and
// get_local_id; sub-group shuffles `gpu.shuffle` on 32- or 64-bit values
// (narrower and wider values widened or split), which MLIR's GPU -> LLVM SPV
// patterns make the OpenCL sub_group_shuffle{,_xor,_up} built-ins, and the
// ballot OpenCL's sub_group_ballot; barriers
// `triton_gen.barrier`; printf OpenCL's printf with the format in the
// constant address space. LLVM's SPIR-V target recognises every one of these
// names and emits the matching SPIR-V instruction.
//
//===----------------------------------------------------------------------===//

#include "intel/TargetInfo/TargetInfo.h"

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"
#include "intel/Dialect/TritonGEN/IR/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

/// A work-item builtin taking the dimension and returning size_t, as i32.
Value workItemQuery(RewriterBase &rewriter, Location loc, StringRef name,
                    int axis) {
  Value id = callBuiltin(rewriter, loc, name, rewriter.getI64Type(),
                         {i32Const(rewriter, loc, axis)});
  return LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), id);
}

/// A sub-group shuffle of `value` over `width` lanes: 32- and 64-bit scalars
/// as `gpu.shuffle` (which MLIR's GPU -> LLVM SPV patterns, run in the same
/// conversion, turn into the OpenCL sub_group_shuffle* built-ins), narrower
/// integers and floats in an i32, pointers as i64, vectors element by
/// element.
Value shuffle(RewriterBase &rewriter, Location loc, mlir::gpu::ShuffleMode mode,
              int width, Value value, Value operand) {
  Type type = value.getType();
  if (auto vector = dyn_cast<VectorType>(type)) {
    Value result = LLVM::UndefOp::create(rewriter, loc, type);
    for (int64_t i = 0; i < vector.getNumElements(); ++i) {
      Value index = i32Const(rewriter, loc, i);
      Value element =
          LLVM::ExtractElementOp::create(rewriter, loc, value, index);
      Value moved = shuffle(rewriter, loc, mode, width, element, operand);
      result =
          LLVM::InsertElementOp::create(rewriter, loc, result, moved, index);
    }
    return result;
  }
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value asInt =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), value);
    Value moved = shuffle(rewriter, loc, mode, width, asInt, operand);
    return LLVM::IntToPtrOp::create(rewriter, loc, type, moved);
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 32) {
    Value asInt = value;
    if (!isa<IntegerType>(type))
      asInt = LLVM::BitcastOp::create(rewriter, loc,
                                      rewriter.getIntegerType(bits), value);
    Value wide =
        LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), asInt);
    Value moved = shuffle(rewriter, loc, mode, width, wide, operand);
    Value narrow = LLVM::TruncOp::create(rewriter, loc, asInt.getType(), moved);
    if (isa<IntegerType>(type))
      return narrow;
    return LLVM::BitcastOp::create(rewriter, loc, type, narrow);
  }
  return mlir::gpu::ShuffleOp::create(rewriter, loc, value, operand,
                                      i32Const(rewriter, loc, width), mode)
      .getShuffleResult();
}

} // namespace

//===----------------------------------------------------------------------===//
// Execution model
//===----------------------------------------------------------------------===//

Value IntelTargetInfo::programId(RewriterBase &rewriter, Location loc,
                                 int axis) const {
  return workItemQuery(rewriter, loc, "_Z12get_group_idj", axis);
}

Value IntelTargetInfo::numPrograms(RewriterBase &rewriter, Location loc,
                                   int axis) const {
  return workItemQuery(rewriter, loc, "_Z14get_num_groupsj", axis);
}

Value IntelTargetInfo::threadId(RewriterBase &rewriter, Location loc) const {
  return workItemQuery(rewriter, loc, "_Z12get_local_idj", 0);
}

Value IntelTargetInfo::clusterCTAId(RewriterBase &rewriter,
                                    Location loc) const {
  // Intel GPUs have no clusters: every work-group is rank 0 of its own.
  return i32Const(rewriter, loc, 0);
}

//===----------------------------------------------------------------------===//
// Synchronization and data exchange
//===----------------------------------------------------------------------===//

void IntelTargetInfo::barrier(RewriterBase &rewriter, Location loc) const {
  TritonGEN::BarrierOp::create(rewriter, loc,
                               rewriter.getStringAttr("local_global"));
}

Value IntelTargetInfo::shuffleXor(RewriterBase &rewriter, Location loc,
                                  Value value, int mask) const {
  return shuffle(rewriter, loc, mlir::gpu::ShuffleMode::XOR, subGroupSize,
                 value, i32Const(rewriter, loc, mask));
}

Value IntelTargetInfo::shuffleUp(RewriterBase &rewriter, Location loc,
                                 Value value, int delta) const {
  return shuffle(rewriter, loc, mlir::gpu::ShuffleMode::UP, subGroupSize, value,
                 i32Const(rewriter, loc, delta));
}

Value IntelTargetInfo::shuffleIdx(RewriterBase &rewriter, Location loc,
                                  Value value, Value lane) const {
  return shuffle(rewriter, loc, mlir::gpu::ShuffleMode::IDX, subGroupSize,
                 value, lane);
}

Value IntelTargetInfo::ballot(RewriterBase &rewriter, Location loc, Type type,
                              Value predicate) const {
  // uint4 sub_group_ballot(int): lanes 0..31 are in the first word.
  Value asInt =
      LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), predicate);
  auto uint4 = VectorType::get({4}, rewriter.getI32Type());
  Value bits =
      callBuiltin(rewriter, loc, "_Z16sub_group_balloti", uint4, {asInt});
  Value word = LLVM::ExtractElementOp::create(rewriter, loc, bits,
                                              i32Const(rewriter, loc, 0));
  unsigned width = type.getIntOrFloatBitWidth();
  if (width == 32)
    return word;
  if (width > 32)
    return LLVM::ZExtOp::create(rewriter, loc, type, word);
  return LLVM::TruncOp::create(rewriter, loc, type, word);
}

void IntelTargetInfo::storeShared(RewriterBase &rewriter, Location loc,
                                  Value ptr, Value value,
                                  Value predicate) const {
  // Booleans have no size in SPIR-V memory: they are stored as bytes.
  if (value.getType().isInteger(1))
    value = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI8Type(), value);
  triton::emitPredicated(loc, rewriter, predicate, Type(), Value(), [&] {
    LLVM::StoreOp::create(rewriter, loc, value, ptr);
    return Value();
  });
}

Value IntelTargetInfo::loadShared(RewriterBase &rewriter, Location loc,
                                  Value ptr, Type type, Value predicate) const {
  Type memoryType = type.isInteger(1) ? rewriter.getI8Type() : type;
  Value undef = LLVM::UndefOp::create(rewriter, loc, memoryType);
  Value loaded =
      triton::emitPredicated(loc, rewriter, predicate, memoryType, undef, [&] {
        return LLVM::LoadOp::create(rewriter, loc, memoryType, ptr).getResult();
      });
  if (memoryType == type)
    return loaded;
  Value zero = LLVM::ConstantOp::create(rewriter, loc, memoryType,
                                        rewriter.getIntegerAttr(memoryType, 0));
  return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, loaded,
                              zero);
}

Value IntelTargetInfo::loadGlobal(RewriterBase &rewriter, Location loc,
                                  Value ptr, Type type, Value mask, Value other,
                                  unsigned alignment,
                                  const trident::GlobalAccessHints &) const {
  if (!mask)
    return LLVM::LoadOp::create(rewriter, loc, type, ptr, alignment);
  if (!other)
    other = LLVM::UndefOp::create(rewriter, loc, type);
  if (!isa<VectorType>(mask.getType()))
    return TritonGEN::PredicatedLoadOp::create(
        rewriter, loc, type, ptr, mask, other,
        rewriter.getI64IntegerAttr(alignment));
  // One predicated scalar load per element.
  auto vector = cast<VectorType>(type);
  Type element = vector.getElementType();
  unsigned elementAlignment = std::min<unsigned>(
      alignment, std::max(1u, element.getIntOrFloatBitWidth() / 8));
  Value result = LLVM::UndefOp::create(rewriter, loc, type);
  for (int64_t i = 0; i < vector.getNumElements(); ++i) {
    Value index = i32Const(rewriter, loc, i);
    Value elementPtr =
        LLVM::GEPOp::create(rewriter, loc, ptr.getType(), element, ptr,
                            ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value pred = LLVM::ExtractElementOp::create(rewriter, loc, mask, index);
    Value fallback =
        LLVM::ExtractElementOp::create(rewriter, loc, other, index);
    Value loaded = TritonGEN::PredicatedLoadOp::create(
        rewriter, loc, element, elementPtr, pred, fallback,
        rewriter.getI64IntegerAttr(elementAlignment));
    result =
        LLVM::InsertElementOp::create(rewriter, loc, result, loaded, index);
  }
  return result;
}

void IntelTargetInfo::storeGlobal(RewriterBase &rewriter, Location loc,
                                  Value ptr, Value value, Value mask,
                                  unsigned alignment,
                                  const trident::GlobalAccessHints &) const {
  if (!mask) {
    LLVM::StoreOp::create(rewriter, loc, value, ptr, alignment);
    return;
  }
  if (!isa<VectorType>(mask.getType())) {
    TritonGEN::PredicatedStoreOp::create(rewriter, loc, ptr, value, mask,
                                         rewriter.getI64IntegerAttr(alignment));
    return;
  }
  auto vector = cast<VectorType>(value.getType());
  Type element = vector.getElementType();
  unsigned elementAlignment = std::min<unsigned>(
      alignment, std::max(1u, element.getIntOrFloatBitWidth() / 8));
  for (int64_t i = 0; i < vector.getNumElements(); ++i) {
    Value index = i32Const(rewriter, loc, i);
    Value elementPtr =
        LLVM::GEPOp::create(rewriter, loc, ptr.getType(), element, ptr,
                            ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value pred = LLVM::ExtractElementOp::create(rewriter, loc, mask, index);
    Value part = LLVM::ExtractElementOp::create(rewriter, loc, value, index);
    TritonGEN::PredicatedStoreOp::create(
        rewriter, loc, elementPtr, part, pred,
        rewriter.getI64IntegerAttr(elementAlignment));
  }
}

//===----------------------------------------------------------------------===//
// Kernels and library calls
//===----------------------------------------------------------------------===//

void IntelTargetInfo::markAsKernel(LLVM::LLVMFuncOp func, int numWarps,
                                   int threadsPerWarp) const {
  MLIRContext *ctx = func.getContext();
  Builder b(ctx);
  func.setCConv(LLVM::cconv::CConv::SPIR_KERNEL);
  func.setReqdWorkGroupSizeAttr(
      b.getDenseI32ArrayAttr({numWarps * threadsPerWarp, 1, 1}));
  func.setIntelReqdSubGroupSizeAttr(b.getI32IntegerAttr(threadsPerWarp));
}

StringRef IntelTargetInfo::getMulhiFuncName(Type resultType) const {
  // OpenCL mul_hi on unsigned operands (Triton's umulhi).
  return resultType.isInteger(64) ? "_Z6mul_himm" : "_Z6mul_hijj";
}

void IntelTargetInfo::printf(RewriterBase &rewriter, Location loc,
                             StringRef format, ValueRange args) const {
  auto module =
      rewriter.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  MLIRContext *ctx = rewriter.getContext();
  // The format string: a constant in the constant address space (2).
  std::string text = format.str();
  text.push_back('\0');
  std::string symbol;
  for (unsigned i = 0;; ++i) {
    symbol = "printf_format_" + std::to_string(i);
    if (!module.lookupSymbol(symbol))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto arrayType =
        LLVM::LLVMArrayType::get(rewriter.getI8Type(), text.size());
    LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, symbol,
                           rewriter.getStringAttr(text), /*alignment=*/1,
                           /*addrSpace=*/2);
  }
  Value formatPtr = LLVM::AddressOfOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(ctx, 2), symbol);
  SmallVector<Value> operands = {formatPtr};
  for (Value arg : args) {
    Type type = arg.getType();
    // C's default promotions of variadic arguments.
    if (type.isInteger() && type.getIntOrFloatBitWidth() < 32)
      arg = LLVM::SExtOp::create(rewriter, loc, rewriter.getI32Type(), arg);
    else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 64)
      arg = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), arg);
    operands.push_back(arg);
  }
  StringRef name = "_Z6printfPU3AS2Kcz";
  auto fnType = LLVM::LLVMFunctionType::get(
      rewriter.getI32Type(), {LLVM::LLVMPointerType::get(ctx, 2)},
      /*isVarArg=*/true);
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto decl = LLVM::LLVMFuncOp::create(rewriter, loc, name, fnType);
    decl.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  }
  auto call = LLVM::CallOp::create(rewriter, loc, fnType,
                                   FlatSymbolRefAttr::get(ctx, name), operands);
  call.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
}

void IntelTargetInfo::assertFail(RewriterBase &rewriter, Location loc,
                                 StringRef message, StringRef file,
                                 StringRef function, int line) const {
  // SPIR-V kernels have no abort: the failure is reported through printf
  // and the kernel goes on.
  std::string text = (file + ":" + std::to_string(line) + ": " + function +
                      ": Assertion `" + message + "` failed.\n")
                         .str();
  // The text is a printf format: its own '%' are escaped.
  std::string format;
  for (char c : text) {
    format.push_back(c);
    if (c == '%')
      format.push_back('%');
  }
  printf(rewriter, loc, format, {});
}

//===- EmitCpuEntry.cpp - The cpu runtime's entry point of a kernel -------===//
//
// Adds `<kernel>_trident_cpu_entry(void *const *args, const int32_t
// num_programs[3], const int32_t program_id[3])` for each kernel, the
// function the cpu runtime calls once per program (CpuKernelABI.h).
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-emit-cpu-entry"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_EMITCPUENTRY
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;
using mlir::triton::cpu::kNumGridArgs;

namespace {

/// The suffix of the entry's name (TRIDENT_CPU_ENTRY_SUFFIX).
constexpr llvm::StringLiteral kEntrySuffix = "_trident_cpu_entry";
/// The size given to a dynamic dimension of a buffer parameter: the kernel
/// never reads it to bound an access, and it is far beyond any buffer while
/// leaving room for products with element sizes.
constexpr int64_t kUnboundedSize = int64_t(1) << 48;

/// The LLVM struct of a memref descriptor of rank `rank`, as the memref to
/// LLVM conversion lays it out.
LLVM::LLVMStructType getDescriptorType(MLIRContext *context, int64_t rank) {
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i64 = IntegerType::get(context, 64);
  SmallVector<Type> fields = {ptr, ptr, i64};
  if (rank > 0) {
    Type array = LLVM::LLVMArrayType::get(i64, rank);
    fields.append({array, array});
  }
  return LLVM::LLVMStructType::getLiteral(context, fields);
}

/// Why a parameter of type `type` cannot be passed by the runtime, or an
/// empty string when it can.
std::string checkParameter(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!memref.getLayout().isIdentity())
      return "a buffer parameter must have the identity layout";
    for (int64_t dim : memref.getShape().drop_front())
      if (ShapedType::isDynamic(dim))
        return "only the first dimension of a buffer parameter may be "
               "dynamic";
    if (memref.getMemorySpace())
      return "a buffer parameter must be in the default memory space";
    return "";
  }
  if (isa<IntegerType, Float16Type, BFloat16Type, Float32Type, Float64Type>(
          type))
    return "";
  return "the runtime passes buffers and integer or float scalars only";
}

class EmitCpuEntryPass
    : public mlir::triton::cpu::impl::EmitCpuEntryBase<EmitCpuEntryPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isDeclaration() &&
          !func.getName().ends_with(kEntrySuffix))
        kernels.push_back(func);
    SymbolTable symbols(module);
    for (func::FuncOp kernel : kernels)
      if (failed(emitEntry(kernel, symbols)))
        return signalPassFailure();
  }

private:
  LogicalResult emitEntry(func::FuncOp kernel, SymbolTable &symbols);
  /// Builds the descriptor of a buffer at `pointer` as `type`.
  Value buildMemRef(OpBuilder &b, Location loc, MemRefType type, Value pointer);
};

Value EmitCpuEntryPass::buildMemRef(OpBuilder &b, Location loc, MemRefType type,
                                    Value pointer) {
  MLIRContext *context = b.getContext();
  int64_t rank = type.getRank();
  LLVM::LLVMStructType descriptorType = getDescriptorType(context, rank);
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t value) -> Value {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(value));
  };
  Value descriptor = LLVM::UndefOp::create(b, loc, descriptorType);
  auto insert = [&](Value value, ArrayRef<int64_t> position) {
    descriptor =
        LLVM::InsertValueOp::create(b, loc, descriptor, value, position);
  };
  insert(pointer, {0});
  insert(pointer, {1});
  insert(constant(0), {2});
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      size = kUnboundedSize;
    insert(constant(size), {3, dim});
    insert(constant(stride), {4, dim});
    stride *= size;
  }
  return UnrealizedConversionCastOp::create(b, loc, type, descriptor)
      .getResult(0);
}

LogicalResult EmitCpuEntryPass::emitEntry(func::FuncOp kernel,
                                          SymbolTable &symbols) {
  FunctionType kernelType = kernel.getFunctionType();
  ArrayRef<Type> inputs = kernelType.getInputs();
  if (kernelType.getNumResults() != 0)
    return kernel.emitOpError()
           << "returns " << kernelType.getResults()
           << ": a kernel called by the cpu runtime returns nothing";
  if (inputs.size() < kNumGridArgs ||
      !llvm::all_of(inputs.take_back(kNumGridArgs),
                    [](Type type) { return type.isInteger(32); }))
    return kernel.emitOpError()
           << "does not end with the six i32 grid parameters that "
              "linalg-triton-to-linalg appends; run it first";
  std::string entryName = (kernel.getName() + kEntrySuffix).str();
  if (symbols.lookup(entryName))
    return kernel.emitOpError() << "already has an entry '" << entryName << "'";
  ArrayRef<Type> params = inputs.drop_back(kNumGridArgs);
  for (auto [index, type] : llvm::enumerate(params)) {
    std::string problem = checkParameter(type);
    if (!problem.empty())
      return kernel.emitOpError() << "parameter " << index << " has type "
                                  << type << ": " << problem;
  }

  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  OpBuilder b(context);
  b.setInsertionPointAfter(kernel);
  Type ptr = LLVM::LLVMPointerType::get(context);
  auto entry = func::FuncOp::create(b, loc, entryName,
                                    b.getFunctionType({ptr, ptr, ptr}, {}));
  symbols.insert(entry);
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value args = body->getArgument(0);

  // The slot of parameter `index`: args[index], a pointer to its value.
  auto loadSlot = [&](unsigned index) -> Value {
    Value address = LLVM::GEPOp::create(b, loc, ptr, ptr, args,
                                        ArrayRef<LLVM::GEPArg>{int32_t(index)});
    return LLVM::LoadOp::create(b, loc, ptr, address);
  };
  SmallVector<Value> operands;
  for (auto [index, type] : llvm::enumerate(params)) {
    Value slot = loadSlot(index);
    if (auto memref = dyn_cast<MemRefType>(type)) {
      Value pointer = LLVM::LoadOp::create(b, loc, ptr, slot);
      operands.push_back(buildMemRef(b, loc, memref, pointer));
      continue;
    }
    if (type.isInteger(1)) {
      // An i1 travels as one byte; any non-zero value is true.
      Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), slot);
      Value zero = LLVM::ConstantOp::create(b, loc, b.getI8Type(),
                                            b.getI8IntegerAttr(0));
      operands.push_back(
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, byte, zero));
      continue;
    }
    operands.push_back(LLVM::LoadOp::create(b, loc, type, slot));
  }
  Type i32 = b.getI32Type();
  for (unsigned array = 1; array <= 2; ++array) {
    for (int32_t axis = 0; axis < 3; ++axis) {
      Value address =
          LLVM::GEPOp::create(b, loc, ptr, i32, body->getArgument(array),
                              ArrayRef<LLVM::GEPArg>{axis});
      operands.push_back(LLVM::LoadOp::create(b, loc, i32, address));
    }
  }
  func::CallOp::create(b, loc, kernel, operands);
  func::ReturnOp::create(b, loc);

  // The kernel itself need not be visible outside the library; internal
  // linkage lets LLVM inline it into the entry.
  kernel->setAttr("llvm.linkage",
                  LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  LLVM_DEBUG(llvm::dbgs() << "added " << entryName << "\n");
  return success();
}

} // namespace

//===- TestConvertTritonGPUToLLVM.cpp - The core lowering, no vendor ------===//
//
// `test-convert-tritongpu-to-llvm` runs the generic TritonGPU -> LLVM
// patterns with a test TargetInfo whose hooks emit calls to placeholder
// functions (`@test_program_id`, `@test_shuffle_xor_f32`, `@test_barrier`,
// ...), so that the core lowering is FileCheck-tested without any vendor.
// Accesses are vectorized by the axis analysis; `assume-contiguity=N`
// instead makes every pointer tensor N-contiguous and N-aligned, and
// `assume-contiguity=1` vectorizes nothing.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

#include <string>

using namespace mlir;

namespace {

/// A type as part of a function name: f32, i32, ptr3, v4f32.
std::string mangle(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (auto vec = dyn_cast<VectorType>(type)) {
    os << "v" << vec.getNumElements();
    type = vec.getElementType();
  }
  if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(type))
    os << "ptr" << ptr.getAddressSpace();
  else
    type.print(os);
  return name;
}

/// Calls `name`, declared on first use as taking the types of `args` and
/// returning `result` (null: void).
Value callPlaceholder(RewriterBase &rewriter, Location loc, StringRef name,
                      Type result, ValueRange args) {
  auto module =
      rewriter.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  MLIRContext *ctx = rewriter.getContext();
  Type resultType = result ? result : LLVM::LLVMVoidType::get(ctx);
  SmallVector<Type> argTypes(args.getTypes());
  auto fnType = LLVM::LLVMFunctionType::get(resultType, argTypes);
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    LLVM::LLVMFuncOp::create(rewriter, loc, name, fnType);
  }
  auto call = LLVM::CallOp::create(rewriter, loc, fnType,
                                   FlatSymbolRefAttr::get(ctx, name), args);
  return result ? call.getResult() : Value();
}

class TestTargetInfo : public trident::TargetInfoBase {
public:
  int getWarpSize() const override { return 32; }
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }

  Value programId(RewriterBase &rewriter, Location loc,
                  int axis) const override {
    return callPlaceholder(rewriter, loc,
                           "test_program_id_" + std::to_string(axis),
                           rewriter.getI32Type(), {});
  }
  Value numPrograms(RewriterBase &rewriter, Location loc,
                    int axis) const override {
    return callPlaceholder(rewriter, loc,
                           "test_num_programs_" + std::to_string(axis),
                           rewriter.getI32Type(), {});
  }
  Value threadId(RewriterBase &rewriter, Location loc) const override {
    return callPlaceholder(rewriter, loc, "test_thread_id",
                           rewriter.getI32Type(), {});
  }
  Value clusterCTAId(RewriterBase &rewriter, Location loc) const override {
    return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                    rewriter.getI32IntegerAttr(0));
  }
  void barrier(RewriterBase &rewriter, Location loc) const override {
    callPlaceholder(rewriter, loc, "test_barrier", nullptr, {});
  }
  Value shuffleXor(RewriterBase &rewriter, Location loc, Value value,
                   int mask) const override {
    Value m = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(mask));
    return callPlaceholder(rewriter, loc,
                           "test_shuffle_xor_" + mangle(value.getType()),
                           value.getType(), {value, m});
  }
  Value shuffleUp(RewriterBase &rewriter, Location loc, Value value,
                  int delta) const override {
    Value d = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(delta));
    return callPlaceholder(rewriter, loc,
                           "test_shuffle_up_" + mangle(value.getType()),
                           value.getType(), {value, d});
  }
  Value shuffleIdx(RewriterBase &rewriter, Location loc, Value value,
                   Value lane) const override {
    return callPlaceholder(rewriter, loc,
                           "test_shuffle_idx_" + mangle(value.getType()),
                           value.getType(), {value, lane});
  }
  Value ballot(RewriterBase &rewriter, Location loc, Type type,
               Value predicate) const override {
    return callPlaceholder(rewriter, loc, "test_ballot_" + mangle(type), type,
                           {predicate});
  }
  void storeShared(RewriterBase &rewriter, Location loc, Value ptr, Value value,
                   Value predicate) const override {
    callPlaceholder(rewriter, loc,
                    "test_store_shared_" + mangle(value.getType()), nullptr,
                    {ptr, value, predicate});
  }
  Value loadShared(RewriterBase &rewriter, Location loc, Value ptr, Type type,
                   Value predicate) const override {
    return callPlaceholder(rewriter, loc, "test_load_shared_" + mangle(type),
                           type, {ptr, predicate});
  }
  void markAsKernel(LLVM::LLVMFuncOp func, int numWarps,
                    int threadsPerWarp) const override {
    Builder b(func.getContext());
    func->setAttr("test.kernel",
                  b.getDenseI32ArrayAttr({numWarps, threadsPerWarp}));
  }
  StringRef getMulhiFuncName(Type resultType) const override {
    return "test_mulhi";
  }
  /// `test_printf(ptr format, ...)`, a C variadic call: the format is a
  /// NUL-terminated global `@test_printf_format_<n>` and floats go as
  /// doubles.
  void printf(RewriterBase &rewriter, Location loc, StringRef format,
              ValueRange args) const override {
    auto module = rewriter.getInsertionBlock()
                      ->getParentOp()
                      ->getParentOfType<ModuleOp>();
    MLIRContext *ctx = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto fnType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                              {ptrType}, /*isVarArg=*/true);
    auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>("test_printf");
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      callee = LLVM::LLVMFuncOp::create(rewriter, loc, "test_printf", fnType);
    }
    SmallVector<Value> operands = {
        stringAddress(rewriter, loc, "test_printf_format_", format)};
    for (Value arg : args) {
      if (isa<FloatType>(arg.getType()) &&
          arg.getType().getIntOrFloatBitWidth() < 64)
        arg = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), arg);
      operands.push_back(arg);
    }
    LLVM::CallOp::create(rewriter, loc, callee, operands);
  }
  /// `test_assert_fail(ptr message, ptr file, i32 line, ptr function)`,
  /// the strings as globals `@test_assert_<n>`.
  void assertFail(RewriterBase &rewriter, Location loc, StringRef message,
                  StringRef file, StringRef function, int line) const override {
    callPlaceholder(
        rewriter, loc, "test_assert_fail", nullptr,
        {stringAddress(rewriter, loc, "test_assert_", message),
         stringAddress(rewriter, loc, "test_assert_", file),
         LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                  rewriter.getI32IntegerAttr(line)),
         stringAddress(rewriter, loc, "test_assert_", function)});
  }

private:
  /// The address of a new NUL-terminated constant global `<prefix><n>`
  /// holding `text`.
  static Value stringAddress(RewriterBase &rewriter, Location loc,
                             StringRef prefix, StringRef text) {
    auto module = rewriter.getInsertionBlock()
                      ->getParentOp()
                      ->getParentOfType<ModuleOp>();
    std::string contents = text.str();
    contents.push_back('\0');
    std::string symbol;
    for (unsigned i = 0;; ++i) {
      symbol = prefix.str() + std::to_string(i);
      if (!module.lookupSymbol(symbol))
        break;
    }
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(
          rewriter, loc,
          LLVM::LLVMArrayType::get(rewriter.getI8Type(), contents.size()),
          /*isConstant=*/true, LLVM::Linkage::Internal, symbol,
          rewriter.getStringAttr(contents));
    }
    return LLVM::AddressOfOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
        symbol);
  }
};

/// Every pointer tensor is `n`-contiguous and `n`-aligned.
class AssumedPointerInfo : public triton::PointerInfoProvider {
public:
  explicit AssumedPointerInfo(unsigned n) : n(n) {}
  unsigned getContiguity(Value) const override { return n; }
  unsigned getPtrAlignment(Value) const override { return n; }
  unsigned getMaskAlignment(Value) const override { return n; }

private:
  unsigned n;
};

struct TestConvertTritonGPUToLLVMPass
    : public PassWrapper<TestConvertTritonGPUToLLVMPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestConvertTritonGPUToLLVMPass)

  TestConvertTritonGPUToLLVMPass() = default;
  TestConvertTritonGPUToLLVMPass(const TestConvertTritonGPUToLLVMPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final {
    return "test-convert-tritongpu-to-llvm";
  }
  StringRef getDescription() const final {
    return "lower TritonGPU to LLVM with the core patterns and a test target";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, cf::ControlFlowDialect>();
  }

  Option<unsigned> assumeContiguity{
      *this, "assume-contiguity",
      llvm::cl::desc("contiguity and alignment assumed of pointer tensors "
                     "(0: what the axis analysis proves)"),
      llvm::cl::init(0)};

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // Structured control flow first, as a GPU backend does.
    if (failed(triton::convertStructuredControlFlow(module)))
      return signalPassFailure();

    // Pointer facts are computed on the IR before the conversion changes it.
    std::shared_ptr<const triton::PointerInfoProvider> pointerInfo =
        assumeContiguity > 0
            ? std::make_shared<AssumedPointerInfo>(assumeContiguity)
            : triton::createAxisInfoPointerInfo(module);

    TestTargetInfo targetInfo;
    LowerToLLVMOptions options(ctx);
    triton::TritonGPUToLLVMTypeConverter typeConverter(ctx, options,
                                                       targetInfo);
    RewritePatternSet patterns(ctx);
    triton::populateTritonGPUToLLVMPatterns(typeConverter, patterns, targetInfo,
                                            pointerInfo);
    ConversionTarget target(*ctx);
    triton::configureTritonGPUToLLVMTarget(target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    triton::reconcileElementCasts(module);
  }
};

} // namespace

namespace trident::test {
void registerTestConversionPasses() {
  PassRegistration<TestConvertTritonGPUToLLVMPass>();
}
} // namespace trident::test

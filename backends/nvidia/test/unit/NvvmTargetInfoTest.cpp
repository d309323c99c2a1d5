//===- NvvmTargetInfoTest.cpp - The NVVM TargetInfo, down to PTX ----------===//
//
// Builds a kernel out of every NVVMTargetInfo method, checks that it
// verifies, compiles it to PTX with the nvidia code generation and checks
// the PTX instructions each method stands for; with ptxas present, the PTX
// must also assemble.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Target/CodeGen.h"
#include "nvidia/TargetInfo/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
namespace nv = mlir::triton::nvidia_gpu;

namespace {

class NvvmTargetInfoTest : public ::testing::Test {
protected:
  NvvmTargetInfoTest() : info(90) {
    DialectRegistry registry;
    nv::registerNvidiaTranslations(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// A kernel `(ptr<1> out, ptr<3> shared, i32 lane)` whose body `build`
  /// fills; values it returns are stored to out[0], out[1], ...
  OwningOpRef<ModuleOp>
  makeKernel(llvm::function_ref<SmallVector<Value>(
                 IRRewriter &, Location, Value shared, Value lane)>
                 build) {
    Location loc = UnknownLoc::get(&context);
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    IRRewriter rewriter(&context);
    rewriter.setInsertionPointToEnd(module->getBody());
    auto global = LLVM::LLVMPointerType::get(&context, 1);
    auto shared = LLVM::LLVMPointerType::get(&context, 3);
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(&context),
        {global, shared, rewriter.getI32Type()});
    auto func = LLVM::LLVMFuncOp::create(rewriter, loc, "kernel", type);
    func->setAttr("nvvm.kernel", rewriter.getUnitAttr());
    Block *entry = func.addEntryBlock(rewriter);
    rewriter.setInsertionPointToStart(entry);
    SmallVector<Value> results =
        build(rewriter, loc, entry->getArgument(1), entry->getArgument(2));
    for (auto [index, value] : llvm::enumerate(results)) {
      Value slot = LLVM::GEPOp::create(
          rewriter, loc, global, value.getType(), entry->getArgument(0),
          ArrayRef<LLVM::GEPArg>{int32_t(index)});
      LLVM::StoreOp::create(rewriter, loc, value, slot);
    }
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
    return module;
  }

  /// The kernel's PTX for sm_90; asserts that every step succeeds and, when
  /// ptxas is available, that the PTX assembles.
  std::string toPTX(ModuleOp module) {
    EXPECT_TRUE(succeeded(verify(module)));
    std::string error;
    std::optional<std::string> ir = nv::translateToLLVMIR(module, "sm_90", error);
    EXPECT_TRUE(ir) << error;
    if (!ir)
      return "";
    std::optional<std::string> ptx = nv::compileToPTX(*ir, "sm_90", error);
    EXPECT_TRUE(ptx) << error;
    if (!ptx)
      return "";
    std::string findError;
    if (nv::findPtxas(findError)) {
      std::optional<std::string> cubin =
          nv::assembleCubin(*ptx, "sm_90", error);
      EXPECT_TRUE(cubin) << error << "\n" << *ptx;
    }
    return *ptx;
  }

  MLIRContext context;
  nv::NVVMTargetInfo info;
};

TEST_F(NvvmTargetInfoTest, SpecialRegisters) {
  auto module = makeKernel([&](IRRewriter &r, Location loc, Value, Value) {
    return SmallVector<Value>{
        info.programId(r, loc, 0),   info.programId(r, loc, 1),
        info.programId(r, loc, 2),   info.numPrograms(r, loc, 0),
        info.numPrograms(r, loc, 1), info.numPrograms(r, loc, 2),
        info.threadId(r, loc)};
  });
  std::string ptx = toPTX(*module);
  for (const char *reg : {"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x",
                          "%nctaid.y", "%nctaid.z", "%tid.x"})
    EXPECT_NE(ptx.find(reg), std::string::npos) << reg << "\n" << ptx;
  EXPECT_NE(ptx.find(".entry kernel"), std::string::npos) << ptx;
  EXPECT_EQ(info.getWarpSize(), 32);
  EXPECT_EQ(info.getSharedAddressSpace(), 3u);
  EXPECT_EQ(info.getGlobalAddressSpace(), 1u);
}

TEST_F(NvvmTargetInfoTest, ShufflesOfEveryWidth) {
  auto module = makeKernel([&](IRRewriter &r, Location loc, Value,
                               Value lane) {
    Value f32 = LLVM::BitcastOp::create(r, loc, r.getF32Type(), lane);
    Value i64 = LLVM::ZExtOp::create(r, loc, r.getI64Type(), lane);
    Value f16 = LLVM::BitcastOp::create(
        r, loc, r.getF16Type(),
        LLVM::TruncOp::create(r, loc, r.getI16Type(), lane));
    return SmallVector<Value>{info.shuffleXor(r, loc, lane, 16),
                              info.shuffleUp(r, loc, f32, 1),
                              info.shuffleIdx(r, loc, i64, lane),
                              info.shuffleXor(r, loc, f16, 2)};
  });
  std::string ptx = toPTX(*module);
  EXPECT_NE(ptx.find("shfl.sync.bfly.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("shfl.sync.up.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("shfl.sync.idx.b32"), std::string::npos) << ptx;
  // An i64 moves as two 32-bit shuffles.
  size_t first = ptx.find("shfl.sync.idx.b32");
  EXPECT_NE(ptx.find("shfl.sync.idx.b32", first + 1), std::string::npos);
}

TEST_F(NvvmTargetInfoTest, BallotBarrierAndRedux) {
  auto module = makeKernel([&](IRRewriter &r, Location loc, Value,
                               Value lane) {
    Value zero = LLVM::ConstantOp::create(r, loc, r.getI32Type(),
                                          r.getI32IntegerAttr(0));
    Value odd = LLVM::ICmpOp::create(r, loc, LLVM::ICmpPredicate::ne,
                                     LLVM::AndOp::create(r, loc, lane,
                                         LLVM::ConstantOp::create(
                                             r, loc, r.getI32Type(),
                                             r.getI32IntegerAttr(1))),
                                     zero);
    info.barrier(r, loc);
    SmallVector<Value> sum = {lane};
    EXPECT_TRUE(
        info.warpReduce(r, loc, sum, trident::WarpReduceKind::Add, 32));
    SmallVector<Value> partial = {lane};
    EXPECT_FALSE(
        info.warpReduce(r, loc, partial, trident::WarpReduceKind::Add, 16));
    return SmallVector<Value>{info.ballot(r, loc, r.getI32Type(), odd),
                              sum.front()};
  });
  std::string ptx = toPTX(*module);
  EXPECT_NE(ptx.find("vote.sync.ballot.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("bar.sync"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("redux.sync.add"), std::string::npos) << ptx;
}

TEST_F(NvvmTargetInfoTest, PredicatedSharedAccesses) {
  auto module = makeKernel([&](IRRewriter &r, Location loc, Value shared,
                               Value lane) {
    Value zero = LLVM::ConstantOp::create(r, loc, r.getI32Type(),
                                          r.getI32IntegerAttr(0));
    Value first = LLVM::ICmpOp::create(r, loc, LLVM::ICmpPredicate::eq,
                                       lane, zero);
    info.storeShared(r, loc, shared, lane, first);
    auto v4f32 = VectorType::get({4}, r.getF32Type());
    auto v8f16 = VectorType::get({8}, r.getF16Type());
    auto v8f32 = VectorType::get({8}, r.getF32Type());
    Value wide = info.loadShared(r, loc, shared, v4f32, first);
    info.storeShared(r, loc, shared,
                     LLVM::BitcastOp::create(r, loc, v8f16, wide), first);
    Value split = info.loadShared(r, loc, shared, v8f32, first);
    Value half = info.loadShared(r, loc, shared, r.getF16Type(), first);
    Value element = LLVM::ExtractElementOp::create(
        r, loc, split,
        LLVM::ConstantOp::create(r, loc, r.getI32Type(),
                                 r.getI32IntegerAttr(7)));
    return SmallVector<Value>{
        LLVM::ExtractElementOp::create(r, loc, wide, zero), element, half};
  });
  std::string ptx = toPTX(*module);
  EXPECT_NE(ptx.find("st.shared.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("ld.shared.v4.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("st.shared.v4.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("ld.shared.b16"), std::string::npos) << ptx;
  // Each access is predicated.
  EXPECT_NE(ptx.find("@%p"), std::string::npos) << ptx;
}

TEST_F(NvvmTargetInfoTest, PrintfAndAssert) {
  auto module = makeKernel([&](IRRewriter &r, Location loc, Value,
                               Value lane) {
    Value f32 = LLVM::BitcastOp::create(r, loc, r.getF32Type(), lane);
    info.printf(r, loc, "pid %d value %f\n", ValueRange{lane, f32});
    info.printf(r, loc, "no arguments\n", ValueRange{});
    info.assertFail(r, loc, "x > 0", "kernel.py", "kernel", 12);
    return SmallVector<Value>{};
  });
  std::string ptx = toPTX(*module);
  EXPECT_NE(ptx.find("call.uni"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("vprintf"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("__assertfail"), std::string::npos) << ptx;
  EXPECT_EQ(info.getMulhiFuncName(IntegerType::get(&context, 32)),
            "__nv_umulhi");
  EXPECT_EQ(info.getMulhiFuncName(IntegerType::get(&context, 64)),
            "__nv_umul64hi");
}

TEST(NvidiaCodeGen, ParsesPtxasResources) {
  nv::PtxasResources resources = nv::parsePtxasResources(
      "ptxas info    : Compiling entry function 'vadd' for 'sm_90'\n"
      "ptxas info    : Function properties for vadd\n"
      "    0 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 26 registers, used 1 barriers, 16384 bytes "
      "smem, 380 bytes cmem[0]\n");
  EXPECT_EQ(resources.registers, 26);
  EXPECT_EQ(resources.sharedBytes, 16384);
  EXPECT_EQ(resources.spillStoreBytes, 8);
  EXPECT_EQ(resources.spillLoadBytes, 4);
}

TEST(NvidiaCodeGen, ArchitecturesAndPtxVersions) {
  EXPECT_TRUE(nv::isKnownArch("sm_80"));
  EXPECT_TRUE(nv::isKnownArch("sm_90"));
  EXPECT_TRUE(nv::isKnownArch("sm_90a"));
  EXPECT_FALSE(nv::isKnownArch("sm_91"));
  EXPECT_EQ(nv::getPtxVersion("sm_80"), 78u);
  EXPECT_EQ(nv::getPtxVersion("sm_90a"), 80u);
}

} // namespace

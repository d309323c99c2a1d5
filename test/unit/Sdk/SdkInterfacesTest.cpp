//===- SdkInterfacesTest.cpp - The SDK's C++ interfaces -------------------===//
//
// Implements the SDK's abstract interfaces the way a backend would, so that
// a change which breaks them (a new pure method, a changed signature) fails
// here rather than in every out-of-tree plugin; and checks the helpers the
// SDK defines inline.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Plugin/PluginAPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

namespace {

/// A target that answers every question with constants built by arith ops.
class ConstantTargetInfo : public trident::TargetInfoBase {
public:
  int getWarpSize() const override { return 16; }
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  mlir::Value programId(mlir::RewriterBase &rewriter, mlir::Location loc,
                        int axis) const override {
    return i32(rewriter, loc, 100 + axis);
  }
  mlir::Value numPrograms(mlir::RewriterBase &rewriter, mlir::Location loc,
                          int axis) const override {
    return i32(rewriter, loc, 200 + axis);
  }
  mlir::Value threadId(mlir::RewriterBase &rewriter,
                       mlir::Location loc) const override {
    return i32(rewriter, loc, 7);
  }
  mlir::Value clusterCTAId(mlir::RewriterBase &rewriter,
                           mlir::Location loc) const override {
    return i32(rewriter, loc, 0);
  }
  void barrier(mlir::RewriterBase &, mlir::Location) const override {}
  mlir::Value shuffleXor(mlir::RewriterBase &, mlir::Location,
                         mlir::Value value, int) const override {
    return value;
  }
  mlir::Value shuffleUp(mlir::RewriterBase &, mlir::Location,
                        mlir::Value value, int) const override {
    return value;
  }
  mlir::Value shuffleIdx(mlir::RewriterBase &, mlir::Location,
                         mlir::Value value, mlir::Value) const override {
    return value;
  }
  mlir::Value ballot(mlir::RewriterBase &rewriter, mlir::Location loc,
                     mlir::Type, mlir::Value) const override {
    return i32(rewriter, loc, -1);
  }
  void storeShared(mlir::RewriterBase &, mlir::Location, mlir::Value,
                   mlir::Value, mlir::Value) const override {}
  mlir::Value loadShared(mlir::RewriterBase &rewriter, mlir::Location loc,
                         mlir::Value, mlir::Type,
                         mlir::Value) const override {
    return i32(rewriter, loc, 0);
  }
  llvm::StringRef getMulhiFuncName(mlir::Type type) const override {
    return type.isInteger(64) ? "mulhi64" : "mulhi32";
  }
  void printf(mlir::RewriterBase &, mlir::Location, llvm::StringRef,
              mlir::ValueRange) const override {}
  void assertFail(mlir::RewriterBase &, mlir::Location, llvm::StringRef,
                  llvm::StringRef, llvm::StringRef, int) const override {}

private:
  static mlir::Value i32(mlir::RewriterBase &rewriter, mlir::Location loc,
                         int value) {
    return mlir::arith::ConstantIntOp::create(rewriter, loc, value, 32);
  }
};

TEST(SdkInterfacesTest, TargetInfoEmitsThroughTheRewriter) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::arith::ArithDialect>();
  mlir::OpBuilder builder(&context);
  mlir::Location loc = builder.getUnknownLoc();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToStart(module->getBody());
  mlir::IRRewriter rewriter(builder);

  ConstantTargetInfo info;
  const trident::TargetInfoBase &base = info;
  mlir::Value pid = base.programId(rewriter, loc, 2);
  auto constant = pid.getDefiningOp<mlir::arith::ConstantIntOp>();
  ASSERT_TRUE(constant);
  EXPECT_EQ(constant.value(), 102);
  EXPECT_EQ(base.getWarpSize(), 16);
  EXPECT_EQ(base.getMaxVectorBits(), 128u);
  EXPECT_FALSE(base.supportVectorizedAtomics());
  llvm::SmallVector<mlir::Value> values = {pid};
  EXPECT_FALSE(base.warpReduce(rewriter, loc, values,
                               trident::WarpReduceKind::Add, 16));
  EXPECT_EQ(base.getMulhiFuncName(rewriter.getI64Type()), "mulhi64");
}

TEST(SdkInterfacesTest, PlannedStageSaysWhy) {
  trident::Stage stage = trident::Stage::planned("llir", "ll", "not yet");
  EXPECT_EQ(stage.name, "llir");
  EXPECT_EQ(stage.extension, "ll");
  EXPECT_FALSE(stage.available);
  EXPECT_EQ(stage.unavailableReason, "not yet");
  EXPECT_FALSE(stage.buildPipeline);
  EXPECT_FALSE(stage.emit);
}

TEST(SdkInterfacesTest, TargetStringIncludesArchOnlyWhenSet) {
  trident::TargetOptions options;
  options.kind = "cpu";
  EXPECT_EQ(options.str(), "cpu");
  options.kind = "gpu";
  options.arch = "v2";
  EXPECT_EQ(options.str(), "gpu:v2");
}

} // namespace

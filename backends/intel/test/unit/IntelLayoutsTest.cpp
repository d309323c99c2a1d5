//===- IntelLayoutsTest.cpp - #ttg.intel_dpas as linear layouts -----------===//
//
// Unit tests of #ttg.intel_dpas and its dot operands as linear layouts.
// The expected values are worked out by hand from the operand layouts of
// cl_intel_subgroup_matrix_multiply_accumulate at SIMD16 (the `short8` /
// `int8` / `float8` arguments of intel_sub_group_*_matrix_mad_k16/k32), and
// checked point by point rather than base by base.
//
//===----------------------------------------------------------------------===//

#include "intel/Dialect/TritonIntelGPU/IR/Dialect.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

class IntelLayoutsTest : public ::testing::Test {
protected:
  IntelLayoutsTest() : ctx(makeRegistry()) {
    ctx.loadDialect<TritonGPUDialect>();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<TritonGPUDialect>();
    intel::registerIntelLayouts(registry);
    return registry;
  }

  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }

  IntelDpasEncodingAttr dpas(StringRef keys) {
    std::string text = ("#ttg.intel_dpas<{" + keys + "}>").str();
    auto attr =
        dyn_cast_or_null<IntelDpasEncodingAttr>(parseAttribute(text, &ctx));
    EXPECT_TRUE(attr) << "cannot parse " << text;
    return attr;
  }

  /// The layout of operand `opIdx` of `parent` through the core's
  /// #ttg.dot_op (which asks the parent).
  LinearLayout operand(IntelDpasEncodingAttr parent, unsigned opIdx,
                       ArrayRef<int64_t> shape) {
    auto encoding = DotOperandEncodingAttr::get(&ctx, opIdx, parent,
                                                parent.getOperandKWidth(opIdx));
    return toLinearLayout(shape, encoding);
  }

  using Point = std::pair<int32_t, int32_t>;

  Point at(const LinearLayout &layout, int32_t reg, int32_t lane,
           int32_t warp) {
    auto out = layout.apply({{S("register"), reg},
                             {S("lane"), lane},
                             {S("warp"), warp},
                             {S("block"), 0}});
    EXPECT_EQ(out.size(), 2u);
    return {out[0].second, out[1].second};
  }

  MLIRContext ctx;
};

constexpr StringLiteral kF16 =
    "repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, "
    "threadsPerWarp = 16, warpsPerCTA = [1, 1], repCluster = [1, 1]";
constexpr StringLiteral kI8 =
    "repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 4, "
    "threadsPerWarp = 16, warpsPerCTA = [1, 1], repCluster = [1, 1]";

// float8 acc / result: lane l, component i holds C[i][l].
TEST_F(IntelLayoutsTest, AccumulatorFragment) {
  LinearLayout ll = dpas(kF16).toLinearLayout({8, 16});
  EXPECT_EQ(ll.getInDimSize(S("register")), 8);
  EXPECT_EQ(ll.getInDimSize(S("lane")), 16);
  EXPECT_TRUE(ll.isInvertible());
  for (int32_t lane = 0; lane < 16; ++lane)
    for (int32_t reg = 0; reg < 8; ++reg)
      EXPECT_EQ(at(ll, reg, lane, 0), Point(reg, lane))
          << "lane " << lane << " register " << reg;
}

// short8 a (f16): lane l, component i holds A[i][l].
TEST_F(IntelLayoutsTest, OperandAFragmentF16) {
  LinearLayout ll = operand(dpas(kF16), 0, {8, 16});
  EXPECT_EQ(ll.getInDimSize(S("register")), 8);
  for (int32_t lane = 0; lane < 16; ++lane)
    for (int32_t reg = 0; reg < 8; ++reg)
      EXPECT_EQ(at(ll, reg, lane, 0), Point(reg, lane));
}

// int8 b (f16): lane l, channel j holds B[2j][l] and B[2j + 1][l], the
// registers of a channel consecutive.
TEST_F(IntelLayoutsTest, OperandBFragmentF16) {
  LinearLayout ll = operand(dpas(kF16), 1, {16, 16});
  EXPECT_EQ(ll.getInDimSize(S("register")), 16);
  for (int32_t lane = 0; lane < 16; ++lane)
    for (int32_t reg = 0; reg < 16; ++reg)
      EXPECT_EQ(at(ll, reg, lane, 0), Point(reg, lane));
}

// short8 a (i8, k32): lane l, component i packs A[i][2l] and A[i][2l + 1];
// register 2i + t holds A[i][2l + t].
TEST_F(IntelLayoutsTest, OperandAFragmentI8) {
  LinearLayout ll = operand(dpas(kI8), 0, {8, 32});
  EXPECT_EQ(ll.getInDimSize(S("register")), 16);
  for (int32_t lane = 0; lane < 16; ++lane)
    for (int32_t reg = 0; reg < 16; ++reg)
      EXPECT_EQ(at(ll, reg, lane, 0), Point(reg / 2, 2 * lane + reg % 2));
}

// int8 b (i8, k32): lane l, channel j packs B[4j + t][l], t < 4.
TEST_F(IntelLayoutsTest, OperandBFragmentI8) {
  LinearLayout ll = operand(dpas(kI8), 1, {32, 16});
  EXPECT_EQ(ll.getInDimSize(S("register")), 32);
  for (int32_t lane = 0; lane < 16; ++lane)
    for (int32_t reg = 0; reg < 32; ++reg)
      EXPECT_EQ(at(ll, reg, lane, 0), Point(reg, lane));
}

// Warps are row-major over the result; repCluster tiles repeat in
// registers, columns first, then the rest of the tensor, columns first.
TEST_F(IntelLayoutsTest, WarpsAndRepetitions) {
  auto layout = dpas("repeatCount = 8, systolicDepth = 8, executionSize = 16, "
                     "opsPerChan = 2, threadsPerWarp = 16, "
                     "warpsPerCTA = [2, 2], repCluster = [2, 2]");
  // Per warp 16 x 32, the warps 32 x 64, the tensor 64 x 128.
  LinearLayout ll = layout.toLinearLayout({64, 128});
  EXPECT_EQ(ll.getInDimSize(S("register")), 8 * 4 * 4);
  for (int32_t warp = 0; warp < 4; ++warp)
    EXPECT_EQ(at(ll, 0, 0, warp), Point(16 * (warp / 2), 32 * (warp % 2)));
  for (int32_t reg = 0; reg < 128; ++reg) {
    int32_t row = reg % 8, clusterCol = (reg / 8) % 2,
            clusterRow = (reg / 16) % 2, repCol = (reg / 32) % 2,
            repRow = reg / 64;
    EXPECT_EQ(at(ll, reg, 3, 0), Point(row + 8 * clusterRow + 32 * repRow,
                                       3 + 16 * clusterCol + 64 * repCol))
        << "register " << reg;
  }
  // A follows the warps' rows and holds copies along K (the N warps);
  // B follows their columns.
  LinearLayout a = operand(layout, 0, {64, 32});
  LinearLayout b = operand(layout, 1, {32, 128});
  for (int32_t warp = 0; warp < 4; ++warp) {
    EXPECT_EQ(at(a, 0, 0, warp), Point(16 * (warp / 2), 0));
    EXPECT_EQ(at(b, 0, 0, warp), Point(0, 32 * (warp % 2)));
  }
}

// Sub-groups of 32: the second half of the lanes takes the odd rows of C
// and the second half of the K channels of B.
TEST_F(IntelLayoutsTest, Simd32SplitsRows) {
  auto layout = dpas("repeatCount = 8, systolicDepth = 8, executionSize = 16, "
                     "opsPerChan = 2, threadsPerWarp = 32, "
                     "warpsPerCTA = [1, 1], repCluster = [1, 1]");
  LinearLayout c = layout.toLinearLayout({8, 16});
  EXPECT_EQ(c.getInDimSize(S("register")), 4);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t reg = 0; reg < 4; ++reg)
      EXPECT_EQ(at(c, reg, lane, 0), Point(2 * reg + lane / 16, lane % 16));
  LinearLayout b = operand(layout, 1, {16, 16});
  EXPECT_EQ(b.getInDimSize(S("register")), 8);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t reg = 0; reg < 8; ++reg)
      EXPECT_EQ(at(b, reg, lane, 0),
                Point(reg % 2 + 2 * (lane / 16) + 4 * (reg / 2), lane % 16));
}

// The distributed-layout queries the core's generic lowering uses.
TEST_F(IntelLayoutsTest, Interface) {
  auto layout = dpas("repeatCount = 8, systolicDepth = 8, executionSize = 16, "
                     "opsPerChan = 2, threadsPerWarp = 16, "
                     "warpsPerCTA = [4, 2], repCluster = [4, 2]");
  EXPECT_EQ(layout.getWarpsPerCTA(), (SmallVector<unsigned>{4, 2}));
  EXPECT_EQ(layout.getThreadsPerWarp(), (SmallVector<unsigned>{1, 16}));
  EXPECT_EQ(layout.getSizePerThread(), (SmallVector<unsigned>{32, 2}));
  EXPECT_EQ(layout.getShapeA(), (SmallVector<int64_t>{32, 16}));
  EXPECT_EQ(layout.getShapeB(), (SmallVector<int64_t>{16, 32}));
  EXPECT_EQ(layout.getShapeC(), (SmallVector<int64_t>{32, 32}));
  EXPECT_FALSE(
      layout.toLinearLayoutForOperand({32, 16}, 0, /*kWidth=*/2).has_value());
  EXPECT_TRUE(
      layout.toLinearLayoutForOperand({32, 16}, 0, /*kWidth=*/1).has_value());
}

} // namespace

//===- NvidiaLayoutsTest.cpp - The nvidia layouts as linear layouts -------===//
//
// Unit tests of #ttg.nvidia_mma (and its dot operands) and
// #ttg.nvmma_shared as linear layouts. The expected values are worked out
// by hand from the PTX ISA's fragment layouts (mma.m16n8k16, .m16n8k8
// tf32, .m16n8k32 s8, .m8n8k4 f64, wgmma .m64nNk16 and .m64nNk8) and from the
// definition of the 32/64/128-byte swizzles, and checked point by point
// rather than base by base.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

class NvidiaLayoutsTest : public ::testing::Test {
protected:
  NvidiaLayoutsTest() : ctx(makeRegistry()) {
    ctx.loadDialect<TritonGPUDialect, nvidia_gpu::TritonNvidiaGPUDialect>();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<TritonGPUDialect>();
    nvidia_gpu::registerNvidiaDialects(registry);
    return registry;
  }

  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }

  template <typename AttrT> AttrT parse(StringRef text) {
    Attribute attr = parseAttribute(text, &ctx);
    EXPECT_TRUE(attr) << "cannot parse " << text.str();
    auto typed = dyn_cast_or_null<AttrT>(attr);
    EXPECT_TRUE(typed) << text.str() << " parsed to another kind";
    return typed;
  }

  NvidiaMmaEncodingAttr mma(StringRef keys) {
    return parse<NvidiaMmaEncodingAttr>(
        ("#ttg.nvidia_mma<{" + keys + "}>").str());
  }
  NVMMASharedEncodingAttr shared(StringRef keys) {
    return parse<NVMMASharedEncodingAttr>(
        ("#ttg.nvmma_shared<{" + keys + "}>").str());
  }

  /// Where `layout` sends the given input point, as (dim0, dim1).
  std::pair<int32_t, int32_t> at(const LinearLayout &layout,
                                 ArrayRef<std::pair<StringRef, int32_t>> ins) {
    SmallVector<std::pair<StringAttr, int32_t>> named;
    for (auto [name, value] : ins)
      named.push_back({S(name), value});
    auto out = layout.apply(named);
    EXPECT_EQ(out.size(), 2u);
    return {out[0].second, out[1].second};
  }

  MLIRContext ctx;
};

using Point = std::pair<int32_t, int32_t>;

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma version 2 (mma.sync m16n8)
//===----------------------------------------------------------------------===//

// PTX ISA, mma.m16n8k16 f32 accumulators: lane l, register r holds
// row l / 4 + 8 * (r / 2), column 2 * (l % 4) + r % 2.
TEST_F(NvidiaLayoutsTest, AmpereAccumulatorFragment) {
  auto layout = mma("versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
                    "instrShape = [16, 8]");
  LinearLayout ll = layout.toLinearLayout({16, 8});
  EXPECT_EQ(ll.getInDimSize(S("register")), 4);
  EXPECT_EQ(ll.getInDimSize(S("lane")), 32);
  EXPECT_TRUE(ll.isInvertible());
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t reg = 0; reg < 4; ++reg)
      EXPECT_EQ(
          at(ll,
             {{"register", reg}, {"lane", lane}, {"warp", 0}, {"block", 0}}),
          Point(lane / 4 + 8 * (reg / 2), 2 * (lane % 4) + reg % 2))
          << "lane " << lane << " register " << reg;
}

// Warps are row-major for version 2: warp w owns the 16x8 block at row
// 16 * (w / 2), column 8 * (w % 2) of a [2, 2] grid.
TEST_F(NvidiaLayoutsTest, AmpereWarpsAreRowMajor) {
  auto layout = mma("versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
                    "instrShape = [16, 8]");
  LinearLayout ll = layout.toLinearLayout({32, 16});
  EXPECT_EQ(ll.getInDimSize(S("warp")), 4);
  for (int32_t warp = 0; warp < 4; ++warp)
    EXPECT_EQ(
        at(ll, {{"register", 0}, {"lane", 0}, {"warp", warp}, {"block", 0}}),
        Point(16 * (warp / 2), 8 * (warp % 2)));
  EXPECT_EQ(layout.getWarpOrder(), (SmallVector<unsigned>{1, 0}));
}

// A tensor larger than the tile repeats it in registers, columns first:
// register bits 2-3 step 8 columns, bit 4 steps 16 rows.
TEST_F(NvidiaLayoutsTest, AmpereRepetitionsGoColumnsFirst) {
  auto layout = mma("versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
                    "instrShape = [16, 8]");
  LinearLayout ll = layout.toLinearLayout({32, 32});
  EXPECT_EQ(ll.getInDimSize(S("register")), 32);
  for (int32_t reg = 0; reg < 32; ++reg)
    EXPECT_EQ(
        at(ll, {{"register", reg}, {"lane", 5}, {"warp", 0}, {"block", 0}}),
        Point(5 / 4 + 8 * ((reg / 2) % 2) + 16 * (reg / 16),
              2 * (5 % 4) + reg % 2 + 8 * ((reg / 4) % 4)))
        << "register " << reg;
}

// With a batch dimension, [1, 16, 8] tiles are stacked along dim0 by warps
// (row-major: the batch is the slowest).
TEST_F(NvidiaLayoutsTest, AmpereBatched) {
  auto layout = mma("versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, "
                    "1], instrShape = [1, 16, 8]");
  LinearLayout ll = layout.toLinearLayout({2, 16, 8});
  auto out = ll.apply(
      {{S("register"), 3}, {S("lane"), 9}, {S("warp"), 1}, {S("block"), 0}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].second, 1);
  EXPECT_EQ(out[1].second, 9 / 4 + 8);
  EXPECT_EQ(out[2].second, 2 * (9 % 4) + 1);
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma version 3 (wgmma)
//===----------------------------------------------------------------------===//

// PTX ISA, wgmma .m64nNk16 accumulator D: warp w of the warp group, lane l,
// register i holds row 16 * w + l / 4 + 8 * ((i / 2) % 2), column
// 8 * (i / 4) + 2 * (l % 4) + i % 2.
TEST_F(NvidiaLayoutsTest, HopperAccumulatorFragment) {
  auto layout = mma("versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
                    "instrShape = [16, 64, 16]");
  LinearLayout ll = layout.toLinearLayout({64, 64});
  EXPECT_EQ(ll.getInDimSize(S("register")), 32);
  EXPECT_TRUE(ll.isInvertible());
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 32; ++reg)
        ASSERT_EQ(at(ll, {{"register", reg},
                          {"lane", lane},
                          {"warp", warp},
                          {"block", 0}}),
                  Point(16 * warp + lane / 4 + 8 * ((reg / 2) % 2),
                        8 * (reg / 4) + 2 * (lane % 4) + reg % 2))
            << "warp " << warp << " lane " << lane << " register " << reg;
}

// Warps are column-major for version 3 (the four warps of a warp group
// stack along M): with [4, 2], warp bits 0-1 step 16 rows, bit 2 steps one
// instruction (64 columns).
TEST_F(NvidiaLayoutsTest, HopperWarpsAreColumnMajor) {
  auto layout = mma("versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], "
                    "instrShape = [16, 64, 16]");
  LinearLayout ll = layout.toLinearLayout({64, 128});
  for (int32_t warp = 0; warp < 8; ++warp)
    EXPECT_EQ(
        at(ll, {{"register", 0}, {"lane", 0}, {"warp", warp}, {"block", 0}}),
        Point(16 * (warp % 4), 64 * (warp / 4)));
  EXPECT_EQ(layout.getWarpOrder(), (SmallVector<unsigned>{0, 1}));
}

// The layout of upstream's matmul.ttgir: 8 warps over 128 rows, 256 columns
// per instruction: 2 x 64 registers per thread.
TEST_F(NvidiaLayoutsTest, HopperMatmulAccumulator) {
  auto layout = mma("versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
                    "instrShape = [16, 256, 16]");
  EXPECT_EQ(layout.getTotalElemsPerThread({128, 256}), 128u);
  EXPECT_EQ(layout.getElemsPerThread({128, 256}),
            (SmallVector<unsigned>{2, 64}));
  EXPECT_EQ(layout.getSizePerThread(), (SmallVector<unsigned>{2, 64}));
  EXPECT_EQ(layout.getThreadsPerWarp(), (SmallVector<unsigned>{8, 4}));
  LinearLayout ll = layout.toLinearLayout({128, 256});
  EXPECT_EQ(
      at(ll, {{"register", 127}, {"lane", 31}, {"warp", 7}, {"block", 0}}),
      Point(127, 255));
}

//===----------------------------------------------------------------------===//
// Dot operands
//===----------------------------------------------------------------------===//

// PTX ISA, wgmma .m64nNk16 A in registers (f16): warp w, lane l, element i
// holds row 16 * w + l / 4 + 8 * ((i / 2) % 2), column
// 2 * (l % 4) + i % 2 + 8 * (i / 4). Warps along K hold copies.
TEST_F(NvidiaLayoutsTest, HopperOperandAInRegisters) {
  auto layout = mma("versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
                    "instrShape = [16, 64, 16]");
  auto operand = parse<DotOperandEncodingAttr>(
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, "
      "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, "
      "kWidth = 2}>");
  ASSERT_TRUE(operand);
  LinearLayout ll = operand.toLinearLayout({64, 16});
  EXPECT_EQ(ll.getInDimSize(S("register")), 8);
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 8; ++reg)
        ASSERT_EQ(at(ll, {{"register", reg},
                          {"lane", lane},
                          {"warp", warp},
                          {"block", 0}}),
                  Point(16 * warp + lane / 4 + 8 * ((reg / 2) % 2),
                        2 * (lane % 4) + reg % 2 + 8 * (reg / 4)));
  // wgmma reads B from shared memory only.
  EXPECT_FALSE(layout.toLinearLayoutForOperand({16, 64}, 1, 2).has_value());
}

// PTX ISA, wgmma .m64nNk8 A in registers (tf32): warp w, lane l, element
// i holds row 16 * w + l / 4 + 8 * (i % 2), column l % 4 + 4 * (i / 2).
TEST_F(NvidiaLayoutsTest, HopperTf32OperandAInRegisters) {
  auto operand = parse<DotOperandEncodingAttr>(
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, "
      "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>, "
      "kWidth = 1}>");
  ASSERT_TRUE(operand);
  LinearLayout ll = operand.toLinearLayout({64, 8});
  EXPECT_EQ(ll.getInDimSize(S("register")), 4);
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 4; ++reg)
        ASSERT_EQ(at(ll, {{"register", reg},
                          {"lane", lane},
                          {"warp", warp},
                          {"block", 0}}),
                  Point(16 * warp + lane / 4 + 8 * (reg % 2),
                        lane % 4 + 4 * (reg / 2)));
}

// PTX ISA, mma.m16n8k16 B (f16): lane l, element i holds K row
// 2 * (l % 4) + i % 2 + 8 * (i / 2), column l / 4. With warps [2, 2]
// (row-major), warp bit 0 steps 8 columns and bit 1 (along M) holds copies.
TEST_F(NvidiaLayoutsTest, AmpereOperandB) {
  auto operand = parse<DotOperandEncodingAttr>(
      "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, "
      "versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, "
      "kWidth = 2}>");
  ASSERT_TRUE(operand);
  LinearLayout ll = operand.toLinearLayout({16, 16});
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t reg = 0; reg < 4; ++reg)
        ASSERT_EQ(at(ll, {{"register", reg},
                          {"lane", lane},
                          {"warp", warp},
                          {"block", 0}}),
                  Point(2 * (lane % 4) + reg % 2 + 8 * (reg / 2),
                        lane / 4 + 8 * (warp % 2)));
}

// The dot operands of kWidth 32 / bits against the PTX ISA's fragments of
// the other mma.sync types, with g = l / 4 and t = l % 4 (register i of the
// layout is fragment element i, the order the lowering packs them in):
//   m16n8k8 .tf32 (kWidth 1)   A a_i: row g + 8 * (i % 2), col t + 4 * (i / 2)
//                              B b_i: row t + 4 * i, col g
//   m16n8k32 .s8 (kWidth 4)    A a_i: row g + 8 * ((i / 4) % 2),
//                                     col 4 * t + (i & 3) + 16 * (i / 8)
//                              B b_i: row 4 * t + (i & 3) + 16 * (i / 4),
//                                     col g
TEST_F(NvidiaLayoutsTest, AmpereTf32Operands) {
  const char *parent = "parent = #ttg.nvidia_mma<{versionMajor = 2, "
                       "versionMinor = 0, warpsPerCTA = [1, 1], "
                       "instrShape = [16, 8]}>, kWidth = 1}>";
  auto a = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 0, ") + parent);
  auto b = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 1, ") + parent);
  ASSERT_TRUE(a && b);
  LinearLayout la = a.toLinearLayout({16, 8});
  LinearLayout lb = b.toLinearLayout({8, 8});
  EXPECT_EQ(la.getInDimSize(S("register")), 4);
  EXPECT_EQ(lb.getInDimSize(S("register")), 2);
  for (int32_t lane = 0; lane < 32; ++lane) {
    int32_t g = lane / 4, t = lane % 4;
    for (int32_t i = 0; i < 4; ++i)
      ASSERT_EQ(
          at(la, {{"register", i}, {"lane", lane}, {"warp", 0}, {"block", 0}}),
          Point(g + 8 * (i % 2), t + 4 * (i / 2)));
    for (int32_t i = 0; i < 2; ++i)
      ASSERT_EQ(
          at(lb, {{"register", i}, {"lane", lane}, {"warp", 0}, {"block", 0}}),
          Point(t + 4 * i, g));
  }
}

TEST_F(NvidiaLayoutsTest, AmpereS8Operands) {
  const char *parent = "parent = #ttg.nvidia_mma<{versionMajor = 2, "
                       "versionMinor = 0, warpsPerCTA = [1, 1], "
                       "instrShape = [16, 8]}>, kWidth = 4}>";
  auto a = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 0, ") + parent);
  auto b = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 1, ") + parent);
  ASSERT_TRUE(a && b);
  LinearLayout la = a.toLinearLayout({16, 32});
  LinearLayout lb = b.toLinearLayout({32, 8});
  EXPECT_EQ(la.getInDimSize(S("register")), 16);
  EXPECT_EQ(lb.getInDimSize(S("register")), 8);
  for (int32_t lane = 0; lane < 32; ++lane) {
    int32_t g = lane / 4, t = lane % 4;
    for (int32_t i = 0; i < 16; ++i)
      ASSERT_EQ(
          at(la, {{"register", i}, {"lane", lane}, {"warp", 0}, {"block", 0}}),
          Point(g + 8 * ((i / 4) % 2), 4 * t + (i & 3) + 16 * (i / 8)));
    for (int32_t i = 0; i < 8; ++i)
      ASSERT_EQ(
          at(lb, {{"register", i}, {"lane", lane}, {"warp", 0}, {"block", 0}}),
          Point(4 * t + (i & 3) + 16 * (i / 4), g));
  }
}

// A batched dot (rank 3, the batch first): each batch index is an mma.sync
// problem of its own, laid out as the 2-D one (the PTX ISA's fragments
// above, g = l / 4, t = l % 4). With warpsPerCTA = [2, 2, 1] (row-major:
// warp bit 0 steps M by 16, bit 1 the batch by 1) and a batch of 4, the
// registers past one tile's step the batch by 2; B's warps along M hold
// copies. What the mma.sync lowering relies on: in A, B and the
// accumulator, a warp and a register of the same batch index meet.
TEST_F(NvidiaLayoutsTest, AmpereBatchedDotOperands) {
  const char *mmaText = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = "
                        "0, warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>";
  auto layout = parse<NvidiaMmaEncodingAttr>(mmaText);
  auto a = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 0, parent = ") + mmaText +
      ", kWidth = 2}>");
  auto b = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 1, parent = ") + mmaText +
      ", kWidth = 2}>");
  ASSERT_TRUE(layout && a && b);
  LinearLayout lc = layout.toLinearLayout({4, 32, 8});
  LinearLayout la = a.toLinearLayout({4, 32, 16});
  LinearLayout lb = b.toLinearLayout({4, 16, 8});
  EXPECT_EQ(lc.getInDimSize(S("register")), 8);
  EXPECT_EQ(la.getInDimSize(S("register")), 16);
  EXPECT_EQ(lb.getInDimSize(S("register")), 8);
  using Point3 = std::array<int32_t, 3>;
  auto at3 = [&](const LinearLayout &ll, int32_t reg, int32_t lane,
                 int32_t warp) {
    auto out = ll.apply({{S("register"), reg},
                         {S("lane"), lane},
                         {S("warp"), warp},
                         {S("block"), 0}});
    EXPECT_EQ(out.size(), 3u);
    return Point3{out[0].second, out[1].second, out[2].second};
  };
  for (int32_t warp = 0; warp < 4; ++warp) {
    int32_t batch = warp / 2, row = 16 * (warp % 2);
    for (int32_t lane = 0; lane < 32; ++lane) {
      int32_t g = lane / 4, t = lane % 4;
      for (int32_t i = 0; i < 8; ++i)
        ASSERT_EQ(at3(lc, i, lane, warp),
                  (Point3{batch + 2 * (i / 4), row + g + 8 * ((i / 2) % 2),
                          2 * t + i % 2}))
            << "C warp " << warp << " lane " << lane << " register " << i;
      for (int32_t i = 0; i < 16; ++i)
        ASSERT_EQ(at3(la, i, lane, warp),
                  (Point3{batch + 2 * (i / 8), row + g + 8 * ((i / 2) % 2),
                          2 * t + i % 2 + 8 * ((i / 4) % 2)}))
            << "A warp " << warp << " lane " << lane << " register " << i;
      for (int32_t i = 0; i < 8; ++i)
        ASSERT_EQ(
            at3(lb, i, lane, warp),
            (Point3{batch + 2 * (i / 4), 2 * t + i % 2 + 8 * ((i / 2) % 2), g}))
            << "B warp " << warp << " lane " << lane << " register " << i;
    }
  }
}

// Warps along N in a batched layout: warpsPerCTA = [1, 1, 2] puts warp bit 0
// on N (8 columns) in the accumulator and B, copies of A; a batch of 2 is
// the registers' outermost step in all three.
TEST_F(NvidiaLayoutsTest, AmpereBatchedWarpsAlongN) {
  const char *mmaText = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = "
                        "0, warpsPerCTA = [1, 1, 2], instrShape = [1, 16, 8]}>";
  auto layout = parse<NvidiaMmaEncodingAttr>(mmaText);
  auto a = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 0, parent = ") + mmaText +
      ", kWidth = 1}>");
  auto b = parse<DotOperandEncodingAttr>(
      std::string("#ttg.dot_op<{opIdx = 1, parent = ") + mmaText +
      ", kWidth = 1}>");
  ASSERT_TRUE(layout && a && b);
  LinearLayout lc = layout.toLinearLayout({2, 16, 16});
  LinearLayout la = a.toLinearLayout({2, 16, 8});
  LinearLayout lb = b.toLinearLayout({2, 8, 16});
  for (int32_t warp = 0; warp < 2; ++warp)
    for (int32_t lane = 0; lane < 32; ++lane) {
      int32_t g = lane / 4, t = lane % 4;
      for (int32_t i = 0; i < 8; ++i) {
        auto c = lc.apply({{S("register"), i},
                           {S("lane"), lane},
                           {S("warp"), warp},
                           {S("block"), 0}});
        ASSERT_EQ(c[0].second, i / 4);
        ASSERT_EQ(c[1].second, g + 8 * ((i / 2) % 2));
        ASSERT_EQ(c[2].second, 8 * warp + 2 * t + i % 2);
        // m16n8k8 .tf32: A a_i at (g + 8 * (i % 2), t + 4 * (i / 2)).
        auto x = la.apply({{S("register"), i},
                           {S("lane"), lane},
                           {S("warp"), warp},
                           {S("block"), 0}});
        ASSERT_EQ(x[0].second, i / 4);
        ASSERT_EQ(x[1].second, g + 8 * (i % 2));
        ASSERT_EQ(x[2].second, t + 4 * ((i / 2) % 2));
      }
      // B b_i at (t + 4 * i, g).
      for (int32_t i = 0; i < 4; ++i) {
        auto y = lb.apply({{S("register"), i},
                           {S("lane"), lane},
                           {S("warp"), warp},
                           {S("block"), 0}});
        ASSERT_EQ(y[0].second, i / 2);
        ASSERT_EQ(y[1].second, t + 4 * (i % 2));
        ASSERT_EQ(y[2].second, 8 * warp + g);
      }
    }
}

//===----------------------------------------------------------------------===//
// f64 dots: mma.sync m8n8k4 in the version-2 layouts with kWidth 1
//===----------------------------------------------------------------------===//

// PTX ISA, "Matrix Fragments for mma.m8n8k4 with .f64": lane l holds
//   A (8 x 4):  a0 at (l / 4, l % 4)
//   B (4 x 8):  b0 at (l % 4, l / 4)
//   C (8 x 8):  c_i at (l / 4, 2 * (l % 4) + i), i = 0, 1.
// The lowering looks up, with lane and warp fixed, which register holds a
// fragment element of lane 0 at a tile's corner and uses that register in
// every lane. So each register of each warp must hold, in lane l, lane 0's
// point moved by lane l's offset in the fragment, and lane 0's points must
// be the corners of every 8x4 (A), 4x8 (B) or 8x8 (C) tile, with both
// columns of C.
class NvidiaF64LayoutsTest : public NvidiaLayoutsTest {
protected:
  enum class Fragment { A, B, C };

  /// The offset of lane `lane` from lane 0 in `fragment`.
  static std::pair<int32_t, int32_t> laneOffset(Fragment fragment,
                                                int32_t lane) {
    switch (fragment) {
    case Fragment::A:
      return {lane / 4, lane % 4};
    case Fragment::B:
      return {lane % 4, lane / 4};
    case Fragment::C:
      return {lane / 4, 2 * (lane % 4)};
    }
    return {0, 0};
  }

  /// Checks `ll` (rank 2 or 3, the batch first) of a tensor of `shape`
  /// against the m8n8k4 `fragment`, for every warp.
  void checkFragments(const LinearLayout &ll, ArrayRef<int64_t> shape,
                      Fragment fragment) {
    unsigned rank = shape.size();
    // The tile of one instruction, and lane 0's element columns in it.
    int32_t tileRows = fragment == Fragment::B ? 4 : 8;
    int32_t tileCols = fragment == Fragment::A ? 4 : 8;
    int32_t lane0Cols = fragment == Fragment::C ? 2 : 1;
    int32_t numWarps = ll.getInDimSize(S("warp"));
    int32_t numRegs = ll.getInDimSize(S("register"));
    auto apply = [&](int32_t reg, int32_t lane, int32_t warp) {
      auto out = ll.apply({{S("register"), reg},
                           {S("lane"), lane},
                           {S("warp"), warp},
                           {S("block"), 0}});
      EXPECT_EQ(out.size(), rank);
      SmallVector<int32_t> point;
      for (auto [name, value] : out)
        point.push_back(value);
      return point;
    };
    std::set<SmallVector<int32_t>> corners;
    for (int32_t warp = 0; warp < numWarps; ++warp)
      for (int32_t reg = 0; reg < numRegs; ++reg) {
        SmallVector<int32_t> origin = apply(reg, 0, warp);
        int32_t row = origin[rank - 2], col = origin[rank - 1];
        ASSERT_EQ(row % tileRows, 0) << "warp " << warp << " register " << reg;
        ASSERT_LT(col % tileCols, lane0Cols)
            << "warp " << warp << " register " << reg;
        corners.insert(origin);
        for (int32_t lane = 0; lane < 32; ++lane) {
          auto [dr, dc] = laneOffset(fragment, lane);
          SmallVector<int32_t> expected = origin;
          expected[rank - 2] += dr;
          expected[rank - 1] += dc;
          ASSERT_EQ(apply(reg, lane, warp), expected)
              << "warp " << warp << " register " << reg << " lane " << lane;
        }
      }
    // Lane 0 reaches every tile corner (and both of C's columns).
    int64_t batch = rank == 3 ? shape[0] : 1;
    EXPECT_EQ(int64_t(corners.size()), batch * (shape[rank - 2] / tileRows) *
                                           (shape[rank - 1] / tileCols) *
                                           lane0Cols);
  }

  DotOperandEncodingAttr operand(StringRef mmaText, unsigned opIdx) {
    return parse<DotOperandEncodingAttr>(
        ("#ttg.dot_op<{opIdx = " + Twine(opIdx) + ", parent = " + mmaText +
         ", kWidth = 1}>")
            .str());
  }

  /// The mma.sync f64 layout of `warpsPerCTA` (rank 2 or 3) and its two
  /// operands, checked on an accumulator of `cShape` and operands of
  /// `aShape` and `bShape`.
  void checkDot(StringRef warpsPerCTA, ArrayRef<int64_t> cShape,
                ArrayRef<int64_t> aShape, ArrayRef<int64_t> bShape) {
    std::string mmaText =
        ("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
         "warpsPerCTA = [" +
         warpsPerCTA + "], instrShape = [" +
         (cShape.size() == 3 ? "1, 16, 8" : "16, 8") + "]}>")
            .str();
    auto c = parse<NvidiaMmaEncodingAttr>(mmaText);
    auto a = operand(mmaText, 0), b = operand(mmaText, 1);
    ASSERT_TRUE(c && a && b);
    checkFragments(c.toLinearLayout(cShape), cShape, Fragment::C);
    checkFragments(a.toLinearLayout(aShape), aShape, Fragment::A);
    checkFragments(b.toLinearLayout(bShape), bShape, Fragment::B);
  }
};

// A 2-D f64 dot of 32 x 16 x 16 with two warps along M.
TEST_F(NvidiaF64LayoutsTest, TwoDimensional) {
  checkDot("2, 1", {32, 16}, {32, 16}, {16, 16});
}

// Four warps, two along M and two along N, over 64 x 64 x 64.
TEST_F(NvidiaF64LayoutsTest, WarpsAlongMAndN) {
  checkDot("2, 2", {64, 64}, {64, 64}, {64, 64});
}

// A batched f64 dot: a batch of 4 over two warps, 32 x 32 x 32 each.
TEST_F(NvidiaF64LayoutsTest, Batched) {
  checkDot("2, 1, 1", {4, 32, 32}, {4, 32, 32}, {4, 32, 32});
}

// The register order the lowering pairs up: in one 16x8 accumulator tile,
// registers 0-1 are the upper m8n8k4 accumulator (c0, c1) and 2-3 the
// lower; A's registers 0 and 1 are the upper and lower 8x4 tiles of the
// first step of K, 2 and 3 those of the second; B's registers 0 and 1 are
// the two steps of K.
TEST_F(NvidiaF64LayoutsTest, RegisterOrder) {
  const char *mmaText = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = "
                        "0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>";
  auto c = parse<NvidiaMmaEncodingAttr>(mmaText);
  auto a = operand(mmaText, 0), b = operand(mmaText, 1);
  ASSERT_TRUE(c && a && b);
  LinearLayout lc = c.toLinearLayout({16, 8});
  LinearLayout la = a.toLinearLayout({16, 8});
  LinearLayout lb = b.toLinearLayout({8, 8});
  auto lane0 = [&](const LinearLayout &ll, int32_t reg) {
    return at(ll, {{"register", reg}, {"lane", 0}, {"warp", 0}, {"block", 0}});
  };
  EXPECT_EQ(lc.getInDimSize(S("register")), 4);
  EXPECT_EQ(lane0(lc, 0), Point(0, 0));
  EXPECT_EQ(lane0(lc, 1), Point(0, 1));
  EXPECT_EQ(lane0(lc, 2), Point(8, 0));
  EXPECT_EQ(lane0(lc, 3), Point(8, 1));
  EXPECT_EQ(la.getInDimSize(S("register")), 4);
  EXPECT_EQ(lane0(la, 0), Point(0, 0));
  EXPECT_EQ(lane0(la, 1), Point(8, 0));
  EXPECT_EQ(lane0(la, 2), Point(0, 4));
  EXPECT_EQ(lane0(la, 3), Point(8, 4));
  EXPECT_EQ(lb.getInDimSize(S("register")), 2);
  EXPECT_EQ(lane0(lb, 0), Point(0, 0));
  EXPECT_EQ(lane0(lb, 1), Point(4, 0));
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

// 128-byte swizzle of f16: rows of 64 elements; the 16-byte chunk c of row
// r is stored at chunk c ^ (r % 8).
TEST_F(NvidiaLayoutsTest, Swizzle128) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 16");
  EXPECT_EQ(layout.getAlignment(), 1024);
  EXPECT_EQ(layout.getSharedOrder(), (SmallVector<unsigned>{1, 0}));
  LinearLayout ll = layout.toLinearLayout({64, 64});
  EXPECT_TRUE(ll.isInvertible());
  for (int32_t offset = 0; offset < 64 * 64; ++offset) {
    int32_t row = offset / 64;
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(row, (offset % 64) ^ (8 * (row % 8))))
        << "offset " << offset;
  }
}

// A buffer wider than one swizzle row is stored as TMA blocks of 64 columns,
// one after the other.
TEST_F(NvidiaLayoutsTest, Swizzle128WideBufferIsBlocked) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 16");
  LinearLayout ll = layout.toLinearLayout({64, 256});
  for (int32_t offset = 0; offset < 64 * 256; offset += 7) {
    int32_t block = offset / 4096;
    int32_t inBlock = offset % 4096;
    int32_t row = inBlock / 64;
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(row, 64 * block + ((inBlock % 64) ^ (8 * (row % 8)))))
        << "offset " << offset;
  }
}

// 64-byte swizzle of f16: rows of 32 elements, chunk c of row r at
// c ^ ((r / 2) % 4).
TEST_F(NvidiaLayoutsTest, Swizzle64) {
  auto layout = shared("swizzlingByteWidth = 64, transposed = false, "
                       "elementBitWidth = 16");
  EXPECT_EQ(layout.getVec(), 8);
  EXPECT_EQ(layout.getPerPhase(), 2);
  EXPECT_EQ(layout.getMaxPhase(), 4);
  LinearLayout ll = layout.toLinearLayout({32, 32});
  for (int32_t offset = 0; offset < 32 * 32; ++offset) {
    int32_t row = offset / 32;
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(row, (offset % 32) ^ (8 * ((row / 2) % 4))));
  }
}

// 32-byte swizzle of f32: rows of 8 elements (two 16-byte chunks), chunk c
// of row r at c ^ ((r / 4) % 2).
TEST_F(NvidiaLayoutsTest, Swizzle32) {
  auto layout = shared("swizzlingByteWidth = 32, transposed = false, "
                       "elementBitWidth = 32");
  LinearLayout ll = layout.toLinearLayout({16, 8});
  for (int32_t offset = 0; offset < 16 * 8; ++offset) {
    int32_t row = offset / 8;
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(row, (offset % 8) ^ (4 * ((row / 4) % 2))));
  }
}

// Transposed: dim0 is contiguous, the swizzle rows run along dim1.
TEST_F(NvidiaLayoutsTest, Swizzle128Transposed) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = true, "
                       "elementBitWidth = 16");
  EXPECT_EQ(layout.getSharedOrder(), (SmallVector<unsigned>{0, 1}));
  LinearLayout ll = layout.toLinearLayout({64, 64});
  for (int32_t offset = 0; offset < 64 * 64; ++offset) {
    int32_t row = offset / 64;
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point((offset % 64) ^ (8 * (row % 8)), row));
  }
}

// Unswizzled: plain row-major.
TEST_F(NvidiaLayoutsTest, Unswizzled) {
  auto layout = shared("swizzlingByteWidth = 0, transposed = false, "
                       "elementBitWidth = 32");
  EXPECT_EQ(layout.getAlignment(), 128);
  LinearLayout ll = layout.toLinearLayout({16, 32});
  for (int32_t offset = 0; offset < 16 * 32; ++offset)
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(offset / 32, offset % 32));
}

// fp4Padded: of each 16 offsets, the last 8 are padding that alias the
// first 8 (the layout maps them to the same elements).
TEST_F(NvidiaLayoutsTest, Fp4PaddedOffsetsAlias) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 8, fp4Padded = true");
  LinearLayout ll = layout.toLinearLayout({8, 64});
  EXPECT_EQ(ll.getInDimSize(S("offset")), 1024);
  for (int32_t offset = 0; offset < 128; ++offset)
    ASSERT_EQ(at(ll, {{"offset", offset}, {"block", 0}}),
              Point(0, offset / 16 * 8 + offset % 8));
}

// A multi-buffered descriptor holds whole copies of the layout one after
// the other along its leading dimension.
TEST_F(NvidiaLayoutsTest, MultiBufferedDescriptor) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 16");
  auto smem = SharedMemorySpaceAttr::get(&ctx);
  auto type = MemDescType::get({4, 128, 64}, Float16Type::get(&ctx), layout,
                               smem, /*mutableMemory=*/true);
  ASSERT_TRUE(type);
  std::optional<LinearLayout> ll = tryToLinearLayout(type);
  ASSERT_TRUE(ll.has_value());
  auto out = ll->apply({{S("offset"), 2 * 8192 + 64 + 8}, {S("block"), 0}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].second, 2);
  EXPECT_EQ(out[1].second, 1);
  EXPECT_EQ(out[2].second, 8 ^ 8);
}

// A buffer narrower than one swizzle row is rejected by the shape check.
TEST_F(NvidiaLayoutsTest, ShapeCheck) {
  auto layout = shared("swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 16");
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(succeeded(verifyNVMMASharedShape(
      layout, {64, 64}, [&] { return emitError(UnknownLoc::get(&ctx)); })));
  EXPECT_TRUE(failed(verifyNVMMASharedShape(
      layout, {64, 32}, [&] { return emitError(UnknownLoc::get(&ctx)); })));
  EXPECT_NE(message.find("one 128-byte swizzle row"), std::string::npos)
      << message;
  // The shape must have the rank of the layout.
  EXPECT_TRUE(failed(verifyNVMMASharedShape(
      layout, {4, 64, 64}, [&] { return emitError(UnknownLoc::get(&ctx)); })));
  EXPECT_EQ(message, "#ttg.nvmma_shared of rank 2 cannot describe a buffer "
                     "of rank 3");
}

// Built from C++, the CTA layout must have the rank of warpsPerCTA (the
// parser always makes it so).
TEST_F(NvidiaLayoutsTest, MmaChecksTheRankOfItsCTALayout) {
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  // (The attribute storage is private to the plugin: check with verify.)
  EXPECT_TRUE(failed(NvidiaMmaEncodingAttr::verify(
      [&] { return emitError(UnknownLoc::get(&ctx)); }, 3, 0,
      ArrayRef<unsigned>{4, 1}, CTALayoutAttr::getDefault(&ctx, 3),
      ArrayRef<unsigned>{16, 64, 16})));
  EXPECT_EQ(message, "#ttg.nvidia_mma: the CTA layout must have the rank of "
                     "warpsPerCTA (2)");
}

} // namespace

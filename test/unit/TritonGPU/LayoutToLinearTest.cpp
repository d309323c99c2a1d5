//===- LayoutToLinearTest.cpp - ttg layouts as linear layouts -------------===//
//
// Unit tests of the conversions from ttg layouts to linear layouts
// (LinearLayoutConversions.h), each checked against bases worked out by
// hand, and of the layout registry through which plugin layouts are added.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#ifdef TRIDENT_HAVE_TEST_LAYOUTS
#include "TestLayouts/TestLayouts.h"
#endif

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Bases = std::vector<std::vector<int32_t>>;

std::string str(const LinearLayout &layout) { return layout.toString(); }

class LayoutToLinearTest : public ::testing::Test {
protected:
  LayoutToLinearTest() : ctx(makeRegistry()) {
    ctx.loadDialect<TritonGPUDialect>();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<TritonGPUDialect>();
#ifdef TRIDENT_HAVE_TEST_LAYOUTS
    test::registerTestLayouts(registry);
#endif
    return registry;
  }

  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }

  /// Parses a layout attribute, failing the test if it does not parse.
  Attribute parse(StringRef text) {
    Attribute attr = parseAttribute(text, &ctx);
    EXPECT_TRUE(attr) << "cannot parse " << text.str();
    return attr;
  }

  /// A layout with the given bases (in this order) onto dims dim0... of
  /// the given sizes.
  LinearLayout expected(ArrayRef<std::pair<StringRef, Bases>> bases,
                        ArrayRef<int64_t> shape) {
    LinearLayout::BasesT map;
    for (const auto &[name, dimBases] : bases)
      map[S(name)] = dimBases;
    std::string why;
    std::optional<LinearLayout> layout = LinearLayout::tryCreate(
        std::move(map), standardOutDimPairs(&ctx, shape),
        /*requireSurjective=*/false, &why);
    EXPECT_TRUE(layout.has_value()) << why;
    return layout ? *layout : LinearLayout::empty();
  }

  /// Where `layout` maps the given input point.
  SmallVector<int32_t> apply(const LinearLayout &layout,
                             ArrayRef<std::pair<StringRef, int32_t>> ins) {
    SmallVector<std::pair<StringAttr, int32_t>> named;
    for (auto [name, value] : ins)
      named.push_back({S(name), value});
    SmallVector<int32_t> out;
    for (auto [dim, value] : layout.apply(named))
      out.push_back(value);
    return out;
  }

  MLIRContext ctx;
};

//===----------------------------------------------------------------------===//
// Blocked
//===----------------------------------------------------------------------===//

TEST_F(LayoutToLinearTest, BlockedRepeatsInRegisters) {
  Attribute blocked =
      parse("#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [2, 1], order = [1, 0]}>");
  // The CTA tile is 16x16: registers take the two lowest bits of each dim
  // (dim1 first), lanes walk 8 columns then 4 rows, warps 2 rows. The 32
  // columns of the tensor need one more register bit.
  LinearLayout ll = toLinearLayout({16, 32}, blocked);
  LinearLayout want =
      expected({{"register", {{0, 1}, {1, 0}, {0, 16}}},
                {"lane", {{0, 2}, {0, 4}, {0, 8}, {2, 0}, {4, 0}}},
                {"warp", {{8, 0}}},
                {"block", {}}},
               {16, 32});
  EXPECT_EQ(ll, want) << str(ll) << "\nexpected\n" << str(want);

  // Thread 3 of warp 1, its register 1 (the second row of its 2x2 block):
  // row 8 + 1, column 3 * 2.
  EXPECT_EQ(
      apply(ll, {{"register", 2}, {"lane", 3}, {"warp", 1}, {"block", 0}}),
      (SmallVector<int32_t>{9, 6}));
  // Lane 9 is in the second row group of lanes: row 2, column 2.
  EXPECT_EQ(
      apply(ll, {{"register", 0}, {"lane", 9}, {"warp", 0}, {"block", 0}}),
      (SmallVector<int32_t>{2, 2}));
}

TEST_F(LayoutToLinearTest, BlockedBroadcastsWhenLargerThanTensor) {
  Attribute blocked =
      parse("#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
            "warpsPerCTA = [4], order = [0]}>");
  // 4 * 32 * 4 = 512 elements per tile for a 128-element tensor: the warps
  // hold copies.
  LinearLayout ll = toLinearLayout({128}, blocked);
  LinearLayout want = expected({{"register", {{1}, {2}}},
                                {"lane", {{4}, {8}, {16}, {32}, {64}}},
                                {"warp", {{0}, {0}}},
                                {"block", {}}},
                               {128});
  EXPECT_EQ(ll, want) << str(ll);

  // A thread holding more elements than the tensor has drops the extra
  // registers rather than duplicating them.
  LinearLayout small = toLinearLayout({4}, blocked);
  EXPECT_EQ(small.getInDimSize(S("register")), 4);
  EXPECT_EQ(small.getInDimSize(S("lane")), 32);
  EXPECT_TRUE(small.sublayoutIsZero({S("lane"), S("warp")}, {S("dim0")}));
}

TEST_F(LayoutToLinearTest, BlockedWithSeveralCTAs) {
  Attribute blocked = parse(
      "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
      "warpsPerCTA = [1], order = [0], CTAsPerCGA = [4], CTASplitNum = [2], "
      "CTAOrder = [0]}>");
  // Two pieces of 32 elements, each held by two CTAs (multicast).
  LinearLayout ll = toLinearLayout({64}, blocked);
  LinearLayout want = expected({{"register", {}},
                                {"lane", {{1}, {2}, {4}, {8}, {16}}},
                                {"warp", {}},
                                {"block", {{32}, {0}}}},
                               {64});
  EXPECT_EQ(ll, want) << str(ll);
}

TEST_F(LayoutToLinearTest, ElementsPerThreadFromTheInterface) {
  auto blocked = cast<DistributedEncodingTrait>(
      parse("#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [2, 1], order = [1, 0]}>"));
  EXPECT_EQ(blocked.getTotalElemsPerThread({16, 32}), 8u);
  EXPECT_EQ(blocked.getElemsPerThread({16, 32}), (SmallVector<unsigned>{2, 4}));
  EXPECT_EQ(blocked.getWarpsPerCTA(), (SmallVector<unsigned>{2, 1}));
  EXPECT_EQ(blocked.getRepOrder(), (SmallVector<unsigned>{1, 0}));
}

//===----------------------------------------------------------------------===//
// Slice, dot operand and linear
//===----------------------------------------------------------------------===//

TEST_F(LayoutToLinearTest, SliceOfBlocked) {
  Attribute slice = parse(
      "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 8], "
      "threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>}>");
  // The 8 lanes that split dim1 now hold the same row; the parent's tile
  // covers 32 rows, so 128 rows need two more register bits.
  LinearLayout ll = toLinearLayout({128}, slice);
  LinearLayout want = expected({{"register", {{32}, {64}}},
                                {"lane", {{0}, {0}, {0}, {1}, {2}}},
                                {"warp", {{4}, {8}, {16}}},
                                {"block", {}}},
                               {128});
  EXPECT_EQ(ll, want) << str(ll);
  EXPECT_EQ(cast<DistributedEncodingTrait>(slice).getTotalElemsPerThread({128}),
            4u);
}

TEST_F(LayoutToLinearTest, FmaDotOperand) {
  Attribute dot = parse(
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], "
      "threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>}>");
  // Operand A (M x K): each thread holds the whole K extent; lanes and
  // warps that split K in the parent hold copies.
  LinearLayout ll = toLinearLayout({16, 8}, dot);
  LinearLayout want =
      expected({{"register", {{0, 1}, {0, 2}, {0, 4}, {8, 0}}},
                {"lane", {{0, 0}, {0, 0}, {0, 0}, {1, 0}, {2, 0}}},
                {"warp", {{0, 0}, {4, 0}}},
                {"block", {}}},
               {16, 8});
  EXPECT_EQ(ll, want) << str(ll);
}

TEST_F(LayoutToLinearTest, LinearAttributeRoundTrip) {
  auto linear = cast<LinearEncodingAttr>(
      parse("#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], "
            "[1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>"));
  // At its own shape the layout is returned unchanged.
  EXPECT_EQ(toLinearLayout({32, 16}, linear), linear.getLinearLayout());
  // A larger tensor repeats it in registers, along the register order
  // (dim1 first).
  LinearLayout larger = toLinearLayout({32, 32}, linear);
  EXPECT_EQ(larger.getInDimSize(S("register")), 8);
  EXPECT_EQ(
      apply(larger, {{"register", 4}, {"lane", 0}, {"warp", 0}, {"block", 0}}),
      (SmallVector<int32_t>{0, 16}));
  EXPECT_EQ(linear.getWarpsPerCTA(), (SmallVector<unsigned>{4, 1}));
  EXPECT_EQ(linear.getThreadsPerWarp(), (SmallVector<unsigned>{8, 4}));
  EXPECT_EQ(linear.getOrder(), (SmallVector<unsigned>{1, 0}));
}

TEST_F(LayoutToLinearTest, ToLinearEncodingIsEquivalent) {
  Attribute blocked =
      parse("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [8, 1], order = [1, 0]}>");
  LinearEncodingAttr linear = toLinearEncoding({128, 64}, blocked);
  EXPECT_EQ(toLinearLayout({128, 64}, linear),
            toLinearLayout({128, 64}, blocked));
  // Printing it gives the upstream syntax, which parses back to it.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Attribute(linear);
  EXPECT_EQ(parse(text), Attribute(linear)) << text;
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

TEST_F(LayoutToLinearTest, SwizzledSharedOffsets) {
  Attribute shared = parse("#ttg.swizzled_shared<{vec = 2, perPhase = 1, "
                           "maxPhase = 4, order = [1, 0]}>");
  // Offsets walk a row of 8 columns, then rows; row r has its pairs of
  // columns XORed with r.
  LinearLayout ll = toLinearLayout({4, 8}, shared);
  LinearLayout want = expected(
      {{"offset", {{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 4}}}, {"block", {}}},
      {4, 8});
  EXPECT_EQ(ll, want) << str(ll);

  // Offset 8 (row 1, first pair) holds element (1, 2); in general element
  // (r, c) is stored at r * 8 + ((c / 2) ^ r) * 2 + c % 2.
  LinearLayout inverse = ll.invert();
  for (int32_t r = 0; r < 4; ++r) {
    for (int32_t c = 0; c < 8; ++c) {
      int32_t offset = r * 8 + (((c / 2) ^ r) * 2) + c % 2;
      EXPECT_EQ(apply(inverse, {{"dim0", r}, {"dim1", c}}),
                (SmallVector<int32_t>{offset, 0}))
          << "element (" << r << ", " << c << ")";
    }
  }
}

TEST_F(LayoutToLinearTest, SharedLayoutOfMultiBufferedDescriptor) {
  auto shared = cast<SwizzledSharedEncodingAttr>(
      parse("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
            "order = [1, 0]}>"));
  auto type = MemDescType::get({2, 4, 8}, Float16Type::get(&ctx), shared,
                               SharedMemorySpaceAttr::get(&ctx),
                               /*mutableMemory=*/true);
  // The rank-2 layout describes each buffer; the buffers follow each other.
  LinearLayout ll = toLinearLayout(type);
  LinearLayout want = expected(
      {{"offset",
        {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}}},
       {"block", {}}},
      {2, 4, 8});
  EXPECT_EQ(ll, want) << str(ll);
}

TEST_F(LayoutToLinearTest, PaddedAndLinearSharedKeepTheirBases) {
  Attribute padded =
      parse("#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 8]}>");
  LinearLayout ll = toLinearLayout({16, 8}, padded);
  EXPECT_EQ(
      ll, expected({{"offset",
                     {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}},
                    {"block", {}}},
                   {16, 8}))
      << str(ll);
  EXPECT_EQ(cast<PaddedSharedEncodingAttr>(padded).getPaddedSize({16, 8}),
            128 + 3 * 4);

  Attribute linear = parse("#ttg.shared_linear<{offset = [[0, 1], [1, 0], "
                           "[2, 1]]}, alignment = 16>");
  EXPECT_EQ(cast<SharedEncodingTrait>(linear).getAlignment(), 16);
  EXPECT_EQ(
      toLinearLayout({4, 2}, linear),
      expected({{"offset", {{0, 1}, {1, 0}, {2, 1}}}, {"block", {}}}, {4, 2}));
}

//===----------------------------------------------------------------------===//
// Failures
//===----------------------------------------------------------------------===//

TEST_F(LayoutToLinearTest, UnsupportedShapesAreReported) {
  Attribute blocked =
      parse("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [4, 1], order = [1, 0]}>");
  std::string why;
  EXPECT_FALSE(tryToLinearLayout({64}, blocked, &why));
  EXPECT_EQ(why, "a layout of rank 2 cannot describe a shape of rank 1");
  EXPECT_FALSE(tryToLinearLayout({64, 48}, blocked, &why));
  EXPECT_EQ(why, "dimension sizes must be powers of two (up to 2^30), got 48");
  EXPECT_FALSE(tryToLinearLayout({64}, SharedMemorySpaceAttr::get(&ctx), &why));
  EXPECT_EQ(why, "not a ttg layout: #ttg.shared_memory");
  Attribute padded =
      parse("#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 8]}>");
  EXPECT_FALSE(tryToLinearLayout({32, 8}, padded, &why));
  EXPECT_EQ(why, "the layout describes a buffer of another shape");
}

TEST_F(LayoutToLinearTest, UnknownLayoutNamesThePlugin) {
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(parseAttribute("#ttg.nvidia_mma<{versionMajor = 3}>", &ctx));
  EXPECT_EQ(message, "unknown ttg layout '#ttg.nvidia_mma': load the plugin "
                     "that provides it (e.g. --plugin PATH)");
}

//===----------------------------------------------------------------------===//
// Plugin layouts (the test layouts of test/lib)
//===----------------------------------------------------------------------===//

#ifdef TRIDENT_HAVE_TEST_LAYOUTS
TEST_F(LayoutToLinearTest, RegistryKnowsPluginLayouts) {
  auto *dialect = ctx.getLoadedDialect<TritonGPUDialect>();
  EXPECT_TRUE(dialect->isKnownLayout("test_mma"));
  EXPECT_TRUE(dialect->isKnownLayout("blocked"));
  EXPECT_FALSE(dialect->isKnownLayout("nvidia_mma"));
  EXPECT_EQ(dialect->getRegisteredLayoutMnemonics(),
            (SmallVector<StringRef>{"test_mma", "test_shared"}));
  EXPECT_EQ(
      dialect->getRegisteredLayoutAlias(TypeID::get<TestSharedEncodingAttr>()),
      "tshared");
  // Registering the same layouts again changes nothing.
  EXPECT_TRUE(succeeded(test::registerTestLayoutsInto(dialect)));
  EXPECT_EQ(dialect->getRegisteredLayoutMnemonics().size(), 2u);
}

TEST_F(LayoutToLinearTest, PluginLayoutThroughTheInterface) {
  Attribute mma =
      parse("#ttg.test_mma<{warpsPerCTA = [2, 1], instrShape = [16, 8]}>");
  // The 16x8 block of the test layout, two warps along the rows.
  LinearLayout ll = toLinearLayout({32, 8}, mma);
  LinearLayout want =
      expected({{"register", {{0, 1}, {8, 0}}},
                {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                {"warp", {{16, 0}}},
                {"block", {}}},
               {32, 8});
  EXPECT_EQ(ll, want) << str(ll);

  // A slice of it, and a dot operand whose parent provides the layout.
  Attribute slice = parse(
      "#ttg.slice<{dim = 1, parent = #ttg.test_mma<{warpsPerCTA = [2, 1], "
      "instrShape = [16, 8]}>}>");
  EXPECT_EQ(toLinearLayout({32}, slice).getInDimSize(S("register")), 2);
  Attribute dot = parse(
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.test_mma<{warpsPerCTA = [2, 1], "
      "instrShape = [16, 8]}>, kWidth = 2}>");
  LinearLayout operand = toLinearLayout({32, 16}, dot);
  // Two K elements per register pair, 4 lanes along K, 8 along M.
  EXPECT_EQ(
      apply(operand, {{"register", 1}, {"lane", 5}, {"warp", 1}, {"block", 0}}),
      (SmallVector<int32_t>{17, 3}));
}
#endif

} // namespace

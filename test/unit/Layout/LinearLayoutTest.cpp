//===- LinearLayoutTest.cpp - Tests of the linear-layout algebra ----------===//
//
// Unit tests of mlir::triton::LinearLayout: construction, evaluation, the
// algebra (product, composition, inversion) and restructuring, each checked
// against values computed by hand.
//
//===----------------------------------------------------------------------===//

#include "trident/Layout/LinearLayout.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Point = SmallVector<std::pair<StringAttr, int32_t>>;

class LinearLayoutTest : public ::testing::Test {
protected:
  // No thread pool: death tests fork, which is only safe single-threaded.
  MLIRContext ctx{MLIRContext::Threading::DISABLED};

  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }

  /// Shorthand for an (in|out)-dim -> value list.
  Point P(std::initializer_list<std::pair<StringRef, int32_t>> values) {
    Point point;
    for (auto [name, value] : values)
      point.push_back({S(name), value});
    return point;
  }

  /// A random layout with the given (name, log2 size) dims; with
  /// `requireSurjective` (or `requireInvertible`), draws until one is.
  LinearLayout random(std::mt19937 &rng,
                      ArrayRef<std::pair<StringRef, int32_t>> ins,
                      ArrayRef<std::pair<StringRef, int32_t>> outs,
                      bool requireSurjective, bool requireInvertible = false) {
    SmallVector<std::pair<StringAttr, int32_t>> outDims;
    for (auto [name, log2] : outs)
      outDims.push_back({S(name), int32_t(1) << log2});
    while (true) {
      LinearLayout::BasesT bases;
      for (auto [name, log2] : ins) {
        std::vector<std::vector<int32_t>> &inDimBases = bases[S(name)];
        for (int32_t i = 0; i < log2; ++i) {
          std::vector<int32_t> basis;
          for (auto [outDim, size] : outDims)
            basis.push_back(
                std::uniform_int_distribution<int32_t>(0, size - 1)(rng));
          inDimBases.push_back(std::move(basis));
        }
      }
      std::optional<LinearLayout> layout =
          LinearLayout::tryCreate(std::move(bases), outDims, requireSurjective);
      if (layout && (!requireInvertible || layout->isInvertible()))
        return *layout;
    }
  }

  /// Every input point of `layout`, the first dim's bits lowest.
  static SmallVector<Point> allInputs(const LinearLayout &layout) {
    SmallVector<Point> points;
    for (int64_t flat = 0; flat < layout.getTotalInDimSize(); ++flat) {
      Point point;
      int64_t rest = flat;
      for (auto [inDim, size] : layout.getInDims()) {
        point.push_back({inDim, int32_t(rest % size)});
        rest /= size;
      }
      points.push_back(std::move(point));
    }
    return points;
  }

  /// The same dims with values XORed pointwise.
  static Point xorPoints(const Point &a, const Point &b) {
    Point result = a;
    for (auto [r, other] : llvm::zip_equal(result, b))
      r.second ^= other.second;
    return result;
  }

  /// The blocked layout sizePerThread=[2,2], threadsPerWarp=[4,8],
  /// warpsPerCTA=[2,2], order=[1,0] on a 16x64 tensor. One CTA tile covers
  /// 16x32, so each thread holds the tile twice along dim1 (register bit 2).
  LinearLayout blocked() {
    StringAttr reg = S("register"), lane = S("lane"), warp = S("warp"),
               dim0 = S("dim0"), dim1 = S("dim1");
    LinearLayout layout = LinearLayout::identity1D(2, reg, dim1) *
                          LinearLayout::identity1D(2, reg, dim0) *
                          LinearLayout::identity1D(8, lane, dim1) *
                          LinearLayout::identity1D(4, lane, dim0) *
                          LinearLayout::identity1D(2, warp, dim1) *
                          LinearLayout::identity1D(2, warp, dim0) *
                          LinearLayout::identity1D(2, reg, dim1);
    return layout.transposeOuts({dim0, dim1});
  }
};

//===----------------------------------------------------------------------===//
// Construction and queries
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, Empty) {
  LinearLayout empty = LinearLayout::empty();
  EXPECT_EQ(empty.getNumInDims(), 0);
  EXPECT_EQ(empty.getNumOutDims(), 0);
  EXPECT_EQ(empty.getTotalInDimSize(), 1);
  EXPECT_TRUE(empty.isInvertible());
  EXPECT_TRUE(empty.apply({}).empty());
  EXPECT_EQ(empty, LinearLayout());
}

TEST_F(LinearLayoutTest, Identity1D) {
  LinearLayout layout = LinearLayout::identity1D(8, S("in"), S("out"));
  EXPECT_EQ(layout.getInDimSize(S("in")), 8);
  EXPECT_EQ(layout.getInDimSizeLog2(S("in")), 3);
  EXPECT_EQ(layout.getOutDimSize(S("out")), 8);
  EXPECT_EQ(layout.getOutDimSizeLog2(S("out")), 3);
  EXPECT_EQ(layout.getNumInDims(), 1);
  EXPECT_EQ(layout.getNumOutDims(), 1);
  EXPECT_TRUE(layout.hasInDim(S("in")));
  EXPECT_FALSE(layout.hasInDim(S("out")));
  EXPECT_TRUE(layout.hasOutDim(S("out")));
  EXPECT_EQ(layout.getBasis(S("in"), 2), ArrayRef<int32_t>({4}));
  EXPECT_EQ(layout.getBasis(S("in"), 1, S("out")), 2);
  EXPECT_TRUE(layout.isInvertible());
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(layout.apply(P({{"in", i}})), P({{"out", i}}));
}

TEST_F(LinearLayoutTest, Identity1DOfSizeOne) {
  LinearLayout layout = LinearLayout::identity1D(1, S("in"), S("out"));
  EXPECT_EQ(layout.getInDimSize(S("in")), 1);
  EXPECT_EQ(layout.getOutDimSize(S("out")), 1);
  EXPECT_EQ(layout.apply(P({{"in", 0}})), P({{"out", 0}}));
}

TEST_F(LinearLayoutTest, Zeros1D) {
  LinearLayout layout = LinearLayout::zeros1D(4, S("in"), S("out"));
  EXPECT_EQ(layout.getInDimSize(S("in")), 4);
  EXPECT_EQ(layout.getOutDimSize(S("out")), 1);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  for (int32_t i = 0; i < 4; ++i)
    EXPECT_EQ(layout.apply(P({{"in", i}})), P({{"out", 0}}));

  LinearLayout wide = LinearLayout::zeros1D(4, S("in"), S("out"), 8);
  EXPECT_EQ(wide.getOutDimSize(S("out")), 8);
  EXPECT_FALSE(wide.isSurjective());
  EXPECT_EQ(wide.getRank(), 0);
}

TEST_F(LinearLayoutTest, Strided1D) {
  LinearLayout layout = LinearLayout::strided1D(4, 2, S("in"), S("out"));
  EXPECT_EQ(layout.getOutDimSize(S("out")), 8);
  EXPECT_TRUE(layout.isInjective());
  EXPECT_FALSE(layout.isSurjective());
  for (int32_t i = 0; i < 4; ++i)
    EXPECT_EQ(layout.apply(P({{"in", i}})), P({{"out", 2 * i}}));
}

TEST_F(LinearLayoutTest, ConstructorInfersOutSizes) {
  LinearLayout layout({{S("in"), {{1, 0}, {0, 1}, {0, 2}, {2, 0}, {0, 4}}}},
                      {S("x"), S("y")});
  EXPECT_EQ(layout.getOutDimSize(S("x")), 4);
  EXPECT_EQ(layout.getOutDimSize(S("y")), 8);
  EXPECT_TRUE(layout.isInvertible());
  // 2^3 inputs cannot cover 4 * 8 outputs: the inferred sizes follow the
  // largest value, and y's low bits are unreachable.
  std::string error;
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{1, 0}, {0, 4}, {2, 0}}}},
                                       {S("x"), S("y")}, &error));
  EXPECT_NE(error.find("not surjective"), std::string::npos) << error;
}

TEST_F(LinearLayoutTest, ApplyXorsBasesAcrossDims) {
  LinearLayout layout({{S("a"), {{1, 0}, {3, 1}}}, {S("b"), {{2, 0}}}},
                      {{S("x"), 4}, {S("y"), 2}}, /*requireSurjective=*/true);
  // a=3 -> (1,0)^(3,1) = (2,1); with b=1 -> (2,1)^(2,0) = (0,1).
  EXPECT_EQ(layout.apply(P({{"a", 3}, {"b", 0}})), P({{"x", 2}, {"y", 1}}));
  EXPECT_EQ(layout.apply(P({{"b", 1}, {"a", 3}})), P({{"x", 0}, {"y", 1}}));
  EXPECT_EQ(layout.apply(P({{"a", 2}, {"b", 1}})), P({{"x", 1}, {"y", 1}}));
  // Only the low log2(size) bits of an input are read.
  EXPECT_EQ(layout.apply(P({{"a", 4 + 1}, {"b", 2}})), P({{"x", 1}, {"y", 0}}));
}

TEST_F(LinearLayoutTest, InvalidConstructionIsReported) {
  std::string error;
  // A value outside the out-dim.
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{4}}}}, {{S("out"), 4}},
                                       false, &error));
  EXPECT_NE(error.find("has value 4"), std::string::npos) << error;
  // A basis with the wrong number of values.
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{1, 0}}}}, {{S("out"), 4}},
                                       false, &error));
  EXPECT_NE(error.find("expected one per output dim"), std::string::npos)
      << error;
  // A size that is not a power of two.
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{1}}}}, {{S("out"), 3}},
                                       false, &error));
  EXPECT_NE(error.find("not a power of two"), std::string::npos) << error;
  // A repeated out-dim.
  EXPECT_FALSE(LinearLayout::tryCreate(
      {{S("in"), {{1, 1}}}}, {{S("out"), 2}, {S("out"), 2}}, false, &error));
  EXPECT_NE(error.find("duplicate output dim 'out'"), std::string::npos)
      << error;
  // A negative value.
  EXPECT_FALSE(
      LinearLayout::tryCreate({{S("in"), {{-1}}}}, {S("out")}, &error));
  // A repeated in-dim.
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{1}}}, {S("in"), {{2}}}},
                                       {S("out")}, &error));
  EXPECT_NE(error.find("duplicate input dim 'in'"), std::string::npos) << error;
  // Not surjective when that is required.
  EXPECT_FALSE(LinearLayout::tryCreate({{S("in"), {{2}}}}, {{S("out"), 4}},
                                       /*requireSurjective=*/true, &error));
  EXPECT_TRUE(LinearLayout::tryCreate({{S("in"), {{2}}}}, {{S("out"), 4}},
                                      /*requireSurjective=*/false, &error));
}

TEST_F(LinearLayoutTest, TryApplyRejectsWrongDims) {
  LinearLayout layout = LinearLayout::identity1D(4, S("a"), S("out")) *
                        LinearLayout::identity1D(4, S("b"), S("out"));
  EXPECT_FALSE(layout.tryApply(P({{"a", 1}})));
  EXPECT_FALSE(layout.tryApply(P({{"a", 1}, {"a", 1}})));
  EXPECT_FALSE(layout.tryApply(P({{"a", 1}, {"c", 1}})));
  std::optional<Point> result = layout.tryApply(P({{"a", 1}, {"b", 1}}));
  ASSERT_TRUE(result);
  EXPECT_EQ(*result, P({{"out", 5}}));
}

//===----------------------------------------------------------------------===//
// Direct product
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ProductSameDimsConcatenates) {
  LinearLayout product = LinearLayout::identity1D(4, S("in"), S("out")) *
                         LinearLayout::identity1D(8, S("in"), S("out"));
  EXPECT_EQ(product, LinearLayout::identity1D(32, S("in"), S("out")));
}

TEST_F(LinearLayoutTest, ProductDisjointDims) {
  LinearLayout product = LinearLayout::identity1D(4, S("i1"), S("o1")) *
                         LinearLayout::identity1D(8, S("i2"), S("o2"));
  EXPECT_EQ(llvm::to_vector(product.getInDimNames()),
            SmallVector<StringAttr>({S("i1"), S("i2")}));
  EXPECT_EQ(llvm::to_vector(product.getOutDimNames()),
            SmallVector<StringAttr>({S("o1"), S("o2")}));
  EXPECT_EQ(product.getBasis(S("i2"), 0), ArrayRef<int32_t>({0, 1}));
  EXPECT_EQ(product.apply(P({{"i1", 3}, {"i2", 5}})),
            P({{"o1", 3}, {"o2", 5}}));
  EXPECT_TRUE(product.isInvertible());
}

TEST_F(LinearLayoutTest, ProductSameInDimDifferentOutDims) {
  // The rhs bases become the high bits of "in".
  LinearLayout product = LinearLayout::identity1D(4, S("in"), S("o1")) *
                         LinearLayout::identity1D(2, S("in"), S("o2"));
  LinearLayout expected({{S("in"), {{1, 0}, {2, 0}, {0, 1}}}},
                        {S("o1"), S("o2")});
  EXPECT_EQ(product, expected);
  EXPECT_EQ(product.apply(P({{"in", 5}})), P({{"o1", 1}, {"o2", 1}}));
}

TEST_F(LinearLayoutTest, ProductDifferentInDimsSameOutDim) {
  // The rhs values are shifted past the lhs's out-dim size.
  LinearLayout product = LinearLayout::identity1D(4, S("a"), S("out")) *
                         LinearLayout::identity1D(2, S("b"), S("out"));
  EXPECT_EQ(product.getOutDimSize(S("out")), 8);
  EXPECT_EQ(product.getBasis(S("b"), 0), ArrayRef<int32_t>({4}));
  EXPECT_EQ(product.apply(P({{"a", 3}, {"b", 1}})), P({{"out", 7}}));
}

TEST_F(LinearLayoutTest, ProductWithEmptyIsNeutral) {
  LinearLayout layout = LinearLayout::identity1D(4, S("a"), S("x")) *
                        LinearLayout::zeros1D(2, S("b"), S("y"));
  EXPECT_EQ(LinearLayout::empty() * layout, layout);
  EXPECT_EQ(layout * LinearLayout::empty(), layout);
}

TEST_F(LinearLayoutTest, ProductMergesDimOrders) {
  LinearLayout lhs = LinearLayout::identity1D(2, S("a"), S("x")) *
                     LinearLayout::identity1D(2, S("c"), S("x"));
  LinearLayout rhs = LinearLayout::identity1D(2, S("a"), S("x")) *
                     LinearLayout::identity1D(2, S("b"), S("x")) *
                     LinearLayout::identity1D(2, S("c"), S("x"));
  LinearLayout product = lhs * rhs;
  EXPECT_EQ(llvm::to_vector(product.getInDimNames()),
            SmallVector<StringAttr>({S("a"), S("b"), S("c")}));
  // lhs: a -> 1, c -> 2; rhs shifted by 4: a -> 4, b -> 8, c -> 16.
  EXPECT_EQ(product.getBasis(S("a"), 1), ArrayRef<int32_t>({4}));
  EXPECT_EQ(product.getBasis(S("b"), 0), ArrayRef<int32_t>({8}));
  EXPECT_EQ(product.getBasis(S("c"), 0), ArrayRef<int32_t>({2}));
  EXPECT_EQ(product.getBasis(S("c"), 1), ArrayRef<int32_t>({16}));
}

//===----------------------------------------------------------------------===//
// Composition and inversion
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ComposeWithRowMajorOffsets) {
  // Registers scattered over a 2x8 tile, then row-major offsets into it.
  LinearLayout regs({{S("register"), {{0, 1}, {1, 0}, {0, 4}}}},
                    {{S("dim0"), 2}, {S("dim1"), 8}},
                    /*requireSurjective=*/false);
  LinearLayout offsets = LinearLayout::identity1D(8, S("dim1"), S("offset")) *
                         LinearLayout::identity1D(2, S("dim0"), S("offset"));
  LinearLayout composed = regs.compose(offsets);
  // (0,1) -> 1, (1,0) -> 8, (0,4) -> 4.
  LinearLayout expected({{S("register"), {{1}, {8}, {4}}}}, {{S("offset"), 16}},
                        /*requireSurjective=*/false);
  EXPECT_EQ(composed, expected);
  for (int32_t r = 0; r < 8; ++r) {
    Point tile = regs.apply(P({{"register", r}}));
    int32_t offset = tile[0].second * 8 + tile[1].second;
    EXPECT_EQ(composed.apply(P({{"register", r}})), P({{"offset", offset}}));
  }
}

TEST_F(LinearLayoutTest, ComposeSwapsBits) {
  LinearLayout swap({{S("x"), {{2}, {1}}}}, {S("y")});
  LinearLayout mix({{S("y"), {{1}, {3}}}}, {S("z")});
  // x bit 0 -> y=2 -> z=3; x bit 1 -> y=1 -> z=1.
  LinearLayout expected({{S("x"), {{3}, {1}}}}, {S("z")});
  EXPECT_EQ(swap.compose(mix), expected);
  EXPECT_FALSE(swap.tryCompose(swap));
  EXPECT_FALSE(swap.tryCompose(LinearLayout::identity1D(2, S("y"), S("z"))));
}

TEST_F(LinearLayoutTest, InvertXorLayout) {
  StringAttr reg = S("register"), lane = S("lane");
  LinearLayout layout({{reg, {{0, 1}, {0, 2}}}, {lane, {{1, 0}, {2, 1}}}},
                      {S("dim0"), S("dim1")});
  ASSERT_TRUE(layout.isInvertible());
  LinearLayout inverse = layout.invert();
  // dim0=2 is lane bit 1 (2,1) xor register bit 0 (0,1).
  LinearLayout expected(
      {{S("dim0"), {{0, 1}, {1, 2}}}, {S("dim1"), {{1, 0}, {2, 0}}}},
      {{reg, 4}, {lane, 4}}, /*requireSurjective=*/true);
  EXPECT_EQ(inverse, expected);

  LinearLayout ident = LinearLayout::identity1D(4, reg, reg) *
                       LinearLayout::identity1D(4, lane, lane);
  EXPECT_EQ(layout.compose(inverse), ident);
  EXPECT_EQ(inverse.compose(layout),
            LinearLayout::identity1D(4, S("dim0"), S("dim0")) *
                LinearLayout::identity1D(4, S("dim1"), S("dim1")));
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t l = 0; l < 4; ++l)
      EXPECT_EQ(inverse.apply(layout.apply(P({{"register", r}, {"lane", l}}))),
                P({{"register", r}, {"lane", l}}));
}

TEST_F(LinearLayoutTest, InvertOfNonInvertibleIsNullopt) {
  EXPECT_FALSE(LinearLayout::zeros1D(4, S("in"), S("out")).tryInvert());
  EXPECT_FALSE(LinearLayout::strided1D(4, 2, S("in"), S("out")).tryInvert());
  EXPECT_FALSE(
      LinearLayout({{S("in"), {{1}, {2}, {1}}}}, {S("out")}).tryInvert());
  EXPECT_TRUE(LinearLayout::identity1D(4, S("in"), S("out")).tryInvert());
}

TEST_F(LinearLayoutTest, InvertOfNonInvertibleReportsFatalError) {
  LinearLayout layout = LinearLayout::zeros1D(4, S("in"), S("out"));
  EXPECT_DEATH((void)layout.invert(), "invert: the layout is not invertible");
  EXPECT_DEATH((void)layout.getInDimSize(S("nope")), "no input dim 'nope'");
}

TEST_F(LinearLayoutTest, PseudoinvertOfNonInjectiveLayout) {
  // register bit 1 broadcasts; bits 0 and 2 cover x.
  LinearLayout layout({{S("register"), {{1}, {0}, {2}}}}, {S("x")});
  ASSERT_TRUE(layout.isSurjective());
  ASSERT_FALSE(layout.isInjective());
  LinearLayout pinv = layout.pseudoinvert();
  // The preimage keeps the free register bit 1 at zero.
  LinearLayout expected({{S("x"), {{1}, {4}}}}, {{S("register"), 8}},
                        /*requireSurjective=*/false);
  EXPECT_EQ(pinv, expected);
  EXPECT_EQ(pinv.compose(layout), LinearLayout::identity1D(4, S("x"), S("x")));
  for (int32_t x = 0; x < 4; ++x)
    EXPECT_EQ(layout.apply(pinv.apply(P({{"x", x}}))), P({{"x", x}}));
}

TEST_F(LinearLayoutTest, PseudoinvertOfNonSurjectiveIsNullopt) {
  EXPECT_FALSE(
      LinearLayout::strided1D(4, 2, S("in"), S("out")).tryPseudoinvert());
}

TEST_F(LinearLayoutTest, InvertAndComposeOfEqualLayoutsIsIdentity) {
  // Broadcast warps: the same zero bases on both sides stay in place.
  LinearLayout layout = LinearLayout::identity1D(4, S("lane"), S("dim0")) *
                        LinearLayout::zeros1D(2, S("warp"), S("dim0"));
  LinearLayout conversion = layout.invertAndCompose(layout);
  EXPECT_EQ(conversion, LinearLayout::identity1D(4, S("lane"), S("lane")) *
                            LinearLayout::identity1D(2, S("warp"), S("warp")));
}

TEST_F(LinearLayoutTest, InvertAndComposeBetweenLayouts) {
  StringAttr reg = S("register"), lane = S("lane"), dim0 = S("dim0"),
             dim1 = S("dim1");
  // Row-major: registers along dim1; column-major: registers along dim0.
  LinearLayout rowMajor = LinearLayout::identity1D(4, reg, dim1) *
                          LinearLayout::identity1D(4, lane, dim0);
  LinearLayout colMajor = LinearLayout::identity1D(4, reg, dim0) *
                          LinearLayout::identity1D(4, lane, dim1);
  rowMajor = rowMajor.transposeOuts({dim0, dim1});
  LinearLayout conversion = rowMajor.invertAndCompose(colMajor);
  // The element at (register r, lane l) of rowMajor is (dim0=l, dim1=r),
  // which colMajor keeps at (register l, lane r).
  LinearLayout expected({{reg, {{0, 1}, {0, 2}}}, {lane, {{1, 0}, {2, 0}}}},
                        {{reg, 4}, {lane, 4}}, /*requireSurjective=*/true);
  EXPECT_EQ(conversion, expected);
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t l = 0; l < 4; ++l) {
      Point in = P({{"register", r}, {"lane", l}});
      EXPECT_EQ(colMajor.apply(conversion.apply(in)), rowMajor.apply(in));
    }
  // A layout whose image outer does not cover cannot be converted.
  LinearLayout partial = LinearLayout::identity1D(2, lane, dim0) *
                         LinearLayout::identity1D(1, reg, dim1);
  LinearLayout wider({{reg, {{0, 1}}}, {lane, {{0, 2}}}},
                     {{dim0, 2}, {dim1, 4}}, /*requireSurjective=*/false);
  EXPECT_FALSE(partial.tryInvertAndCompose(wider));
}

//===----------------------------------------------------------------------===//
// Restructuring
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, TransposeIns) {
  LinearLayout layout = LinearLayout::identity1D(2, S("a"), S("x")) *
                        LinearLayout::identity1D(4, S("b"), S("y"));
  LinearLayout transposed = layout.transposeIns({S("b"), S("a")});
  EXPECT_EQ(llvm::to_vector(transposed.getInDimNames()),
            SmallVector<StringAttr>({S("b"), S("a")}));
  EXPECT_EQ(transposed.getBasis(S("b"), 1), ArrayRef<int32_t>({0, 2}));
  for (int32_t a = 0; a < 2; ++a)
    for (int32_t b = 0; b < 4; ++b)
      EXPECT_EQ(transposed.apply(P({{"a", a}, {"b", b}})),
                layout.apply(P({{"a", a}, {"b", b}})));
  EXPECT_NE(transposed, layout);
  EXPECT_EQ(transposed.transposeIns({S("a"), S("b")}), layout);
}

TEST_F(LinearLayoutTest, TransposeOuts) {
  LinearLayout layout({{S("in"), {{1, 0}, {0, 1}, {1, 2}}}},
                      {{S("x"), 2}, {S("y"), 4}}, /*requireSurjective=*/false);
  LinearLayout transposed = layout.transposeOuts({S("y"), S("x")});
  EXPECT_EQ(llvm::to_vector(transposed.getOutDimNames()),
            SmallVector<StringAttr>({S("y"), S("x")}));
  EXPECT_EQ(transposed.getOutDimSize(S("y")), 4);
  EXPECT_EQ(transposed.getBasis(S("in"), 2), ArrayRef<int32_t>({2, 1}));
  // in=6 -> (0,1)^(1,2) = (x=1, y=3).
  EXPECT_EQ(transposed.apply(P({{"in", 6}})), P({{"y", 3}, {"x", 1}}));
}

TEST_F(LinearLayoutTest, ReshapeIns) {
  LinearLayout layout = LinearLayout::identity1D(32, S("in"), S("out"));
  LinearLayout reshaped = layout.reshapeIns({{S("a"), 4}, {S("b"), 8}});
  EXPECT_EQ(reshaped, LinearLayout::identity1D(4, S("a"), S("out")) *
                          LinearLayout::identity1D(8, S("b"), S("out")));
  EXPECT_EQ(reshaped.apply(P({{"a", 3}, {"b", 5}})), P({{"out", 23}}));
  EXPECT_EQ(reshaped.flattenIns(), layout.reshapeIns({{S("a"), 32}}));
}

TEST_F(LinearLayoutTest, ReshapeOuts) {
  LinearLayout layout = LinearLayout::identity1D(32, S("in"), S("out"));
  LinearLayout reshaped = layout.reshapeOuts({{S("x"), 4}, {S("y"), 8}});
  EXPECT_EQ(reshaped, LinearLayout::identity1D(4, S("in"), S("x")) *
                          LinearLayout::identity1D(8, S("in"), S("y")));
  // 23 = 3 + 4 * 5: x is the minor dim.
  EXPECT_EQ(reshaped.apply(P({{"in", 23}})), P({{"x", 3}, {"y", 5}}));
  EXPECT_EQ(reshaped.flattenOuts(), layout.reshapeOuts({{S("x"), 32}}));

  // A non-identity map keeps its packed images.
  LinearLayout swizzle({{S("in"), {{3}, {6}}}}, {{S("out"), 8}},
                       /*requireSurjective=*/false);
  LinearLayout split = swizzle.reshapeOuts({{S("lo"), 2}, {S("hi"), 4}});
  EXPECT_EQ(split.getBasis(S("in"), 0), ArrayRef<int32_t>({1, 1}));
  EXPECT_EQ(split.getBasis(S("in"), 1), ArrayRef<int32_t>({0, 3}));
}

TEST_F(LinearLayoutTest, Sublayout) {
  LinearLayout layout = LinearLayout::identity1D(4, S("a"), S("x")) *
                        LinearLayout::identity1D(4, S("b"), S("y")) *
                        LinearLayout::identity1D(2, S("a"), S("y"));
  LinearLayout sub = layout.sublayout({S("a")}, {S("y")});
  LinearLayout expected({{S("a"), {{0}, {0}, {4}}}}, {{S("y"), 8}},
                        /*requireSurjective=*/false);
  EXPECT_EQ(sub, expected);
  EXPECT_TRUE(layout.sublayoutIsZero({S("b")}, {S("x")}));
  EXPECT_FALSE(layout.sublayoutIsZero({S("a")}, {S("y")}));
  EXPECT_TRUE(layout.sublayoutIsZero({}, {S("x"), S("y")}));
}

TEST_F(LinearLayoutTest, FreeVariableMasks) {
  LinearLayout single({{S("in"), {{1}, {2}, {0}, {3}}}}, {S("out")});
  EXPECT_EQ(single.getFreeVariableMasks().lookup(S("in")), 0b1100);

  // Lane bit 0 broadcasts and lane bit 2 repeats register bit 0.
  LinearLayout multi(
      {{S("register"), {{1}, {2}}}, {S("lane"), {{0}, {4}, {1}}}}, {S("out")});
  llvm::MapVector<StringAttr, int32_t> masks = multi.getFreeVariableMasks();
  EXPECT_EQ(masks.size(), 2u);
  EXPECT_EQ(masks.lookup(S("register")), 0);
  EXPECT_EQ(masks.lookup(S("lane")), 0b101);

  EXPECT_EQ(LinearLayout::identity1D(8, S("in"), S("out"))
                .getFreeVariableMasks()
                .lookup(S("in")),
            0);
}

TEST_F(LinearLayoutTest, RemoveZeroBasesAlongDim) {
  LinearLayout layout({{S("register"), {{1}, {0}, {2}}}, {S("lane"), {{0}}}},
                      {S("x")});
  LinearLayout stripped = layout.removeZeroBasesAlongDim(S("register"));
  LinearLayout expected({{S("register"), {{1}, {2}}}, {S("lane"), {{0}}}},
                        {S("x")});
  EXPECT_EQ(stripped, expected);
  EXPECT_EQ(layout.removeZeroBasesAlongDim(S("absent")), layout);
}

TEST_F(LinearLayoutTest, Resize) {
  LinearLayout layout = LinearLayout::identity1D(8, S("in"), S("out"));
  LinearLayout shrunk = layout.resizeInDim(S("in"), 2);
  EXPECT_EQ(shrunk.getInDimSize(S("in")), 2);
  EXPECT_EQ(shrunk.getOutDimSize(S("out")), 8);
  EXPECT_FALSE(shrunk.isSurjective());

  LinearLayout grown = layout.resizeInDim(S("in"), 16);
  EXPECT_EQ(grown.getBasis(S("in"), 3), ArrayRef<int32_t>({0}));
  EXPECT_EQ(grown.apply(P({{"in", 13}})), P({{"out", 5}}));

  // Out-dim shrinking reduces every value modulo the new size.
  LinearLayout wrapped = layout.resizeOutDim(S("out"), 4);
  EXPECT_EQ(wrapped.getBasis(S("in"), 2), ArrayRef<int32_t>({0}));
  EXPECT_EQ(wrapped.apply(P({{"in", 7}})), P({{"out", 3}}));

  EXPECT_EQ(layout.resize({{S("in"), 2}, {S("out"), 16}}),
            layout.resizeInDim(S("in"), 2).resizeOutDim(S("out"), 16));
}

TEST_F(LinearLayoutTest, IsTrivialOver) {
  LinearLayout layout = LinearLayout::identity1D(4, S("lane"), S("dim0")) *
                        LinearLayout::identity1D(2, S("block"), S("block"));
  EXPECT_TRUE(layout.isTrivialOver({S("block")}));
  EXPECT_FALSE(layout.isTrivialOver({S("lane")}));
  LinearLayout mixed({{S("lane"), {{1, 0}, {2, 1}}}, {S("block"), {{0, 1}}}},
                     {S("dim0"), S("block")});
  EXPECT_FALSE(mixed.isTrivialOver({S("block")}));
}

TEST_F(LinearLayoutTest, NumConsecutiveInOut) {
  LinearLayout vec4 = LinearLayout::identity1D(4, S("register"), S("dim1")) *
                      LinearLayout::identity1D(8, S("lane"), S("dim1"));
  EXPECT_EQ(vec4.getNumConsecutiveInOut(), 4);
  // A lane bit at dim1=2 interleaves with the registers' run.
  LinearLayout split({{S("register"), {{1}, {4}}}, {S("lane"), {{2}}}},
                     {S("dim1")});
  EXPECT_EQ(split.getNumConsecutiveInOut(), 2);
}

TEST_F(LinearLayoutTest, EqualityAndPrinting) {
  LinearLayout a = LinearLayout::identity1D(4, S("in"), S("out"));
  LinearLayout b = a.resizeOutDim(S("out"), 8);
  EXPECT_NE(a, b);
  EXPECT_TRUE(a.equalIgnoringOutDimSizes(b));
  EXPECT_EQ(a.toString(), " - in=1 -> (1)\n"
                          "   in=2 -> (2)\n"
                          "where out dims are: [out (size 4)]");
}

//===----------------------------------------------------------------------===//
// Properties over random layouts
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, RandomLayoutsAreLinear) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout layout = random(rng, {{"register", 2}, {"lane", 3}},
                                 {{"dim0", 2}, {"dim1", 3}}, false);
    SmallVector<Point> inputs = allInputs(layout);
    for (const Point &x : inputs)
      for (const Point &y : {inputs[5], inputs[18], inputs[31]})
        ASSERT_EQ(layout.apply(xorPoints(x, y)),
                  xorPoints(layout.apply(x), layout.apply(y)));
    // Free bits are exactly the inputs the rank does not account for.
    int32_t freeBits = 0;
    for (auto [inDim, mask] : layout.getFreeVariableMasks())
      freeBits += llvm::popcount(uint32_t(mask));
    EXPECT_EQ(freeBits, layout.getTotalInDimSizeLog2() - layout.getRank());
  }
}

TEST_F(LinearLayoutTest, RandomInvertibleRoundTrips) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout layout =
        random(rng, {{"register", 2}, {"lane", 3}, {"warp", 1}},
               {{"dim0", 4}, {"dim1", 2}}, true, /*requireInvertible=*/true);
    LinearLayout inverse = layout.invert();
    for (const Point &x : allInputs(layout))
      ASSERT_EQ(inverse.apply(layout.apply(x)), x);
    for (const Point &y : allInputs(inverse))
      ASSERT_EQ(layout.apply(inverse.apply(y)), y);
    EXPECT_EQ(inverse.invert(), layout);
  }
}

TEST_F(LinearLayoutTest, RandomPseudoinverseIsRightInverse) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout layout = random(rng, {{"register", 3}, {"lane", 3}},
                                 {{"dim0", 2}, {"dim1", 2}}, true);
    LinearLayout pinv = layout.pseudoinvert();
    llvm::MapVector<StringAttr, int32_t> free = layout.getFreeVariableMasks();
    for (const Point &y : allInputs(pinv)) {
      Point x = pinv.apply(y);
      ASSERT_EQ(layout.apply(x), y);
      // The chosen preimage leaves every free variable at zero.
      for (auto [inDim, value] : x)
        ASSERT_EQ(value & free.lookup(inDim), 0);
    }
  }
}

TEST_F(LinearLayoutTest, RandomInvertAndComposeConverts) {
  std::mt19937 rng(4);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout src = random(rng, {{"register", 2}, {"lane", 3}},
                              {{"dim0", 2}, {"dim1", 2}}, false);
    LinearLayout dst = random(rng, {{"register", 3}, {"lane", 2}},
                              {{"dim1", 2}, {"dim0", 2}}, true);
    LinearLayout conversion = src.invertAndCompose(dst);
    for (const Point &x : allInputs(src)) {
      Point expected = src.apply(x);
      Point got = dst.apply(conversion.apply(x));
      // dst orders its outputs differently: (dim1, dim0).
      ASSERT_EQ(got.size(), 2u);
      EXPECT_EQ(got[0], expected[1]);
      EXPECT_EQ(got[1], expected[0]);
    }
  }
}

TEST_F(LinearLayoutTest, RandomComposeMatchesApplyingTwice) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout first = random(rng, {{"register", 2}, {"lane", 2}},
                                {{"dim0", 2}, {"dim1", 2}}, false);
    LinearLayout second =
        random(rng, {{"dim1", 2}, {"dim0", 2}}, {{"offset", 4}}, false);
    LinearLayout composed = first.compose(second);
    for (const Point &x : allInputs(first))
      ASSERT_EQ(composed.apply(x), second.apply(first.apply(x)));
  }
}

TEST_F(LinearLayoutTest, RandomReshapesRoundTrip) {
  std::mt19937 rng(6);
  for (int trial = 0; trial < 20; ++trial) {
    LinearLayout layout = random(rng, {{"register", 2}, {"lane", 3}},
                                 {{"dim0", 2}, {"dim1", 3}}, false);
    LinearLayout flatIns = layout.flattenIns();
    EXPECT_EQ(flatIns.getNumInDims(), 1);
    EXPECT_EQ(flatIns.reshapeIns(layout.getInDims()), layout);
    LinearLayout flatOuts = layout.flattenOuts();
    EXPECT_EQ(flatOuts.getNumOutDims(), 1);
    EXPECT_EQ(flatOuts.reshapeOuts(layout.getOutDims()), layout);
    for (const Point &x : allInputs(layout)) {
      Point y = layout.apply(x);
      ASSERT_EQ(flatOuts.apply(x),
                P({{"dim0", y[0].second + 4 * y[1].second}}));
    }
  }
}

//===----------------------------------------------------------------------===//
// A real layout
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, BlockedLayout) {
  LinearLayout layout = blocked();
  EXPECT_EQ(layout.getInDimSize(S("register")), 8);
  EXPECT_EQ(layout.getInDimSize(S("lane")), 32);
  EXPECT_EQ(layout.getInDimSize(S("warp")), 4);
  EXPECT_EQ(layout.getOutDimSize(S("dim0")), 16);
  EXPECT_EQ(layout.getOutDimSize(S("dim1")), 64);
  EXPECT_TRUE(layout.isInvertible());

  // register 5 = bits 0, 2 -> dim1 1 + 32; lane 13 = bits 0, 2, 3 -> dim1
  // 2 + 8, dim0 2; warp 3 -> dim1 16, dim0 8.
  EXPECT_EQ(layout.apply(P({{"register", 5}, {"lane", 13}, {"warp", 3}})),
            P({{"dim0", 10}, {"dim1", 59}}));
  EXPECT_EQ(layout.apply(P({{"register", 2}, {"lane", 31}, {"warp", 0}})),
            P({{"dim0", 7}, {"dim1", 14}}));
  EXPECT_EQ(layout.apply(P({{"register", 0}, {"lane", 1}, {"warp", 2}})),
            P({{"dim0", 8}, {"dim1", 2}}));

  // Every point against the closed form of the blocked layout.
  LinearLayout inverse = layout.invert();
  for (int32_t r = 0; r < 8; ++r)
    for (int32_t l = 0; l < 32; ++l)
      for (int32_t w = 0; w < 4; ++w) {
        int32_t d0 = ((r >> 1) & 1) + 2 * (l >> 3) + 8 * (w >> 1);
        int32_t d1 = (r & 1) + 2 * (l & 7) + 16 * (w & 1) + 32 * (r >> 2);
        Point in = P({{"register", r}, {"lane", l}, {"warp", w}});
        Point out = P({{"dim0", d0}, {"dim1", d1}});
        ASSERT_EQ(layout.apply(in), out);
        ASSERT_EQ(inverse.apply(out), in);
      }

  // Two consecutive dim1 elements per register run, once dim1 is first.
  EXPECT_EQ(
      layout.transposeOuts({S("dim1"), S("dim0")}).getNumConsecutiveInOut(), 2);
  EXPECT_EQ(layout.sublayout({S("lane")}, {S("dim1")}),
            LinearLayout({{S("lane"), {{2}, {4}, {8}, {0}, {0}}}},
                         {{S("dim1"), 64}}, /*requireSurjective=*/false));
}

} // namespace

//===- LinearLayout.h - F2-linear maps between index spaces -----*- C++ -*-===//
//
// The linear-layout algebra that every Trident layout is lowered to: a map
// from hardware index spaces ("register", "lane", "warp", "block") to tensor
// coordinates ("dim0", "dim1", ...) that is linear over F2, i.e. built from
// XOR. It follows the semantics of upstream Triton's `LinearLayout`
// (include/triton/Tools/LinearLayout.h) so that layout reasoning written for
// Triton carries over unchanged.
//
// Dimension names are `mlir::StringAttr`s, as upstream: uniqued and cheap to
// compare, and shared with the TritonGPU attributes. StringAttr lives in the
// core IR library, so this header depends on no dialect; callers only need an
// `mlir::MLIRContext` to create names (`StringAttr::get(ctx, "lane")`).
//
// Error handling. Debian's LLVM is built without assertions, so nothing here
// relies on `assert`. Every operation that can fail on data a user controls
// has a `try*` form that returns `std::nullopt` instead (`tryCreate`,
// `tryInvert`, `tryPseudoinvert`, `tryCompose`, `tryInvertAndCompose`,
// `tryApply`). The plain forms are documented preconditions: when one is
// violated they stop with `llvm::reportFatalUsageError` and a message naming
// the offending dimension, never with silent undefined behaviour. Sizes are
// int32_t as upstream, so one dimension holds at most 2^30 points; the F2
// algebra packs all bits of a layout into 64-bit words, and the total input
// and output sizes are limited to 2^62 so that they fit an int64_t.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_LAYOUT_LINEARLAYOUT_H
#define TRIDENT_LAYOUT_LINEARLAYOUT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::triton {

/// An F2-linear map from named input dimensions to named output dimensions.
///
/// Every dimension has a power-of-two size. An input dimension of size 2^k is
/// described by k basis vectors, one per bit of its index; each basis vector
/// holds one value per output dimension. The image of an input point is the
/// XOR of the basis vectors of all of its set bits, over all input dims:
///
///   L(x) = XOR_{inDim d, bit i of x[d] set} bases[d][i]
///
/// Dimension order matters: the first input (output) dimension is the most
/// minor when the dimensions are flattened into one (see `flattenIns`,
/// `reshapeIns`, `operator*`).
///
/// Example: a blocked layout with 2 registers per thread along dim1 and 4
/// lanes along dim1:
///
///   identity1D(2, "register", "dim1") * identity1D(4, "lane", "dim1")
///     register: [[1]]    lane: [[2], [4]]    out: dim1 (size 8)
class LinearLayout {
public:
  /// bases[inDim][i][j] is the value in output dimension j of the image of
  /// bit i of `inDim`.
  using BasesT = llvm::MapVector<StringAttr, std::vector<std::vector<int32_t>>>;

  //===--------------------------------------------------------------------===//
  // Construction
  //===--------------------------------------------------------------------===//

  /// The empty layout: no input and no output dimensions. It is the identity
  /// of `operator*`.
  LinearLayout() = default;
  static LinearLayout empty() { return LinearLayout(); }

  /// Builds a layout and infers each output size as the smallest power of two
  /// that holds every basis value. The result must be surjective (which the
  /// inferred sizes usually make it); precondition checked, see the banner.
  explicit LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames);

  /// Builds a layout with explicit output sizes (powers of two). Every basis
  /// must have one value per output dim, below that dim's size. With
  /// `requireSurjective`, every output point must be reachable.
  explicit LinearLayout(BasesT bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective);

  /// The same from a braced list, e.g.
  ///   LinearLayout({{S("lane"), {{1}, {2}}}}, {S("dim0")})
  /// Every in-dim may appear only once.
  using BasesList =
      ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>>;
  explicit LinearLayout(BasesList bases, ArrayRef<StringAttr> outDimNames);
  explicit LinearLayout(BasesList bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective);

  /// Non-failing forms of the constructors: std::nullopt (and a reason in
  /// `*error` when given) if the bases or sizes are invalid.
  static std::optional<LinearLayout> tryCreate(BasesT bases,
                                               ArrayRef<StringAttr> outDimNames,
                                               std::string *error = nullptr);
  static std::optional<LinearLayout>
  tryCreate(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
            bool requireSurjective, std::string *error = nullptr);
  static std::optional<LinearLayout> tryCreate(BasesList bases,
                                               ArrayRef<StringAttr> outDimNames,
                                               std::string *error = nullptr);
  static std::optional<LinearLayout>
  tryCreate(BasesList bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
            bool requireSurjective, std::string *error = nullptr);

  /// x -> x, for x in [0, size). `size` must be a power of two.
  static LinearLayout identity1D(int32_t size, StringAttr inDim,
                                 StringAttr outDim);
  /// x -> 0, for x in [0, size): broadcasting. The output dim gets
  /// `outDimSize` (default 1), so the result is surjective only when it is 1.
  static LinearLayout zeros1D(int32_t size, StringAttr inDim, StringAttr outDim,
                              int32_t outDimSize = 1);
  /// x -> x * stride, for x in [0, size); the output size is size * stride,
  /// so the result is surjective only when stride is 1. `size` and `stride`
  /// must be powers of two.
  static LinearLayout strided1D(int32_t size, int32_t stride, StringAttr inDim,
                                StringAttr outDim);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  const BasesT &getBases() const { return bases; }

  /// The image of bit `pos` of `inDim`: one value per output dim.
  ArrayRef<int32_t> getBasis(StringAttr inDim, int32_t pos) const;
  /// The component of that image along `outDim`.
  int32_t getBasis(StringAttr inDim, int32_t pos, StringAttr outDim) const;

  auto getInDimNames() const { return llvm::make_first_range(bases); }
  auto getOutDimNames() const { return llvm::make_first_range(outDims); }
  auto getOutDimSizes() const { return llvm::make_second_range(outDims); }
  /// (name, size) pairs, in order.
  SmallVector<std::pair<StringAttr, int32_t>> getInDims() const;
  SmallVector<std::pair<StringAttr, int32_t>> getOutDims() const;

  bool hasInDim(StringAttr inDim) const { return bases.contains(inDim); }
  bool hasOutDim(StringAttr outDim) const { return outDims.contains(outDim); }
  int32_t getNumInDims() const { return bases.size(); }
  int32_t getNumOutDims() const { return outDims.size(); }
  /// Position of a dimension in the order above.
  int32_t getInDimIndex(StringAttr inDim) const;
  int32_t getOutDimIndex(StringAttr outDim) const;

  int32_t getInDimSizeLog2(StringAttr inDim) const;
  int32_t getInDimSize(StringAttr inDim) const {
    return 1 << getInDimSizeLog2(inDim);
  }
  int32_t getOutDimSizeLog2(StringAttr outDim) const;
  int32_t getOutDimSize(StringAttr outDim) const {
    return 1 << getOutDimSizeLog2(outDim);
  }
  /// Sum over all dims; the totals themselves may not fit in 32 bits, hence
  /// the 64-bit sizes.
  int32_t getTotalInDimSizeLog2() const;
  int64_t getTotalInDimSize() const {
    return int64_t(1) << getTotalInDimSizeLog2();
  }
  int32_t getTotalOutDimSizeLog2() const;
  int64_t getTotalOutDimSize() const {
    return int64_t(1) << getTotalOutDimSizeLog2();
  }

  /// The dimension of the image of the map (over F2).
  int32_t getRank() const { return rank; }
  /// Every output point is the image of some input point.
  bool isSurjective() const { return rank == getTotalOutDimSizeLog2(); }
  /// No two input points share an image (no broadcasting).
  bool isInjective() const { return rank == getTotalInDimSizeLog2(); }
  /// Both; then `invert()` exists.
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// The number of consecutive elements of the first output dim that the
  /// first input dim covers before anything else changes it, e.g. the vector
  /// width of a register layout.
  int32_t getNumConsecutiveInOut() const;

  /// True if the layout ignores `dimNames` as inputs and leaves them unchanged
  /// as outputs, i.e. the named dims map x -> x independently of the rest.
  bool isTrivialOver(ArrayRef<StringAttr> dimNames) const;

  /// For each input dim, a mask of its "free" bits: bits whose basis is a
  /// linear combination of the bases of earlier bits (in dim order, then bit
  /// order). Setting a free bit never reaches a new output point, so e.g. the
  /// free lane bits of a layout are the lanes that hold duplicated data.
  llvm::MapVector<StringAttr, int32_t> getFreeVariableMasks() const;

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// Evaluates the map. `ins` must name every input dim exactly once, in any
  /// order; only the low log2(size) bits of each value are read. Returns one
  /// value per output dim, in output-dim order.
  SmallVector<std::pair<StringAttr, int32_t>>
  apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const;
  /// std::nullopt if `ins` does not name exactly the input dims.
  std::optional<SmallVector<std::pair<StringAttr, int32_t>>>
  tryApply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// Direct product. Input dims with the same name are concatenated, with
  /// `inner`'s bits low and `outer`'s bits high; output dims with the same
  /// name are likewise concatenated (outer's values are shifted past inner's
  /// size). Dims present in only one operand are carried over. The dim order
  /// of the result merges both operands' orders (inner's first where they do
  /// not constrain each other; inner's order wins if they conflict). A
  /// combined dim must stay within 2^30 (precondition).
  friend LinearLayout operator*(LinearLayout inner, LinearLayout outer);
  LinearLayout &operator*=(LinearLayout outer) {
    *this = *this * std::move(outer);
    return *this;
  }

  /// `outer` after `this`: x -> outer(this(x)). This's output dims must be
  /// exactly outer's input dims (any order), each no larger than outer's.
  LinearLayout compose(const LinearLayout &outer) const;
  std::optional<LinearLayout> tryCompose(const LinearLayout &outer) const;

  /// The inverse map (outputs become inputs). Requires `isInvertible()`.
  LinearLayout invert() const;
  std::optional<LinearLayout> tryInvert() const;

  /// A right inverse P of a surjective layout L: L(P(y)) == y for every
  /// output point y. Where L is not injective, P picks the preimage whose
  /// free variables (see getFreeVariableMasks) are zero.
  LinearLayout pseudoinvert() const;
  std::optional<LinearLayout> tryPseudoinvert() const;

  /// A layout C from this's inputs to outer's inputs with
  /// outer(C(x)) == this(x) for every x: "where does outer keep the element
  /// that this holds at x". `this` and `outer` must have the same output dims
  /// (any order, this's no larger), and outer's image must contain this's
  /// (always true when outer is surjective). Among the
  /// valid choices, an input bit of this that also exists in outer with the
  /// same image is mapped to itself (so equal layouts convert by the identity
  /// and broadcast bits stay in place); the rest follow `pseudoinvert`.
  LinearLayout invertAndCompose(const LinearLayout &outer) const;
  std::optional<LinearLayout>
  tryInvertAndCompose(const LinearLayout &outer) const;

  //===--------------------------------------------------------------------===//
  // Restructuring
  //===--------------------------------------------------------------------===//

  /// Reorders the dims; `newOrder` must be a permutation of the dim names.
  LinearLayout transposeIns(ArrayRef<StringAttr> newOrder) const;
  LinearLayout transposeOuts(ArrayRef<StringAttr> newOrder) const;

  /// Flattens the inputs (first dim most minor) and splits them again into
  /// `newInDims`, whose total size must equal the current one.
  LinearLayout
  reshapeIns(ArrayRef<std::pair<StringAttr, int32_t>> newInDims) const;
  /// Likewise for the outputs.
  LinearLayout
  reshapeOuts(ArrayRef<std::pair<StringAttr, int32_t>> newOutDims) const;
  /// Merges all input (output) dims into one, named after the first.
  LinearLayout flattenIns() const;
  LinearLayout flattenOuts() const;

  /// Keeps only the named dims (the result keeps this layout's order). Every
  /// name must exist.
  LinearLayout sublayout(ArrayRef<StringAttr> inDimNames,
                         ArrayRef<StringAttr> outDimNames) const;
  /// True if every basis of the sublayout is zero.
  bool sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                       ArrayRef<StringAttr> outDimNames) const;

  /// Drops the zero (broadcast) bases of `inDim`, shrinking it; a no-op if
  /// there is no such input dim.
  LinearLayout removeZeroBasesAlongDim(StringAttr inDim) const;

  /// Changes the size of `inDim` (a power of two): shrinking drops its high
  /// bits, growing adds zero (broadcast) bases.
  LinearLayout resizeInDim(StringAttr inDim, int32_t newSize) const;
  /// Changes the size of `outDim` (a power of two): shrinking reduces every
  /// value modulo the new size, growing only widens the range.
  LinearLayout resizeOutDim(StringAttr outDim, int32_t newSize) const;
  /// resizeInDim for each name that is an in-dim and resizeOutDim for each
  /// name that is an out-dim; every name must be one or the other.
  LinearLayout resize(ArrayRef<std::pair<StringAttr, int32_t>> newSizes) const;

  //===--------------------------------------------------------------------===//
  // Comparison and printing
  //===--------------------------------------------------------------------===//

  /// Same dims in the same order, same sizes and same bases.
  friend bool operator==(const LinearLayout &lhs, const LinearLayout &rhs);
  friend bool operator!=(const LinearLayout &lhs, const LinearLayout &rhs) {
    return !(lhs == rhs);
  }
  /// Like operator== but ignores output sizes.
  bool equalIgnoringOutDimSizes(const LinearLayout &other) const;

  /// A readable dump: one line per input bit, then the output dims.
  std::string toString() const;
  void print(llvm::raw_ostream &os) const;

private:
  /// Validates `bases`/`outDims` and computes `rank`; returns why they are
  /// invalid, or std::nullopt.
  std::optional<std::string>
  checkInvariantsAndComputeRank(bool requireSurjective);

  BasesT bases;
  llvm::MapVector<StringAttr, int32_t> outDims;
  int32_t rank = 0;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  layout.print(os);
  return os;
}

} // namespace mlir::triton

#endif // TRIDENT_LAYOUT_LINEARLAYOUT_H

//===- LinearLayout.cpp - F2-linear maps between index spaces -------------===//
//
// Implementation of the linear-layout algebra declared in
// trident/Layout/LinearLayout.h. All linear algebra over F2 is done on
// bit-packed words: every input bit of a layout becomes one column, the image
// of that bit with all output dims packed side by side (first output dim in
// the low bits), and Gaussian elimination runs on those columns.
//
//===----------------------------------------------------------------------===//

#include "trident/Layout/LinearLayout.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <array>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Sizes are int32_t, so a dimension holds at most 2^30 points.
constexpr int32_t kMaxDimSizeLog2 = 30;
/// Total sizes are int64_t, and all bits must fit one packed word.
constexpr int32_t kMaxTotalSizeLog2 = 62;

[[noreturn]] void fatal(const Twine &msg) {
  llvm::reportFatalUsageError("LinearLayout: " + msg);
}

/// A dim name for messages; null names (a caller's bug) print too.
std::string quoted(StringAttr name) {
  if (!name)
    return "<null>";
  return ("'" + name.getValue() + "'").str();
}

bool isValidSize(int64_t size, int32_t maxLog2 = kMaxDimSizeLog2) {
  return size > 0 && llvm::isPowerOf2_64(size) &&
         llvm::Log2_64(size) <= static_cast<unsigned>(maxLog2);
}

/// A row-echelon basis of F2 vectors up to 64 bits wide, kept by leading
/// (highest set) bit. Each stored vector remembers which of the inserted
/// vectors it is the XOR of, so `solve` can express any vector in the span
/// in terms of the inserted ones.
class EchelonBasis {
public:
  /// Adds `vec`, identified by the mask `origin`. Returns false (and stores
  /// nothing) if `vec` is already in the span of the earlier vectors.
  bool insert(uint64_t vec, uint64_t origin) {
    while (vec) {
      unsigned lead = llvm::Log2_64(vec);
      if (!rows[lead]) {
        rows[lead] = vec;
        origins[lead] = origin;
        return true;
      }
      vec ^= rows[lead];
      origin ^= origins[lead];
    }
    return false;
  }

  /// The XOR of the origins of inserted vectors whose sum is `target`, or
  /// std::nullopt if `target` is outside the span. Only vectors that were
  /// independent when inserted take part, so inputs that `insert` rejected
  /// (the free variables) are never used.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t origin = 0;
    while (target) {
      unsigned lead = llvm::Log2_64(target);
      if (!rows[lead])
        return std::nullopt;
      target ^= rows[lead];
      origin ^= origins[lead];
    }
    return origin;
  }

private:
  std::array<uint64_t, 64> rows{};
  std::array<uint64_t, 64> origins{};
};

/// Bit offsets of each output dim of `layout` in a packed output word,
/// indexed like the output dims.
SmallVector<int32_t> getOutDimShifts(const LinearLayout &layout) {
  SmallVector<int32_t> shifts;
  int32_t shift = 0;
  for (StringAttr outDim : layout.getOutDimNames()) {
    shifts.push_back(shift);
    shift += layout.getOutDimSizeLog2(outDim);
  }
  return shifts;
}

/// Packs one basis vector (one value per output dim) into a word.
uint64_t packBasis(ArrayRef<int32_t> basis, ArrayRef<int32_t> shifts) {
  uint64_t packed = 0;
  for (auto [value, shift] : llvm::zip_equal(basis, shifts))
    packed |= static_cast<uint64_t>(value) << shift;
  return packed;
}

/// The packed image of every input bit of `layout`, in input order: input
/// bit `c` of the packed input word is column `c`.
SmallVector<uint64_t> getColumns(const LinearLayout &layout) {
  SmallVector<int32_t> shifts = getOutDimShifts(layout);
  SmallVector<uint64_t> columns;
  for (const auto &[inDim, inDimBases] : layout.getBases())
    for (const std::vector<int32_t> &basis : inDimBases)
      columns.push_back(packBasis(basis, shifts));
  return columns;
}

/// Splits a packed input word of `layout` back into one value per input dim,
/// i.e. a basis vector of a layout whose output dims are `layout`'s inputs.
std::vector<int32_t> unpackInputs(const LinearLayout &layout, uint64_t word) {
  std::vector<int32_t> values;
  for (const auto &[inDim, inDimBases] : layout.getBases()) {
    uint64_t mask = (uint64_t(1) << inDimBases.size()) - 1;
    values.push_back(static_cast<int32_t>(word & mask));
    word >>= inDimBases.size();
  }
  return values;
}

/// Merges two dim orders into one that respects both when that is possible,
/// preferring `first`'s dims where the orders leave a choice. If the orders
/// conflict, returns `first` followed by `second`'s new dims.
SmallVector<StringAttr> mergeDimOrders(ArrayRef<StringAttr> first,
                                       ArrayRef<StringAttr> second) {
  SmallVector<StringAttr> merged;
  llvm::SmallDenseSet<StringAttr> placed;
  auto place = [&](StringAttr dim) {
    merged.push_back(dim);
    placed.insert(dim);
  };
  size_t i = 0, j = 0;
  bool conflict = false;
  while (i < first.size() || j < second.size()) {
    if (i < first.size() && placed.contains(first[i])) {
      ++i;
      continue;
    }
    if (j < second.size() && placed.contains(second[j])) {
      ++j;
      continue;
    }
    if (i == first.size()) {
      place(second[j++]);
      continue;
    }
    if (j == second.size()) {
      place(first[i++]);
      continue;
    }
    // first[i] may go now unless `second` wants it after second[j].
    if (!llvm::is_contained(second.drop_front(j + 1), first[i])) {
      place(first[i++]);
      continue;
    }
    if (!llvm::is_contained(first.drop_front(i + 1), second[j])) {
      place(second[j++]);
      continue;
    }
    conflict = true;
    break;
  }
  if (!conflict)
    return merged;
  merged.assign(first.begin(), first.end());
  for (StringAttr dim : second)
    if (!llvm::is_contained(first, dim))
      merged.push_back(dim);
  return merged;
}

/// Checks that `order` names each of `dims` exactly once.
std::optional<std::string> checkPermutation(ArrayRef<StringAttr> order,
                                            ArrayRef<StringAttr> dims,
                                            StringRef kind) {
  if (order.size() != dims.size())
    return ("expected " + Twine(dims.size()) + " " + kind + " dims, got " +
            Twine(order.size()))
        .str();
  llvm::SmallDenseSet<StringAttr> seen;
  for (StringAttr dim : order) {
    if (!dim || !llvm::is_contained(dims, dim))
      return ("unknown " + kind + " dim " + quoted(dim)).str();
    if (!seen.insert(dim).second)
      return ("duplicate " + kind + " dim " + quoted(dim)).str();
  }
  return std::nullopt;
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::optional<std::string>
LinearLayout::checkInvariantsAndComputeRank(bool requireSurjective) {
  int32_t totalOutLog2 = 0;
  for (const auto &[outDim, size] : outDims) {
    if (!outDim)
      return std::string("output dim with a null name");
    if (!isValidSize(size))
      return ("size " + Twine(size) + " of output dim " + quoted(outDim) +
              " is not a power of two in [1, 2^30]")
          .str();
    totalOutLog2 += llvm::Log2_32(size);
  }
  if (totalOutLog2 > kMaxTotalSizeLog2)
    return ("total output size 2^" + Twine(totalOutLog2) + " exceeds 2^62")
        .str();

  int32_t totalInLog2 = 0;
  for (const auto &[inDim, inDimBases] : bases) {
    if (!inDim)
      return std::string("input dim with a null name");
    if (inDimBases.size() > static_cast<size_t>(kMaxDimSizeLog2))
      return ("input dim " + quoted(inDim) + " has " +
              Twine(inDimBases.size()) + " bases; at most 30 are allowed")
          .str();
    totalInLog2 += inDimBases.size();
    for (const auto &[pos, basis] : llvm::enumerate(inDimBases)) {
      if (basis.size() != outDims.size())
        return ("basis " + Twine(pos) + " of input dim " + quoted(inDim) +
                " has " + Twine(basis.size()) + " values, expected one per " +
                "output dim (" + Twine(outDims.size()) + ")")
            .str();
      for (const auto &[value, outDim] : llvm::zip_equal(basis, outDims)) {
        if (value < 0 || value >= outDim.second)
          return ("basis " + Twine(pos) + " of input dim " + quoted(inDim) +
                  " has value " + Twine(value) + " for output dim " +
                  quoted(outDim.first) + " of size " + Twine(outDim.second))
              .str();
      }
    }
  }
  if (totalInLog2 > kMaxTotalSizeLog2)
    return ("total input size 2^" + Twine(totalInLog2) + " exceeds 2^62").str();

  EchelonBasis echelon;
  rank = 0;
  for (uint64_t column : getColumns(*this))
    if (echelon.insert(column, 0))
      ++rank;
  if (requireSurjective && rank != totalOutLog2)
    return ("layout is not surjective: its image has 2^" + Twine(rank) +
            " points but the output space has 2^" + Twine(totalOutLog2))
        .str();
  return std::nullopt;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesT bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective, std::string *error) {
  auto fail = [&](std::string why) -> std::optional<LinearLayout> {
    if (error)
      *error = std::move(why);
    return std::nullopt;
  };
  LinearLayout layout;
  for (const auto &[outDim, size] : outDims)
    if (!layout.outDims.insert({outDim, size}).second)
      return fail("duplicate output dim " + quoted(outDim));
  layout.bases = std::move(bases);
  if (std::optional<std::string> why =
          layout.checkInvariantsAndComputeRank(requireSurjective))
    return fail(std::move(*why));
  return layout;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesT bases, ArrayRef<StringAttr> outDimNames,
                        std::string *error) {
  // The smallest power of two above every value, as upstream; values the
  // size cannot hold are left for the full check to report.
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (StringAttr outDim : outDimNames)
    outDims.push_back({outDim, 1});
  for (const auto &[inDim, inDimBases] : bases) {
    for (const std::vector<int32_t> &basis : inDimBases) {
      if (basis.size() != outDims.size())
        continue;
      for (auto [value, outDim] : llvm::zip_equal(basis, outDims)) {
        if (value < 0 || value >= (1 << kMaxDimSizeLog2))
          continue;
        outDim.second = std::max<int32_t>(outDim.second,
                                          llvm::NextPowerOf2(uint64_t(value)));
      }
    }
  }
  return tryCreate(std::move(bases), outDims, /*requireSurjective=*/true,
                   error);
}

/// Turns a braced list of bases into the map, rejecting repeated in-dims
/// (which a map would silently merge).
static std::optional<LinearLayout::BasesT>
makeBasesMap(LinearLayout::BasesList list, std::string *error) {
  LinearLayout::BasesT bases;
  for (const auto &[inDim, inDimBases] : list) {
    if (!bases.insert({inDim, inDimBases}).second) {
      if (error)
        *error = "duplicate input dim " + quoted(inDim);
      return std::nullopt;
    }
  }
  return bases;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesList bases, ArrayRef<StringAttr> outDimNames,
                        std::string *error) {
  std::optional<BasesT> map = makeBasesMap(bases, error);
  if (!map)
    return std::nullopt;
  return tryCreate(std::move(*map), outDimNames, error);
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesList bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective, std::string *error) {
  std::optional<BasesT> map = makeBasesMap(bases, error);
  if (!map)
    return std::nullopt;
  return tryCreate(std::move(*map), outDims, requireSurjective, error);
}

LinearLayout::LinearLayout(BasesList bases, ArrayRef<StringAttr> outDimNames) {
  std::string error;
  std::optional<LinearLayout> layout = tryCreate(bases, outDimNames, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

LinearLayout::LinearLayout(BasesList bases,
                           ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                           bool requireSurjective) {
  std::string error;
  std::optional<LinearLayout> layout =
      tryCreate(bases, outDims, requireSurjective, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

LinearLayout::LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames) {
  std::string error;
  std::optional<LinearLayout> layout =
      tryCreate(std::move(bases), outDimNames, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

LinearLayout::LinearLayout(BasesT bases,
                           ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                           bool requireSurjective) {
  std::string error;
  std::optional<LinearLayout> layout =
      tryCreate(std::move(bases), outDims, requireSurjective, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringAttr inDim,
                                      StringAttr outDim) {
  return strided1D(size, /*stride=*/1, inDim, outDim);
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringAttr inDim,
                                   StringAttr outDim, int32_t outDimSize) {
  if (!isValidSize(size))
    fatal("zeros1D: size " + Twine(size) +
          " is not a power of two in [1, 2^30]");
  BasesT bases;
  bases[inDim] = std::vector<std::vector<int32_t>>(llvm::Log2_32(size),
                                                   std::vector<int32_t>{0});
  return LinearLayout(std::move(bases), {{outDim, outDimSize}},
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride,
                                     StringAttr inDim, StringAttr outDim) {
  if (!isValidSize(size) || !isValidSize(stride) ||
      llvm::Log2_32(size) + llvm::Log2_32(stride) > kMaxDimSizeLog2)
    fatal("strided1D: size " + Twine(size) + " and stride " + Twine(stride) +
          " must be powers of two with size * stride <= 2^30");
  std::vector<std::vector<int32_t>> inDimBases;
  for (int32_t i = 0; (int32_t(1) << i) < size; ++i)
    inDimBases.push_back({stride << i});
  BasesT bases;
  bases[inDim] = std::move(inDimBases);
  return LinearLayout(std::move(bases), {{outDim, size * stride}},
                      /*requireSurjective=*/false);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

ArrayRef<int32_t> LinearLayout::getBasis(StringAttr inDim, int32_t pos) const {
  auto it = bases.find(inDim);
  if (it == bases.end())
    fatal("getBasis: no input dim " + quoted(inDim));
  if (pos < 0 || static_cast<size_t>(pos) >= it->second.size())
    fatal("getBasis: input dim " + quoted(inDim) + " has no bit " + Twine(pos));
  return it->second[pos];
}

int32_t LinearLayout::getBasis(StringAttr inDim, int32_t pos,
                               StringAttr outDim) const {
  return getBasis(inDim, pos)[getOutDimIndex(outDim)];
}

SmallVector<std::pair<StringAttr, int32_t>> LinearLayout::getInDims() const {
  SmallVector<std::pair<StringAttr, int32_t>> dims;
  for (const auto &[inDim, inDimBases] : bases)
    dims.push_back({inDim, int32_t(1) << inDimBases.size()});
  return dims;
}

SmallVector<std::pair<StringAttr, int32_t>> LinearLayout::getOutDims() const {
  return SmallVector<std::pair<StringAttr, int32_t>>(outDims.begin(),
                                                     outDims.end());
}

int32_t LinearLayout::getInDimIndex(StringAttr inDim) const {
  auto it = bases.find(inDim);
  if (it == bases.end())
    fatal("no input dim " + quoted(inDim));
  return it - bases.begin();
}

int32_t LinearLayout::getOutDimIndex(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  if (it == outDims.end())
    fatal("no output dim " + quoted(outDim));
  return it - outDims.begin();
}

int32_t LinearLayout::getInDimSizeLog2(StringAttr inDim) const {
  auto it = bases.find(inDim);
  if (it == bases.end())
    fatal("no input dim " + quoted(inDim));
  return it->second.size();
}

int32_t LinearLayout::getOutDimSizeLog2(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  if (it == outDims.end())
    fatal("no output dim " + quoted(outDim));
  return llvm::Log2_32(it->second);
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &[inDim, inDimBases] : bases)
    total += inDimBases.size();
  return total;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &[outDim, size] : outDims)
    total += llvm::Log2_32(size);
  return total;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (bases.empty() || outDims.empty())
    return 1;
  // The leading bits of the first in-dim that map to 1, 2, 4, ... of the
  // first out-dim and nothing else.
  const std::vector<std::vector<int32_t>> &firstBases = bases.front().second;
  size_t consecutive = 0;
  for (; consecutive < firstBases.size(); ++consecutive) {
    const std::vector<int32_t> &basis = firstBases[consecutive];
    if (basis[0] != (int32_t(1) << consecutive) ||
        llvm::any_of(ArrayRef(basis).drop_front(),
                     [](int32_t v) { return v != 0; }))
      break;
  }
  // Any other bit that touches a low bit of the first out-dim interleaves
  // with that run and cuts it short.
  int32_t otherBits = 0;
  for (const auto &[idx, entry] : llvm::enumerate(bases))
    for (const auto &[pos, basis] : llvm::enumerate(entry.second))
      if (idx != 0 || pos >= consecutive)
        otherBits |= basis[0];
  int32_t limit =
      otherBits ? llvm::countr_zero(uint32_t(otherBits)) : kMaxDimSizeLog2;
  return int32_t(1) << std::min<int32_t>(consecutive, limit);
}

bool LinearLayout::isTrivialOver(ArrayRef<StringAttr> dimNames) const {
  for (StringAttr dim : dimNames)
    if (!hasInDim(dim) || !hasOutDim(dim) ||
        getInDimSize(dim) != getOutDimSize(dim))
      return false;
  // Each named in-dim must be the identity on its own out-dim and zero on
  // every other out-dim, and no other in-dim may reach a named out-dim.
  for (const auto &[inDim, inDimBases] : bases) {
    bool named = llvm::is_contained(dimNames, inDim);
    for (const auto &[pos, basis] : llvm::enumerate(inDimBases)) {
      for (const auto &[value, outDim] : llvm::zip_equal(basis, outDims)) {
        int32_t expected = 0;
        if (named && outDim.first == inDim)
          expected = int32_t(1) << pos;
        bool checked = named || llvm::is_contained(dimNames, outDim.first);
        if (checked && value != expected)
          return false;
      }
    }
  }
  return true;
}

llvm::MapVector<StringAttr, int32_t>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<uint64_t> columns = getColumns(*this);
  EchelonBasis echelon;
  llvm::MapVector<StringAttr, int32_t> masks;
  size_t column = 0;
  for (const auto &[inDim, inDimBases] : bases) {
    int32_t mask = 0;
    for (size_t pos = 0; pos < inDimBases.size(); ++pos, ++column)
      if (!echelon.insert(columns[column], 0))
        mask |= int32_t(1) << pos;
    masks[inDim] = mask;
  }
  return masks;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

std::optional<SmallVector<std::pair<StringAttr, int32_t>>>
LinearLayout::tryApply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const {
  if (ins.size() != bases.size())
    return std::nullopt;
  llvm::SmallDenseSet<StringAttr> seen;
  for (const auto &[inDim, value] : ins)
    if (!hasInDim(inDim) || !seen.insert(inDim).second)
      return std::nullopt;

  SmallVector<int32_t> result(outDims.size(), 0);
  for (const auto &[inDim, value] : ins) {
    const std::vector<std::vector<int32_t>> &inDimBases =
        bases.find(inDim)->second;
    for (const auto &[pos, basis] : llvm::enumerate(inDimBases)) {
      if (!((uint32_t(value) >> pos) & 1))
        continue;
      for (auto [out, b] : llvm::zip_equal(result, basis))
        out ^= b;
    }
  }
  SmallVector<std::pair<StringAttr, int32_t>> named;
  for (auto [outDim, value] : llvm::zip_equal(getOutDimNames(), result))
    named.push_back({outDim, value});
  return named;
}

SmallVector<std::pair<StringAttr, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const {
  std::optional<SmallVector<std::pair<StringAttr, int32_t>>> result =
      tryApply(ins);
  if (!result) {
    std::string names;
    for (const auto &[inDim, value] : ins)
      names += (names.empty() ? "" : ", ") + quoted(inDim);
    fatal("apply: the arguments (" + names +
          ") must name each input dim exactly once");
  }
  return std::move(*result);
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

namespace mlir::triton {
LinearLayout operator*(LinearLayout inner, LinearLayout outer) {
  SmallVector<StringAttr> inDimOrder =
      mergeDimOrders(llvm::to_vector(inner.getInDimNames()),
                     llvm::to_vector(outer.getInDimNames()));
  SmallVector<StringAttr> outDimOrder =
      mergeDimOrders(llvm::to_vector(inner.getOutDimNames()),
                     llvm::to_vector(outer.getOutDimNames()));

  auto inLog2 = [](const LinearLayout &l, StringAttr dim) {
    return l.hasInDim(dim) ? l.getInDimSizeLog2(dim) : 0;
  };
  auto outLog2 = [](const LinearLayout &l, StringAttr dim) {
    return l.hasOutDim(dim) ? l.getOutDimSizeLog2(dim) : 0;
  };
  // Check sizes before shifting so that the shifts below cannot overflow.
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (StringAttr outDim : outDimOrder) {
    int32_t log2 = outLog2(inner, outDim) + outLog2(outer, outDim);
    if (log2 > kMaxDimSizeLog2)
      fatal("operator*: output dim " + quoted(outDim) + " would have size 2^" +
            Twine(log2));
    outDims.push_back({outDim, int32_t(1) << log2});
  }
  for (StringAttr inDim : inDimOrder) {
    int32_t log2 = inLog2(inner, inDim) + inLog2(outer, inDim);
    if (log2 > kMaxDimSizeLog2)
      fatal("operator*: input dim " + quoted(inDim) + " would have size 2^" +
            Twine(log2));
  }

  // Scatters one operand's basis into the result's out-dims, shifting each
  // value past `shiftOf(outDim)` low bits.
  auto widen = [&](const LinearLayout &l, ArrayRef<int32_t> basis,
                   auto shiftOf) {
    std::vector<int32_t> wide(outDimOrder.size(), 0);
    for (auto [idx, outDim] : llvm::enumerate(outDimOrder))
      if (l.hasOutDim(outDim))
        wide[idx] = basis[l.getOutDimIndex(outDim)] << shiftOf(outDim);
    return wide;
  };
  LinearLayout::BasesT bases;
  for (StringAttr inDim : inDimOrder) {
    std::vector<std::vector<int32_t>> &inDimBases = bases[inDim];
    if (inner.hasInDim(inDim))
      for (const std::vector<int32_t> &basis :
           inner.getBases().find(inDim)->second)
        inDimBases.push_back(widen(inner, basis, [](StringAttr) { return 0; }));
    if (outer.hasInDim(inDim))
      for (const std::vector<int32_t> &basis :
           outer.getBases().find(inDim)->second)
        inDimBases.push_back(widen(outer, basis, [&](StringAttr outDim) {
          return outLog2(inner, outDim);
        }));
  }
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}
} // namespace mlir::triton

std::optional<LinearLayout>
LinearLayout::tryCompose(const LinearLayout &outer) const {
  if (getNumOutDims() != outer.getNumInDims())
    return std::nullopt;
  for (const auto &[outDim, size] : outDims)
    if (!outer.hasInDim(outDim) || size > outer.getInDimSize(outDim))
      return std::nullopt;

  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    std::vector<std::vector<int32_t>> &newInDimBases = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      SmallVector<std::pair<StringAttr, int32_t>> point;
      for (auto [outDim, value] : llvm::zip_equal(getOutDimNames(), basis))
        point.push_back({outDim, value});
      std::vector<int32_t> image;
      for (const auto &[outDim, value] : outer.apply(point))
        image.push_back(value);
      newInDimBases.push_back(std::move(image));
    }
  }
  return tryCreate(std::move(newBases), outer.getOutDims(),
                   /*requireSurjective=*/false);
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  std::optional<LinearLayout> result = tryCompose(outer);
  if (!result)
    fatal("compose: the output dims of " + toString() +
          "\nmust be the input dims of " + outer.toString() +
          "\nand no larger");
  return std::move(*result);
}

/// The core of invertAndCompose: a layout C with outer(C(x)) == from(x). With
/// `keepMatchingBits`, a bit of `from` that outer has under the same name and
/// with the same image maps to itself; every other bit maps to the preimage
/// whose free variables are zero.
static std::optional<LinearLayout> solveThrough(const LinearLayout &from,
                                                const LinearLayout &outer,
                                                bool keepMatchingBits) {
  if (from.getNumOutDims() != outer.getNumOutDims())
    return std::nullopt;
  for (const auto &[outDim, size] : from.getOutDims())
    if (!outer.hasOutDim(outDim) || size > outer.getOutDimSize(outDim))
      return std::nullopt;

  // Eliminate outer's columns in input order, so that the earliest input
  // bits become the pivots and later dependent bits stay zero in solutions.
  SmallVector<uint64_t> outerColumns = getColumns(outer);
  EchelonBasis echelon;
  for (auto [column, image] : llvm::enumerate(outerColumns))
    echelon.insert(image, uint64_t(1) << column);

  // Where each of from's out-dims sits in outer's packed output word.
  SmallVector<int32_t> outerShifts = getOutDimShifts(outer);
  SmallVector<int32_t> shifts;
  for (StringAttr outDim : from.getOutDimNames())
    shifts.push_back(outerShifts[outer.getOutDimIndex(outDim)]);
  // Where each of outer's in-dims starts in its packed input word.
  llvm::SmallDenseMap<StringAttr, int32_t> outerInOffsets;
  int32_t offset = 0;
  for (const auto &[inDim, inDimBases] : outer.getBases()) {
    outerInOffsets[inDim] = offset;
    offset += inDimBases.size();
  }

  LinearLayout::BasesT newBases;
  for (const auto &[inDim, inDimBases] : from.getBases()) {
    std::vector<std::vector<int32_t>> &newInDimBases = newBases[inDim];
    for (const auto &[pos, basis] : llvm::enumerate(inDimBases)) {
      uint64_t target = packBasis(basis, shifts);
      std::optional<uint64_t> preimage;
      // Keep a bit where it is if outer gives it the same image: the
      // conversion then leaves matching registers, lanes, and broadcast
      // copies alone.
      if (keepMatchingBits && outer.hasInDim(inDim) &&
          static_cast<int32_t>(pos) < outer.getInDimSizeLog2(inDim)) {
        int32_t column = outerInOffsets[inDim] + pos;
        if (outerColumns[column] == target)
          preimage = uint64_t(1) << column;
      }
      if (!preimage)
        preimage = echelon.solve(target);
      if (!preimage)
        return std::nullopt;
      newInDimBases.push_back(unpackInputs(outer, *preimage));
    }
  }
  return LinearLayout::tryCreate(std::move(newBases), outer.getInDims(),
                                 /*requireSurjective=*/false);
}

std::optional<LinearLayout>
LinearLayout::tryInvertAndCompose(const LinearLayout &outer) const {
  return solveThrough(*this, outer, /*keepMatchingBits=*/true);
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  std::optional<LinearLayout> result = tryInvertAndCompose(outer);
  if (!result)
    fatal("invertAndCompose: " + toString() +
          "\ndoes not map into the image of " + outer.toString() +
          "\nor their output dims differ");
  return std::move(*result);
}

std::optional<LinearLayout> LinearLayout::tryPseudoinvert() const {
  if (!isSurjective())
    return std::nullopt;
  // The identity on this layout's outputs, solved through this layout, is a
  // right inverse.
  LinearLayout identity;
  for (const auto &[outDim, size] : outDims)
    identity *= identity1D(size, outDim, outDim);
  return solveThrough(identity, *this, /*keepMatchingBits=*/false);
}

LinearLayout LinearLayout::pseudoinvert() const {
  std::optional<LinearLayout> result = tryPseudoinvert();
  if (!result)
    fatal("pseudoinvert: the layout is not surjective:\n" + toString());
  return std::move(*result);
}

std::optional<LinearLayout> LinearLayout::tryInvert() const {
  if (!isInvertible())
    return std::nullopt;
  return tryPseudoinvert();
}

LinearLayout LinearLayout::invert() const {
  std::optional<LinearLayout> result = tryInvert();
  if (!result)
    fatal("invert: the layout is not invertible:\n" + toString());
  return std::move(*result);
}

//===----------------------------------------------------------------------===//
// Restructuring
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::transposeIns(ArrayRef<StringAttr> newOrder) const {
  if (std::optional<std::string> why =
          checkPermutation(newOrder, llvm::to_vector(getInDimNames()), "input"))
    fatal("transposeIns: " + *why);
  BasesT newBases;
  for (StringAttr inDim : newOrder)
    newBases[inDim] = bases.find(inDim)->second;
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<StringAttr> newOrder) const {
  if (std::optional<std::string> why = checkPermutation(
          newOrder, llvm::to_vector(getOutDimNames()), "output"))
    fatal("transposeOuts: " + *why);
  SmallVector<int32_t> permutation;
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims;
  for (StringAttr outDim : newOrder) {
    permutation.push_back(getOutDimIndex(outDim));
    newOutDims.push_back({outDim, getOutDimSize(outDim)});
  }
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    std::vector<std::vector<int32_t>> &newInDimBases = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      std::vector<int32_t> permuted;
      for (int32_t idx : permutation)
        permuted.push_back(basis[idx]);
      newInDimBases.push_back(std::move(permuted));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

/// Checks that `dims` are distinct, power-of-two sized dims whose sizes
/// multiply to 2^totalLog2.
static std::optional<std::string>
checkReshape(ArrayRef<std::pair<StringAttr, int32_t>> dims, int32_t totalLog2) {
  llvm::SmallDenseSet<StringAttr> seen;
  int32_t log2 = 0;
  for (const auto &[dim, size] : dims) {
    if (!dim)
      return std::string("dim with a null name");
    if (!seen.insert(dim).second)
      return "duplicate dim " + quoted(dim);
    if (!isValidSize(size))
      return ("size " + Twine(size) + " of dim " + quoted(dim) +
              " is not a power of two in [1, 2^30]")
          .str();
    log2 += llvm::Log2_32(size);
  }
  if (log2 != totalLog2)
    return ("total size 2^" + Twine(log2) + " differs from the layout's 2^" +
            Twine(totalLog2))
        .str();
  return std::nullopt;
}

LinearLayout LinearLayout::reshapeIns(
    ArrayRef<std::pair<StringAttr, int32_t>> newInDims) const {
  if (std::optional<std::string> why =
          checkReshape(newInDims, getTotalInDimSizeLog2()))
    fatal("reshapeIns: " + *why);
  // Input bits keep their flattened order; only the dim boundaries move.
  std::vector<std::vector<int32_t>> flatBases;
  for (const auto &[inDim, inDimBases] : bases)
    llvm::append_range(flatBases, inDimBases);
  BasesT newBases;
  auto next = flatBases.begin();
  for (const auto &[inDim, size] : newInDims) {
    auto end = next + llvm::Log2_32(size);
    newBases[inDim] = std::vector<std::vector<int32_t>>(next, end);
    next = end;
  }
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::reshapeOuts(
    ArrayRef<std::pair<StringAttr, int32_t>> newOutDims) const {
  if (std::optional<std::string> why =
          checkReshape(newOutDims, getTotalOutDimSizeLog2()))
    fatal("reshapeOuts: " + *why);
  // Pack each image with the old boundaries and unpack it with the new ones.
  SmallVector<int32_t> shifts = getOutDimShifts(*this);
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    std::vector<std::vector<int32_t>> &newInDimBases = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      uint64_t packed = packBasis(basis, shifts);
      std::vector<int32_t> split;
      for (const auto &[outDim, size] : newOutDims) {
        split.push_back(static_cast<int32_t>(packed & (uint64_t(size) - 1)));
        packed >>= llvm::Log2_32(size);
      }
      newInDimBases.push_back(std::move(split));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::flattenIns() const {
  if (bases.empty())
    return *this;
  int32_t log2 = getTotalInDimSizeLog2();
  if (log2 > kMaxDimSizeLog2)
    fatal("flattenIns: total input size 2^" + Twine(log2) +
          " does not fit one dim");
  return reshapeIns({{bases.front().first, int32_t(1) << log2}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims.empty())
    return *this;
  int32_t log2 = getTotalOutDimSizeLog2();
  if (log2 > kMaxDimSizeLog2)
    fatal("flattenOuts: total output size 2^" + Twine(log2) +
          " does not fit one dim");
  return reshapeOuts({{outDims.front().first, int32_t(1) << log2}});
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringAttr> inDimNames,
                                     ArrayRef<StringAttr> outDimNames) const {
  for (StringAttr inDim : inDimNames)
    if (!hasInDim(inDim))
      fatal("sublayout: no input dim " + quoted(inDim));
  for (StringAttr outDim : outDimNames)
    if (!hasOutDim(outDim))
      fatal("sublayout: no output dim " + quoted(outDim));

  SmallVector<int32_t> keptOuts;
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims;
  for (const auto &[idx, entry] : llvm::enumerate(outDims)) {
    if (!llvm::is_contained(outDimNames, entry.first))
      continue;
    keptOuts.push_back(idx);
    newOutDims.push_back(entry);
  }
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    if (!llvm::is_contained(inDimNames, inDim))
      continue;
    std::vector<std::vector<int32_t>> &newInDimBases = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      std::vector<int32_t> kept;
      for (int32_t idx : keptOuts)
        kept.push_back(basis[idx]);
      newInDimBases.push_back(std::move(kept));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

bool LinearLayout::sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                                   ArrayRef<StringAttr> outDimNames) const {
  LinearLayout sub = sublayout(inDimNames, outDimNames);
  for (const auto &[inDim, inDimBases] : sub.bases)
    for (const std::vector<int32_t> &basis : inDimBases)
      if (llvm::any_of(basis, [](int32_t v) { return v != 0; }))
        return false;
  return true;
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(StringAttr inDim) const {
  BasesT newBases = bases;
  auto it = newBases.find(inDim);
  if (it == newBases.end())
    return *this;
  llvm::erase_if(it->second, [](const std::vector<int32_t> &basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  });
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeInDim(StringAttr inDim,
                                       int32_t newSize) const {
  if (!hasInDim(inDim))
    fatal("resizeInDim: no input dim " + quoted(inDim));
  if (!isValidSize(newSize))
    fatal("resizeInDim: size " + Twine(newSize) +
          " is not a power of two in [1, 2^30]");
  BasesT newBases = bases;
  newBases[inDim].resize(llvm::Log2_32(newSize),
                         std::vector<int32_t>(outDims.size(), 0));
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeOutDim(StringAttr outDim,
                                        int32_t newSize) const {
  if (!hasOutDim(outDim))
    fatal("resizeOutDim: no output dim " + quoted(outDim));
  if (!isValidSize(newSize))
    fatal("resizeOutDim: size " + Twine(newSize) +
          " is not a power of two in [1, 2^30]");
  int32_t idx = getOutDimIndex(outDim);
  BasesT newBases = bases;
  for (auto &[inDim, inDimBases] : newBases)
    for (std::vector<int32_t> &basis : inDimBases)
      basis[idx] &= newSize - 1;
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims = getOutDims();
  newOutDims[idx].second = newSize;
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

LinearLayout
LinearLayout::resize(ArrayRef<std::pair<StringAttr, int32_t>> newSizes) const {
  LinearLayout result = *this;
  for (const auto &[dim, size] : newSizes) {
    if (!hasInDim(dim) && !hasOutDim(dim))
      fatal("resize: no input or output dim " + quoted(dim));
    if (hasInDim(dim))
      result = result.resizeInDim(dim, size);
    if (hasOutDim(dim))
      result = result.resizeOutDim(dim, size);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

bool LinearLayout::equalIgnoringOutDimSizes(const LinearLayout &other) const {
  return llvm::equal(getOutDimNames(), other.getOutDimNames()) &&
         llvm::equal(bases, other.bases);
}

namespace mlir::triton {
bool operator==(const LinearLayout &lhs, const LinearLayout &rhs) {
  return lhs.equalIgnoringOutDimSizes(rhs) &&
         llvm::equal(lhs.outDims, rhs.outDims);
}
} // namespace mlir::triton

void LinearLayout::print(llvm::raw_ostream &os) const {
  auto printTuple = [&](ArrayRef<int32_t> values) {
    os << "(";
    llvm::interleaveComma(values, os);
    os << ")";
  };
  for (const auto &[inDim, inDimBases] : bases) {
    for (const auto &[pos, basis] : llvm::enumerate(inDimBases)) {
      os << (pos == 0 ? " - " : "   ") << inDim.getValue() << "="
         << (int64_t(1) << pos) << " -> ";
      printTuple(basis);
      os << "\n";
    }
    if (inDimBases.empty())
      os << " - " << inDim.getValue() << " is a size 1 dimension\n";
  }
  os << "where out dims are: [";
  llvm::interleaveComma(outDims, os, [&](const auto &entry) {
    os << entry.first.getValue() << " (size " << entry.second << ")";
  });
  os << "]";
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

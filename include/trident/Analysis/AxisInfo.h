//===- AxisInfo.h - Divisibility, contiguity and constancy ------*- C++ -*-===//
//
// What the compiler knows about the integer and pointer values of a kernel,
// per tensor dimension: how many consecutive elements increase by one
// (contiguity), which power of two the first element of such a run is a
// multiple of (divisibility), and how many consecutive elements are equal
// (constancy). Vectorised loads and stores, coalescing and mask handling are
// decided from these three numbers.
//
// The analysis is a sparse forward data-flow analysis over tt, ttg, arith and
// scf (loops and branches included) and over calls: a private function's
// arguments join what its call sites pass. Kernel arguments and operations
// carry user hints (`tt.divisibility`, `tt.contiguity`, `tt.constancy`).
// Other dialects' ops (a plugin's) join through trident::AxisInfoOpInterface.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_ANALYSIS_AXISINFO_H
#define TRIDENT_ANALYSIS_AXISINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>

namespace trident {

/// The axis information of one value. Scalars are described as tensors of
/// rank 1 and one element. Each vector has one entry per dimension:
///
/// - contiguity[d] = c: along d, the tensor splits into runs of c elements
///   (starting at multiples of c) in which each element is the previous plus
///   one;
/// - divisibility[d] = v: the first element of each such run is a multiple of
///   v, a power of two (for pointers, v is in bytes);
/// - constancy[d] = k: along d, the tensor splits into runs of k equal
///   elements (starting at multiples of k).
///
/// `make_range 0..128` is {contiguity 128, divisibility 2^62 (0 is a
/// multiple of everything), constancy 1}; a splat of a kernel argument with
/// `tt.divisibility = 16` is {1, 16, size of the tensor}.
class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  /// The largest divisibility recorded: what a constant 0 gets.
  static constexpr int64_t kMaxDivisor = int64_t(1) << 62;

  /// The uninitialized state (rank 0), the identity of join.
  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  /// What is known of a value of `type` with no information: all ones.
  static AxisInfo getPessimisticValueState(mlir::Type type);
  /// The state of a function argument or an operation's result: the
  /// pessimistic state refined by the `tt.divisibility`, `tt.contiguity` and
  /// `tt.constancy` hints in `hints` (an argument's or an operation's
  /// attribute dictionary), if any.
  static AxisInfo getPessimisticValueState(mlir::Type type,
                                           mlir::DictionaryAttr hints);

  /// The most precise facts true of both `lhs` and `rhs`.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  int64_t getContiguity(size_t dim) const { return contiguity[dim]; }
  int64_t getDivisibility(size_t dim) const { return divisibility[dim]; }
  int64_t getConstancy(size_t dim) const { return constancy[dim]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  unsigned getRank() const { return contiguity.size(); }
  /// The value of every element, when it is a known integer.
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  bool isInitialized() const { return !contiguity.empty(); }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }
  bool operator!=(const AxisInfo &other) const { return !(*this == other); }

  /// Prints `contiguity = [..], divisibility = [..], constancy = [..],
  /// constant_value = <n|none>`.
  void print(llvm::raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
};

/// Runs the axis analysis over every function of a module (callees through
/// their call sites) and keeps the result of every integer and pointer value.
/// Built once per module; the IR must not change while it is used.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(mlir::ModuleOp module);

  /// The information of `value`, or null when the analysis did not reach it
  /// (dead code, or a value of a type it does not track).
  AxisInfo *getAxisInfo(mlir::Value value);

  /// The number of consecutive elements of a tensor of pointers (or
  /// integers) that one thread holds and that are contiguous in memory and
  /// aligned: what a vectorised access may cover. Uses the layout's fastest
  /// dimension (the row-major order for a tensor without layout). 1 for
  /// scalars.
  unsigned getContiguity(mlir::Value ptrOrTensor);

  /// How many elements the pointers of `ptr` are aligned and contiguous to,
  /// along the layout's fastest dimension: min(contiguity, divisibility in
  /// bytes / element size). 1 for scalars.
  unsigned getPtrAlignment(mlir::Value ptr);

  /// How many consecutive elements of the mask `mask` are known equal along
  /// the layout's fastest dimension. 1 for scalars.
  unsigned getMaskAlignment(mlir::Value mask);

private:
  llvm::DenseMap<mlir::Value, AxisInfo> infos;
};

} // namespace trident

/// trident::AxisInfoOpInterface (AxisInfoInterface.td): the facts of a
/// plugin's op, which the analysis asks before its default rules.
#include "trident/Analysis/AxisInfoInterface.h.inc"

#endif // TRIDENT_ANALYSIS_AXISINFO_H

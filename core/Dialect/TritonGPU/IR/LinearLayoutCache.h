//===- LinearLayoutCache.h - Linear layouts computed once -------*- C++ -*-===//
//
// Private to the ttg dialect: the linear layout of each (layout, shape) pair
// a context has asked for, kept by the dialect as one of its interfaces (so
// that it lives and dies with the context). Every verification of an op with
// tensors, every lowering pattern and every analysis converts the same few
// layouts again and again; converting one builds maps of bases, which made
// verification alone most of the ttgir stage's time.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_DIALECT_TRITONGPU_IR_LINEARLAYOUTCACHE_H
#define TRIDENT_CORE_DIALECT_TRITONGPU_IR_LINEARLAYOUTCACHE_H

#include "trident/Layout/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <mutex>
#include <optional>
#include <string>

namespace mlir::triton::gpu::detail {

class LinearLayoutCache : public DialectInterface::Base<LinearLayoutCache> {
public:
  explicit LinearLayoutCache(Dialect *dialect) : Base(dialect) {}

  using Compute =
      llvm::function_ref<std::optional<LinearLayout>(std::string *error)>;

  /// The linear layout of `layout` over `shape` (or why there is none, in
  /// `error`), computed by `compute` the first time it is asked for. Safe to
  /// call from several threads; `compute` runs unlocked, as converting one
  /// layout converts its parents through this cache.
  std::optional<LinearLayout> getOrCompute(ArrayRef<int64_t> shape,
                                           Attribute layout, std::string *error,
                                           Compute compute);

private:
  struct Entry {
    SmallVector<int64_t, 4> shape;
    std::optional<LinearLayout> layout;
    std::string error;
  };

  std::mutex mutex;
  /// A layout is used with few shapes: a short list each.
  llvm::DenseMap<Attribute, SmallVector<Entry, 1>> entries;
};

} // namespace mlir::triton::gpu::detail

#endif // TRIDENT_CORE_DIALECT_TRITONGPU_IR_LINEARLAYOUTCACHE_H

//===- LinearLayoutConversions.h - ttg layouts as linear layouts -*- C++
//-*-===//
//
// Turns any ttg layout into the linear layout it stands for, for a given
// tensor shape:
//
//   distributed layouts: (register, lane, warp, block) -> (dim0, dim1, ...)
//   shared layouts:      (offset, block)               -> (dim0, dim1, ...)
//
// The core layouts are converted here; any other layout (a plugin's) through
// DistributedEncodingTrait::toLinearLayout or SharedEncodingTrait::
// toLinearLayout. The building blocks that plugin conversions need
// (standard dimension names, CTA/CGA combination, shape fitting) are public.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
#define TRIDENT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Layout/LinearLayout.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace mlir::triton::gpu {

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The linear layout of `layout` for a tensor (or buffer) of `shape`, or
/// std::nullopt, with the reason in `*error` when given, if the layout is not
/// a ttg layout, its rank differs from the shape's, a dimension is not a
/// positive power of two, or the layout cannot describe that shape.
std::optional<LinearLayout> tryToLinearLayout(ArrayRef<int64_t> shape,
                                              Attribute layout,
                                              std::string *error = nullptr);

/// As tryToLinearLayout, for callers that have verified the IR: a failure is
/// a programming error and stops with a fatal usage error naming the layout.
LinearLayout toLinearLayout(ArrayRef<int64_t> shape, Attribute layout);
/// The layout of a tensor type (which must have an encoding).
LinearLayout toLinearLayout(RankedTensorType type);
/// The layout of a memory descriptor, over its allocation shape. A layout of
/// lower rank than the descriptor describes its trailing dimensions; the
/// leading ones are laid out one copy after the other (most major).
LinearLayout toLinearLayout(MemDescType type);
std::optional<LinearLayout> tryToLinearLayout(MemDescType type,
                                              std::string *error = nullptr);

/// The `#ttg.linear` layout equivalent to a distributed `layout` for `shape`.
LinearEncodingAttr toLinearEncoding(ArrayRef<int64_t> shape, Attribute layout);
LinearEncodingAttr toLinearEncoding(RankedTensorType type);

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// "dim0", "dim1", ... "dim<rank-1>".
SmallVector<StringAttr> standardOutDimNames(MLIRContext *ctx, unsigned rank);
/// (dim<i>, shape[i]) pairs.
SmallVector<std::pair<StringAttr, int32_t>>
standardOutDimPairs(MLIRContext *ctx, ArrayRef<int64_t> shape);

/// The identity from `inDim` onto an N-d shape: the index of `inDim` walks
/// the dimensions in `order` (fastest first), covering `shape`.
LinearLayout identityStandardND(StringAttr inDim, ArrayRef<unsigned> shape,
                                ArrayRef<unsigned> order);

/// The map from `block` to the tensor coordinates described by a CTA layout.
LinearLayout makeCgaLayout(CTALayoutAttr layout);

/// Combines the layout of one CTA (any input dims but `block`, output dims
/// dim0...) with the CGA layout and fits the result to `shape`: dimensions
/// the CTA layout does not cover are repeated in registers, dimensions it
/// over-covers are broadcast.
LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout,
                                    CTALayoutAttr cgaLayout,
                                    ArrayRef<int64_t> shape);

/// Makes each output dimension no larger than `shape` says by zeroing the
/// bases that reach past it; register bases that become zero are dropped
/// when `broadcastRegisters` is true (no register holds a duplicate).
LinearLayout
ensureLayoutNotLargerThan(const LinearLayout &layout,
                          const llvm::SmallDenseMap<StringAttr, int64_t> &shape,
                          bool broadcastRegisters = true);

/// Makes each output dimension at least as large as `shape` says by
/// repeating the layout along it in registers.
LinearLayout ensureLayoutNotSmallerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape);

/// The swizzled shared layout of a buffer of `shape` (rank of the layout).
LinearLayout swizzledSharedToLinearLayout(ArrayRef<int64_t> shape,
                                          SwizzledSharedEncodingAttr layout);

/// The FMA dot-operand layout: `parent` broadcast along K.
LinearLayout fmaDotToLinearLayout(DotOperandEncodingAttr operand,
                                  BlockedEncodingAttr parent,
                                  ArrayRef<int64_t> shape);

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

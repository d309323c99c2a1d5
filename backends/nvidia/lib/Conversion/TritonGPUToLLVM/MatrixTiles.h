//===- MatrixTiles.h - 8x8 tiles of ldmatrix and stmatrix -------*- C++ -*-===//
//
// `ldmatrix` and `stmatrix` (`.sync.aligned.m8n8.x4.shared.b16`) move four
// 8x8 matrices of 16-bit elements between a warp's registers and shared
// memory in one instruction: lane l gives the address of row l % 8 of
// matrix l / 8 (16 contiguous bytes), and lane t holds, of each matrix j,
// row t / 4, elements 2 (t % 4) and 2 (t % 4) + 1, as its register j. With
// `.trans` it holds rows 2 (t % 4) and 2 (t % 4) + 1 of element t / 4
// instead.
//
// Whether a tensor's registers move that way is read off the map from
// (register, lane, warp, block) to element offsets in the buffer (the core's
// SharedAccessPlan), which is linear over XOR:
//   plain:   register bit 0 -> +1, lane bits 0, 1 -> +2, +4; lane bits 2-4
//            (the 8 rows) and register bits 1, 2 (the 4 matrices) -> row
//            starts (offsets with the low 3 bits clear);
//   .trans:  lane bits 2-4 -> +1, +2, +4; register bit 0 and lane bits 0, 1
//            (the 8 rows) and register bits 1, 2 -> row starts.
// Every further register bit, warp bit and a window's origin must keep the
// low 3 bits clear too; each group of 8 registers is then one instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MATRIXTILES_H
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MATRIXTILES_H

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Layout/LinearLayout.h"

#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::triton::nvidia_gpu {

/// Whether `toOffset` (and a window origin at `originOffset`) has the shape
/// of x4 ldmatrix/stmatrix tiles, with `.trans` or not.
bool fitsMatrixTiles(const LinearLayout &toOffset, bool trans,
                     int32_t originOffset);

/// Whether `toOffset` fits the tiles plain (false) or `.trans` (true), or
/// std::nullopt when it fits neither.
std::optional<bool> getMatrixTileTransposition(const LinearLayout &toOffset,
                                               int32_t originOffset);

/// The element offset of the row this lane addresses for the registers
/// 0-7 (an i32); emitMatrixGroupAddress gives it for any group.
Value emitMatrixRowOffset(Location loc, RewriterBase &rewriter,
                          const trident::TargetInfoBase &targetInfo,
                          const LinearLayout &toOffset, bool trans,
                          int32_t originOffset);

/// The 32-bit shared address of this lane's row for the group of 8
/// registers starting at register `group`, in the buffer at `base` holding
/// elements of `elemType`: the group's offset XORed into `rowOffset`.
Value emitMatrixGroupAddress(Location loc, RewriterBase &rewriter, Value base,
                             Type elemType, const LinearLayout &toOffset,
                             Value rowOffset, int32_t group);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MATRIXTILES_H

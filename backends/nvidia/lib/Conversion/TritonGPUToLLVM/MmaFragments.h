//===- MmaFragments.h - Operand fragments of mma.sync and wgmma -*- C++ -*-===//
//
// The tensor-core instructions Trident emits take their operands in 32-bit
// registers, each packing `32 / bits` consecutive elements along K:
//
//   operands             mma.sync       wgmma      K per instruction
//   f16 x f16, bf16      m16n8k16       m64nNk16   16
//   f32 x f32 (tf32)     m16n8k8        m64nNk8    8
//   i8 x i8 (s8) -> i32  m16n8k32       m64nNk32   32
//
// With w = 32 / bits, the fragments of lane 0 (every other lane's are offset
// by its row l / 4 and its K group l % 4, as the dot-operand layouts of
// kWidth w say) are, relative to the tile's corner:
//   A (16 x 8w), 4 registers:  element j at (8 * ((j / w) % 2),
//                                            j % w + 4w * (j / 2w));
//   B (8w x 8), 2 registers:   element j at (j % w + 4w * (j / w), 0);
// the accumulator (f32 or s32) is the same for every type.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MMAFRAGMENTS_H
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MMAFRAGMENTS_H

#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir::triton::nvidia_gpu {

/// The operand type of a tensor-core instruction.
struct MmaOperandKind {
  /// The PTX type of the operands: f16, bf16, tf32 or s8.
  std::string ptxType;
  /// Bits of one element; a register packs 32 / bits of them.
  unsigned bits = 16;
  /// Whether the accumulator is s32 (else f32).
  bool integer = false;

  unsigned elementsPerRegister() const { return 32 / bits; }
  /// K of one instruction: 32 bytes of each row of A.
  int32_t instrK() const { return 256 / bits; }
};

/// The instruction operands for a dot of `a` x `b` into `acc`, or none
/// where the tensor cores have no such instruction.
std::optional<MmaOperandKind> getMmaOperandKind(Type a, Type b, Type acc);

/// The (row, column) of element `j` of lane 0's A fragment.
std::pair<int32_t, int32_t> getAFragmentCoord(const MmaOperandKind &kind,
                                              int32_t j);
/// The (k, column) of element `j` of lane 0's B fragment.
std::pair<int32_t, int32_t> getBFragmentCoord(const MmaOperandKind &kind,
                                              int32_t j);

/// `elements` (32 / bits of them, in K order) as one i32 register.
Value packMmaRegister(RewriterBase &rewriter, Location loc,
                      ArrayRef<Value> elements);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MMAFRAGMENTS_H

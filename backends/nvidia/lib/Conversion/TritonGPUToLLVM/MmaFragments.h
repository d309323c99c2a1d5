//===- MmaFragments.h - Operand fragments of mma.sync and wgmma -*- C++ -*-===//
//
// The tensor-core instructions Trident emits take their operands in 32-bit
// registers, each packing `32 / bits` consecutive elements along K:
//
//   operands -> accumulator   mma.sync       wgmma      K per instruction
//   f16 x f16 -> f32 or f16   m16n8k16       m64nNk16   16
//   bf16 x bf16 -> f32        m16n8k16       m64nNk16   16
//   f32 x f32 (tf32) -> f32   m16n8k8        m64nNk8    8
//   i8 x i8 (s8) -> i32       m16n8k32       m64nNk32   32
//   fp8 (e4m3, e5m2) -> f32   -              m64nNk32   32
//
// (fp8 dots take mma.sync, which has no fp8 form before sm_89, with their
// operands converted to f16: nvidia-accelerate-matmul does it.)
//
// With w = 32 / bits, the fragments of lane 0 (every other lane's are offset
// by its row l / 4 and its K group l % 4, as the dot-operand layouts of
// kWidth w say) are, relative to the tile's corner:
//   A (16 x 8w), 4 registers:  element j at (8 * ((j / w) % 2),
//                                            j % w + 4w * (j / 2w));
//   B (8w x 8), 2 registers:   element j at (j % w + 4w * (j / w), 0);
// the accumulator (f32 or s32) is the same for every type. An f16
// accumulator has the same elements, two to a 32-bit register (f16x2): each
// pair of adjacent columns, the lower column in the lower half - c0 c1 and
// c2 c3 of mma.sync's four, d(2i) d(2i+1) of wgmma's N / 2 (the PTX ISA's
// fragment figures for .f16 accumulators).
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
  /// The PTX type of the operands: f16, bf16, tf32, s8, e4m3 or e5m2.
  std::string ptxType;
  /// Bits of one element; a register packs 32 / bits of them.
  unsigned bits = 16;
  /// Whether the accumulator is s32 (else f32, or f16 with `halfAcc`).
  bool integer = false;
  /// Whether the accumulator is f16, two elements to a register.
  bool halfAcc = false;

  unsigned elementsPerRegister() const { return 32 / bits; }
  /// Accumulator elements per 32-bit register: 2 for f16, else 1.
  unsigned accPerRegister() const { return halfAcc ? 2 : 1; }
  /// The PTX type of the accumulator: f32, f16 or s32.
  StringRef accPtxType() const {
    return integer ? "s32" : halfAcc ? "f16" : "f32";
  }
  /// The inline-asm constraint of an accumulator register.
  StringRef accConstraint() const { return integer || halfAcc ? "r" : "f"; }
  /// Whether the operands are fp8 (e4m3 or e5m2).
  bool isFp8() const { return bits == 8 && !integer; }
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

/// The `count` elements of type `elementType` packed in the i32 `reg`, the
/// first in the lowest bits (the inverse of packMmaRegister).
SmallVector<Value> unpackMmaRegister(RewriterBase &rewriter, Location loc,
                                     Value reg, Type elementType,
                                     unsigned count);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MMAFRAGMENTS_H

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
// f64 x f64 -> f64 (wgmma has no f64 form) is mma.sync m8n8k4 on sm_80,
// with one f64 per register: lane l holds
//   A (8 x 4):  (l / 4, l % 4)
//   B (4 x 8):  (l % 4, l / 4)
//   C (8 x 8):  (l / 4, 2 * (l % 4) + i), i = 0, 1
// (the PTX ISA's "Matrix Fragments for mma.m8n8k4 with .f64"). These are
// the upper 8 rows of the m16n8 layouts with kWidth 1: the accumulator of
// an m16n8 tile is two m8n8 ones, rows 0-7 and 8-15, and the operands of
// kWidth 1 hold one element per register, lane l at (l / 4, l % 4) of A and
// (l % 4, l / 4) of B. An f64 dot therefore keeps those layouts, and takes
// one m8n8k4 per 8x8 half-tile and step of 4 along K. sm_90 adds
// m16n8k4, m16n8k8 and m16n8k16 for f64, whose fragments are the same
// registers gathered: an m16n8kK takes, for each step s of 4 along K, A at
// (l / 4 + 8i, 4s + l % 4), i = 0, 1, and B at (4s + l % 4, l / 4), the two
// m8n8k4 of both halves and K / 4 steps in one instruction (the formulas
// below with w = 1), and the m16n8 accumulator.
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
  /// The PTX type of the operands: f16, bf16, tf32, s8, e4m3, e5m2 or f64.
  std::string ptxType;
  /// Bits of one element; a register packs 32 / bits of them (f64: one
  /// 64-bit register each).
  unsigned bits = 16;
  /// Whether the accumulator is s32 (else f32, or f16 with `halfAcc`, or
  /// f64 for f64 operands).
  bool integer = false;
  /// Whether the accumulator is f16, two elements to a register.
  bool halfAcc = false;

  /// For f64: K of the sm_90 instruction m16n8k{4,8,16} to use, or 0 for
  /// sm_80's m8n8k4.
  int32_t f64InstrK = 0;
  /// Whether this is f64 x f64 -> f64.
  bool isF64() const { return bits == 64; }
  /// Whether this is f64 on m8n8k4 (half an m16n8 tile per instruction).
  bool isM8N8() const { return isF64() && f64InstrK == 0; }
  unsigned elementsPerRegister() const { return isF64() ? 1 : 32 / bits; }
  /// Accumulator elements per register: 2 for f16, else 1.
  unsigned accPerRegister() const { return halfAcc ? 2 : 1; }
  /// The PTX type of the accumulator: f32, f16, s32 or f64.
  StringRef accPtxType() const {
    return isF64() ? "f64" : integer ? "s32" : halfAcc ? "f16" : "f32";
  }
  /// The inline-asm constraint of an accumulator register.
  StringRef accConstraint() const {
    return isF64() ? "d" : integer || halfAcc ? "r" : "f";
  }
  /// The inline-asm constraint of an operand register.
  StringRef operandConstraint() const { return isF64() ? "d" : "r"; }
  /// M of one mma.sync instruction: 8 for m8n8k4, else 16 (m16n8kK).
  int32_t instrM() const { return isM8N8() ? 8 : 16; }
  /// Registers of A, of B and accumulator elements per mma.sync instruction
  /// (f64 on sm_90: two of A and one of B per step of 4 along K).
  int32_t aRegisters() const {
    return isM8N8() ? 1 : isF64() ? f64InstrK / 2 : 4;
  }
  int32_t bRegisters() const {
    return isM8N8() ? 1 : isF64() ? f64InstrK / 4 : 2;
  }
  int32_t accElements() const { return isM8N8() ? 2 : 4; }
  /// Whether the operands are fp8 (e4m3 or e5m2).
  bool isFp8() const { return bits == 8 && !integer; }
  /// K of one instruction: 32 bytes of each row of A (f64: 4, or
  /// f64InstrK on sm_90).
  int32_t instrK() const { return f64InstrK ? f64InstrK : 256 / bits; }
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

/// `elements` (32 / bits of them, in K order) as one i32 register; a
/// single 64-bit element stays as it is (an f64 operand register).
Value packMmaRegister(RewriterBase &rewriter, Location loc,
                      ArrayRef<Value> elements);

/// The `count` elements of type `elementType` packed in the i32 `reg`, the
/// first in the lowest bits (the inverse of packMmaRegister).
SmallVector<Value> unpackMmaRegister(RewriterBase &rewriter, Location loc,
                                     Value reg, Type elementType,
                                     unsigned count);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_MMAFRAGMENTS_H

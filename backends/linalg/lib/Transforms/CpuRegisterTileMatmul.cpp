//===- CpuRegisterTileMatmul.cpp - Matmul tiles held in vector registers
//---===//
//
// A linalg.matmul of static f32 or f64 buffers (a tt.dot tile, after the
// narrow operands were widened) lowers to a loop nest that LLVM vectorizes
// over one row of the result: each multiply-add then needs a load of B and a
// broadcast of A, and the loads, not the multiply-adds, bound its speed.
// This pass writes the loop nest of a BLAS microkernel instead: a block of
// `rows` x `vectors` registers of C stays in registers over the whole
// reduction, and each step loads `vectors` registers of one row of B and
// broadcasts `rows` elements of one column of A, for rows x vectors
// multiply-adds. The multiply and the add are separate ops; the host code
// generator fuses them where the CPU has FMA.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-register-tile-matmul"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUREGISTERTILEMATMUL
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The block of C one step of the microkernel updates: `rows` rows of
/// `vectors` registers of `lanes` elements each.
struct RegisterBlock {
  int64_t rows;
  int64_t vectors;
  int64_t lanes;
};

/// Whether `type` is a static buffer whose rows are contiguous (vector
/// loads and stores of a row need a unit innermost stride).
bool hasContiguousRows(MemRefType type) {
  return type.hasStaticShape() && type.getRank() == 2 &&
         type.isLastDimUnitStride();
}

/// The register block for a `m` x `n` result of `elementBits`-bit floats,
/// or nullopt when no row of the result is a whole number of registers.
/// The block takes as many rows as the registers allow: rows x vectors
/// accumulators, plus `vectors` registers of B and one broadcast of A.
std::optional<RegisterBlock> chooseRegisterBlock(int64_t m, int64_t n,
                                                 unsigned elementBits,
                                                 int64_t vectorBits,
                                                 int64_t registers) {
  int64_t lanes = vectorBits / elementBits;
  if (lanes < 2 || n % lanes != 0)
    return std::nullopt;
  int64_t vectors = (n / lanes) % 2 == 0 ? 2 : 1;
  for (int64_t rows : {8, 6, 4, 3, 2, 1}) {
    if (m % rows == 0 && rows * vectors + vectors + 1 <= registers)
      return RegisterBlock{rows, vectors, lanes};
  }
  return std::nullopt;
}

/// The register block for `op`, or nullopt when the pass leaves it to the
/// loop lowering: not a plain matmul (user-defined maps, a cast), not of
/// one float type, not on static buffers with contiguous rows of B and C.
std::optional<RegisterBlock>
getRegisterBlock(linalg::MatmulOp op, int64_t vectorBits, int64_t registers) {
  if (!op.hasPureBufferSemantics() || op.hasUserDefinedMaps())
    return std::nullopt;
  auto a = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto b = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  auto c = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!a || !b || !c || !a.hasStaticShape() || a.getRank() != 2 ||
      !hasContiguousRows(b) || !hasContiguousRows(c))
    return std::nullopt;
  Type element = c.getElementType();
  if (!(element.isF32() || element.isF64()) || a.getElementType() != element ||
      b.getElementType() != element)
    return std::nullopt;
  return chooseRegisterBlock(c.getDimSize(0), c.getDimSize(1),
                             element.getIntOrFloatBitWidth(), vectorBits,
                             registers);
}

/// Replaces `op` by the microkernel loop nest of `block`:
///
///   for i in [0, M) step rows, j in [0, N) step vectors * lanes:
///     acc[r][v] = C[i + r, j + v * lanes : +lanes]
///     for k in [0, K):
///       b[v] = B[k, j + v * lanes : +lanes]
///       acc[r][v] += broadcast(A[i + r, k]) * b[v]
///     C[i + r, j + v * lanes : +lanes] = acc[r][v]
void lowerToRegisterBlocks(RewriterBase &rewriter, linalg::MatmulOp op,
                           const RegisterBlock &block) {
  Location loc = op.getLoc();
  Value a = op.getDpsInputs()[0];
  Value b = op.getDpsInputs()[1];
  Value c = op.getDpsInits()[0];
  auto cType = cast<MemRefType>(c.getType());
  auto vectorType = VectorType::get({block.lanes}, cType.getElementType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
  int64_t k = cast<MemRefType>(a.getType()).getDimSize(1);

  // Every index constant is made once, before the loops (after the first).
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  llvm::SmallDenseMap<int64_t, Value> constants{{0, zero}};
  auto index = [&](int64_t value) -> Value {
    Value &constant = constants[value];
    if (!constant) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(zero);
      constant = arith::ConstantIndexOp::create(rewriter, loc, value);
    }
    return constant;
  };
  auto offset = [&](Value base, int64_t value) -> Value {
    if (value == 0)
      return base;
    return arith::AddIOp::create(rewriter, loc, base, index(value));
  };
  Value one = index(1), reductionEnd = index(k);
  auto rowLoop =
      scf::ForOp::create(rewriter, loc, zero, index(m), index(block.rows));
  rewriter.setInsertionPointToStart(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  auto columnLoop = scf::ForOp::create(rewriter, loc, zero, index(n),
                                       index(block.vectors * block.lanes));
  rewriter.setInsertionPointToStart(columnLoop.getBody());
  Value j = columnLoop.getInductionVar();

  // Row r's indices into C, and column v's.
  SmallVector<Value> rowsOfC, columnsOfC;
  for (int64_t r = 0; r < block.rows; ++r)
    rowsOfC.push_back(offset(i, r));
  for (int64_t v = 0; v < block.vectors; ++v)
    columnsOfC.push_back(offset(j, v * block.lanes));

  SmallVector<Value> accumulators;
  for (Value row : rowsOfC)
    for (Value column : columnsOfC)
      accumulators.push_back(
          vector::LoadOp::create(rewriter, loc, vectorType, c, {row, column}));

  auto reduction = scf::ForOp::create(
      rewriter, loc, zero, reductionEnd, one, accumulators,
      [&](OpBuilder &builder, Location, Value step, ValueRange carried) {
        SmallVector<Value> rowOfB;
        for (Value column : columnsOfC)
          rowOfB.push_back(vector::LoadOp::create(builder, loc, vectorType, b,
                                                  {step, column}));
        SmallVector<Value> updated;
        for (auto [r, row] : llvm::enumerate(rowsOfC)) {
          Value element = memref::LoadOp::create(builder, loc, a, {row, step});
          Value splat =
              vector::BroadcastOp::create(builder, loc, vectorType, element);
          for (auto [v, fromB] : llvm::enumerate(rowOfB)) {
            Value product = arith::MulFOp::create(builder, loc, splat, fromB);
            updated.push_back(arith::AddFOp::create(
                builder, loc, carried[r * block.vectors + v], product));
          }
        }
        scf::YieldOp::create(builder, loc, updated);
      });

  rewriter.setInsertionPointAfter(reduction);
  for (auto [r, row] : llvm::enumerate(rowsOfC))
    for (auto [v, column] : llvm::enumerate(columnsOfC))
      vector::StoreOp::create(rewriter, loc,
                              reduction.getResult(r * block.vectors + v), c,
                              {row, column});
  rewriter.eraseOp(op);
}

class CpuRegisterTileMatmulPass
    : public mlir::triton::cpu::impl::CpuRegisterTileMatmulBase<
          CpuRegisterTileMatmulPass> {
public:
  using CpuRegisterTileMatmulBase::CpuRegisterTileMatmulBase;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::MatmulOp, RegisterBlock>> work;
    getOperation().walk([&](linalg::MatmulOp op) {
      std::optional<RegisterBlock> block =
          getRegisterBlock(op, vectorBits, vectorRegisters);
      if (!block) {
        LLVM_DEBUG(llvm::dbgs() << "left to the loop lowering: " << op << "\n");
        return;
      }
      work.emplace_back(op, *block);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, block] : work)
      lowerToRegisterBlocks(rewriter, op, block);
  }
};

} // namespace

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
// Where the CPU has AVX-512 BF16, a matmul of bf16 tiles into f32 runs on its
// dot product of bf16 pairs (vdpbf16ps, x86vector.avx512.dot), twice the
// multiply-adds of f32 per instruction: B is packed once so that each pair
// of rows k, k + 1 is interleaved, and A's pairs (contiguous in its rows)
// are broadcast as one 32-bit element.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
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
/// `pairs`: each step reduces two elements of K with the bf16 dot product.
struct RegisterBlock {
  int64_t rows;
  int64_t vectors;
  int64_t lanes;
  bool pairs = false;
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

/// Whether `op` multiplies bf16 tiles into an f32 accumulator in a shape
/// the bf16 dot product takes: 16 lanes (512-bit registers), an even K, and
/// A's rows contiguous (its pairs are read as one 32-bit element).
bool takesBF16DotProduct(MemRefType a, MemRefType b, MemRefType c,
                         int64_t vectorBits) {
  return a.getElementType().isBF16() && b.getElementType().isBF16() &&
         c.getElementType().isF32() && vectorBits == 512 &&
         hasContiguousRows(a) && a.getDimSize(1) % 2 == 0;
}

/// The register block for `op`, or nullopt when the pass leaves it to the
/// loop lowering: not a plain matmul (user-defined maps, a cast), not of
/// one float type (or bf16 into f32 with `bf16DotProduct`), not on static
/// buffers with contiguous rows of B and C.
std::optional<RegisterBlock> getRegisterBlock(linalg::MatmulOp op,
                                              int64_t vectorBits,
                                              int64_t registers,
                                              bool bf16DotProduct) {
  if (!op.hasPureBufferSemantics() || op.hasUserDefinedMaps())
    return std::nullopt;
  auto a = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto b = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  auto c = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!a || !b || !c || !a.hasStaticShape() || a.getRank() != 2 ||
      !hasContiguousRows(b) || !hasContiguousRows(c))
    return std::nullopt;
  Type element = c.getElementType();
  if (bf16DotProduct && takesBF16DotProduct(a, b, c, vectorBits)) {
    std::optional<RegisterBlock> block = chooseRegisterBlock(
        c.getDimSize(0), c.getDimSize(1), 32, vectorBits, registers);
    if (block)
      block->pairs = true;
    return block;
  }
  if (!(element.isF32() || element.isF64()) || a.getElementType() != element ||
      b.getElementType() != element)
    return std::nullopt;
  return chooseRegisterBlock(c.getDimSize(0), c.getDimSize(1),
                             element.getIntOrFloatBitWidth(), vectorBits,
                             registers);
}

/// One step of the reduction: the accumulators `carried` (row-major over
/// rows x vectors) plus A[rows, k] times B[k, columns].
SmallVector<Value> buildStep(OpBuilder &builder, Location loc, Value a, Value b,
                             Value k, ArrayRef<Value> rows,
                             ArrayRef<Value> columns, ValueRange carried) {
  auto vectorType = cast<VectorType>(carried.front().getType());
  SmallVector<Value> rowOfB;
  for (Value column : columns)
    rowOfB.push_back(
        vector::LoadOp::create(builder, loc, vectorType, b, {k, column}));
  SmallVector<Value> updated;
  for (auto [r, row] : llvm::enumerate(rows)) {
    Value element = memref::LoadOp::create(builder, loc, a, {row, k});
    Value splat =
        vector::BroadcastOp::create(builder, loc, vectorType, element);
    for (auto [v, fromB] : llvm::enumerate(rowOfB)) {
      Value product = arith::MulFOp::create(builder, loc, splat, fromB);
      updated.push_back(arith::AddFOp::create(
          builder, loc, carried[r * rowOfB.size() + v], product));
    }
  }
  return updated;
}

/// One step of the bf16 reduction over elements 2k and 2k + 1: the
/// accumulators plus the dot products of A's pairs, broadcast, with the
/// packed pairs of B's rows.
SmallVector<Value> buildPairStep(OpBuilder &builder, Location loc, Value a,
                                 Value rowsOfPairs, Value k,
                                 ArrayRef<Value> rows, ArrayRef<Value> columns,
                                 ValueRange carried) {
  auto accumulatorType = cast<VectorType>(carried.front().getType());
  int64_t lanes = accumulatorType.getNumElements();
  Type bf16 = builder.getBF16Type();
  auto pairsType = VectorType::get({2 * lanes}, bf16);
  Value two = arith::ConstantIndexOp::create(builder, loc, 2);
  Value firstOfPair = arith::MulIOp::create(builder, loc, k, two);
  SmallVector<Value> pairsOfB;
  for (Value column : columns) {
    Value packedColumn = arith::MulIOp::create(builder, loc, column, two);
    pairsOfB.push_back(vector::LoadOp::create(builder, loc, pairsType,
                                              rowsOfPairs, {k, packedColumn}));
  }
  SmallVector<Value> updated;
  for (auto [r, row] : llvm::enumerate(rows)) {
    // A[row, 2k : +2] as one 32-bit element, repeated in every lane.
    Value pair = vector::LoadOp::create(
        builder, loc, VectorType::get({2}, bf16), a, {row, firstOfPair});
    Value word = vector::BitCastOp::create(
        builder, loc, VectorType::get({1}, builder.getI32Type()), pair);
    Value scalar = vector::ExtractOp::create(builder, loc, word, 0);
    Value words = vector::BroadcastOp::create(
        builder, loc, VectorType::get({lanes}, builder.getI32Type()), scalar);
    Value pairsOfA = vector::BitCastOp::create(builder, loc, pairsType, words);
    for (auto [v, fromB] : llvm::enumerate(pairsOfB))
      updated.push_back(x86vector::DotBF16Op::create(
          builder, loc, accumulatorType, carried[r * pairsOfB.size() + v],
          pairsOfA, fromB));
  }
  return updated;
}

/// The operands of a matmul on static buffers and its M, N and K.
struct MatmulShape {
  Value a, b, c;
  int64_t m, n, k;
};

MatmulShape getMatmulShape(linalg::MatmulOp op) {
  Value c = op.getDpsInits()[0];
  Value a = op.getDpsInputs()[0];
  auto cType = cast<MemRefType>(c.getType());
  return {a,
          op.getDpsInputs()[1],
          c,
          cType.getDimSize(0),
          cType.getDimSize(1),
          cast<MemRefType>(a.getType()).getDimSize(1)};
}

/// The index constants of one lowering, each made once, before the loops
/// (after the first), and sums of an index and a constant.
class IndexConstants {
public:
  IndexConstants(RewriterBase &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {
    zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    constants[0] = zero;
  }

  Value get(int64_t value) {
    Value &constant = constants[value];
    if (!constant) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(zero);
      constant = arith::ConstantIndexOp::create(rewriter, loc, value);
    }
    return constant;
  }

  /// `base + value`, at the rewriter's insertion point.
  Value offset(Value base, int64_t value) {
    if (value == 0)
      return base;
    return arith::AddIOp::create(rewriter, loc, base, get(value));
  }

private:
  RewriterBase &rewriter;
  Location loc;
  Value zero;
  llvm::SmallDenseMap<int64_t, Value> constants;
};

/// The largest packed B put on the stack (the default of
/// linalg-promote-tile-buffers' max-buffer-bytes).
constexpr int64_t kMaxStackBytes = 65536;

/// B (K x N bf16) packed for the bf16 dot product into a buffer of K/2 rows
/// of 2N (on the stack, at the start of the function, up to kMaxStackBytes):
/// row k/2 interleaves rows k and k + 1 element by element. Built before the
/// loops, once per matmul.
Value packPairsOfRows(RewriterBase &rewriter, linalg::MatmulOp op, Value b,
                      IndexConstants &constants) {
  auto index = [&](int64_t value) { return constants.get(value); };
  Location loc = op.getLoc();
  auto bType = cast<MemRefType>(b.getType());
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  constexpr int64_t lanes = 16;
  auto packedType = MemRefType::get({k / 2, 2 * n}, bType.getElementType());
  // On the stack up to the size linalg-promote-tile-buffers puts there;
  // a larger one on the heap, freed after the microkernel by the caller.
  IntegerAttr alignment = rewriter.getI64IntegerAttr(64);
  Value packed;
  if (k * n * 2 <= kMaxStackBytes) {
    OpBuilder::InsertionGuard guard(rewriter);
    auto function = op->getParentOfType<func::FuncOp>();
    rewriter.setInsertionPointToStart(&function.getBody().front());
    packed = memref::AllocaOp::create(rewriter, loc, packedType, alignment);
  } else {
    packed = memref::AllocOp::create(rewriter, loc, packedType, alignment);
  }
  auto rowType = VectorType::get({lanes}, bType.getElementType());
  Value zero = index(0), one = index(1);
  auto pairLoop = scf::ForOp::create(rewriter, loc, zero, index(k / 2), one);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(pairLoop.getBody());
  Value pair = pairLoop.getInductionVar();
  Value first = arith::MulIOp::create(rewriter, loc, pair, index(2));
  Value second = arith::AddIOp::create(rewriter, loc, first, one);
  auto columnLoop =
      scf::ForOp::create(rewriter, loc, zero, index(n), index(lanes));
  rewriter.setInsertionPointToStart(columnLoop.getBody());
  Value column = columnLoop.getInductionVar();
  Value even =
      vector::LoadOp::create(rewriter, loc, rowType, b, {first, column});
  Value odd =
      vector::LoadOp::create(rewriter, loc, rowType, b, {second, column});
  Value interleaved = vector::InterleaveOp::create(rewriter, loc, even, odd);
  Value packedColumn = arith::MulIOp::create(rewriter, loc, column, index(2));
  vector::StoreOp::create(rewriter, loc, interleaved, packed,
                          {pair, packedColumn});
  return packed;
}

/// The bytes of one cache line, the unit of a prefetch.
constexpr int64_t kCacheLineBytes = 64;

/// A read prefetch of `memref[indices]` into L2 (locality 2: prefetcht1 on
/// x86): the data is wanted a whole tile later, after the current tile's
/// accesses, which fill L1, would have evicted it there.
void prefetchIntoL2(OpBuilder &b, Location loc, Value memref,
                    ValueRange indices) {
  memref::PrefetchOp::create(b, loc, memref, indices, /*isWrite=*/false,
                             /*localityHint=*/2, /*isDataCache=*/true);
}

/// The elements of `memref` in one cache line.
int64_t elementsPerLine(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  return kCacheLineBytes * 8 / type.getElementType().getIntOrFloatBitWidth();
}

/// Prefetches rows `i` to `i + rows - 1` of the A tile that follows along K:
/// columns `k` to `2k - 1` of `a`'s rows, one cache line at a time.
void prefetchRowsOfNextA(OpBuilder &b, Location loc, Value a, Value i,
                         int64_t rows, int64_t k, IndexConstants &constants) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t column = k; column < 2 * k; column += elementsPerLine(a))
      prefetchIntoL2(b, loc, a,
                     {constants.offset(i, r), constants.get(column)});
}

/// Prefetches this block's share of the B tile that follows along K (rows
/// `k` to `2k - 1` of `b`): of the `blocks` blocks of rows, the one starting
/// at row `i` of C takes rows k + (i / rows) * share and on, in the columns
/// `columns` (each the first of a vector of `lanes`).
void prefetchShareOfNextB(OpBuilder &b, Location loc, Value bMatrix, Value i,
                          ValueRange columns, int64_t lanes, int64_t blocks,
                          int64_t rows, int64_t k, IndexConstants &constants) {
  int64_t share = llvm::divideCeil(k, blocks);
  Value block = arith::DivUIOp::create(b, loc, i, constants.get(rows));
  Value first = arith::AddIOp::create(
      b, loc, constants.get(k),
      arith::MulIOp::create(b, loc, block, constants.get(share)));
  int64_t lineElements = elementsPerLine(bMatrix);
  for (int64_t t = 0; t < share; ++t)
    for (Value column : columns)
      for (int64_t within = 0; within < lanes; within += lineElements)
        prefetchIntoL2(
            b, loc, bMatrix,
            {constants.offset(first, t), constants.offset(column, within)});
}

/// Replaces `op` by the microkernel loop nest of `block`:
///
///   for i in [0, M) step rows, j in [0, N) step vectors * lanes:
///     acc[r][v] = C[i + r, j + v * lanes : +lanes]
///     for k in [0, K):
///       b[v] = B[k, j + v * lanes : +lanes]
///       acc[r][v] += broadcast(A[i + r, k]) * b[v]
///     C[i + r, j + v * lanes : +lanes] = acc[r][v]
///
/// With `pairs`, B is first packed into a stack buffer P of K/2 rows of 2N,
/// P[k / 2, 2 * j + k % 2] = B[k, j], and each step of the reduction takes
/// two elements of K: acc[r][v] = dot(acc[r][v], broadcast(A[i + r, k : +2]),
/// P[k / 2, 2 * (j + v * lanes) : +2 * lanes]).
void lowerToRegisterBlocks(RewriterBase &rewriter, linalg::MatmulOp op,
                           const RegisterBlock &block, bool prefetch) {
  Location loc = op.getLoc();
  MatmulShape shape = getMatmulShape(op);
  Value a = shape.a, b = shape.b, c = shape.c;
  int64_t m = shape.m, n = shape.n, k = shape.k;
  auto vectorType = VectorType::get(
      {block.lanes}, cast<MemRefType>(c.getType()).getElementType());

  rewriter.setInsertionPoint(op);
  IndexConstants constants(rewriter, loc);
  Value zero = constants.get(0);
  Value one = constants.get(1),
        reductionEnd = constants.get(block.pairs ? k / 2 : k);
  // The operand B that the steps read: B itself, or its pairs of rows
  // interleaved.
  Value rowsOfPairs =
      block.pairs ? packPairsOfRows(rewriter, op, b, constants) : Value();
  auto rowLoop = scf::ForOp::create(rewriter, loc, zero, constants.get(m),
                                    constants.get(block.rows));
  rewriter.setInsertionPointToStart(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  if (prefetch)
    prefetchRowsOfNextA(rewriter, loc, a, i, block.rows, k, constants);
  auto columnLoop =
      scf::ForOp::create(rewriter, loc, zero, constants.get(n),
                         constants.get(block.vectors * block.lanes));
  rewriter.setInsertionPointToStart(columnLoop.getBody());
  Value j = columnLoop.getInductionVar();

  // Row r's indices into C, and column v's.
  SmallVector<Value> rowsOfC, columnsOfC;
  for (int64_t r = 0; r < block.rows; ++r)
    rowsOfC.push_back(constants.offset(i, r));
  for (int64_t v = 0; v < block.vectors; ++v)
    columnsOfC.push_back(constants.offset(j, v * block.lanes));

  if (prefetch)
    prefetchShareOfNextB(rewriter, loc, b, i, columnsOfC, block.lanes,
                         m / block.rows, block.rows, k, constants);

  SmallVector<Value> accumulators;
  for (Value row : rowsOfC)
    for (Value column : columnsOfC)
      accumulators.push_back(
          vector::LoadOp::create(rewriter, loc, vectorType, c, {row, column}));

  auto reduction = scf::ForOp::create(
      rewriter, loc, zero, reductionEnd, one, accumulators,
      [&](OpBuilder &builder, Location, Value step, ValueRange carried) {
        SmallVector<Value> updated =
            block.pairs ? buildPairStep(builder, loc, a, rowsOfPairs, step,
                                        rowsOfC, columnsOfC, carried)
                        : buildStep(builder, loc, a, b, step, rowsOfC,
                                    columnsOfC, carried);
        scf::YieldOp::create(builder, loc, updated);
      });

  rewriter.setInsertionPointAfter(reduction);
  for (auto [r, row] : llvm::enumerate(rowsOfC))
    for (auto [v, column] : llvm::enumerate(columnsOfC))
      vector::StoreOp::create(rewriter, loc,
                              reduction.getResult(r * block.vectors + v), c,
                              {row, column});
  if (rowsOfPairs && rowsOfPairs.getDefiningOp<memref::AllocOp>()) {
    rewriter.setInsertionPointAfter(rowLoop);
    memref::DeallocOp::create(rewriter, loc, rowsOfPairs);
  }
  rewriter.eraseOp(op);
}

/// AMX's tile registers: eight of 16 rows of 64 bytes. A tile of C holds
/// 16 x 16 f32, a tile of A 16 rows of 32 bf16 along K, and a tile of packed
/// B 16 rows of 16 pairs (32 of K by 16 of N).
constexpr int64_t kTileRows = 16;
constexpr int64_t kTileReduction = 32;

/// The most reduction steps (tiles of 32 along K) of one block unrolled
/// between the loads and the stores of its tiles of C: tiles cannot be
/// carried by loops (the LLVM conversion of branch arguments has no tile
/// type), so a longer K is reduced in chunks, each storing C.
constexpr int64_t kMaxTileSteps = 8;

/// The tiles of C that one block of the AMX microkernel updates: `rows` x
/// `columns` tiles, plus `rows` tiles of A and `columns` of B, within the
/// eight tile registers.
struct TileBlock {
  int64_t rows;
  int64_t columns;
};

/// The tile block for a bf16 matmul into f32 of static buffers, or nullopt
/// when AMX cannot take it: A's rows must be contiguous (a tile row is 32
/// consecutive elements of K), M and N multiples of 16, and K of 32.
std::optional<TileBlock> getTileBlock(linalg::MatmulOp op) {
  if (!op.hasPureBufferSemantics() || op.hasUserDefinedMaps())
    return std::nullopt;
  auto a = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto b = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  auto c = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!a || !b || !c || !hasContiguousRows(a) || !hasContiguousRows(b) ||
      !hasContiguousRows(c) || !a.getElementType().isBF16() ||
      !b.getElementType().isBF16() || !c.getElementType().isF32())
    return std::nullopt;
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = a.getDimSize(1);
  if (m % kTileRows != 0 || n % kTileRows != 0 || k % kTileReduction != 0)
    return std::nullopt;
  // 2 x 2 tiles of C with two of A and two of B fill the eight registers.
  return TileBlock{m % (2 * kTileRows) == 0 ? 2 : 1,
                   n % (2 * kTileRows) == 0 ? 2 : 1};
}

/// Replaces `op` by an AMX microkernel: B packed into pairs of rows as for
/// the bf16 dot product (the layout `tdpbf16ps` reads), then
///
///   for i in [0, M) step 16 * rows, j in [0, N) step 16 * columns:
///     for each chunk of at most kMaxTileSteps steps of 32 along K:
///       c[r][t] = tile C[i + 16r, j + 16t]
///       for each step k of the chunk:
///         a[r] = tile A[i + 16r, k : +32]
///         b[t] = tile P[k / 2 : +16, 2 * (j + 16t) : +32]
///         c[r][t] += a[r] * b[t]
///       tile C[i + 16r, j + 16t] = c[r][t]
void lowerToTiles(RewriterBase &rewriter, linalg::MatmulOp op,
                  const TileBlock &block, bool prefetch) {
  Location loc = op.getLoc();
  auto [a, b, c, m, n, k] = getMatmulShape(op);
  int64_t steps = k / kTileReduction;
  // The largest chunk that divides the steps.
  int64_t chunk = kMaxTileSteps;
  while (steps % chunk != 0)
    --chunk;

  rewriter.setInsertionPoint(op);
  IndexConstants constants(rewriter, loc);
  Value zero = constants.get(0);
  Value packed = packPairsOfRows(rewriter, op, b, constants);
  auto accumulatorType =
      amx::TileType::get({kTileRows, kTileRows}, rewriter.getF32Type());
  auto operandType =
      amx::TileType::get({kTileRows, kTileReduction}, rewriter.getBF16Type());

  auto rowLoop = scf::ForOp::create(rewriter, loc, zero, constants.get(m),
                                    constants.get(block.rows * kTileRows));
  rewriter.setInsertionPointToStart(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  auto columnLoop =
      scf::ForOp::create(rewriter, loc, zero, constants.get(n),
                         constants.get(block.columns * kTileRows));
  rewriter.setInsertionPointToStart(columnLoop.getBody());
  Value j = columnLoop.getInductionVar();
  SmallVector<Value> rowsOfC, columnsOfC, packedColumns;
  for (int64_t r = 0; r < block.rows; ++r)
    rowsOfC.push_back(constants.offset(i, r * kTileRows));
  for (int64_t t = 0; t < block.columns; ++t) {
    columnsOfC.push_back(constants.offset(j, t * kTileRows));
    packedColumns.push_back(arith::MulIOp::create(
        rewriter, loc, columnsOfC.back(), constants.get(2)));
  }
  if (prefetch)
    prefetchShareOfNextB(rewriter, loc, b, i, columnsOfC, kTileRows,
                         m / (block.rows * kTileRows), block.rows * kTileRows,
                         k, constants);

  // The chunks of K: a loop where there are several, else straight code.
  Value chunkStart = zero;
  if (steps > chunk) {
    auto chunkLoop = scf::ForOp::create(rewriter, loc, zero, constants.get(k),
                                        constants.get(chunk * kTileReduction));
    rewriter.setInsertionPointToStart(chunkLoop.getBody());
    chunkStart = chunkLoop.getInductionVar();
  }
  SmallVector<Value> accumulators;
  for (Value row : rowsOfC)
    for (Value column : columnsOfC)
      accumulators.push_back(amx::TileLoadOp::create(
          rewriter, loc, accumulatorType, c, ValueRange{row, column}));
  for (int64_t step = 0; step < chunk; ++step) {
    Value reduction = constants.offset(chunkStart, step * kTileReduction);
    Value pairRow =
        arith::DivUIOp::create(rewriter, loc, reduction, constants.get(2));
    SmallVector<Value> tilesOfA, tilesOfB;
    for (Value row : rowsOfC)
      tilesOfA.push_back(amx::TileLoadOp::create(rewriter, loc, operandType, a,
                                                 ValueRange{row, reduction}));
    for (Value column : packedColumns)
      tilesOfB.push_back(amx::TileLoadOp::create(
          rewriter, loc, operandType, packed, ValueRange{pairRow, column}));
    for (auto [r, tileOfA] : llvm::enumerate(tilesOfA))
      for (auto [t, tileOfB] : llvm::enumerate(tilesOfB)) {
        Value &accumulator = accumulators[r * block.columns + t];
        accumulator = amx::TileMulFOp::create(rewriter, loc, accumulatorType,
                                              tileOfA, tileOfB, accumulator);
      }
  }
  for (auto [r, row] : llvm::enumerate(rowsOfC))
    for (auto [t, column] : llvm::enumerate(columnsOfC))
      amx::TileStoreOp::create(rewriter, loc, c, ValueRange{row, column},
                               accumulators[r * block.columns + t]);
  if (packed.getDefiningOp<memref::AllocOp>()) {
    rewriter.setInsertionPointAfter(rowLoop);
    memref::DeallocOp::create(rewriter, loc, packed);
  }
  rewriter.eraseOp(op);
}

class CpuRegisterTileMatmulPass
    : public mlir::triton::cpu::impl::CpuRegisterTileMatmulBase<
          CpuRegisterTileMatmulPass> {
public:
  using CpuRegisterTileMatmulBase::CpuRegisterTileMatmulBase;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::MatmulOp, TileBlock>> tileWork;
    SmallVector<std::pair<linalg::MatmulOp, RegisterBlock>> work;
    getOperation().walk([&](linalg::MatmulOp op) {
      if (amxBF16) {
        if (std::optional<TileBlock> tiles = getTileBlock(op)) {
          tileWork.emplace_back(op, *tiles);
          return;
        }
      }
      std::optional<RegisterBlock> block =
          getRegisterBlock(op, vectorBits, vectorRegisters, bf16DotProduct);
      if (!block) {
        LLVM_DEBUG(llvm::dbgs() << "left to the loop lowering: " << op << "\n");
        return;
      }
      work.emplace_back(op, *block);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, block] : work)
      lowerToRegisterBlocks(rewriter, op, block, prefetchNextTile);
    for (auto &[op, tiles] : tileWork)
      lowerToTiles(rewriter, op, tiles, prefetchNextTile);
  }
};

} // namespace

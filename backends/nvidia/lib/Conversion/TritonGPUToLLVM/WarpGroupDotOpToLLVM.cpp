//===- WarpGroupDotOpToLLVM.cpp - ttng.warp_group_dot as wgmma ------------===//
//
// A warp group (4 consecutive warps) computes a 64 x N x K product with one
// `wgmma.mma_async` (K is 32 bytes of each row), reading B (and A, unless A
// is in registers, as the second dot of attention has it) from shared
// memory through 64-bit matrix descriptors:
//
//   operands -> accumulator   instruction                        K
//   f16 x f16 -> f32          m64nNk16.f32.f16.f16               16
//   f16 x f16 -> f16          m64nNk16.f16.f16.f16               16
//   bf16 x bf16 -> f32        m64nNk16.f32.bf16.bf16             16
//   f32 x f32 (tf32) -> f32   m64nNk8.f32.tf32.tf32              8
//   i8 x i8 -> i32            m64nNk32.s32.s8.s8                 32
//   f8E4M3FN -> f32           m64nNk32.f32.e4m3.e4m3             32
//   f8E5M2 -> f32             m64nNk32.f32.e5m2.e5m2             32
//
// The descriptors:
//
//   bits  0-13  start address >> 4
//   bits 16-29  leading-dimension byte offset >> 4 (LBO)
//   bits 32-45  stride-dimension byte offset >> 4 (SBO)
//   bits 62-63  swizzle: 1 = 128 bytes, 2 = 64, 3 = 32
//
// For a K-major operand (K contiguous) SBO steps 8 rows of M (or N) and LBO
// is unused; for an M- or N-major one (`imm-trans` 1) SBO steps 8 rows of K
// and LBO one swizzle row (64 f16) along M or N. Only f16 and bf16 have
// `imm-trans`: tf32, s8 and fp8 operands must be K-major. Both strides, and the
// start of every instruction's tile, are read off the buffer's
// #ttg.nvmma_shared linear layout, inverted to map coordinates to offsets: at
// rows that are multiples of 8 the swizzle is the identity, so those offsets
// are the unswizzled addresses the hardware swizzles itself (buffers are
// aligned to the whole swizzle pattern).
//
// The accumulator's registers are in wgmma's own order (the version-3
// #ttg.nvidia_mma layout follows it): with lane and warp zero, register i of
// the tile at (m0, n0) holds (m0 + 8 * ((i / 2) % 2), n0 + 8 * (i / 4) +
// i % 2). A warp group's offset within each tile (64 rows per group along
// M, instrN columns along N) is what the layout gives its first warp. An f16
// accumulator holds the same elements two to a register (N / 4 f16x2
// registers): register j packs elements 2j (low half) and 2j + 1, adjacent
// columns of one row. It stays packed from before the fence to after the
// wait; ttng.warp_group_dot_wait packs 16-bit (and 8-bit) tensors into
// 32-bit registers for its tied asm the same way.
//
// The sequence is that of the PTX ISA: wgmma.fence, the instructions,
// wgmma.commit_group, and - unless the dot is asynchronous, when a
// ttng.warp_group_dot_wait follows - wgmma.wait_group 0. The fence takes the
// accumulators and A's registers as tied operands, so everything writing
// them comes before it; the waits take the accumulators, so nothing reads
// them before the wait.
//
//===----------------------------------------------------------------------===//

#include "MmaFragments.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <utility>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

using Coord = std::pair<int32_t, int32_t>;

/// An inline-asm statement with the given results, operands and
/// constraints; it is kept in order with the other wgmma statements.
LLVM::InlineAsmOp createAsm(RewriterBase &rewriter, Location loc,
                            Type resultType, ValueRange operands,
                            StringRef text, StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      rewriter, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
}

/// `values` through an inline-asm statement `text` that ties each to
/// itself, so that no use of the results moves above it (a wgmma wait).
SmallVector<Value> emitTiedAsm(RewriterBase &rewriter, Location loc,
                               StringRef text, ArrayRef<Value> values) {
  if (values.empty()) {
    createAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()), {},
              text, "");
    return {};
  }
  SmallVector<Type> types;
  SmallVector<std::string> outs, ins;
  for (auto [i, value] : llvm::enumerate(values)) {
    types.push_back(value.getType());
    outs.push_back(value.getType().isF32() ? "=f" : "=r");
    ins.push_back(std::to_string(i));
  }
  auto structType =
      LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
  std::string constraints = llvm::join(outs, ",") + "," + llvm::join(ins, ",");
  auto asmOp = createAsm(rewriter, loc, structType, values, text, constraints);
  SmallVector<Value> results;
  for (size_t i = 0; i < values.size(); ++i)
    results.push_back(
        LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0), i));
  return results;
}

/// How wgmma reads one operand from its nvmma_shared buffer.
struct OperandReader {
  /// (dim0, dim1) -> element offset in the buffer.
  LinearLayout toOffset;
  /// The element offset of (mn, k), with the operand's M or N first.
  std::function<int32_t(int32_t, int32_t)> offsetOf;
  /// The descriptor without its start address: LBO, SBO and swizzle mode.
  uint64_t fixedBits = 0;
  /// Whether M (or N) is the contiguous dimension (`imm-trans` 1).
  bool mnMajor = false;
  unsigned elementBytes = 2;
};

/// The reader of operand `opIdx` (0: A, M x K; 1: B, K x N) in a buffer of
/// `type`, or failure with the reason in `why`.
FailureOr<OperandReader> getOperandReader(ttg::MemDescType type, unsigned opIdx,
                                          std::string &why) {
  auto layout = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
  unsigned swizzle = layout ? layout.getSwizzlingByteWidth() : 0;
  if (!layout || swizzle < 32 || layout.getFp4Padded()) {
    why = "needs a #ttg.nvmma_shared buffer swizzled by 32, 64 or 128 bytes";
    return failure();
  }
  if (type.getAllocShape().take_back(2) != type.getShape()) {
    why = "cannot read a window of a buffer";
    return failure();
  }
  OperandReader reader;
  reader.elementBytes = type.getElementTypeBitWidth() / 8;
  reader.toOffset = ttg::toLinearLayout(type).invert();
  MLIRContext *ctx = type.getContext();
  SmallVector<StringAttr> dims = ttg::standardOutDimNames(ctx, 2);
  unsigned mnDim = opIdx == 0 ? 0 : 1;
  unsigned contiguousDim = layout.getTransposed() ? 0 : 1;
  reader.mnMajor = contiguousDim == mnDim;
  LinearLayout toOffset = reader.toOffset;
  reader.offsetOf = [toOffset, dims, mnDim](int32_t mn, int32_t k) {
    int32_t coords[2];
    coords[mnDim] = mn;
    coords[1 - mnDim] = k;
    return toOffset.apply({{dims[0], coords[0]}, {dims[1], coords[1]}})
        .front()
        .second;
  };

  int64_t mnExtent = type.getShape()[mnDim];
  int64_t kExtent = type.getShape()[1 - mnDim];
  int64_t rowElements = swizzle / reader.elementBytes;
  int64_t lbo = 0, sbo = 0;
  if (reader.mnMajor) {
    if (kExtent < 16) {
      why = "needs at least 16 rows of K";
      return failure();
    }
    sbo = reader.offsetOf(0, 8) * reader.elementBytes;
    lbo = mnExtent > rowElements
              ? reader.offsetOf(rowElements, 0) * reader.elementBytes
              : 0;
  } else {
    if (mnExtent < 8) {
      why = "needs at least 8 rows";
      return failure();
    }
    sbo = reader.offsetOf(8, 0) * reader.elementBytes;
    lbo = 16; // Unused for swizzled K-major operands: "assumed to be 1".
  }
  uint64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
  reader.fixedBits = ((uint64_t(lbo) >> 4) & 0x3FFF) << 16 |
                     ((uint64_t(sbo) >> 4) & 0x3FFF) << 32 | mode << 62;
  return reader;
}

struct WarpGroupDotOpConversion
    : public ConvertTritonGPUOpToLLVMPattern<ttng::WarpGroupDotOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType dType = op.getD().getType();
    auto mma = cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    auto aType = dyn_cast<ttg::MemDescType>(op.getA().getType());
    auto aRegType = dyn_cast<RankedTensorType>(op.getA().getType());
    ttg::MemDescType bType = op.getB().getType();
    Type elem = aType ? aType.getElementType() : aRegType.getElementType();
    std::optional<ttng::MmaOperandKind> kind = ttng::getMmaOperandKind(
        elem, bType.getElementType(), dType.getElementType());
    // wgmma has no f64 form (f64 dots take mma.sync m8n8k4).
    if (!kind || kind->isF64())
      return op.emitError("wgmma is lowered for f16 operands into an f32 or "
                          "f16 accumulator, bf16, f32 (tf32), f8E4M3FN and "
                          "f8E5M2 into f32 and i8 into i32 only, got ")
             << elem << " x " << bType.getElementType() << " -> "
             << dType.getElementType();
    if (kind->ptxType == "tf32" &&
        op.getInputPrecision() != triton::InputPrecision::TF32)
      return op.emitError("wgmma reads f32 operands as tf32: it cannot "
                          "honour inputPrecision = ")
             << stringifyInputPrecision(op.getInputPrecision());
    if (op.getUseC())
      return op.emitError("wgmma with a 'useC' operand is not supported");
    std::string why;
    FailureOr<OperandReader> aReader = OperandReader();
    if (aType)
      aReader = getOperandReader(aType, 0, why);
    if (failed(aReader))
      return op.emitError("wgmma operand A ") << why;
    FailureOr<OperandReader> bReader = getOperandReader(bType, 1, why);
    if (failed(bReader))
      return op.emitError("wgmma operand B ") << why;
    bool canTranspose = kind->bits == 16;
    if (!canTranspose && ((aType && aReader->mnMajor) || bReader->mnMajor))
      return op.emitError("wgmma reads ")
             << kind->ptxType << " operands K-major only, got operand "
             << (aType && aReader->mnMajor ? "A" : "B")
             << " with M or N contiguous";

    ArrayRef<unsigned> instrShape = mma.getInstrShape();
    int32_t instrN = instrShape[1];
    int64_t K = bType.getShape()[0];
    int32_t instrK = kind->instrK();
    if (K % instrK != 0 || instrShape[2] != unsigned(instrK))
      return op.emitError("wgmma needs K a multiple of ")
             << instrK << " and an instruction K of " << instrK << " for "
             << kind->ptxType << " operands";

    // This warp group's place: the coordinates its first warp's lane 0
    // holds in register 0, read off the accumulator layout (warp-uniform).
    MLIRContext *ctx = getContext();
    LinearLayout cLayout = ttg::toLinearLayout(dType);
    HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
    Value warp = targetInfo.shuffleIdx(rewriter, loc, ids.warp,
                                       i32Constant(rewriter, loc, 0));
    Value firstWarp = LLVM::AndOp::create(rewriter, loc, warp,
                                          i32Constant(rewriter, loc, ~3));
    SmallVector<Value> groupOrigin =
        applyLinearLayout(loc, rewriter, cLayout, {{kWarp(ctx), firstWarp}});
    SmallVector<StringAttr> dims = ttg::standardOutDimNames(ctx, 2);
    Value zero = i32Constant(rewriter, loc, 0);
    Value rowOfGroup = groupOrigin[0], colOfGroup = groupOrigin[1];
    Value aGroupOffset =
        aType ? applyLinearLayout(loc, rewriter, aReader->toOffset,
                                  {{dims[0], rowOfGroup}, {dims[1], zero}})
                    .front()
              : Value();
    Value bGroupOffset =
        applyLinearLayout(loc, rewriter, bReader->toOffset,
                          {{dims[0], zero}, {dims[1], colOfGroup}})
            .front();

    // The descriptor of the tile at (mn, k) of an operand: its fixed bits,
    // plus the start address of the group's rows or columns.
    Type i64 = rewriter.getI64Type();
    auto descriptorBase = [&](Value buffer, const OperandReader &reader,
                              Value groupOffset) {
      Value address = LLVM::PtrToIntOp::create(rewriter, loc, i64, buffer);
      Value bytes =
          LLVM::MulOp::create(rewriter, loc, groupOffset,
                              i32Constant(rewriter, loc, reader.elementBytes));
      address =
          LLVM::AddOp::create(rewriter, loc, address,
                              LLVM::ZExtOp::create(rewriter, loc, i64, bytes));
      Value field = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, address,
                               intConstant(rewriter, loc, i64, 4)),
          intConstant(rewriter, loc, i64, 0x3FFF));
      return LLVM::OrOp::create(
          rewriter, loc, field,
          intConstant(rewriter, loc, i64, int64_t(reader.fixedBits)));
    };
    Value aBase = aType ? descriptorBase(adaptor.getA(), *aReader, aGroupOffset)
                        : Value();
    Value bBase = descriptorBase(adaptor.getB(), *bReader, bGroupOffset);
    // The group's part and the tile's part of an offset are disjoint bits of
    // the coordinates, so the tile's part adds to the start address (the
    // sum stays within the 14-bit field: shared memory is below 256 KiB).
    auto descriptor = [&](Value base, const OperandReader &reader, int32_t mn,
                          int32_t k) -> Value {
      int64_t bytes = int64_t(reader.offsetOf(mn, k)) * reader.elementBytes;
      if (bytes == 0)
        return base;
      return LLVM::AddOp::create(rewriter, loc, base,
                                 intConstant(rewriter, loc, i64, bytes >> 4));
    };

    // One instruction per tile of the result and step of K.
    auto cRegs = getRegistersByCoordinate(cLayout);
    SmallVector<Value> d = unpackLLElements(loc, adaptor.getC(), rewriter);
    // instrN / 2 accumulator elements per thread and tile, in as many
    // registers (f32, s32) or half as many (f16x2).
    int32_t numElements = instrN / 2;
    int32_t accPerRegister = kind->accPerRegister();
    int32_t numAcc = numElements / accPerRegister;
    Type accElem = kind->accConstraint() == "r" ? Type(rewriter.getI32Type())
                                                : Type(rewriter.getF32Type());
    auto accType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(numAcc, accElem));
    const std::string &typeName = kind->ptxType;
    // A from shared memory is a descriptor; from registers, four 32-bit
    // registers, which have no `imm-trans-a`. After the accumulators' scale
    // (1: add to them) come the operands' scales (1: not negated), which
    // integer types do not have, then the transpositions, which only f16
    // and bf16 have.
    std::string text;
    {
      llvm::raw_string_ostream os(text);
      os << "wgmma.mma_async.sync.aligned.m64n" << instrN << "k" << instrK
         << "." << kind->accPtxType() << "." << typeName << "." << typeName
         << " {";
      for (int32_t i = 0; i < numAcc; ++i)
        os << (i ? ", " : "") << "$" << i;
      if (aType)
        os << "}, $" << numAcc << ", $" << numAcc + 1 << ", 1";
      else
        os << "}, {$" << numAcc << ", $" << numAcc + 1 << ", $" << numAcc + 2
           << ", $" << numAcc + 3 << "}, $" << numAcc + 4 << ", 1";
      if (!kind->integer)
        os << ", 1, 1";
      if (canTranspose) {
        if (aType)
          os << ", " << (aReader->mnMajor ? 1 : 0);
        os << ", " << (bReader->mnMajor ? 1 : 0);
      }
      os << ";";
    }
    std::string constraints;
    {
      SmallVector<std::string> parts(numAcc,
                                     ("=" + kind->accConstraint()).str());
      if (aType)
        parts.push_back("l");
      else
        parts.append(4, "r");
      parts.push_back("l");
      for (int32_t i = 0; i < numAcc; ++i)
        parts.push_back(std::to_string(i));
      constraints = llvm::join(parts, ",");
    }

    // The A fragment of lane 0 (and every lane, the layouts agreeing with
    // the ISA's): that of mma.sync (MmaFragments.h), 32 / bits elements per
    // register; cached per (row tile, k step).
    std::map<Coord, SmallVector<int32_t>> aRegs;
    SmallVector<Value> aValues;
    if (aRegType) {
      aRegs = getRegistersByCoordinate(ttg::toLinearLayout(aRegType));
      aValues = unpackLLElements(loc, adaptor.getA(), rewriter);
    }
    std::map<Coord, SmallVector<Value>> aFragments;
    int32_t perRegister = kind->elementsPerRegister();
    auto aFragment = [&](int32_t m0,
                         int32_t k0) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> &fragment = aFragments[{m0, k0}];
      if (!fragment.empty())
        return fragment;
      for (int32_t j = 0; j < 4 * perRegister; j += perRegister) {
        SmallVector<Value> elements;
        for (int32_t e = j; e < j + perRegister; ++e) {
          auto [row, col] = ttng::getAFragmentCoord(*kind, e);
          auto it = aRegs.find({m0 + row, k0 + col});
          if (it == aRegs.end())
            return failure();
          elements.push_back(aValues[it->second.front()]);
        }
        fragment.push_back(ttng::packMmaRegister(rewriter, loc, elements));
      }
      return fragment;
    };

    // The tiles of the result, each with its accumulator elements in
    // wgmma's order, and A's fragments: all checked before anything is
    // emitted.
    SmallVector<std::pair<Coord, SmallVector<int32_t>>> tiles;
    for (auto &[origin, regs] : cRegs) {
      auto [m0, n0] = origin;
      if (m0 % 16 != 0 || n0 % instrN != 0)
        continue;
      SmallVector<int32_t> tile;
      for (int32_t i = 0; i < numElements; ++i) {
        auto it =
            cRegs.find({m0 + 8 * ((i / 2) % 2), n0 + 8 * (i / 4) + i % 2});
        if (it == cRegs.end())
          return op.emitError("the accumulator layout has no full wgmma tile "
                              "at (")
                 << m0 << ", " << n0 << ")";
        tile.push_back(it->second.front());
      }
      tiles.push_back({origin, std::move(tile)});
      if (!aType)
        for (int32_t k0 = 0; k0 < K; k0 += instrK)
          if (failed(aFragment(m0, k0)))
            return op.emitError("operand A's register layout does not match "
                                "the wgmma accumulator's");
    }

    // wgmma.fence orders the registers wgmma reads after the instructions
    // that wrote them: the accumulators and A's fragments pass through it,
    // so that nothing computing them (attention's rescaled accumulator, P
    // packed to f16) sinks below it. ptxas would otherwise insert a
    // warpgroup.arrive before each wgmma reading them.
    // Each tile's accumulator registers: its elements as they are, or
    // packed in pairs (f16x2).
    SmallVector<SmallVector<Value>> accRegs;
    for (auto &[origin, tile] : tiles) {
      SmallVector<Value> &regs = accRegs.emplace_back();
      for (int32_t i = 0; i < numElements; i += accPerRegister) {
        SmallVector<Value> elements;
        for (int32_t e = i; e < i + accPerRegister; ++e)
          elements.push_back(d[tile[e]]);
        regs.push_back(accPerRegister == 1
                           ? elements.front()
                           : ttng::packMmaRegister(rewriter, loc, elements));
      }
    }
    SmallVector<Value> fenced;
    for (SmallVector<Value> &regs : accRegs)
      llvm::append_range(fenced, regs);
    for (auto &[origin, fragment] : aFragments)
      llvm::append_range(fenced, fragment);
    SmallVector<Value> afterFence =
        emitTiedAsm(rewriter, loc, "wgmma.fence.sync.aligned;", fenced);
    {
      Value *next = afterFence.begin();
      for (SmallVector<Value> &regs : accRegs)
        for (Value &reg : regs)
          reg = *next++;
      for (auto &[origin, fragment] : aFragments)
        for (Value &value : fragment)
          value = *next++;
    }

    for (auto [tileAndOrigin, regs] : llvm::zip(tiles, accRegs)) {
      auto [m0, n0] = tileAndOrigin.first;
      // Tiles are walked one warp group's rows apart (m0 is a multiple of
      // 16 * warpsM); the group's own offset is in the base descriptors.
      for (int32_t k0 = 0; k0 < K; k0 += instrK) {
        SmallVector<Value> operands;
        if (aType)
          operands.push_back(descriptor(aBase, *aReader, m0, k0));
        else
          llvm::append_range(operands, aFragments[{m0, k0}]);
        operands.push_back(descriptor(bBase, *bReader, n0, k0));
        llvm::append_range(operands, regs);
        auto asmOp =
            createAsm(rewriter, loc, accType, operands, text, constraints);
        for (auto [i, reg] : llvm::enumerate(regs))
          reg = LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0),
                                             i);
      }
    }
    createAsm(rewriter, loc, LLVM::LLVMVoidType::get(ctx), {},
              "wgmma.commit_group.sync.aligned;", "");
    if (!op.getIsAsync()) {
      SmallVector<Value> pending;
      for (SmallVector<Value> &regs : accRegs)
        llvm::append_range(pending, regs);
      SmallVector<Value> ready = emitTiedAsm(
          rewriter, loc, "wgmma.wait_group.sync.aligned 0;", pending);
      Value *next = ready.begin();
      for (SmallVector<Value> &regs : accRegs)
        for (Value &reg : regs)
          reg = *next++;
    }
    // Back to elements.
    Type accElementType = dType.getElementType();
    for (auto [tileAndOrigin, regs] : llvm::zip(tiles, accRegs)) {
      ArrayRef<int32_t> tile = tileAndOrigin.second;
      for (auto [j, reg] : llvm::enumerate(regs)) {
        SmallVector<Value> elements =
            accPerRegister == 1
                ? SmallVector<Value>{reg}
                : ttng::unpackMmaRegister(rewriter, loc, reg, accElementType,
                                          accPerRegister);
        for (auto [e, element] : llvm::enumerate(elements))
          d[tile[j * accPerRegister + e]] = element;
      }
    }
    // Registers duplicating a tile's element get its value too.
    for (auto &[origin, regs] : cRegs)
      for (int32_t r : ArrayRef<int32_t>(regs).drop_front())
        d[r] = d[regs.front()];
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), d, rewriter, dType));
    return success();
  }
};

/// ttng.warp_group_dot_wait: wgmma.wait_group with the tensors waited for
/// tied through it, 16- and 8-bit elements packed into 32-bit registers
/// (consecutive elements, the first in the lowest bits, as wgmma's f16
/// accumulators are); buffers pass unchanged.
struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Per tensor input: its elements' type, how many, and how many share
    // a register.
    struct Packing {
      Type elementType;
      size_t count = 0;
      unsigned perRegister = 1;
    };
    SmallVector<Value> registers;
    SmallVector<std::pair<size_t, size_t>> ranges;
    SmallVector<Packing> packings;
    for (auto [input, converted] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      size_t begin = registers.size();
      Packing &packing = packings.emplace_back();
      if (auto tensor = dyn_cast<RankedTensorType>(input.getType())) {
        SmallVector<Value> values = unpackLLElements(loc, converted, rewriter);
        unsigned bits = tensor.getElementTypeBitWidth();
        if (values.empty() || (bits != 8 && bits != 16 && bits != 32) ||
            (bits == 32 && !values.front().getType().isF32() &&
             !values.front().getType().isInteger(32)))
          return op.emitError("ttng.warp_group_dot_wait is lowered for "
                              "tensors of 8-, 16- or 32-bit numbers only, "
                              "got ")
                 << input.getType();
        packing.elementType = values.front().getType();
        packing.count = values.size();
        packing.perRegister = 32 / bits;
        // A partial last register is filled with undefined elements.
        while (values.size() % packing.perRegister != 0)
          values.push_back(
              LLVM::UndefOp::create(rewriter, loc, packing.elementType));
        for (size_t i = 0; i < values.size(); i += packing.perRegister)
          registers.push_back(
              packing.perRegister == 1
                  ? values[i]
                  : ttng::packMmaRegister(
                        rewriter, loc,
                        ArrayRef<Value>(values).slice(i, packing.perRegister)));
      }
      ranges.push_back({begin, registers.size()});
    }
    std::string text = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPendings()) + ";";
    SmallVector<Value> ready = emitTiedAsm(rewriter, loc, text, registers);
    SmallVector<Value> results;
    for (auto [input, converted, range, packing] :
         llvm::zip(op.getInputs(), adaptor.getInputs(), ranges, packings)) {
      auto tensor = dyn_cast<RankedTensorType>(input.getType());
      if (!tensor) {
        results.push_back(converted);
        continue;
      }
      SmallVector<Value> values;
      for (Value reg : ArrayRef<Value>(ready).slice(range.first,
                                                    range.second - range.first))
        llvm::append_range(values,
                           packing.perRegister == 1
                               ? SmallVector<Value>{reg}
                               : ttng::unpackMmaRegister(rewriter, loc, reg,
                                                         packing.elementType,
                                                         packing.perRegister));
      values.resize(packing.count);
      results.push_back(
          packLLElements(loc, getTypeConverter(), values, rewriter, tensor));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// ttng.fence_async_shared: fence.proxy.async for the CTA's (or the
/// cluster's) shared memory.
struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createAsm(rewriter, op.getLoc(),
              LLVM::LLVMVoidType::get(rewriter.getContext()), {},
              op.getBCluster() ? "fence.proxy.async.shared::cluster;"
                               : "fence.proxy.async.shared::cta;",
              "");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::nvidia_gpu::populateWarpGroupDotOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<WarpGroupDotOpConversion>(typeConverter, targetInfo, benefit);
  patterns.add<WarpGroupDotWaitOpConversion, FenceAsyncSharedOpConversion>(
      typeConverter, benefit);
}

//===- Utility.cpp - Helpers of the TritonGPU -> LLVM lowering ------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;

Value mlir::triton::intConstant(RewriterBase &rewriter, Location loc,
                                Type type, int64_t value) {
  return LLVM::ConstantOp::create(rewriter, loc, type,
                                  rewriter.getIntegerAttr(type, value));
}

Value mlir::triton::i32Constant(RewriterBase &rewriter, Location loc,
                                int64_t value) {
  return intConstant(rewriter, loc, rewriter.getI32Type(), value);
}

Value mlir::triton::packLLElements(Location loc,
                                   const TypeConverter *typeConverter,
                                   ValueRange values, RewriterBase &rewriter,
                                   Type type) {
  Type structType = typeConverter->convertType(type);
  Value result = LLVM::UndefOp::create(rewriter, loc, structType);
  for (auto [i, value] : llvm::enumerate(values))
    result = LLVM::InsertValueOp::create(rewriter, loc, result, value,
                                         ArrayRef<int64_t>{int64_t(i)});
  return result;
}

SmallVector<Value> mlir::triton::unpackLLElements(Location loc,
                                                  Value llvmStruct,
                                                  RewriterBase &rewriter) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(llvmStruct.getType());
  if (!structType)
    return {llvmStruct};
  SmallVector<Value> values;
  for (int64_t i = 0, e = structType.getBody().size(); i < e; ++i)
    values.push_back(LLVM::ExtractValueOp::create(rewriter, loc, llvmStruct,
                                                  ArrayRef<int64_t>{i}));
  return values;
}

unsigned mlir::triton::getNumRegisters(RankedTensorType type) {
  LinearLayout layout = gpu::toLinearLayout(type);
  return layout.getInDimSize(kRegister(type.getContext()));
}

StringAttr mlir::triton::kRegister(MLIRContext *ctx) {
  return StringAttr::get(ctx, "register");
}
StringAttr mlir::triton::kLane(MLIRContext *ctx) {
  return StringAttr::get(ctx, "lane");
}
StringAttr mlir::triton::kWarp(MLIRContext *ctx) {
  return StringAttr::get(ctx, "warp");
}
StringAttr mlir::triton::kBlock(MLIRContext *ctx) {
  return StringAttr::get(ctx, "block");
}

HardwareIds
mlir::triton::getHardwareIds(Location loc, RewriterBase &rewriter,
                             const trident::TargetInfoBase &targetInfo) {
  Value tid = targetInfo.threadId(rewriter, loc);
  Value warpSize = i32Constant(rewriter, loc, targetInfo.getWarpSize());
  HardwareIds ids;
  ids.lane = LLVM::URemOp::create(rewriter, loc, tid, warpSize);
  ids.warp = LLVM::UDivOp::create(rewriter, loc, tid, warpSize);
  ids.block = targetInfo.clusterCTAId(rewriter, loc);
  return ids;
}

SmallVector<Value>
mlir::triton::applyLinearLayout(Location loc, RewriterBase &rewriter,
                                const LinearLayout &layout,
                                ArrayRef<std::pair<StringAttr, Value>> ins) {
  unsigned numOuts = layout.getNumOutDims();
  // Constant part (from inputs given as nothing: zero) and run-time XOR terms.
  SmallVector<Value> outs(numOuts, Value());
  for (auto [inDim, value] : ins) {
    if (!layout.hasInDim(inDim))
      continue;
    int32_t bits = layout.getInDimSizeLog2(inDim);
    for (int32_t bit = 0; bit < bits; ++bit) {
      ArrayRef<int32_t> basis = layout.getBasis(inDim, bit);
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        continue;
      // ((value >> bit) & 1) is 0 or 1; multiplying by the basis value gives
      // the term, and XOR combines terms.
      Value shifted =
          bit == 0 ? value
                   : LLVM::LShrOp::create(rewriter, loc, value,
                                          i32Constant(rewriter, loc, bit));
      Value isSet = LLVM::AndOp::create(rewriter, loc, shifted,
                                        i32Constant(rewriter, loc, 1));
      for (unsigned d = 0; d < numOuts; ++d) {
        if (basis[d] == 0)
          continue;
        Value term = LLVM::MulOp::create(rewriter, loc, isSet,
                                         i32Constant(rewriter, loc, basis[d]));
        outs[d] = outs[d] ? Value(LLVM::XOrOp::create(rewriter, loc, outs[d],
                                                      term))
                          : term;
      }
    }
  }
  for (Value &out : outs)
    if (!out)
      out = i32Constant(rewriter, loc, 0);
  return outs;
}

SmallVector<int32_t>
mlir::triton::getRegisterCoordinates(const LinearLayout &layout, int32_t reg) {
  SmallVector<std::pair<StringAttr, int32_t>> ins;
  for (StringAttr inDim : layout.getInDimNames())
    ins.push_back({inDim, inDim.getValue() == "register" ? reg : 0});
  SmallVector<int32_t> coords;
  for (auto [outDim, value] : layout.apply(ins))
    coords.push_back(value);
  return coords;
}

SmallVector<SmallVector<Value>>
mlir::triton::emitIndices(Location loc, RewriterBase &rewriter,
                          const trident::TargetInfoBase &targetInfo,
                          RankedTensorType type) {
  MLIRContext *ctx = type.getContext();
  LinearLayout layout = gpu::toLinearLayout(type);
  HardwareIds ids = getHardwareIds(loc, rewriter, targetInfo);
  SmallVector<Value> threadPart = applyLinearLayout(
      loc, rewriter, layout,
      {{kLane(ctx), ids.lane}, {kWarp(ctx), ids.warp}, {kBlock(ctx), ids.block}});
  int32_t numRegs = layout.getInDimSize(kRegister(ctx));
  SmallVector<SmallVector<Value>> indices;
  for (int32_t reg = 0; reg < numRegs; ++reg) {
    SmallVector<int32_t> regPart = getRegisterCoordinates(layout, reg);
    SmallVector<Value> coords;
    for (auto [d, base] : llvm::enumerate(threadPart))
      coords.push_back(regPart[d] == 0
                           ? base
                           : Value(LLVM::XOrOp::create(
                                 rewriter, loc, base,
                                 i32Constant(rewriter, loc, regPart[d]))));
    indices.push_back(std::move(coords));
  }
  return indices;
}

Value mlir::triton::emitUniqueThreadPredicate(Location loc,
                                              RewriterBase &rewriter,
                                              const LinearLayout &layout,
                                              const HardwareIds &ids) {
  MLIRContext *ctx = rewriter.getContext();
  llvm::MapVector<StringAttr, int32_t> free = layout.getFreeVariableMasks();
  Value pred;
  for (auto [name, id] : {std::pair{kLane(ctx), ids.lane},
                          std::pair{kWarp(ctx), ids.warp},
                          std::pair{kBlock(ctx), ids.block}}) {
    auto it = free.find(name);
    if (it == free.end() || it->second == 0)
      continue;
    Value bits = LLVM::AndOp::create(rewriter, loc, id,
                                     i32Constant(rewriter, loc, it->second));
    Value isZero =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, bits,
                             i32Constant(rewriter, loc, 0));
    pred = pred ? Value(LLVM::AndOp::create(rewriter, loc, pred, isZero))
                : isZero;
  }
  return pred;
}

bool mlir::triton::isDuplicateRegister(const LinearLayout &layout,
                                       int32_t reg) {
  llvm::MapVector<StringAttr, int32_t> free = layout.getFreeVariableMasks();
  auto it = free.find(kRegister(layout.getInDimNames().begin()->getContext()));
  return it != free.end() && (reg & it->second) != 0;
}

Value mlir::triton::emitPredicated(Location loc, RewriterBase &rewriter,
                                   Value pred, Type resultType,
                                   Value otherwise,
                                   function_ref<Value()> body) {
  Block *current = rewriter.getInsertionBlock();
  Block *after =
      rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Value result;
  if (resultType)
    result = after->addArgument(resultType, loc);
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(then);
  Value value = body();
  LLVM::BrOp::create(rewriter, loc,
                     resultType ? ValueRange{value} : ValueRange{}, after);
  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, pred, then, ValueRange{}, after,
                         resultType ? ValueRange{otherwise} : ValueRange{});
  rewriter.setInsertionPointToStart(after);
  return result;
}

/// The module's external shared-memory array, created on first use.
static LLVM::GlobalOp
getOrCreateSharedMemoryGlobal(RewriterBase &rewriter, ModuleOp module,
                              const trident::TargetInfoBase &info) {
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>(kSharedMemoryGlobal))
    return global;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto arrayType = LLVM::LLVMArrayType::get(rewriter.getI8Type(), 0);
  return LLVM::GlobalOp::create(
      rewriter, module.getLoc(), arrayType, /*isConstant=*/false,
      LLVM::Linkage::External, kSharedMemoryGlobal, /*value=*/Attribute(),
      /*alignment=*/kSharedMemoryAlignment, info.getSharedAddressSpace());
}

FailureOr<Value>
mlir::triton::getSharedMemoryAddress(Location loc, RewriterBase &rewriter,
                                     const trident::TargetInfoBase &info,
                                     Operation *op) {
  auto offset = op->getAttrOfType<IntegerAttr>("allocation.offset");
  auto module = op->getParentOfType<ModuleOp>();
  if (!offset || !module)
    return failure();
  LLVM::GlobalOp global = getOrCreateSharedMemoryGlobal(rewriter, module, info);
  Value base = LLVM::AddressOfOp::create(rewriter, loc, global);
  if (offset.getInt() == 0)
    return base;
  return gepElements(loc, rewriter, base, rewriter.getI8Type(),
                     i32Constant(rewriter, loc, offset.getInt()));
}

Value mlir::triton::gepElements(Location loc, RewriterBase &rewriter,
                                Value base, Type elemType, Value index) {
  return LLVM::GEPOp::create(rewriter, loc, base.getType(), elemType, base,
                             ValueRange{index});
}

SmallVector<Value> mlir::triton::applyCombineRegion(Location loc,
                                                    RewriterBase &rewriter,
                                                    Region &combine,
                                                    ValueRange acc,
                                                    ValueRange cur) {
  Block &body = combine.front();
  IRMapping mapping;
  unsigned n = acc.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), acc[i]);
    mapping.map(body.getArgument(n + i), cur[i]);
  }
  for (Operation &op : body.without_terminator())
    rewriter.clone(op, mapping);
  SmallVector<Value> results;
  for (Value v : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(v));
  return results;
}

void mlir::triton::dropNonLLVMArgumentAttributes(ModuleOp module) {
  module.walk([](LLVM::LLVMFuncOp func) {
    ArrayAttr all = func.getArgAttrsAttr();
    if (!all)
      return;
    SmallVector<Attribute> kept;
    for (auto dict : all.getAsRange<DictionaryAttr>()) {
      SmallVector<NamedAttribute> llvmOnly;
      for (NamedAttribute attr : dict)
        if (attr.getName().strref().starts_with("llvm."))
          llvmOnly.push_back(attr);
      kept.push_back(DictionaryAttr::get(func.getContext(), llvmOnly));
    }
    func.setArgAttrsAttr(ArrayAttr::get(func.getContext(), kept));
  });
}

std::map<std::pair<int32_t, int32_t>, SmallVector<int32_t>>
mlir::triton::getRegistersByCoordinate(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  std::map<std::pair<int32_t, int32_t>, SmallVector<int32_t>> result;
  for (int32_t r = 0; r < layout.getInDimSize(kRegister(ctx)); ++r) {
    SmallVector<int32_t> c = getRegisterCoordinates(layout, r);
    result[{c[0], c[1]}].push_back(r);
  }
  return result;
}

/// The dimension along which the first registers of a thread of `layout`
/// hold consecutive elements, and how many (1 when none do).
static std::pair<unsigned, int32_t> getRegisterRun(const LinearLayout &layout,
                                                   unsigned rank) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  StringAttr reg = kRegister(ctx);
  if (!layout.hasInDim(reg) || layout.getInDimSizeLog2(reg) == 0)
    return {rank - 1, 1};
  auto unitAlong = [&](ArrayRef<int32_t> basis, int32_t step) {
    std::optional<unsigned> dim;
    for (auto [d, v] : llvm::enumerate(basis)) {
      if (v == 0)
        continue;
      if (v != step || dim)
        return std::optional<unsigned>();
      dim = d;
    }
    return dim;
  };
  std::optional<unsigned> dim = unitAlong(layout.getBasis(reg, 0), 1);
  if (!dim)
    return {rank - 1, 1};
  int32_t run = 2;
  for (int32_t b = 1; b < layout.getInDimSizeLog2(reg); ++b) {
    if (unitAlong(layout.getBasis(reg, b), 1 << b) != dim)
      break;
    run *= 2;
  }
  return {*dim, run};
}

gpu::SwizzledSharedEncodingAttr mlir::triton::getConvertLayoutScratchLayout(
    RankedTensorType srcType, RankedTensorType dstType, unsigned storageBits) {
  LinearLayout src = gpu::toLinearLayout(srcType);
  LinearLayout dst = gpu::toLinearLayout(dstType);
  unsigned rank = srcType.getRank();
  ArrayRef<int64_t> shape = srcType.getShape();
  auto [srcDim, srcRun] = getRegisterRun(src, rank);
  auto [dstDim, dstRun] = getRegisterRun(dst, rank);
  unsigned inner = dstRun >= srcRun ? dstDim : srcDim;
  int64_t run =
      std::max(dstDim == inner ? dstRun : 1, srcDim == inner ? srcRun : 1);
  int64_t vec = std::min<int64_t>(
      {run, std::max<int64_t>(1, 128 / storageBits), shape[inner]});
  int64_t rowBytes = std::max<int64_t>(1, shape[inner] * storageBits / 8);
  int64_t chunkBytes = std::max<int64_t>(1, vec * storageBits / 8);
  unsigned perPhase = 1, maxPhase = 1;
  if (rank > 1) {
    perPhase = rowBytes >= 128 ? 1 : unsigned(128 / rowBytes);
    maxPhase = unsigned(std::max<int64_t>(
        1, std::min<int64_t>(128 / chunkBytes, shape[inner] / vec)));
  }
  SmallVector<unsigned> order{inner};
  for (unsigned d = rank; d-- > 0;)
    if (d != inner)
      order.push_back(d);
  return gpu::SwizzledSharedEncodingAttr::get(
      srcType.getContext(), unsigned(vec), perPhase, maxPhase, order);
}

//===- ExpandGenericAtomics.cpp - generic atomics as compare-and-swap -----===//
//
// memref.generic_atomic_rmw becomes an scf.while loop around a compare and
// swap, so that the buffer deallocation can run on kernels with atomics. The
// swap itself is a helper declared before the deallocation and defined
// (llvm.cmpxchg) after it.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-expand-generic-atomics"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_EXPANDGENERICATOMICS
#define GEN_PASS_DEF_DEFINEATOMICHELPERS
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// Marks the helpers that DefineAtomicHelpers defines.
constexpr llvm::StringLiteral kHelperAttr = "trident_cpu_cmpxchg_helper";

/// The address of `memref[indices]` as an !llvm.ptr.
Value getElementAddress(OpBuilder &b, Location loc, Value memref,
                        ValueRange indices) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(
      b, loc, metadata.getBaseBuffer());
  Type i64 = b.getI64Type();
  Value base64 = arith::IndexCastOp::create(b, loc, i64, base);
  Value linear64 = arith::IndexCastOp::create(b, loc, i64, linear);
  Type ptr = LLVM::LLVMPointerType::get(b.getContext());
  Value pointer = LLVM::IntToPtrOp::create(b, loc, ptr, base64);
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  return LLVM::GEPOp::create(b, loc, ptr, element, pointer,
                             ValueRange{linear64});
}

/// The declaration of the compare-and-swap helper for `bits`-bit integers.
func::FuncOp getHelper(ModuleOp module, SymbolTable &symbols, unsigned bits) {
  std::string name = "trident_cpu_cmpxchg_i" + std::to_string(bits);
  if (auto existing = symbols.lookup<func::FuncOp>(name))
    return existing;
  OpBuilder b(module.getBodyRegion());
  MLIRContext *context = module.getContext();
  Type bitsType = IntegerType::get(context, bits);
  auto type = b.getFunctionType(
      {LLVM::LLVMPointerType::get(context), bitsType, bitsType},
      {bitsType, b.getI1Type()});
  auto helper = func::FuncOp::create(b, module.getLoc(), name, type);
  helper.setPrivate();
  helper->setAttr(kHelperAttr, b.getUnitAttr());
  symbols.insert(helper);
  return helper;
}

/// Rewrites `op` as a compare-and-swap loop; fails (with the reason on `op`)
/// for element types that have no swap.
LogicalResult expand(memref::GenericAtomicRMWOp op, ModuleOp module,
                     SymbolTable &symbols) {
  Type type = op.getResult().getType();
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  if (bits < 8 || bits > 64 || (bits & (bits - 1)) != 0)
    return op.emitOpError() << "updates " << type
                            << ": the cpu target swaps integers and floats "
                               "of 8, 16, 32 or 64 bits only";
  func::FuncOp helper = getHelper(module, symbols, bits);
  IRRewriter rewriter(op.getContext());
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value address =
      getElementAddress(rewriter, loc, op.getMemref(), op.getIndices());
  // The swap compares integers: floats travel as their bits.
  Type bitsType = rewriter.getIntegerType(bits);
  auto toBits = [&](Value value) -> Value {
    return isa<FloatType>(type)
               ? Value(arith::BitcastOp::create(rewriter, loc, bitsType, value))
               : value;
  };
  auto fromBits = [&](Value value) -> Value {
    return isa<FloatType>(type)
               ? Value(arith::BitcastOp::create(rewriter, loc, type, value))
               : value;
  };
  Value first = LLVM::LoadOp::create(
      rewriter, loc, type, address, /*alignment=*/bits / 8,
      /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, LLVM::AtomicOrdering::monotonic);

  auto loop =
      scf::WhileOp::create(rewriter, loc, TypeRange{type}, ValueRange{first});
  Block *before = rewriter.createBlock(&loop.getBefore(), {}, {type}, {loc});
  Value current = before->getArgument(0);
  IRMapping mapping;
  Block &body = op.getAtomicBody().front();
  mapping.map(body.getArgument(0), current);
  for (Operation &nested : body.without_terminator())
    rewriter.clone(nested, mapping);
  auto yield = cast<memref::AtomicYieldOp>(body.getTerminator());
  Value next = mapping.lookupOrDefault(yield.getResult());
  auto swap =
      func::CallOp::create(rewriter, loc, helper,
                           ValueRange{address, toBits(current), toBits(next)});
  Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  Value retry = arith::XOrIOp::create(rewriter, loc, swap.getResult(1), one);
  scf::ConditionOp::create(rewriter, loc, retry,
                           ValueRange{fromBits(swap.getResult(0))});
  Block *after = rewriter.createBlock(&loop.getAfter(), {}, {type}, {loc});
  scf::YieldOp::create(rewriter, loc, after->getArgument(0));
  rewriter.replaceOp(op, loop.getResults());
  return success();
}

class ExpandGenericAtomicsPass
    : public mlir::triton::cpu::impl::ExpandGenericAtomicsBase<
          ExpandGenericAtomicsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::GenericAtomicRMWOp> ops;
    module.walk([&](memref::GenericAtomicRMWOp op) { ops.push_back(op); });
    SymbolTable symbols(module);
    for (memref::GenericAtomicRMWOp op : ops)
      if (failed(expand(op, module, symbols)))
        return signalPassFailure();
    LLVM_DEBUG(llvm::dbgs()
               << "expanded " << ops.size() << " generic atomics\n");
  }
};

class DefineAtomicHelpersPass
    : public mlir::triton::cpu::impl::DefineAtomicHelpersBase<
          DefineAtomicHelpersPass> {
public:
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    for (auto helper : getOperation().getOps<func::FuncOp>()) {
      if (!helper->hasAttr(kHelperAttr) || !helper.isDeclaration())
        continue;
      helper->removeAttr(kHelperAttr);
      helper->setAttr("llvm.linkage",
                      LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
      Block *body = helper.addEntryBlock();
      OpBuilder b = OpBuilder::atBlockBegin(body);
      Location loc = helper.getLoc();
      auto exchange = LLVM::AtomicCmpXchgOp::create(
          b, loc, body->getArgument(0), body->getArgument(1),
          body->getArgument(2), LLVM::AtomicOrdering::acq_rel,
          LLVM::AtomicOrdering::monotonic);
      Value seen =
          LLVM::ExtractValueOp::create(b, loc, exchange, ArrayRef<int64_t>{0});
      Value done =
          LLVM::ExtractValueOp::create(b, loc, exchange, ArrayRef<int64_t>{1});
      func::ReturnOp::create(b, loc, ValueRange{seen, done});
      // A private function with a body: make it visible to the LLVM
      // lowering as a definition.
      helper.setPrivate();
    }
  }
};

} // namespace

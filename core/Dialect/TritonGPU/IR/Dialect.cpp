//===- Dialect.cpp - The ttg dialect --------------------------------------===//
//
// Dialect initialization, the module attributes (`ttg.num-warps`, ...), the
// alias names the printer uses for layouts (`#blocked`, `#mma`, `#shared`,
// `#smem`), and the TritonLayoutInterface through which the tt dialect asks
// whether a ttg layout fits a tensor.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "LayoutRegistry.h"
#include "LinearLayoutCache.h"
#include "trident/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.cpp.inc"

//===----------------------------------------------------------------------===//
// Tensor layouts
//===----------------------------------------------------------------------===//

std::optional<int> mlir::triton::gpu::maybeLookupNumWarps(Operation *op) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    if (isa<ModuleOp, FunctionOpInterface>(current)) {
      if (auto attr = current->getAttrOfType<IntegerAttr>(
              TritonGPUDialect::kNumWarpsAttrName))
        return static_cast<int>(attr.getInt());
    }
    // A partition of ttg.warp_specialize runs on its own number of warps.
    Operation *parent = current->getParentOp();
    if (auto partitions =
            dyn_cast_or_null<WarpSpecializePartitionsOp>(parent)) {
      unsigned index = current->getParentRegion()->getRegionNumber();
      auto ws = dyn_cast_or_null<WarpSpecializeOp>(partitions->getParentOp());
      if (ws && index < ws.getPartitionNumWarps().size())
        return ws.getPartitionNumWarps()[index];
    }
  }
  return std::nullopt;
}

LogicalResult mlir::triton::gpu::verifyTensorLayout(
    Attribute layout, RankedTensorType type, Operation *op,
    function_ref<InFlightDiagnostic()> emitError) {
  if (!isa<DistributedEncodingTrait>(layout))
    return emitError() << "the layout of " << type
                       << " must be a distributed layout";
  auto ttgLayout = dyn_cast<LayoutEncodingTrait>(layout);
  if (!ttgLayout)
    return emitError() << "the layout of " << type
                       << " does not implement LayoutEncodingTrait";
  if (ttgLayout.getRank() != type.getRank())
    return emitError() << "the layout of " << type << " has rank "
                       << ttgLayout.getRank() << " but the tensor has rank "
                       << type.getRank();
  std::string why;
  std::optional<LinearLayout> ll =
      tryToLinearLayout(type.getShape(), layout, &why);
  if (!ll)
    return emitError() << "the layout of " << type
                       << " cannot describe the tensor: " << why;

  // The layout must use the threads the module launches. Attributes the
  // module does not set are not checked.
  MLIRContext *ctx = type.getContext();
  auto check = [&](StringRef inDim, std::optional<int> expected,
                   StringRef source) -> LogicalResult {
    if (!expected)
      return success();
    int32_t actual = ll->getInDimSize(StringAttr::get(ctx, inDim));
    if (actual == *expected)
      return success();
    return emitError() << "the layout of " << type << " spreads it over "
                       << actual << " " << inDim << "s but " << source << " is "
                       << *expected;
  };
  ModuleOp module;
  if (op)
    module = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                               : op->getParentOfType<ModuleOp>();
  std::optional<int> threads, ctas;
  if (module) {
    if (module->hasAttr(TritonGPUDialect::kThreadsPerWarpAttrName))
      threads = TritonGPUDialect::getThreadsPerWarp(module);
    if (module->hasAttr(TritonGPUDialect::kNumCTAsAttrName))
      ctas = TritonGPUDialect::getNumCTAs(module);
  }
  if (failed(check("lane", threads, "ttg.threads-per-warp")) ||
      failed(check("warp", op ? maybeLookupNumWarps(op) : std::nullopt,
                   "ttg.num-warps")) ||
      failed(check("block", ctas, "ttg.num-ctas")))
    return failure();
  return success();
}

namespace {
/// Lets the tt dialect verify ttg layouts and infer the layouts of reduce
/// and expand_dims results.
struct TritonGPULayoutInterface : public TritonLayoutInterface {
  using TritonLayoutInterface::TritonLayoutInterface;

  LogicalResult
  verifyTensorLayout(Attribute layout, RankedTensorType type, Operation *op,
                     function_ref<InFlightDiagnostic()> emitError) const final {
    return ::mlir::triton::gpu::verifyTensorLayout(layout, type, op, emitError);
  }

  FailureOr<Attribute> inferReduceOpEncoding(Attribute operandEncoding,
                                             unsigned axis) const final {
    auto distributed = dyn_cast<DistributedEncodingTrait>(operandEncoding);
    auto layout = dyn_cast<LayoutEncodingTrait>(operandEncoding);
    if (!distributed || !layout || axis >= layout.getRank() ||
        layout.getRank() < 2)
      return failure();
    return Attribute(SliceEncodingAttr::get(operandEncoding.getContext(), axis,
                                            distributed));
  }

  FailureOr<Attribute> inferExpandDimsOpEncoding(Attribute operandEncoding,
                                                 unsigned axis) const final {
    auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding);
    if (!slice || slice.getDim() != axis)
      return failure();
    return Attribute(slice.getParent());
  }

  FailureOr<Attribute>
  inferJoinOpEncoding(Attribute operandEncoding,
                      ArrayRef<int64_t> shape) const final {
    MLIRContext *ctx = operandEncoding.getContext();
    // A blocked operand gives a blocked result: two elements per thread in
    // a new fastest dimension.
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(operandEncoding)) {
      unsigned rank = blocked.getRank();
      SmallVector<unsigned> spt = blocked.getSizePerThread(),
                            lanes = blocked.getThreadsPerWarp(),
                            warps = blocked.getWarpsPerCTA(),
                            ctas = blocked.getCTAsPerCGA(),
                            split = blocked.getCTASplitNum();
      spt.push_back(2);
      lanes.push_back(1);
      warps.push_back(1);
      ctas.push_back(1);
      split.push_back(1);
      SmallVector<unsigned> order{rank}, ctaOrder{rank};
      llvm::append_range(order, blocked.getOrder());
      llvm::append_range(ctaOrder, blocked.getCTAOrder());
      return Attribute(BlockedEncodingAttr::get(
          ctx, spt, lanes, warps, order,
          CTALayoutAttr::get(ctx, ctas, split, ctaOrder)));
    }
    // Any other layout: its linear layout with a first register basis that
    // steps along the new dimension.
    std::optional<LinearLayout> src = tryToLinearLayout(shape, operandEncoding);
    if (!src)
      return failure();
    StringAttr kRegister = StringAttr::get(ctx, "register");
    LinearLayout::BasesT bases;
    for (const auto &[inDim, inBases] : src->getBases()) {
      std::vector<std::vector<int32_t>> &joined = bases[inDim];
      if (inDim == kRegister) {
        std::vector<int32_t> pair(shape.size() + 1, 0);
        pair.back() = 1;
        joined.push_back(std::move(pair));
      }
      for (std::vector<int32_t> basis : inBases) {
        basis.push_back(0);
        joined.push_back(std::move(basis));
      }
    }
    SmallVector<int64_t> joinedShape(shape);
    joinedShape.push_back(2);
    std::optional<LinearLayout> layout = LinearLayout::tryCreate(
        std::move(bases), standardOutDimPairs(ctx, joinedShape),
        /*requireSurjective=*/false);
    if (!layout)
      return failure();
    return Attribute(LinearEncodingAttr::get(ctx, std::move(*layout)));
  }

  bool areLayoutsEquivalent(ArrayRef<int64_t> shape, Attribute a,
                            Attribute b) const final {
    if (a == b)
      return true;
    std::optional<LinearLayout> aLayout = tryToLinearLayout(shape, a);
    std::optional<LinearLayout> bLayout = tryToLinearLayout(shape, b);
    return aLayout && bLayout && *aLayout == *bLayout;
  }

  LogicalResult verifyDotOpEncodings(Operation *op, Attribute aEncoding,
                                     Attribute bEncoding,
                                     Attribute cEncoding) const final {
    // As upstream: each operand is in the dot-operand layout of its
    // position whose parent is the accumulator's layout. Upstream also
    // wants one kWidth for both operands, but a plugin's layout may give A
    // and B different ones (Intel's DPAS does); each operand's kWidth is
    // checked by its parent (MmaEncodingTrait::verifyDotOperandEncoding).
    auto a = dyn_cast<DotOperandEncodingAttr>(aEncoding);
    auto b = dyn_cast<DotOperandEncodingAttr>(bEncoding);
    for (auto [operand, encoding, opIdx] :
         {std::tuple(a, aEncoding, 0u), std::tuple(b, bEncoding, 1u)}) {
      if (!operand || operand.getOpIdx() != opIdx ||
          operand.getParent() != cEncoding)
        return op->emitOpError()
               << "expects operand " << (opIdx == 0 ? "a" : "b")
               << " in #ttg.dot_op<{opIdx = " << opIdx
               << "}> of the accumulator's layout " << cEncoding << ", but got "
               << encoding;
    }
    return success();
  }
};

/// The alias names of layouts in printed IR, as upstream: `#blocked`,
/// `#linear`, `#mma` (matrix-instruction layouts), `#shared` (shared
/// layouts) and `#smem`. Plugin layouts may ask for their own.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const final {
    auto *dialect = cast<TritonGPUDialect>(getDialect());
    StringRef registered = dialect->getRegisteredLayoutAlias(attr.getTypeID());
    if (!registered.empty()) {
      os << registered;
      return AliasResult::FinalAlias;
    }
    if (isa<MmaEncodingTrait>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedEncodingTrait>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearEncodingAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedMemorySpaceAttr>(attr)) {
      os << "smem";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

void TritonGPUDialect::initialize() {
  layoutRegistry =
      std::make_unique<mlir::triton::gpu::detail::LayoutRegistry>();
  registerTypes();
  registerAttributes();
  registerOperations();
  addInterfaces<TritonGPULayoutInterface, TritonGPUOpAsmInterface,
                detail::LinearLayoutCache>();
}

/// The integer value of a module attribute, if it is an integer.
static std::optional<int> getIntAttr(ModuleOp module, StringRef name) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return static_cast<int>(attr.getInt());
  return std::nullopt;
}

std::optional<int> TritonGPUDialect::getNumWarps(ModuleOp module) {
  return getIntAttr(module, kNumWarpsAttrName);
}

int TritonGPUDialect::getNumCTAs(ModuleOp module) {
  return getIntAttr(module, kNumCTAsAttrName).value_or(1);
}

int TritonGPUDialect::getThreadsPerWarp(ModuleOp module) {
  return getIntAttr(module, kThreadsPerWarpAttrName).value_or(32);
}

std::optional<StringRef> TritonGPUDialect::getTarget(ModuleOp module) {
  if (auto attr = module->getAttrOfType<StringAttr>(kTargetAttrName))
    return attr.getValue();
  return std::nullopt;
}

std::optional<int> TritonGPUDialect::getSharedMemorySize(ModuleOp module) {
  return getIntAttr(module, kSharedAttrName);
}

std::optional<int> TritonGPUDialect::getTotalNumWarps(ModuleOp module) {
  return getIntAttr(module, kTotalNumWarpsAttrName);
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  enum class Kind { Positive, NonNegative, String };
  struct Rule {
    StringRef name;
    Kind kind;
    bool functionsToo;
  };
  static const Rule rules[] = {
      {kNumWarpsAttrName, Kind::Positive, /*functionsToo=*/true},
      {kNumCTAsAttrName, Kind::Positive, false},
      {kThreadsPerWarpAttrName, Kind::Positive, false},
      {kTotalNumWarpsAttrName, Kind::Positive, false},
      {kSharedAttrName, Kind::NonNegative, false},
      {kTargetAttrName, Kind::String, false},
  };
  const Rule *rule =
      llvm::find_if(rules, [&](const Rule &r) { return r.name == name; });
  if (rule == std::end(rules))
    return success();

  bool onModule = isa<ModuleOp>(op);
  bool onFunction = isa<FunctionOpInterface>(op);
  if (!onModule && !(rule->functionsToo && onFunction))
    return op->emitOpError()
           << "carries '" << name << "', which is only allowed on "
           << (rule->functionsToo ? "a module or a function" : "a module");

  if (rule->kind == Kind::String) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << name << "' must be a string naming the target, got "
             << attr.getValue();
    return success();
  }
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  bool valid = value && value.getType().isInteger() &&
               (rule->kind == Kind::Positive ? value.getValue().sgt(0)
                                             : !value.getValue().isNegative());
  if (!valid)
    return op->emitOpError()
           << "'" << name << "' must be a "
           << (rule->kind == Kind::Positive ? "positive" : "non-negative")
           << " integer, got " << attr.getValue();
  return success();
}

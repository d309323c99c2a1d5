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

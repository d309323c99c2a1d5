//===- Compiler.cpp - The compile driver ----------------------------------===//
//
// Parses a kernel, runs the core's TTIR pipeline and then the target's
// stages, and packs the result into a bundle. Diagnostics are collected so
// that a failure is reported as one line, with the location of its cause.
//
//===----------------------------------------------------------------------===//

#include "trident/Driver/Compiler.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;

namespace trident {
namespace {

/// A compile's context runs its passes on the calling thread. A kernel module
/// holds one function once inlined, so a thread pool per compile only costs
/// its start-up (the corpus compiles 4 % faster without it), and no pass then
/// depends on how worker threads were scheduled: LLVM's SPIR-V emitter once
/// wrote an invalid module in CI that no local run reproduced.
constexpr MLIRContext::Threading kCompileThreading =
    MLIRContext::Threading::DISABLED;

/// Keeps the first error reported in a context, as "file:line:col: message".
class FirstErrorCollector {
public:
  explicit FirstErrorCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error &&
              firstError.empty())
            firstError = format(diag);
          return success();
        }) {}

  /// The first error, or `fallback` when none was reported.
  std::string take(llvm::StringRef fallback) const {
    return firstError.empty() ? fallback.str() : firstError;
  }

private:
  static std::string format(Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto fileLoc = diag.getLocation()->findInstanceOf<FileLineColLoc>())
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn() << ": ";
    os << diag.str();
    return text;
  }

  std::string firstError;
  ScopedDiagnosticHandler handler;
};

std::string sha256Hex(llvm::StringRef data) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(data)),
                     /*LowerCase=*/true);
}

std::string printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  // Ended as `trident-opt` ends its output, so that a stage it reproduces
  // (`--print-pipeline`) compares byte for byte.
  os << "\n";
  return text;
}

/// The TridentArgKind of a scalar parameter type, if it is one.
std::optional<TridentArgKind> getScalarKind(Type type) {
  if (type.isInteger(1))
    return TRIDENT_ARG_I1;
  if (type.isInteger(8))
    return TRIDENT_ARG_I8;
  if (type.isInteger(16))
    return TRIDENT_ARG_I16;
  if (type.isInteger(32))
    return TRIDENT_ARG_I32;
  if (type.isInteger(64))
    return TRIDENT_ARG_I64;
  if (type.isF16())
    return TRIDENT_ARG_F16;
  if (type.isBF16())
    return TRIDENT_ARG_BF16;
  if (type.isF32())
    return TRIDENT_ARG_F32;
  if (type.isF64())
    return TRIDENT_ARG_F64;
  return std::nullopt;
}

/// Finds the module's one kernel: its only public, defined tt.func.
FailureOr<triton::FuncOp> findKernel(ModuleOp module, std::string &error) {
  SmallVector<triton::FuncOp> kernels;
  for (auto func : module.getOps<triton::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      kernels.push_back(func);
  if (kernels.size() == 1)
    return kernels.front();
  if (kernels.empty()) {
    error = "no kernel: the module has no public tt.func with a body";
    return failure();
  }
  error =
      "the module has " + std::to_string(kernels.size()) + " public kernels (" +
      llvm::join(
          llvm::map_range(kernels,
                          [](triton::FuncOp f) { return f.getName().str(); }),
          ", ") +
      "); a bundle holds one: make the others private";
  return failure();
}

/// The bundle signature of the kernel's parameters. Tensor-descriptor
/// parameters (host-side TensorDescriptors) are skipped where
/// `skipDescriptors` is set: the source's signature is checked before the
/// ttir stage, which replaces each by its parts (tt-rewrite-tensor-
/// descriptors), and the bundle's is read after it.
FailureOr<std::vector<BundleParameter>>
getSignature(triton::FuncOp kernel, bool skipDescriptors, std::string &error) {
  // A launch has nowhere to put a result; left to the targets, one says so
  // late and another fails inside LLVM's verifier (found by fuzzing).
  if (kernel.getNumResults() != 0) {
    std::string typeText;
    llvm::raw_string_ostream os(typeText);
    llvm::interleaveComma(kernel.getResultTypes(), os);
    error = "kernel '" + kernel.getName().str() + "' returns " + typeText +
            "; a kernel returns nothing and writes its results through "
            "pointer parameters";
    return failure();
  }
  std::vector<BundleParameter> signature;
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    if (skipDescriptors && isa<triton::TensorDescType>(type))
      continue;
    BundleParameter param;
    // Triton names each parameter with a NameLoc (`loc("x_ptr"(#loc))`);
    // the runtime uses the name in its messages.
    if (auto name = dyn_cast<NameLoc>(kernel.getArgument(index).getLoc()))
      param.name = name.getName().str();
    if (auto divisibility =
            kernel.getArgAttrOfType<IntegerAttr>(index, "tt.divisibility"))
      param.divisibility = divisibility.getInt();
    if (auto ptr = dyn_cast<triton::PointerType>(type);
        ptr && !isa<RankedTensorType>(ptr.getPointeeType())) {
      param.kind = TRIDENT_ARG_POINTER;
      llvm::raw_string_ostream os(param.elementType);
      os << ptr.getPointeeType();
    } else if (std::optional<TridentArgKind> kind = getScalarKind(type)) {
      param.kind = *kind;
    } else {
      std::string typeText;
      llvm::raw_string_ostream os(typeText);
      os << type;
      error = "parameter " + std::to_string(index + 1) +
              (param.name.empty() ? "" : " ('" + param.name + "')") +
              " of kernel '" + kernel.getName().str() + "' has type " +
              typeText +
              ", which cannot be passed at launch (expected a pointer to a "
              "scalar or a scalar)";
      return failure();
    }
    signature.push_back(std::move(param));
  }
  return signature;
}

/// Writes one stage's output beside the others in the dump directory.
LogicalResult dumpStage(const CompileOptions &options, llvm::StringRef kernel,
                        llvm::StringRef stage, llvm::StringRef extension,
                        llvm::StringRef contents, std::string &error) {
  if (options.dumpDirectory.empty())
    return success();
  if (std::error_code ec =
          llvm::sys::fs::create_directories(options.dumpDirectory)) {
    error = "cannot create the dump directory '" + options.dumpDirectory +
            "': " + ec.message();
    return failure();
  }
  llvm::SmallString<256> path(options.dumpDirectory);
  llvm::sys::path::append(path, (kernel + "." + stage + "." + extension).str());
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write '" + path.str().str() + "': " + ec.message();
    return failure();
  }
  os << contents;
  return success();
}

/// The cache key: everything that can change the bundle.
std::string getCacheKey(llvm::StringRef source, const CompileOptions &options) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << getCompilerVersion() << '\0' << TRIDENT_SDK_HASH << '\0'
     << options.target.str() << '\0' << options.target.numWarps << '\0'
     << options.target.numStages << '\0' << options.target.numCtas << '\0'
     << options.target.threadsPerWarp << '\0' << options.keepStages << '\0'
     << options.backendIdentity << '\0';
  std::vector<std::string> extras;
  for (const auto &entry : options.target.extra)
    extras.push_back((entry.getKey() + "=" + entry.getValue()).str());
  llvm::sort(extras);
  for (const std::string &extra : extras)
    os << extra << '\0';
  os << source;
  return sha256Hex(key);
}

std::string getCachePath(const CompileOptions &options, llvm::StringRef key) {
  llvm::SmallString<256> path(options.cacheDirectory);
  llvm::sys::path::append(path, key.take_front(2), (key + ".tkb").str());
  return path.str().str();
}
} // namespace

llvm::StringRef getCompilerVersion() { return "trident " TRIDENT_SDK_VERSION; }

std::vector<std::string> getStageNames(const TargetBackend &target) {
  std::vector<std::string> names = {kTTIRStage.str()};
  for (const Stage &stage : target.getStages())
    names.push_back(stage.name);
  return names;
}

namespace {
/// CompileOptions::emitOnly: `source` through the emit step of the stage
/// `options.emitStage` only.
std::optional<CompileResult>
emitOnly(const DialectRegistry &registry, llvm::StringRef sourceName,
         llvm::StringRef source, const TargetBackend &target,
         const CompileOptions &options, std::string &error) {
  std::vector<Stage> stages = target.getStages();
  auto stage = llvm::find_if(
      stages, [&](const Stage &s) { return s.name == options.emitStage; });
  if (stage == stages.end() || !stage->emit) {
    std::vector<std::string> emitting;
    for (const Stage &s : stages)
      if (s.emit)
        emitting.push_back(s.name);
    error = "--emit-only needs a stage of target '" + target.getKind().str() +
            "' that emits (" +
            (emitting.empty() ? std::string("it has none")
                              : llvm::join(emitting, ", ")) +
            "); '" + options.emitStage +
            "' is reproduced by `trident-opt --pass-pipeline` (`trident "
            "compile --print-pipeline` prints it)";
    return std::nullopt;
  }
  if (!stage->available) {
    error = "target '" + options.target.str() + "': stage '" + stage->name +
            "' is not available: " + stage->unavailableReason;
    return std::nullopt;
  }
  // The emit step reads the module its passes left, or, after a stage that
  // emitted, that stage's bytes (ttir, first, leaves a module).
  bool readsModule = stage->buildPipeline || stage == stages.begin() ||
                     !std::prev(stage)->emit;
  MLIRContext context(registry, kCompileThreading);
  context.loadAllAvailableDialects();
  FirstErrorCollector errors(context);
  OwningOpRef<ModuleOp> module;
  if (readsModule) {
    module =
        parseSourceString<ModuleOp>(source, ParserConfig(&context), sourceName);
    if (!module) {
      error = errors.take("cannot parse '" + sourceName.str() +
                          "' (the MLIR module stage '" + stage->name +
                          "' emits from)");
      return std::nullopt;
    }
  } else {
    module = ModuleOp::create(UnknownLoc::get(&context));
  }
  std::string emitError;
  FailureOr<std::string> bytes = stage->emit(*module, readsModule ? "" : source,
                                             options.target, emitError);
  if (failed(bytes)) {
    error = "stage '" + stage->name + "' failed: " +
            errors.take(emitError.empty() ? "no reason given" : emitError);
    return std::nullopt;
  }
  CompileResult result;
  result.emitted = std::move(*bytes);
  return result;
}
} // namespace

std::optional<CompileResult>
compileKernel(const DialectRegistry &registry, llvm::StringRef sourceName,
              llvm::StringRef source, const TargetBackend &target,
              const CompileOptions &options, std::string &error) {
  if (options.emitOnly)
    return emitOnly(registry, sourceName, source, target, options, error);
  CompileResult result;
  std::vector<Stage> stages = target.getStages();

  if (!options.emitStage.empty()) {
    std::vector<std::string> names = getStageNames(target);
    if (!llvm::is_contained(names, options.emitStage)) {
      error = "target '" + target.getKind().str() + "' has no stage '" +
              options.emitStage + "'; its stages are " +
              llvm::join(names, ", ");
      return std::nullopt;
    }
  }

  // A finished bundle for the same source and options is reused; an entry
  // that no longer parses, or that another source or other options made, is
  // rebuilt. With a dump directory or --time-passes the kernel is compiled
  // anyway (a cached bundle has no stages to dump or time) and the entry
  // refreshed.
  std::string cacheKey;
  bool useCache = options.emitStage.empty() && !options.cacheDirectory.empty();
  if (useCache) {
    cacheKey = getCacheKey(source, options);
    std::string cachePath = getCachePath(options, cacheKey);
    if (options.dumpDirectory.empty() && !options.timePasses &&
        llvm::sys::fs::exists(cachePath)) {
      std::string cacheError;
      std::optional<Bundle> cached = Bundle::readFile(cachePath, cacheError);
      if (cached && cached->sourceHash == sha256Hex(source) &&
          cached->optionHash == sha256Hex(getCacheKey("", options))) {
        result.bundle = std::move(*cached);
        result.fromCache = true;
        return result;
      }
      if (cached)
        cacheError = "'" + cachePath +
                     "' was compiled from another source or with other "
                     "options";
      result.notes.push_back("cache entry rebuilt: " + cacheError);
    }
  }

  // Each stage's wall time, for `trident compile --time`.
  auto clock = std::chrono::steady_clock::now();
  auto lap = [&](StringRef name) {
    auto now = std::chrono::steady_clock::now();
    result.stageMilliseconds.push_back(
        {name.str(),
         std::chrono::duration<double, std::milli>(now - clock).count()});
    clock = now;
  };

  // `--time-passes`: one tree of timers, a branch per stage; the report goes
  // to stderr when the manager is destroyed.
  DefaultTimingManager timing;
  timing.setEnabled(options.timePasses);
  TimingScope rootTiming = timing.getRootScope();
  TimingScope parseTiming = rootTiming.nest("parse");

  MLIRContext context(registry, kCompileThreading);
  context.loadAllAvailableDialects();
  FirstErrorCollector errors(context);

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, ParserConfig(&context), sourceName);
  if (!module) {
    error = errors.take("cannot parse '" + sourceName.str() + "'");
    return std::nullopt;
  }
  FailureOr<triton::FuncOp> kernel = findKernel(*module, error);
  if (failed(kernel))
    return std::nullopt;
  std::string kernelName = kernel->getName().str();
  if (failed(getSignature(*kernel, /*skipDescriptors=*/true, error)))
    return std::nullopt;

  lap("parse");
  parseTiming.stop();

  // A stage's module is printed only where someone reads it: the bundle
  // (--keep-ir, or as the binary when the last stage leaves MLIR text), a
  // dump, or --emit. For a large kernel the printing costs as much as some
  // stages.
  bool dumping = !options.dumpDirectory.empty();
  auto isWanted = [&](StringRef stageName, bool isLast) {
    return isLast || options.keepStages || dumping ||
           options.emitStage == stageName;
  };

  {
    TimingScope stageTiming = rootTiming.nest(kTTIRStage);
    PassManager ttirPipeline(&context);
    triton::buildTritonTTIRPipeline(ttirPipeline);
    ttirPipeline.enableTiming(stageTiming);
    if (failed(ttirPipeline.run(*module))) {
      error = errors.take("the ttir pipeline failed");
      return std::nullopt;
    }
  }

  // The parameters as the ttir stage left them: a host-side tensor
  // descriptor is now its base pointer, shape, strides and padding flag.
  auto lowered = module->lookupSymbol<triton::FuncOp>(kernelName);
  if (!lowered) {
    error = "the ttir pipeline removed kernel '" + kernelName + "'";
    return std::nullopt;
  }
  FailureOr<std::vector<BundleParameter>> signature =
      getSignature(lowered, /*skipDescriptors=*/false, error);
  if (failed(signature))
    return std::nullopt;

  std::vector<BundleStage> keptStages;
  std::string current;
  if (isWanted(kTTIRStage, /*isLast=*/stages.empty()))
    current = printModule(*module);
  if (failed(
          dumpStage(options, kernelName, kTTIRStage, "mlir", current, error)))
    return std::nullopt;
  if (options.keepStages)
    keptStages.push_back({kTTIRStage.str(), current});
  lap(kTTIRStage);
  if (options.emitStage == kTTIRStage) {
    result.emitted = std::move(current);
    return result;
  }

  // `current` holds the latest stage's output: the printed module after an
  // MLIR stage, the emitted bytes after a stage that leaves MLIR.
  bool currentIsModule = true;
  for (const Stage &stage : stages) {
    if (!stage.available) {
      error = "target '" + options.target.str() + "': stage '" + stage.name +
              "' is not available: " + stage.unavailableReason;
      return std::nullopt;
    }
    TimingScope stageTiming = rootTiming.nest(stage.name);
    if (stage.buildPipeline) {
      PassManager pm(&context);
      pm.enableTiming(stageTiming);
      if (failed(stage.buildPipeline(pm, options.target)) ||
          failed(pm.run(*module))) {
        error = errors.take("stage '" + stage.name + "' failed");
        return std::nullopt;
      }
      // A stage that also emits replaces the text with its bytes.
      current.clear();
      if (!stage.emit && isWanted(stage.name, &stage == &stages.back()))
        current = printModule(*module);
      currentIsModule = true;
    }
    if (stage.emit) {
      TimingScope emitTiming = stageTiming.nest("emit");
      std::string emitError;
      FailureOr<std::string> bytes = stage.emit(
          *module, currentIsModule ? "" : current, options.target, emitError);
      if (failed(bytes)) {
        error = "stage '" + stage.name + "' failed: " +
                errors.take(emitError.empty() ? "no reason given" : emitError);
        return std::nullopt;
      }
      current = std::move(*bytes);
      currentIsModule = false;
    }
    if (failed(dumpStage(options, kernelName, stage.name, stage.extension,
                         current, error)))
      return std::nullopt;
    // Every stage but the last, whose output is the binary: the modules'
    // text and what emitting stages leave on the way (LLVM IR, assembly).
    if (options.keepStages && (currentIsModule || &stage != &stages.back()))
      keptStages.push_back({stage.name, current});
    lap(stage.name);
    if (options.emitStage == stage.name) {
      result.emitted = std::move(current);
      return result;
    }
  }

  Bundle bundle;
  bundle.kernelName = kernelName;
  bundle.target = options.target.str();
  bundle.arch = options.target.arch;
  bundle.signature = std::move(*signature);
  bundle.numWarps = options.target.numWarps;
  bundle.threadsPerWarp = options.target.threadsPerWarp > 0
                              ? options.target.threadsPerWarp
                              : target.getDefaultThreadsPerWarp(options.target);
  bundle.numCtas = options.target.numCtas;
  if (auto shared = (*module)->getAttrOfType<IntegerAttr>("ttg.shared"))
    bundle.sharedBytes = shared.getInt();
  bundle.compilerVersion = getCompilerVersion().str();
  bundle.sourceHash = sha256Hex(source);
  bundle.optionHash = sha256Hex(getCacheKey("", options));
  bundle.binary = std::move(current);
  if (options.keepStages)
    bundle.stages = std::move(keptStages);

  if (useCache) {
    std::string cachePath = getCachePath(options, cacheKey);
    std::string writeError;
    if (std::error_code ec = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(cachePath)))
      result.notes.push_back("cache not written: " + ec.message());
    else if (!bundle.writeFile(cachePath, writeError))
      result.notes.push_back("cache not written: " + writeError);
  }
  result.bundle = std::move(bundle);
  return result;
}

} // namespace trident

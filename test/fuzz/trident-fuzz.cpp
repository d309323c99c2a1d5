//===- trident-fuzz.cpp - libFuzzer target over every stage ---------------===//
//
// Feeds one mutated TTIR module per run through what `trident compile` does,
// in process: parse and verify, the core's `ttir` pipeline, then each loaded
// target's stages up to the last one that needs no outside tool (see
// docs/fuzzing.md). A hostile input must end in a one-line error, never in a
// signal, an abort or a sanitizer report; libFuzzer records the input that
// does.
//
// Most mutants do not parse. A gate parses and verifies each input first in
// a context that lives across runs, with the dialects a compilation loads;
// only a module that passes goes through compileWithHost (a fresh context per
// target). A sample of the refused inputs goes through it too, to check that
// it refuses them as well and says why. Many mutants that parse differ from
// an earlier one only in text the parser drops (a comment, spacing, an
// unused alias): a module whose IR, locations included, was compiled before
// is not compiled again.
//
// The targets and the stage each stops at come from TRIDENT_FUZZ_TARGETS, a
// comma-separated list of TARGET=STAGE (TARGET as `trident compile --target`
// takes it); by default every in-tree target up to its last in-process stage.
// TRIDENT_FUZZ_GATE=0 sends every input through compileWithHost;
// TRIDENT_FUZZ_REPEATS=1 compiles repeated modules again. The plugins
// are found as the `trident` tool finds them (bin/../lib/trident/plugins,
// TRIDENT_PLUGINS), so one process covers every target.
//
//===----------------------------------------------------------------------===//

#include "trident/Driver/CompileRequest.h"
#include "trident/Driver/Compiler.h"
#include "trident/InitAll.h"
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace trident;

namespace {

// Every in-tree target up to its last stage that runs in process: the cpu
// target's `obj` stage links a shared library with lld (slow, and LLVM's
// code generation rather than ours), nvidia's `cubin` runs ptxas.
constexpr const char *kDefaultTargets =
    "cpu=llir,nvidia:sm_90=ptx,nvidia:sm_80=ptx,intel=spirv";

// The name compileWithHost is given, and the gate too, so that both report
// the same locations.
constexpr llvm::StringLiteral kSourceName = "fuzz.ttir";

// One refused input in this many (chosen by the input's hash, so that a
// saved input is chosen again when it is run alone) is compiled anyway.
constexpr uint64_t kCheckRefusedEvery = 64;

// Runs of the gate's context before a new one replaces it: every parse
// interns its identifiers, types and locations there for good.
constexpr unsigned kContextRuns = 4096;

// The modules remembered as compiled, at most (8 bytes each); past that the
// memory starts afresh.
constexpr size_t kRememberedModules = size_t(1) << 22;

/// Parses and verifies modules as compileKernel does, in one context that
/// serves many runs.
class ParseGate {
public:
  /// `host`'s plugins must be loaded: their dialects are read once, here.
  explicit ParseGate(const PluginHost &host) {
    registerAllDialects(registry);
    host.registerDialects(registry);
  }

  /// Whether `source` parses and verifies; when it does not, `error` holds
  /// the first error reported (empty when none was). When it does and
  /// `identity` is given, sets it to a hash of the module as printed with its
  /// locations, which two sources share only if they parse to the same IR.
  bool parses(llvm::StringRef source, std::string &error,
              uint64_t *identity = nullptr) {
    if (!context || uses == kContextRuns) {
      context.reset();
      context = std::make_unique<mlir::MLIRContext>(registry);
      context->loadAllAvailableDialects();
      uses = 0;
      ++contexts;
    }
    ++uses;
    mlir::ScopedDiagnosticHandler handler(
        context.get(), [&](mlir::Diagnostic &diag) {
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error &&
              error.empty())
            error = diag.str();
          return mlir::success();
        });
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(
            source, mlir::ParserConfig(context.get()), kSourceName);
    if (!module)
      return false;
    if (identity) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
      *identity = llvm::xxh3_64bits(text);
    }
    return true;
  }

  /// How many contexts the gate has made.
  uint64_t contexts = 0;

private:
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> context;
  unsigned uses = 0;
};

struct FuzzState {
  std::unique_ptr<PluginHost> host;
  std::vector<CompileRequest> requests;
  /// Null when TRIDENT_FUZZ_GATE=0.
  std::unique_ptr<ParseGate> gate;
  /// Whether a module compiled before is compiled again (TRIDENT_FUZZ_REPEATS).
  bool compileRepeats = false;
  /// The identities (ParseGate::parses) of the modules compiled so far.
  llvm::DenseSet<uint64_t> compiled;
  // The runs; those the gate refused, those of them compiled anyway, and
  // those it refused without saying why; those whose module was compiled
  // before; those whose module parsed, verified and went through the ttir
  // pipeline, and per target those that reached its last stage.
  uint64_t runs = 0, refused = 0, rechecked = 0, silent = 0, repeated = 0,
           parsed = 0;
  std::vector<uint64_t> completed;
};

FuzzState *state = nullptr;

/// Fails, with one line, when the process cannot fuzz as asked.
[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "trident-fuzz: " << message << "\n";
  std::exit(1);
}

std::vector<CompileRequest> parseTargets(llvm::StringRef spec) {
  std::vector<CompileRequest> requests;
  llvm::SmallVector<llvm::StringRef> items;
  spec.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [target, stage] = item.trim().split('=');
    if (target.empty() || stage.empty())
      fail("TRIDENT_FUZZ_TARGETS: '" + item.trim() +
           "' is not TARGET=STAGE (e.g. cpu=llir)");
    CompileRequest request;
    request.target = target.str();
    request.emitStage = stage.str();
    // Compiling to a stage never reads or writes the bundle cache; an empty
    // directory says so even when TRIDENT_CACHE_DIR is set.
    request.cacheDirectory = "";
    requests.push_back(std::move(request));
  }
  return requests;
}

/// Aborts (so that libFuzzer keeps the input) when a compilation broke the
/// rule: a success emits something, a failure says why.
void check(const CompileRequest &request,
           const std::optional<CompileResult> &result,
           const std::string &error) {
  if (result && result->emitted.empty()) {
    llvm::errs() << "trident-fuzz: " << request.target << " emitted an "
                 << "empty " << request.emitStage << "\n";
    std::abort();
  }
  if (!result && error.empty()) {
    llvm::errs() << "trident-fuzz: " << request.target
                 << " failed without a message\n";
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  // One thread per run: MLIR's thread pool would otherwise start threads for
  // every context, and a report is easier to read from one thread.
  mlir::registerMLIRContextCLOptions();
  const char *options[] = {"trident-fuzz", "--mlir-disable-threading"};
  llvm::cl::ParseCommandLineOptions(2, options, "trident-fuzz\n");

  bool useGate = true;
  if (const char *gate = std::getenv("TRIDENT_FUZZ_GATE")) {
    llvm::StringRef value(gate);
    if (value != "0" && value != "1")
      fail("TRIDENT_FUZZ_GATE is '" + value +
           "'; it takes 0 (compile every input) or 1 (the default)");
    useGate = value == "1";
  }
  bool compileRepeats = false;
  if (const char *repeats = std::getenv("TRIDENT_FUZZ_REPEATS")) {
    llvm::StringRef value(repeats);
    if (value != "0" && value != "1")
      fail("TRIDENT_FUZZ_REPEATS is '" + value +
           "'; it takes 1 (compile a module again when an earlier run "
           "compiled the same IR) or 0 (the default)");
    compileRepeats = value == "1";
  }

  state = new FuzzState;
  state->compileRepeats = compileRepeats;
  state->host = std::make_unique<PluginHost>();
  state->host->discover({});
  if (!state->host->loadAll())
    for (const std::string &warning : state->host->takeWarnings())
      llvm::errs() << "trident-fuzz: " << warning << "\n";

  const char *spec = std::getenv("TRIDENT_FUZZ_TARGETS");
  state->requests = parseTargets(spec ? spec : kDefaultTargets);
  // A target that is not loaded would make every run fail the same way and
  // cover nothing: say so once and drop it.
  std::vector<CompileRequest> usable;
  for (CompileRequest &request : state->requests) {
    std::string error;
    llvm::FailureOr<ResolvedTarget> resolved =
        state->host->resolveTarget(request.target, error);
    if (failed(resolved)) {
      llvm::errs() << "trident-fuzz: skipping target '" << request.target
                   << "': " << error << "\n";
      continue;
    }
    // A stage the target does not have would fail every run alike.
    std::vector<std::string> stages = getStageNames(*resolved->backend);
    if (!llvm::is_contained(stages, request.emitStage))
      fail("TRIDENT_FUZZ_TARGETS: target '" + request.target +
           "' has no stage '" + request.emitStage + "'; its stages are " +
           llvm::join(stages, ", "));
    usable.push_back(std::move(request));
  }
  state->requests = std::move(usable);
  if (state->requests.empty()) {
    llvm::errs() << "trident-fuzz: no target to fuzz (are the plugins built "
                    "beside bin/?)\n";
    // run_fuzz.py reports this status as a skip (a fuzz build older than the
    // plugins' SDK), not as a finding.
    std::exit(2);
  }
  llvm::errs() << "trident-fuzz: targets";
  for (const CompileRequest &request : state->requests)
    llvm::errs() << " " << request.target << "->" << request.emitStage;
  llvm::errs() << (useGate ? "" : " (no parse gate)")
               << (useGate && compileRepeats ? " (repeats compiled)" : "")
               << "\n";
  state->completed.assign(state->requests.size(), 0);
  // Made once every plugin that the targets need is loaded.
  if (useGate)
    state->gate = std::make_unique<ParseGate>(*state->host);
  // How deep the runs went, for docs/fuzzing.md: printed when libFuzzer
  // exits normally (-runs, -max_total_time). bench/fuzz/run_fuzz_device.sh
  // adds up the workers' "N runs".
  std::atexit([] {
    llvm::errs() << "trident-fuzz: " << state->runs << " runs, "
                 << state->refused << " refused by the parse gate ("
                 << state->rechecked << " compiled to compare, "
                 << state->silent << " without a message), " << state->repeated
                 << " repeating a module compiled before, " << state->parsed
                 << " through ttir";
    for (size_t i = 0; i < state->requests.size(); ++i)
      llvm::errs() << "; " << state->requests[i].target << ": "
                   << state->completed[i] << " to "
                   << state->requests[i].emitStage;
    if (state->gate)
      llvm::errs() << "; " << state->gate->contexts << " gate contexts";
    llvm::errs() << "\n";
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The parser reads a buffer, not a C string; a copy keeps any read past
  // the end visible to AddressSanitizer.
  std::string source(reinterpret_cast<const char *>(data), size);
  ++state->runs;
  // Parse, verify and the ttir pipeline once: a module that fails them
  // would fail the same way for every target.
  CompileRequest ttir = state->requests.front();
  ttir.emitStage = kTTIRStage.str();
  std::string error;
  if (state->gate) {
    std::string gateError;
    uint64_t identity = 0;
    if (!state->gate->parses(source, gateError,
                             state->compileRepeats ? nullptr : &identity)) {
      ++state->refused;
      // A parse error the user cannot read is worth a look; compileWithHost
      // then says only "cannot parse", so this one is always compared.
      if (gateError.empty())
        ++state->silent;
      else if (llvm::xxh3_64bits(source) % kCheckRefusedEvery != 0)
        return 0;
      // A fresh context must refuse it too, with the same first error
      // (compileWithHost puts its location in front).
      ++state->rechecked;
      std::optional<CompileResult> result =
          compileWithHost(*state->host, kSourceName, source, ttir, error);
      check(ttir, result, error);
      if (result || !llvm::StringRef(error).ends_with(gateError)) {
        llvm::errs() << "trident-fuzz: the parse gate and a fresh context "
                     << "disagree: the gate says '" << gateError
                     << "', compileWithHost "
                     << (result ? "compiles it" : "says '" + error + "'")
                     << "\n";
        std::abort();
      }
      return 0;
    }
    // The same IR compiles the same way: a compilation to a stage reads the
    // text only to parse it, and this text parsed above.
    if (!state->compileRepeats) {
      if (state->compiled.size() == kRememberedModules)
        state->compiled.clear();
      if (!state->compiled.insert(identity).second) {
        ++state->repeated;
        return 0;
      }
    }
  }
  std::optional<CompileResult> result =
      compileWithHost(*state->host, kSourceName, source, ttir, error);
  check(ttir, result, error);
  if (!result)
    return 0;
  ++state->parsed;
  for (size_t i = 0; i < state->requests.size(); ++i) {
    const CompileRequest &request = state->requests[i];
    error.clear();
    result = compileWithHost(*state->host, kSourceName, source, request, error);
    check(request, result, error);
    if (result)
      ++state->completed[i];
  }
  return 0;
}

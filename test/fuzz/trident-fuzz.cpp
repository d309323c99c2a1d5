//===- trident-fuzz.cpp - libFuzzer target over every stage ---------------===//
//
// Feeds one mutated TTIR module per run through what `trident compile` does,
// in process: parse and verify, the core's `ttir` pipeline, then each loaded
// target's stages up to the last one that needs no outside tool (see
// docs/fuzzing.md). A hostile input must end in a one-line error, never in a
// signal, an abort or a sanitizer report; libFuzzer records the input that
// does.
//
// The targets and the stage each stops at come from TRIDENT_FUZZ_TARGETS, a
// comma-separated list of TARGET=STAGE (TARGET as `trident compile --target`
// takes it); by default every in-tree target up to its last in-process stage.
// The plugins are found as the `trident` tool finds them (bin/../lib/trident/
// plugins, TRIDENT_PLUGINS), so one process covers every target.
//
//===----------------------------------------------------------------------===//

#include "trident/Driver/CompileRequest.h"
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

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

struct FuzzState {
  std::unique_ptr<PluginHost> host;
  std::vector<CompileRequest> requests;
  // The runs, those whose module parsed, verified and went through the ttir
  // pipeline, and per target those that reached its last stage.
  uint64_t runs = 0, parsed = 0;
  std::vector<uint64_t> completed;
};

FuzzState *state = nullptr;

std::vector<CompileRequest> parseTargets(llvm::StringRef spec) {
  std::vector<CompileRequest> requests;
  llvm::SmallVector<llvm::StringRef> items;
  spec.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [target, stage] = item.trim().split('=');
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

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  // One thread per run: MLIR's thread pool would otherwise start threads for
  // every context, and a report is easier to read from one thread.
  mlir::registerMLIRContextCLOptions();
  const char *options[] = {"trident-fuzz", "--mlir-disable-threading"};
  llvm::cl::ParseCommandLineOptions(2, options, "trident-fuzz\n");

  state = new FuzzState;
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
    if (failed(state->host->resolveTarget(request.target, error))) {
      llvm::errs() << "trident-fuzz: skipping target '" << request.target
                   << "': " << error << "\n";
      continue;
    }
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
  llvm::errs() << "\n";
  state->completed.assign(state->requests.size(), 0);
  // How deep the runs went, for docs/fuzzing.md: printed when libFuzzer
  // exits normally (-runs, -max_total_time).
  std::atexit([] {
    llvm::errs() << "trident-fuzz: " << state->runs << " runs, "
                 << state->parsed << " through ttir";
    for (size_t i = 0; i < state->requests.size(); ++i)
      llvm::errs() << "; " << state->requests[i].target << ": "
                   << state->completed[i] << " to "
                   << state->requests[i].emitStage;
    llvm::errs() << "\n";
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The parser reads a buffer, not a C string; a copy keeps any read past
  // the end visible to AddressSanitizer.
  std::string source(reinterpret_cast<const char *>(data), size);
  ++state->runs;
  auto check = [](const CompileRequest &request,
                  const std::optional<CompileResult> &result,
                  const std::string &error) {
    if (result && result->emitted.empty()) {
      llvm::errs() << "trident-fuzz: " << request.target << " emitted an "
                   << "empty " << request.emitStage << "\n";
      std::abort();
    }
    // A failure must say why: an empty message would leave a user with
    // nothing to act on.
    if (!result && error.empty()) {
      llvm::errs() << "trident-fuzz: " << request.target
                   << " failed without a message\n";
      std::abort();
    }
  };
  // Parse, verify and the ttir pipeline once: a module that fails them
  // would fail the same way for every target (most mutants do not parse).
  CompileRequest ttir = state->requests.front();
  ttir.emitStage = "ttir";
  std::string error;
  std::optional<CompileResult> result =
      compileWithHost(*state->host, "fuzz.ttir", source, ttir, error);
  check(ttir, result, error);
  if (!result)
    return 0;
  ++state->parsed;
  for (size_t i = 0; i < state->requests.size(); ++i) {
    const CompileRequest &request = state->requests[i];
    error.clear();
    result = compileWithHost(*state->host, "fuzz.ttir", source, request, error);
    check(request, result, error);
    if (result)
      ++state->completed[i];
  }
  return 0;
}

//===- trident-run.cpp - Launch compiled bundles without a compiler --------===//
//
// `trident run` for compiled bundles of any target on a machine that has
// only the runtime: this program links libTridentRuntime (no LLVM, no MLIR)
// and loads the runtime library of the bundle's target, so it runs where the
// device is without the compiler's dependencies.
//
//   trident-run K.tkb --grid X[,Y[,Z]] --arg NAME=VALUE...
//               [--save NAME=out.npy]... [--bench [RUNS]]
//               [--device N] [--runtime LIB]
//
// Arguments, saves and messages are those of `trident run` (the same
// library functions). The runtime library is --runtime, else the one the
// plugin manifests name for the bundle's target kind (`runtime_library`,
// docs/plugins.md), searched as the compiler searches plugins:
// TRIDENT_PLUGINS (which replaces the default directory) or the default
// directory ../lib/trident/plugins beside this executable, then
// TRIDENT_ADD_PLUGINS; an entry of those lists may also be a manifest, or a
// plugin's library (the manifest beside it that names it).
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Arguments.h"
#include "trident/Runtime/Bundle.h"
#include "trident/Runtime/Runtime.h"

#include "trident/Runtime/Manifest.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits.h>
#include <string>
#include <unistd.h>
#include <vector>

using namespace trident;

namespace {

int fail(const std::string &message, int code = 1) {
  std::cerr << "trident-run: " << message << "\n";
  return code;
}

/// The plugin directory beside this executable, ../lib/trident/plugins.
std::string getDefaultPluginDirectory() {
  char self[PATH_MAX] = {0};
  ssize_t length = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
  std::string dir = length > 0 ? std::string(self, length) : ".";
  return dir.substr(0, dir.find_last_of('/')) + "/../lib/trident/plugins";
}

const char *kUsage =
    "usage: trident-run K.tkb --grid X[,Y[,Z]] --arg NAME=VALUE...\n"
    "                   [--save NAME=out.npy]... [--bench [RUNS]]\n"
    "                   [--device N] [--runtime LIB]\n";

} // namespace

int main(int argc, char **argv) {
  std::string bundlePath, runtimePath, gridText;
  std::vector<ArgSpec> specs;
  std::vector<SaveSpec> saves;
  unsigned benchRuns = 0;
  int device = 0;
  std::string error;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *option) -> const char * {
      if (i + 1 >= argc) {
        fail(std::string("option '") + option + "' needs a value", 2);
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--grid") {
      gridText = value("--grid");
    } else if (arg == "--arg") {
      std::optional<ArgSpec> spec = parseArgSpec(value("--arg"), error);
      if (!spec)
        return fail(error, 2);
      specs.push_back(std::move(*spec));
    } else if (arg == "--save") {
      std::optional<SaveSpec> save = parseSaveSpec(value("--save"), error);
      if (!save)
        return fail(error, 2);
      saves.push_back(std::move(*save));
    } else if (arg == "--bench") {
      benchRuns = 20;
      if (i + 1 < argc && argv[i + 1][0] != '-') {
        char *end = nullptr;
        long runs = std::strtol(argv[++i], &end, 10);
        if (*end || runs <= 0)
          return fail("option '--bench' needs a positive number of runs", 2);
        benchRuns = unsigned(runs);
      }
    } else if (arg == "--device") {
      device = std::atoi(value("--device"));
    } else if (arg == "--runtime") {
      runtimePath = value("--runtime");
    } else if (!arg.empty() && arg[0] == '-') {
      return fail("unknown option '" + arg + "'\n" + kUsage, 2);
    } else if (bundlePath.empty()) {
      bundlePath = arg;
    } else {
      return fail("more than one bundle given ('" + bundlePath + "', '" +
                      arg + "')",
                  2);
    }
  }
  if (bundlePath.empty() || gridText.empty())
    return fail(std::string("a bundle and --grid are required\n") + kUsage, 2);
  std::optional<std::array<uint32_t, 3>> grid = parseGrid(gridText, error);
  if (!grid)
    return fail(error, 2);

  std::optional<Bundle> bundle = Bundle::readFile(bundlePath, error);
  if (!bundle)
    return fail(error);
  std::optional<std::vector<HostArgument>> arguments =
      prepareArguments(specs, *bundle, error);
  if (!arguments || !checkSaves(saves, *arguments, error))
    return fail(error);

  std::string kind = bundle->targetKind();
  if (runtimePath.empty()) {
    std::optional<PluginManifest> manifest =
        findRuntimeManifest(getPluginSearchPath(getDefaultPluginDirectory()),
                            kind, error);
    if (!manifest)
      return fail(error);
    runtimePath = manifest->runtimeLibrary;
  }
  std::shared_ptr<RuntimeLibrary> library =
      RuntimeLibrary::load(runtimePath, kind, error);
  if (!library)
    return fail(error);
  std::unique_ptr<RuntimeSession> session =
      RuntimeSession::open(library, device, error);
  if (!session)
    return fail(error);
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(*bundle, error);
  if (!kernel)
    return fail(error);
  if (!session->run(*kernel, *grid, *arguments, error))
    return fail(error);
  if (!saveOutputs(saves, *arguments, error))
    return fail(error);
  if (benchRuns) {
    std::optional<DeviceArguments> deviceArgs =
        session->upload(*arguments, error);
    if (!deviceArgs)
      return fail(error);
    std::optional<BenchResult> timing = session->bench(
        *kernel, *grid, deviceArgs->args, /*warmup=*/3, benchRuns, error);
    if (!timing)
      return fail(error);
    std::printf("%s on %s: median %.4f ms (min %.4f, max %.4f, %u runs)\n",
                bundle->kernelName.c_str(), bundle->target.c_str(),
                timing->medianMs, timing->minMs, timing->maxMs, benchRuns);
  }
  return 0;
}

//===- RunCommand.cpp - `trident run` -------------------------------------===//
//
// Runs a kernel: a bundle as it is, or TTIR compiled first (with the options
// of `trident compile`). Arguments come from .npy files, zero buffers or
// scalars, are checked against the bundle's signature, and buffers named by
// --save are written back as .npy after the launch.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "trident/Plugin/PluginHost.h"
#include "trident/Runtime/Arguments.h"
#include "trident/Runtime/Runtime.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace trident;

static constexpr StringLiteral kPrefix = "trident run";

static void printUsage(raw_ostream &os) {
  os << "usage: trident run K.ttir|K.tkb [--target T] --grid X[,Y[,Z]]\n"
        "         --arg NAME=@in.npy[:dtype] | NAME=zeros:f32:1024 |"
        " NAME=i32:5000 ...\n"
        "         [--save NAME=out.npy]... [--bench [RUNS]] [-v|--verbose]\n"
        "         [compile options, see `trident compile --help`]\n";
}

/// Opens the runtime of the plugin that provides the bundle's target.
static std::shared_ptr<RuntimeLibrary> openRuntime(PluginHost &host,
                                                   const Bundle &bundle,
                                                   std::string &problem) {
  FailureOr<ResolvedTarget> target = host.resolveTarget(bundle.target, problem);
  if (failed(target))
    return nullptr;
  const TridentRuntimeApi *api = host.getRuntime(*target->plugin);
  if (!api) {
    problem = "target '" + bundle.target + "' (plugin " +
              target->plugin->name +
              ") provides no runtime yet: its kernels cannot be launched";
    return nullptr;
  }
  return RuntimeLibrary::fromApi(api, "plugin " + target->plugin->name,
                                 bundle.targetKind(), problem);
}

int cli::runRunCommand(const CommandContext &, ArrayRef<std::string> args) {
  CompileFlags flags;
  std::vector<ArgSpec> specs;
  std::vector<SaveSpec> saves;
  std::optional<std::array<uint32_t, 3>> grid;
  unsigned benchRuns = 0;
  for (size_t i = 0; i < args.size();) {
    std::string problem;
    if (consumeSharedOption(args, i, flags, problem)) {
      if (!problem.empty())
        return usageError(kPrefix, problem);
      continue;
    }
    StringRef arg = args[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(outs());
      return 0;
    }
    if (arg == "--bench") {
      benchRuns = 20;
      ++i;
      if (i < args.size() && !StringRef(args[i]).starts_with("-") &&
          !StringRef(args[i]).getAsInteger(10, benchRuns)) {
        if (benchRuns == 0)
          return usageError(kPrefix, "option '--bench' needs at least 1 run");
        ++i;
      }
      continue;
    }
    if (arg == "--grid" || arg == "--arg" || arg == "--save") {
      if (i + 1 >= args.size())
        return usageError(kPrefix, "option '" + arg + "' needs a value");
      std::string value = args[i + 1];
      i += 2;
      if (arg == "--grid") {
        grid = parseGrid(value, problem);
      } else if (arg == "--arg") {
        if (std::optional<ArgSpec> spec = parseArgSpec(value, problem))
          specs.push_back(std::move(*spec));
      } else if (std::optional<SaveSpec> save = parseSaveSpec(value, problem)) {
        saves.push_back(std::move(*save));
      }
      if (!problem.empty())
        return usageError(kPrefix, problem);
      continue;
    }
    if (!takeInput(arg, "run", flags, problem))
      return usageError(kPrefix, problem);
    ++i;
  }
  if (flags.input.empty())
    return usageError(kPrefix, "no input: give a .ttir or .tkb file");
  if (!grid)
    return usageError(kPrefix, "no grid: give --grid X[,Y[,Z]]");
  if (!flags.emitStage.empty() || flags.emitOnly)
    return usageError(kPrefix,
                      std::string(flags.emitOnly ? "--emit-only" : "--emit") +
                          " belongs to `trident compile`");

  PluginHost host;
  host.discover(flags.pluginPaths);
  if (!loadRequestedPlugins(host, kPrefix))
    return 1;
  std::string problem;
  std::optional<Bundle> bundle;
  if (StringRef(flags.input).ends_with(".tkb")) {
    bundle = Bundle::readFile(flags.input, problem);
    if (!bundle)
      return error(kPrefix, problem);
    // A bundle is already compiled: an option that would shape its
    // compilation cannot apply, and silently ignoring it would run something
    // other than what the user asked for.
    if (!flags.compilationOptions.empty())
      return error(kPrefix, "option '" + flags.compilationOptions.front() +
                                "' shapes a compilation, but '" + flags.input +
                                "' is already compiled; drop it, or run the "
                                ".ttir source");
    if (flags.targetGiven) {
      FailureOr<ResolvedTarget> resolved =
          host.resolveTarget(flags.target, problem);
      if (failed(resolved))
        return error(kPrefix, problem);
      if (resolved->backend->getKind() != bundle->targetKind())
        return error(kPrefix, "'" + flags.input + "' was compiled for '" +
                                  bundle->target + "', not for '" +
                                  flags.target + "'");
    }
  } else {
    std::optional<CompiledKernel> compiled = compileInput(host, flags, kPrefix);
    if (!compiled)
      return 1;
    bundle = std::move(compiled->bundle);
  }

  std::optional<std::vector<HostArgument>> arguments =
      prepareArguments(specs, *bundle, problem);
  if (!arguments || !checkSaves(saves, *arguments, problem))
    return error(kPrefix, problem);

  std::shared_ptr<RuntimeLibrary> runtime = openRuntime(host, *bundle, problem);
  reportPluginWarnings(host, kPrefix);
  if (!runtime)
    return error(kPrefix, problem);
  std::unique_ptr<RuntimeSession> session =
      RuntimeSession::open(runtime, /*index=*/0, problem);
  if (!session)
    return error(kPrefix, problem);
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(*bundle, problem);
  if (!kernel)
    return error(kPrefix, problem);
  if (flags.verbose)
    errs() << kPrefix << ": launching " << bundle->kernelName << " on "
           << bundle->target << " over grid " << (*grid)[0] << "," << (*grid)[1]
           << "," << (*grid)[2] << "\n";

  if (benchRuns) {
    std::optional<DeviceArguments> device = session->upload(*arguments, problem);
    if (!device)
      return error(kPrefix, problem);
    std::optional<BenchResult> timing = session->bench(
        *kernel, *grid, device->args, /*warmup=*/3, benchRuns, problem);
    if (!timing || !session->download(*device, *arguments, problem))
      return error(kPrefix, problem);
    outs() << bundle->kernelName << " on " << bundle->target << ": median "
           << format("%.4f", timing->medianMs) << " ms (min "
           << format("%.4f", timing->minMs) << ", max "
           << format("%.4f", timing->maxMs) << ", " << benchRuns
           << " runs)\n";
  } else if (!session->run(*kernel, *grid, *arguments, problem)) {
    return error(kPrefix, problem);
  }
  if (!saveOutputs(saves, *arguments, problem))
    return error(kPrefix, problem);
  return 0;
}

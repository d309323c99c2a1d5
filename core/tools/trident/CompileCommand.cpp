//===- CompileCommand.cpp - `trident compile` -----------------------------===//
//
// Compiles one kernel's TTIR for a target into a bundle (.tkb), or stops at a
// stage with --emit. The options shared with `trident run` are parsed here.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "trident/Driver/CompileRequest.h"
#include "trident/Plugin/PluginHost.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace trident;

static constexpr StringLiteral kPrefix = "trident compile";

static void printUsage(raw_ostream &os) {
  os << "usage: trident compile K.ttir [--target T] [-o K.tkb]\n"
        "         [--num-warps N] [--num-stages N] [--num-ctas N]\n"
        "         [--threads-per-warp N] [--opt KEY=VALUE]...\n"
        "         [--dump-ir DIR] [--keep-ir] [--emit STAGE [-o FILE]]\n"
        "         [--print-pipeline] [--emit STAGE --emit-only]\n"
        "         [--plugin PATH]... [-v|--verbose] [--time] [--time-passes]\n"
        "The target defaults to cpu; `trident targets` lists the others.\n"
        "Bundles are cached in TRIDENT_CACHE_DIR when it is set; -v says\n"
        "whether the cache had the kernel. --print-pipeline prints each\n"
        "stage as `<stage>: <pipeline>`, which `trident-opt --pass-pipeline`\n"
        "runs on the previous stage's output, and compiles nothing.\n"
        "--emit-only reads what the --emit stage emits from (its passes'\n"
        "MLIR, or the previous stage's output) and runs that step only.\n";
}

/// Parses a positive integer option value.
static bool parseCount(StringRef option, StringRef text, int &value,
                       std::string &error) {
  if (text.getAsInteger(10, value) || value <= 0) {
    error = "option '" + option.str() + "' needs a positive integer, got '" +
            text.str() + "'";
    return false;
  }
  return true;
}

bool cli::consumeCompileOption(ArrayRef<std::string> args, size_t &index,
                               CompileFlags &flags, std::string &error) {
  StringRef arg = args[index];
  // Accept both --name value and --name=value.
  StringRef name = arg, inlineValue;
  bool hasInline = false;
  if (arg.starts_with("--") && arg.contains('=')) {
    std::tie(name, inlineValue) = arg.split('=');
    hasInline = true;
  }
  static const StringRef kValued[] = {
      "--target",    "-o",           "--emit",     "--dump-ir",
      "--num-warps", "--num-stages", "--num-ctas", "--threads-per-warp",
      "--opt"};
  bool valued = llvm::is_contained(kValued, name);
  bool isSwitch = name == "--keep-ir" || name == "--verbose" || name == "-v" ||
                  name == "--time" || name == "--time-passes" ||
                  name == "--print-pipeline" || name == "--emit-only";
  if (!valued && !isSwitch)
    return false;
  std::string value;
  if (isSwitch && hasInline) {
    error = "option '" + name.str() + "' takes no value";
    ++index;
    return true;
  }
  if (valued) {
    if (hasInline) {
      value = inlineValue.str();
      ++index;
    } else if (index + 1 < args.size()) {
      value = args[index + 1];
      index += 2;
    } else {
      error = "option '" + name.str() + "' needs a value";
      return true;
    }
  } else {
    ++index;
  }

  if (name == "--target")
    flags.targetGiven = true;
  else if (name != "--verbose" && name != "-v" && name != "--time" &&
           name != "--time-passes" && name != "--print-pipeline" &&
           name != "--emit-only")
    flags.compilationOptions.push_back(name.str());

  if (name == "--target")
    flags.target = value;
  else if (name == "-o")
    flags.output = value;
  else if (name == "--emit")
    flags.emitStage = value;
  else if (name == "--dump-ir")
    flags.dumpDirectory = value;
  else if (name == "--keep-ir")
    flags.keepStages = true;
  else if (name == "--verbose" || name == "-v")
    flags.verbose = true;
  else if (name == "--time")
    flags.time = true;
  else if (name == "--time-passes")
    flags.timePasses = true;
  else if (name == "--print-pipeline")
    flags.printPipeline = true;
  else if (name == "--emit-only")
    flags.emitOnly = true;
  else if (name == "--num-warps")
    parseCount(name, value, flags.numWarps, error);
  else if (name == "--num-stages")
    parseCount(name, value, flags.numStages, error);
  else if (name == "--num-ctas")
    parseCount(name, value, flags.numCtas, error);
  else if (name == "--threads-per-warp")
    parseCount(name, value, flags.threadsPerWarp, error);
  else if (name == "--opt") {
    if (!StringRef(value).contains('='))
      error = "option '--opt' needs KEY=VALUE, got '" + value + "'";
    else
      flags.extras.push_back(value);
  }
  return true;
}

/// The compile request the flags describe.
static CompileRequest makeRequest(const cli::CompileFlags &flags) {
  CompileRequest request;
  request.target = flags.target;
  request.numWarps = flags.numWarps;
  request.numStages = flags.numStages;
  request.numCtas = flags.numCtas;
  request.threadsPerWarp = flags.threadsPerWarp;
  for (StringRef extra : flags.extras) {
    auto [key, value] = extra.split('=');
    request.extras.emplace_back(key.str(), value.str());
  }
  request.emitStage = flags.emitStage;
  request.emitOnly = flags.emitOnly;
  request.dumpDirectory = flags.dumpDirectory;
  request.keepStages = flags.keepStages;
  request.timePasses = flags.timePasses;
  return request;
}

/// --print-pipeline: one line per stage, `<stage>: <pipeline>`.
static int printPipelines(PluginHost &host, const cli::CompileFlags &flags) {
  std::string problem;
  std::optional<std::vector<StagePipeline>> stages =
      describeStagePipelines(host, makeRequest(flags), problem);
  cli::reportPluginWarnings(host, kPrefix);
  if (!stages) {
    cli::error(kPrefix, problem);
    return 1;
  }
  for (const StagePipeline &stage : *stages)
    outs() << stage.stage << ": "
           << (stage.pipeline.empty()
                   ? std::string("(emitted by the target; not MLIR)")
                   : stage.pipeline)
           << "\n";
  return 0;
}

std::optional<cli::CompiledKernel> cli::compileInput(PluginHost &host,
                                                     const CompileFlags &flags,
                                                     StringRef prefix) {
  // An unknown target is reported before an unreadable file.
  std::string problem;
  if (failed(host.resolveTarget(flags.target, problem))) {
    reportPluginWarnings(host, prefix);
    error(prefix, problem);
    return std::nullopt;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFile(flags.input, /*IsText=*/true);
  if (!file) {
    error(prefix,
          "cannot read '" + flags.input + "': " + file.getError().message());
    return std::nullopt;
  }

  CompileRequest request = makeRequest(flags);

  CompileOptions options;
  std::optional<CompileResult> result = compileWithHost(
      host, flags.input, (*file)->getBuffer(), request, problem, &options);
  reportPluginWarnings(host, prefix);
  if (!result) {
    error(prefix, problem);
    return std::nullopt;
  }
  for (const std::string &note : result->notes)
    errs() << prefix << ": note: " << note << "\n";
  // The cache holds bundles only: --emit never reads or writes it.
  if (flags.verbose && !options.cacheDirectory.empty() &&
      options.emitStage.empty())
    errs() << prefix << ": cache " << (result->fromCache ? "hit" : "miss")
           << " in " << options.cacheDirectory << "\n";
  if (flags.time && !result->stageMilliseconds.empty()) {
    double total = 0;
    errs() << prefix << ": time:";
    for (const auto &[stage, milliseconds] : result->stageMilliseconds) {
      errs() << " " << stage << " " << format("%.1f", milliseconds) << " ms,";
      total += milliseconds;
    }
    errs() << " total " << format("%.1f", total) << " ms\n";
  }
  return CompiledKernel{std::move(result->bundle), std::move(result->emitted)};
}

/// Writes `contents` to `path`, or to stdout for "-".
static bool writeOutput(StringRef path, StringRef contents) {
  if (path == "-") {
    outs() << contents;
    return true;
  }
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec) {
    cli::error(kPrefix, "cannot write '" + path + "': " + ec.message());
    return false;
  }
  os << contents;
  return true;
}

bool cli::consumeSharedOption(ArrayRef<std::string> args, size_t &index,
                              CompileFlags &flags, std::string &error) {
  return consumePluginOption(args, index, flags.pluginPaths, error) ||
         consumeCompileOption(args, index, flags, error);
}

bool cli::takeInput(StringRef arg, StringRef command, CompileFlags &flags,
                    std::string &error) {
  if (arg.starts_with("-"))
    error =
        ("unknown option '" + arg + "' (see `trident " + command + " --help`)")
            .str();
  else if (!flags.input.empty())
    error = "one kernel at a time: got '" + flags.input + "' and '" +
            arg.str() + "'";
  else
    flags.input = arg.str();
  return error.empty();
}

int cli::runCompileCommand(const CommandContext &, ArrayRef<std::string> args) {
  CompileFlags flags;
  for (size_t i = 0; i < args.size();) {
    std::string problem;
    if (consumeSharedOption(args, i, flags, problem)) {
      if (!problem.empty())
        return usageError(kPrefix, problem);
      continue;
    }
    if (args[i] == "--help" || args[i] == "-h") {
      printUsage(outs());
      return 0;
    }
    if (!takeInput(args[i++], "compile", flags, problem))
      return usageError(kPrefix, problem);
  }
  if (flags.input.empty() && !flags.printPipeline)
    return usageError(kPrefix, "no input: give the kernel's .ttir file");
  if (flags.emitOnly && flags.emitStage.empty())
    return usageError(kPrefix, "--emit-only needs --emit STAGE");

  PluginHost host;
  host.discover(flags.pluginPaths);
  if (!loadRequestedPlugins(host, kPrefix))
    return 1;
  if (flags.printPipeline)
    return printPipelines(host, flags);
  std::optional<CompiledKernel> compiled = compileInput(host, flags, kPrefix);
  if (!compiled)
    return 1;

  if (!flags.emitStage.empty())
    return writeOutput(flags.output.empty() ? "-" : flags.output,
                       compiled->emitted)
               ? 0
               : 1;

  std::string output = flags.output;
  if (output.empty()) {
    SmallString<128> path(sys::path::stem(flags.input));
    path += ".tkb";
    output = path.str().str();
  }
  std::string problem;
  if (!compiled->bundle->writeFile(output, problem))
    return error(kPrefix, problem);
  return 0;
}

//===- PluginsCommand.cpp - `trident plugins list | doctor` ---------------===//
//
// `plugins list [-v]` loads every plugin found and prints one line per
// plugin: name, version, state, path, what it provides and its targets; -v
// adds how it was found and why it was skipped. A plugin that fails is
// listed, not fatal: the listing is how a user finds out what is wrong.
//
// `plugins doctor PATH` runs the load checks on one plugin and prints each
// with ok/FAILED. It runs them in a child process (this executable again,
// with --in-process), so that a plugin that crashes while loading is
// reported as such instead of taking the tool down.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "trident/Plugin/PluginHost.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

using namespace llvm;
using namespace trident;

static constexpr StringLiteral kPrefix = "trident plugins";
static constexpr StringLiteral kListPrefix = "trident plugins list";
static constexpr StringLiteral kDoctorPrefix = "trident plugins doctor";

static void printUsage(raw_ostream &os) {
  os << "usage: trident plugins list [-v] [--plugin PATH]...\n"
        "       trident plugins doctor [--plugin PATH]... [--in-process] "
        "PATH\n";
}

static StringRef describeState(const PluginRecord &record) {
  switch (record.state) {
  case PluginState::Found:
    return "not loaded";
  case PluginState::Loaded:
    return "loaded";
  case PluginState::Skipped:
  case PluginState::Failed:
    return "skipped";
  }
  return "unknown";
}

static std::string describeProvides(uint32_t provides) {
  SmallVector<StringRef> what;
  if (provides & TRIDENT_PROVIDES_COMPILER)
    what.push_back("compiler");
  if (provides & TRIDENT_PROVIDES_RUNTIME)
    what.push_back("runtime");
  return what.empty() ? "nothing" : join(what, ", ");
}

/// "good 0.1.0" or "?" while the name is unknown.
static std::string describeName(const PluginRecord &record) {
  if (record.name.empty())
    return "?";
  return record.version.empty() ? record.name
                                : record.name + " " + record.version;
}

//===----------------------------------------------------------------------===//
// plugins list
//===----------------------------------------------------------------------===//

static int runList(ArrayRef<std::string> args) {
  std::vector<std::string> pluginPaths;
  bool verbose = false;
  for (size_t i = 0; i < args.size();) {
    std::string problem;
    if (cli::consumePluginOption(args, i, pluginPaths, problem)) {
      if (!problem.empty())
        return cli::usageError(kListPrefix, problem);
      continue;
    }
    StringRef arg = args[i++];
    if (arg == "-v" || arg == "--verbose") {
      verbose = true;
    } else if (arg == "--help" || arg == "-h") {
      printUsage(outs());
      return 0;
    } else if (arg.starts_with("-")) {
      return cli::usageError(kListPrefix,
                             "unknown option '" + arg +
                                 "' (see `trident plugins --help`)");
    } else {
      return cli::usageError(kListPrefix,
                             "unexpected argument '" + arg +
                                 "' (see `trident plugins --help`)");
    }
  }

  PluginHost host;
  host.discover(pluginPaths);
  host.loadAll();

  if (verbose) {
    // Where discovery looked, so that an empty or surprising list can be
    // explained.
    outs() << "search order: --plugin paths";
    if (PluginHost::isEnvironmentIgnored()) {
      outs() << ", default directory "
             << PluginHost::getDefaultPluginDirectory()
             << " (TRIDENT_PLUGINS and TRIDENT_ADD_PLUGINS are ignored in a "
                "setuid process)";
    } else {
      if (const char *replace = getenv("TRIDENT_PLUGINS"))
        outs() << ", TRIDENT_PLUGINS='" << replace << "'";
      else
        outs() << ", default directory "
               << PluginHost::getDefaultPluginDirectory();
      if (const char *add = getenv("TRIDENT_ADD_PLUGINS"))
        outs() << ", TRIDENT_ADD_PLUGINS='" << add << "'";
    }
    outs() << "\n";
  }

  unsigned loaded = 0, skipped = 0;
  std::vector<const PluginRecord *> records = host.records();
  for (const PluginRecord *record : records) {
    outs() << describeName(*record) << " (" << describeState(*record) << ") "
           << record->path;
    if (record->state == PluginState::Loaded) {
      ++loaded;
      outs() << ": provides " << describeProvides(record->provides);
      if (!record->targets.empty())
        outs() << "; targets " << cli::describeTargets(*record);
    } else {
      ++skipped;
    }
    outs() << "\n";
    if (!verbose)
      continue;
    outs() << "  found by: " << record->foundBy << "\n";
    if (!record->manifestPath.empty())
      outs() << "  manifest: " << record->manifestPath << "\n";
    if (record->state == PluginState::Loaded)
      outs() << "  abi: " << TRIDENT_PLUGIN_ABI_MAJOR << "." << record->abiMinor
             << "\n";
    if (!record->message.empty())
      outs() << "  why: " << record->message << "\n";
  }
  if (records.empty()) {
    outs() << "no plugins found";
    if (!verbose)
      outs() << " (run with -v to see where trident looked)";
    outs() << "\n";
    return 0;
  }
  outs() << records.size() << " plugin" << (records.size() == 1 ? "" : "s")
         << ": " << loaded << " loaded, " << skipped << " skipped";
  if (skipped && !verbose)
    outs() << " (run with -v to see why)";
  outs() << "\n";
  return 0;
}

//===----------------------------------------------------------------------===//
// plugins doctor
//===----------------------------------------------------------------------===//

/// Runs the checks here. The output is flushed line by line: if the plugin
/// crashes, the parent prints its verdict after whatever got this far.
static int runDoctorInProcess(StringRef path,
                              ArrayRef<std::string> otherPlugins) {
  // A crash is expected here at times and reported by the parent; it needs
  // no core file.
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);

  PluginHost host;
  for (const std::string &other : otherPlugins) {
    const PluginRecord &record = host.load(other, "--plugin");
    if (record.failed())
      outs() << "note: " << record.str() << "\n";
  }
  outs() << "checking " << path << "\n";
  outs().flush();
  auto observer = [](StringRef check, bool ok, StringRef detail) {
    outs() << (ok ? "  ok      " : "  FAILED  ") << check;
    if (!detail.empty())
      outs() << ": " << detail;
    outs() << "\n";
    outs().flush();
  };
  const PluginRecord &record = host.load(path, "doctor", observer);
  switch (record.state) {
  case PluginState::Loaded:
    outs() << "plugin '" << record.name << "' loads: provides "
           << describeProvides(record.provides);
    if (!record.targets.empty())
      outs() << "; targets " << cli::describeTargets(record);
    outs() << "\n";
    if (record.provides & TRIDENT_PROVIDES_RUNTIME) {
      // Asking for the runtime exercises get_runtime, which the host may
      // only read at ABI 1.1 and within the descriptor's size.
      if (record.abiMinor < 1)
        outs() << "runtime: not available at ABI " << TRIDENT_PLUGIN_ABI_MAJOR
               << ".0 (get_runtime needs " << TRIDENT_PLUGIN_ABI_MAJOR
               << ".1)\n";
      else if (const TridentRuntimeApi *runtime = host.getRuntime(record))
        outs() << "runtime: for target kind '"
               << (runtime->target_kind ? runtime->target_kind : "?") << "'\n";
      else
        outs() << "runtime: none (get_runtime is missing or returned "
                  "none)\n";
    }
    return 0;
  case PluginState::Skipped:
    outs() << record.message << "\n";
    return 0;
  case PluginState::Found:
  case PluginState::Failed:
    break;
  }
  outs() << "plugin does not load\n";
  outs().flush();
  return cli::error(kDoctorPrefix, record.str());
}

/// Runs `trident plugins doctor --in-process ...` as a child and reports a
/// crash as a failed check.
static int runDoctorInChild(const cli::CommandContext &context, StringRef path,
                            ArrayRef<std::string> otherPlugins) {
  std::string exe = sys::fs::getMainExecutable(
      context.argv0, reinterpret_cast<void *>(&runDoctorInChild));
  std::vector<std::string> childArgs = {exe, "plugins", "doctor",
                                        "--in-process"};
  for (const std::string &other : otherPlugins) {
    childArgs.push_back("--plugin");
    childArgs.push_back(other);
  }
  childArgs.push_back(path.str());
  std::vector<char *> argv;
  for (std::string &arg : childArgs)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  outs().flush();
  pid_t pid;
  if (int err = posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(),
                            environ))
    return cli::error(kDoctorPrefix,
                      "cannot start a child process to check the plugin (" +
                          Twine(strerror(err)) +
                          "): run `trident plugins doctor --in-process " +
                          path + "` instead");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return cli::error(kDoctorPrefix,
                        "lost the child process checking the plugin (" +
                            Twine(strerror(errno)) + ")");
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  std::string message = "plugin crashed while loading (signal " +
                        std::to_string(signal) +
                        "): run `trident plugins doctor --in-process " +
                        path.str() + "` under a debugger to see where";
  outs() << "  FAILED  load: " << message << "\n";
  outs().flush();
  return cli::error(kDoctorPrefix, "plugin " + path + ": " + message);
}

static int runDoctor(const cli::CommandContext &context,
                     ArrayRef<std::string> args) {
  std::vector<std::string> otherPlugins, paths;
  bool inProcess = false;
  for (size_t i = 0; i < args.size();) {
    std::string problem;
    if (cli::consumePluginOption(args, i, otherPlugins, problem)) {
      if (!problem.empty())
        return cli::usageError(kDoctorPrefix, problem);
      continue;
    }
    StringRef arg = args[i++];
    if (arg == "--in-process") {
      inProcess = true;
    } else if (arg == "--help" || arg == "-h") {
      printUsage(outs());
      return 0;
    } else if (arg.starts_with("-")) {
      return cli::usageError(kDoctorPrefix,
                             "unknown option '" + arg +
                                 "' (see `trident plugins --help`)");
    } else {
      paths.push_back(arg.str());
    }
  }
  if (paths.size() != 1)
    return cli::usageError(
        kDoctorPrefix, "expected one plugin path, got " + Twine(paths.size()) +
                           " (see `trident plugins --help`)");
  if (inProcess)
    return runDoctorInProcess(paths.front(), otherPlugins);
  return runDoctorInChild(context, paths.front(), otherPlugins);
}

int cli::runPluginsCommand(const CommandContext &context,
                           ArrayRef<std::string> args) {
  if (args.empty())
    return usageError(kPrefix, "expected a subcommand: list or doctor (see "
                               "`trident plugins --help`)");
  StringRef sub = args.front();
  if (sub == "--help" || sub == "-h") {
    printUsage(outs());
    return 0;
  }
  if (sub == "list")
    return runList(args.drop_front());
  if (sub == "doctor")
    return runDoctor(context, args.drop_front());
  return usageError(kPrefix, "unknown subcommand '" + sub +
                                 "': expected list or doctor (see `trident "
                                 "plugins --help`)");
}

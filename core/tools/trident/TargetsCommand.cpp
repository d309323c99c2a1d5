//===- TargetsCommand.cpp - `trident targets` -----------------------------===//
//
// Lists every target of every plugin found: its kind and aliases, the plugin
// that provides it and whether a device for it is available here. Device
// availability needs the plugin's code, so every plugin found is loaded; a
// plugin that fails to load still shows the targets its manifest lists, with
// the reason. `--resolve TARGET` prints the canonical form of a target
// string (an alias and a short arch become "kind:arch"; "auto" the target it picks).
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "trident/Plugin/PluginHost.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace trident;

static constexpr StringLiteral kPrefix = "trident targets";

static void printUsage(raw_ostream &os) {
  os << "usage: trident targets [--plugin PATH]... [--resolve TARGET]\n";
}

static std::string describeTarget(StringRef kind,
                                  ArrayRef<std::string> aliases) {
  std::string text = kind.str();
  if (!aliases.empty())
    text += " (aliases: " + join(aliases, ", ") + ")";
  return text;
}

int cli::runTargetsCommand(const CommandContext &, ArrayRef<std::string> args) {
  std::vector<std::string> pluginPaths;
  std::string resolve;
  bool wantResolve = false;
  for (size_t i = 0; i < args.size();) {
    std::string problem;
    if (consumePluginOption(args, i, pluginPaths, problem)) {
      if (!problem.empty())
        return usageError(kPrefix, problem);
      continue;
    }
    StringRef arg = args[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(outs());
      return 0;
    }
    if (arg == "--resolve" || arg == "-resolve") {
      if (i + 1 >= args.size())
        return usageError(kPrefix, "option '--resolve' needs a target");
      resolve = args[i + 1];
      wantResolve = true;
      i += 2;
      continue;
    }
    if (arg.starts_with("-"))
      return usageError(kPrefix, "unknown option '" + arg +
                                     "' (see `trident targets --help`)");
    return usageError(kPrefix, "unexpected argument '" + arg +
                                   "' (see `trident targets --help`)");
  }

  PluginHost host;
  host.discover(pluginPaths);
  if (!loadRequestedPlugins(host, kPrefix))
    return 1;

  if (wantResolve) {
    std::string problem;
    FailureOr<ResolvedTarget> target = host.resolveTarget(resolve, problem);
    reportPluginWarnings(host, kPrefix);
    if (failed(target))
      return error(kPrefix, problem);
    outs() << target->options.str() << " (plugin " << target->plugin->name
           << ")\n";
    return 0;
  }

  host.loadAll();
  reportPluginWarnings(host, kPrefix);
  bool any = false;
  for (const TargetEntry &entry : host.targets()) {
    std::string why;
    bool available = entry.backend->isDeviceAvailable(why);
    outs() << describeTarget(entry.backend->getKind(),
                             entry.backend->getAliases())
           << ": plugin " << entry.plugin->name << ", device "
           << (available ? "available" : "unavailable");
    if (!available && !why.empty())
      outs() << ": " << why;
    outs() << "\n";
    any = true;
  }
  // What a plugin that failed to load would have provided (from its
  // manifest), so that a missing target is not a mystery.
  for (const PluginRecord *record : host.records()) {
    if (!record->failed())
      continue;
    for (const PluginTargetInfo &target : record->targets) {
      outs() << describeTarget(target.kind, target.aliases) << ": plugin "
             << record->name << ", not loaded: " << record->message << "\n";
      any = true;
    }
  }
  if (!any)
    outs() << "no targets: no plugin provides one (see `trident plugins "
              "list -v`)\n";
  return 0;
}

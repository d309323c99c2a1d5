//===- CommandUtils.cpp - Helpers shared by the `trident` commands --------===//

#include "Commands.h"

#include "trident/Plugin/PluginHost.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace trident;

int cli::usageError(StringRef prefix, const Twine &message) {
  errs() << prefix << ": " << message << "\n";
  return 2;
}

int cli::error(StringRef prefix, const Twine &message) {
  errs() << prefix << ": " << message << "\n";
  return 1;
}

bool cli::consumePluginOption(ArrayRef<std::string> args, size_t &index,
                              std::vector<std::string> &paths,
                              std::string &error) {
  StringRef arg = args[index];
  if (!arg.consume_front("--") && !arg.consume_front("-"))
    return false;
  if (arg == "plugin") {
    if (index + 1 >= args.size()) {
      error = "option '--plugin' needs a path";
      return true;
    }
    paths.push_back(args[index + 1]);
    index += 2;
    return true;
  }
  if (arg.consume_front("plugin=")) {
    if (arg.empty()) {
      error = "option '--plugin' needs a path";
      return true;
    }
    paths.push_back(arg.str());
    ++index;
    return true;
  }
  return false;
}

std::string cli::describeTargets(const PluginRecord &record) {
  SmallVector<std::string> targets;
  for (const PluginTargetInfo &target : record.targets) {
    std::string text = target.kind;
    if (!target.aliases.empty())
      text += " (" + join(target.aliases, ", ") + ")";
    targets.push_back(std::move(text));
  }
  return join(targets, ", ");
}

bool cli::loadRequestedPlugins(PluginHost &host, StringRef prefix) {
  std::string problem;
  if (failed(host.loadRequested(problem))) {
    error(prefix, problem);
    return false;
  }
  return true;
}

void cli::reportPluginWarnings(PluginHost &host, StringRef prefix) {
  for (const std::string &warning : host.takeWarnings())
    errs() << prefix << ": warning: " << warning << "\n";
}

//===- main.cpp - The `trident` command -----------------------------------===//
//
// Dispatches `trident <command> [args]` to the command's own file (see
// Commands.h). Options are parsed by hand, per command, rather than through
// llvm::cl: llvm::cl options are global to the process, and a command's
// options must neither leak into the others nor collide with options that
// plugins or the libraries register.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "trident-c/Plugin.h"
#include "trident/Plugin/SdkVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace trident;

namespace {
struct Command {
  StringRef name;
  StringRef synopsis;
  StringRef summary;
  int (*run)(const cli::CommandContext &, ArrayRef<std::string>);
};
} // namespace

static const Command kCommands[] = {
    {"targets", "targets [--resolve TARGET]",
     "targets, their plugin and device availability", cli::runTargetsCommand},
    {"plugins", "plugins list [-v] | doctor PATH",
     "plugins found, loaded or skipped; check one plugin",
     cli::runPluginsCommand},
    {"compile", "compile K.ttir --target T ...", "compile a kernel",
     cli::runCompileCommand},
    {"run", "run K.ttir|K.tkb --target T ...", "run a kernel",
     cli::runRunCommand},
};

static void printUsage(raw_ostream &os) {
  os << "usage: trident <command> [options]\n\ncommands:\n";
  for (const Command &command : kCommands)
    os << "  " << left_justify(command.synopsis, 34) << command.summary << "\n";
  os << "\nCommands that load plugins accept --plugin PATH (repeatable).\n"
        "Plugins are also found through TRIDENT_PLUGINS, TRIDENT_ADD_PLUGINS "
        "and\n<prefix>/lib/trident/plugins (see docs/plugins.md).\n";
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    printUsage(errs());
    return 2;
  }
  StringRef first = args.front();
  if (first == "--help" || first == "-h" || first == "help") {
    printUsage(outs());
    return 0;
  }
  if (first == "--version") {
    outs() << "trident " TRIDENT_SDK_VERSION " (SDK " TRIDENT_SDK_HASH
              ", plugin ABI "
           << TRIDENT_PLUGIN_ABI_MAJOR << "." << TRIDENT_PLUGIN_ABI_MINOR
           << ")\n";
    return 0;
  }
  if (first.starts_with("-"))
    return cli::usageError("trident", "unknown option '" + first +
                                          "': expected a command first (see "
                                          "`trident --help`)");
  const Command *command = llvm::find_if(
      kCommands, [&](const Command &c) { return c.name == first; });
  if (command == std::end(kCommands)) {
    SmallVector<StringRef> names;
    for (const Command &c : kCommands)
      names.push_back(c.name);
    return cli::usageError("trident",
                           "unknown command '" + first + "': expected one of " +
                               join(names, ", ") + " (see `trident --help`)");
  }
  cli::CommandContext context;
  context.argv0 = argv[0];
  return command->run(context, ArrayRef<std::string>(args).drop_front());
}

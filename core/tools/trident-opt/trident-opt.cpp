//===- trident-opt.cpp - mlir-opt for Trident -----------------------------===//
//
// Loads every core dialect, pass and pipeline, and every plugin's, so that
// any stage of any pipeline can be reproduced with --pass-pipeline. Plugins
// come from `--plugin PATH` (repeatable) and from discovery (TRIDENT_PLUGINS,
// TRIDENT_ADD_PLUGINS, <prefix>/lib/trident/plugins; docs/plugins.md).
//
// A plugin that fails to load is fatal here (its one-line reason on stderr,
// exit 1): running a pipeline without the passes the user asked for would
// only fail later with a less helpful message. `TRIDENT_PLUGINS=` (empty)
// runs without the installed plugins.
//
//===----------------------------------------------------------------------===//

#include "trident/InitAll.h"
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

#ifdef TRIDENT_WITH_TEST_LIB
namespace trident::test {
void registerTestDialectExtensions(mlir::DialectRegistry &registry);
} // namespace trident::test
#endif

/// Removes `--plugin PATH` and `--plugin=PATH` (one or two dashes) from argv
/// before MlirOptMain sees it, collecting the paths. Arguments after `--`
/// are file names and left alone. Returns false on a `--plugin` without a
/// path.
static bool extractPluginOptions(int &argc, char **argv,
                                 std::vector<std::string> &paths) {
  int out = 1;
  bool positionalOnly = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (!positionalOnly) {
      if (arg == "--") {
        positionalOnly = true;
      } else if (arg == "--plugin" || arg == "-plugin") {
        if (i + 1 >= argc)
          return false;
        paths.push_back(argv[++i]);
        continue;
      } else if (arg.consume_front("--plugin=") ||
                 arg.consume_front("-plugin=")) {
        if (arg.empty())
          return false;
        paths.push_back(arg.str());
        continue;
      }
    }
    argv[out++] = argv[i];
  }
  argv[out] = nullptr;
  argc = out;
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> pluginPaths;
  if (!extractPluginOptions(argc, argv, pluginPaths)) {
    llvm::errs() << "trident-opt: option '--plugin' needs a path\n";
    return 2;
  }

  mlir::DialectRegistry registry;
  trident::registerAllDialects(registry);
  trident::registerAllPasses();
#ifdef TRIDENT_WITH_TEST_LIB
  trident::test::registerTestDialectExtensions(registry);
#endif

  // The host lives until MlirOptMain returns: the plugins' passes and
  // dialects point into libraries it keeps loaded.
  trident::PluginHost host;
  host.addHostDialects(registry);
  host.discover(pluginPaths);
  if (!host.loadAll()) {
    for (const trident::PluginRecord *record : host.records())
      if (record->failed())
        llvm::errs() << "trident-opt: " << record->str() << "\n";
    return 1;
  }
  host.registerDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Trident modular optimizer driver\n", registry));
}

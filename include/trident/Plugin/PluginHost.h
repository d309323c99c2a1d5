//===- PluginHost.h - Finds, checks and loads plugins -----------*- C++ -*-===//
//
// The host side of the plugin interface (docs/plugins.md). The host finds
// plugins (explicit paths, then TRIDENT_PLUGINS or the default directory,
// then TRIDENT_ADD_PLUGINS), checks each library before and after dlopen,
// negotiates the ABI, runs the plugin's registration against a staged
// registrar and commits it only if nothing conflicts. A plugin that fails any
// step becomes a PluginRecord that says what, why and what to do; the host
// never aborts the process on a plugin's behalf.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_PLUGIN_PLUGINHOST_H
#define TRIDENT_PLUGIN_PLUGINHOST_H

#include "trident/Plugin/PluginAPI.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace trident {

/// What became of a plugin the host found.
enum class PluginState {
  Found,   // discovered (from a manifest or a path), not loaded yet
  Loaded,  // registered and committed
  Skipped, // the same plugin was already loaded; not an error
  Failed,  // refused: `stage` and `message` say why
};

/// The step at which a plugin was refused (None while it is not).
enum class PluginStage {
  None,
  Manifest,     // the JSON manifest is unreadable or disagrees
  File,         // the library does not exist or cannot be read
  Format,       // not an ELF shared object
  PrivateLLVM,  // carries its own static copy of LLVM/MLIR
  Open,         // dlopen failed
  Entry,        // no exported entry symbol
  Descriptor,   // the descriptor is missing or malformed
  Version,      // incompatible plugin ABI
  Sdk,          // built against other SDK headers
  Registration, // the plugin's registration failed or threw
  Conflict,     // registers a dialect, pass or target that is taken
  Crashed,      // (doctor only) the child process died loading it
};

/// A short lowercase name of `stage` ("version", "conflict", ...).
llvm::StringRef stringifyPluginStage(PluginStage stage);

/// A target kind and its aliases, as a manifest or a loaded plugin lists it.
struct PluginTargetInfo {
  std::string kind;
  std::vector<std::string> aliases;
};

/// Everything known about one plugin the host found or was given.
struct PluginRecord {
  /// The library path (as found; a manifest's `library` resolved against the
  /// manifest's directory).
  std::string path;
  /// The manifest the plugin was found through; empty without one.
  std::string manifestPath;
  /// The discovery rule that found it: "--plugin", "TRIDENT_PLUGINS",
  /// "TRIDENT_ADD_PLUGINS", "default directory", "API", "linked in".
  std::string foundBy;
  /// From the manifest, then from the descriptor once loaded.
  std::string name;
  std::string version;
  uint32_t provides = 0; // TRIDENT_PROVIDES_*
  std::vector<PluginTargetInfo> targets;
  /// The negotiated ABI minor (the major is always the host's).
  unsigned abiMinor = 0;
  PluginState state = PluginState::Found;
  PluginStage stage = PluginStage::None;
  /// Why the plugin failed or was skipped: one line, what/why/what to do.
  std::string message;

  bool failed() const { return state == PluginState::Failed; }
  /// Whether the user named this plugin (an explicit path, the API,
  /// TRIDENT_PLUGINS or TRIDENT_ADD_PLUGINS), so that failing to load it is
  /// an error; one found in the default directory only earns a warning.
  bool isRequested() const;
  /// "plugin <path>: <message>", the line the tools print.
  std::string str() const;
};

/// One target of a loaded plugin.
struct TargetEntry {
  TargetBackend *backend = nullptr;
  const PluginRecord *plugin = nullptr;
};

/// A target string resolved to its backend and normalized options.
struct ResolvedTarget {
  TargetBackend *backend = nullptr;
  const PluginRecord *plugin = nullptr;
  TargetOptions options;
};

/// Called for every check made while loading one plugin (for `trident
/// plugins doctor`): the check's name, whether it passed, and a detail (what
/// was found, or the failure message).
using PluginCheckObserver = llvm::function_ref<void(
    llvm::StringRef check, bool ok, llvm::StringRef detail)>;

/// Finds, checks and loads plugins into this process. Loaded plugins stay
/// loaded for the life of the process (their dialects, passes and targets
/// are registered globally), so a tool creates one host.
class PluginHost {
public:
  /// Registers the core's dialects and passes, which plugins must not
  /// redefine.
  PluginHost();
  ~PluginHost();
  PluginHost(const PluginHost &) = delete;
  PluginHost &operator=(const PluginHost &) = delete;

  /// Declares dialects the tool registers itself besides the core's, so that
  /// a plugin redefining one of them is refused instead of aborting later.
  void addHostDialects(const mlir::DialectRegistry &registry);

  /// Loads one plugin now: a library (`.so`) or a manifest (`.json`). The
  /// returned record (owned by the host) says whether it loaded.
  const PluginRecord &load(llvm::StringRef path,
                           llvm::StringRef foundBy = "API",
                           PluginCheckObserver observer = nullptr);

  /// Finds plugins without loading them: `explicitPaths` first (libraries,
  /// manifests or directories), then TRIDENT_PLUGINS if set (it replaces the
  /// default directory), else the default directory, then
  /// TRIDENT_ADD_PLUGINS. Environment variables are ignored in a setuid
  /// process. Plugins linked into the tool (static builds) come first.
  void discover(llvm::ArrayRef<std::string> explicitPaths,
                llvm::StringRef explicitRule = "--plugin");

  /// Loads every plugin found and not loaded yet, in discovery order.
  /// Returns false if any failed.
  bool loadAll();

  /// Loads every plugin the user named (PluginRecord::isRequested). Fails
  /// when one of them does not load, with `error` naming the first such
  /// plugin, the rule that named it and why ("plugin P (from --plugin) did
  /// not load: ..."), and how many more failed.
  llvm::LogicalResult loadRequested(std::string &error);

  /// One line ("plugin P: why; ...") for each plugin from the default
  /// directory that failed to load since the last call: such a plugin is
  /// skipped with a warning, not an error.
  std::vector<std::string> takeWarnings();

  /// Replaces the default plugin directory for the next discover(); a
  /// library loaded into another program (the C API, loaded by Python) has
  /// no `<prefix>/bin` executable to find it from.
  void setDefaultPluginDirectory(llvm::StringRef directory);

  /// Every plugin found or loaded, in order.
  std::vector<const PluginRecord *> records() const;

  /// The targets of every loaded plugin, in load order.
  std::vector<TargetEntry> targets() const;

  /// Resolves "kind[:arch]" (a kind or an alias, with an architecture in any
  /// spelling the target's normalizeArch accepts; e.g. "cpu") or "auto" (the first target whose device is
  /// available, else "cpu"). Loads the plugin that provides the kind if it
  /// was found but not loaded yet. Fails with a one-line `error`.
  llvm::FailureOr<ResolvedTarget> resolveTarget(llvm::StringRef target,
                                                std::string &error);

  /// Adds the dialects and dialect extensions of every loaded plugin.
  void registerDialects(mlir::DialectRegistry &registry) const;

  /// The runtime of a loaded plugin (ABI minor >= 1), or null.
  const TridentRuntimeApi *getRuntime(const PluginRecord &plugin) const;

  /// `<prefix>/lib/trident/plugins`, where the running executable is
  /// `<prefix>/bin/<tool>` (the build tree has the same shape).
  static std::string getDefaultPluginDirectory();

  /// `<dir>/trident/plugins`, where `<dir>` holds the shared library that
  /// contains `address` (`<prefix>/lib`); empty when it cannot be found.
  static std::string getPluginDirectoryBesideLibrary(const void *address);

  /// True when the process is setuid/setgid (AT_SECURE): the plugin
  /// environment variables are then ignored.
  static bool isEnvironmentIgnored();

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace trident

#endif // TRIDENT_PLUGIN_PLUGINHOST_H

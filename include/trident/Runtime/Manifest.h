//===- Manifest.h - Plugin manifests, read without LLVM ---------*- C++ -*-===//
//
// Every plugin directory holds one JSON manifest per plugin,
// `<dir>/<name>.json`, so that targets can be listed and runtimes found
// without loading every library. This header reads the keys the runtime
// needs; other keys are the plugin host's and are ignored here (but the
// whole file must be valid JSON):
//
//   {
//     "name": "nvidia",                        (optional; the file stem)
//     "targets": ["nvidia:sm_90", "nvidia"],   (optional; strings, or
//                                               objects with "kind")
//     "runtime_kind": "nvidia",                (optional)
//     "runtime_library": "libTridentNvidiaRuntime.so",
//     "library": "libTridentNvidia.so",        (optional)
//     "provides": ["compiler", "runtime"]      (optional)
//   }
//
// A manifest provides the runtime of target kind K when it names a
// "runtime_library" and either its "runtime_kind" is K, or (without one)
// one of its "targets" has kind K, or (without either) its "name" is K. A
// relative "runtime_library" or "library" is resolved against the
// manifest's directory. Only findRuntime's search path reads the
// environment (the plugin variables, as the compiler's plugin host does).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_MANIFEST_H
#define TRIDENT_RUNTIME_MANIFEST_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident {

struct PluginManifest {
  /// The manifest file.
  std::string path;
  std::string name;
  std::vector<std::string> targets;
  std::string runtimeKind;
  /// Resolved against the manifest's directory; empty when the plugin has
  /// no runtime.
  std::string runtimeLibrary;
  /// The plugin's own library, resolved likewise; may be empty.
  std::string library;
  /// Whether "provides" lists "runtime": the plugin's descriptor hands out
  /// a runtime (get_runtime), with or without a runtime_library.
  bool providesRuntime = false;

  /// Whether this manifest provides the runtime of target kind `kind`.
  bool providesRuntimeFor(std::string_view kind) const;
};

/// Reads a manifest from `text`; `path` names it in messages and anchors a
/// relative "runtime_library". Errors look like "plugin manifest 'p.json'
/// is not valid JSON: offset 17: expected ':'; fix or remove the file".
std::optional<PluginManifest> parsePluginManifest(std::string_view text,
                                                  const std::string &path,
                                                  std::string &error);

/// Reads the manifest file at `path`.
std::optional<PluginManifest> readPluginManifest(const std::string &path,
                                                 std::string &error);

/// Searches `entries` in order for the first manifest that provides the
/// runtime of `kind`. An entry is a directory (its *.json files in name
/// order), a manifest file, or a plugin library (the manifests beside it
/// whose "library" is that file). Missing entries are skipped; broken
/// manifests are skipped too, and each is reported in `skipped` (when
/// given) and in the error when nothing is found, e.g. "no plugin provides
/// a runtime for target kind 'nvidia' (searched /opt/p); install the plugin
/// or add its directory to the search path". With `allowInPlugin`, a
/// manifest without a runtime_library whose plugin provides the runtime of
/// `kind` itself (a target of that kind, "runtime" in "provides", a
/// "library") is taken when no runtime_library is found.
std::optional<PluginManifest>
findRuntimeManifest(const std::vector<std::string> &entries,
                    std::string_view kind, std::string &error,
                    std::vector<std::string> *skipped = nullptr,
                    bool allowInPlugin = false);

/// The plugin search path of the tools (docs/plugins.md): the
/// ':'-separated TRIDENT_PLUGINS when set (even empty: it replaces the
/// default), else `defaultDirectory`, then TRIDENT_ADD_PLUGINS.
std::vector<std::string>
getPluginSearchPath(const std::string &defaultDirectory);

} // namespace trident

#endif // TRIDENT_RUNTIME_MANIFEST_H

//===- Manifest.h - The JSON manifest beside each plugin --------*- C++ -*-===//
//
// Each plugin in a plugin directory has a manifest `<name>.json` (written by
// trident_add_plugin) that lets the tools list targets without loading the
// library and refuse an incompatible plugin before running its code. The
// format is in docs/plugins.md. Private to core/Plugin.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_PLUGIN_MANIFEST_H
#define TRIDENT_CORE_PLUGIN_MANIFEST_H

#include "trident/Plugin/PluginHost.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trident::plugin {

struct Manifest {
  std::string name;
  std::string version;
  /// The library, already resolved against the manifest's directory.
  std::string library;
  std::vector<PluginTargetInfo> targets;
  uint32_t provides = 0;
  /// "<major>.<minor>" of the plugin ABI it was built for.
  unsigned abiMajor = 0;
  unsigned abiMinor = 0;
  std::string sdkVersion;
  std::string sdkHash;
};

/// Reads the manifest at `path`. Fails with a one-line `error` that says
/// what is wrong with it (without the path, which the caller prints).
bool readManifest(llvm::StringRef path, Manifest &manifest, std::string &error);

} // namespace trident::plugin

#endif // TRIDENT_CORE_PLUGIN_MANIFEST_H

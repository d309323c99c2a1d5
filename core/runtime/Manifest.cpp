//===- Manifest.cpp - Plugin manifests, read without LLVM -----------------===//
//
// Reads the runtime-related keys of plugin manifests through the small JSON
// reader of Json.h and finds the manifest that provides a target kind's
// runtime.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Manifest.h"

#include "FileUtil.h"
#include "Json.h"

#include <algorithm>
#include <dirent.h>

using namespace trident;
using detail::JsonValue;

bool PluginManifest::providesRuntimeFor(std::string_view kind) const {
  if (runtimeLibrary.empty())
    return false;
  if (!runtimeKind.empty())
    return runtimeKind == kind;
  if (!targets.empty()) {
    for (const std::string &target : targets)
      if (std::string_view(target).substr(0, target.find(':')) == kind)
        return true;
    return false;
  }
  return name == kind;
}

std::optional<PluginManifest>
trident::parsePluginManifest(std::string_view text, const std::string &path,
                             std::string &error) {
  std::string quoted = "plugin manifest '" + path + "'";
  std::string why;
  std::optional<JsonValue> root = detail::parseJson(text, why);
  if (!root) {
    error = quoted + " is not valid JSON: " + why + "; fix or remove the file";
    return std::nullopt;
  }
  auto wrongType = [&](const std::string &what, const JsonValue &value,
                       const char *expected) -> std::optional<PluginManifest> {
    error = quoted + ": " + what + " must be " + expected + ", not " +
            detail::jsonKindName(value.kind) + " (offset " +
            std::to_string(value.offset) + "); fix the manifest";
    return std::nullopt;
  };
  if (root->kind != JsonValue::Kind::Object)
    return wrongType("the top level", *root, "an object");

  PluginManifest manifest;
  manifest.path = path;
  auto readString = [&](const char *key, std::string &out) {
    const JsonValue *value = root->find(key);
    if (!value)
      return true;
    if (value->kind != JsonValue::Kind::String) {
      wrongType(std::string("\"") + key + "\"", *value, "a string");
      return false;
    }
    out = value->string;
    return true;
  };
  if (!readString("name", manifest.name) ||
      !readString("runtime_kind", manifest.runtimeKind) ||
      !readString("runtime_library", manifest.runtimeLibrary))
    return std::nullopt;
  if (manifest.name.empty()) {
    size_t slash = path.rfind('/');
    std::string file =
        slash == std::string::npos ? path : path.substr(slash + 1);
    manifest.name = file.substr(0, file.rfind(".json"));
  }
  if (const JsonValue *targets = root->find("targets")) {
    if (targets->kind != JsonValue::Kind::Array)
      return wrongType("\"targets\"", *targets, "an array");
    for (const JsonValue &target : targets->array) {
      if (target.kind == JsonValue::Kind::String) {
        manifest.targets.push_back(target.string);
        continue;
      }
      if (target.kind == JsonValue::Kind::Object) {
        const JsonValue *kind = target.find("kind");
        if (!kind)
          kind = target.find("name");
        if (kind && kind->kind == JsonValue::Kind::String) {
          manifest.targets.push_back(kind->string);
          continue;
        }
      }
      return wrongType("each entry of \"targets\"", target,
                       "a string or an object with a \"kind\" string");
    }
  }
  if (!manifest.runtimeLibrary.empty() && manifest.runtimeLibrary[0] != '/')
    manifest.runtimeLibrary =
        detail::parentDirectory(path) + "/" + manifest.runtimeLibrary;
  return manifest;
}

std::optional<PluginManifest>
trident::readPluginManifest(const std::string &path, std::string &error) {
  std::string text, reason;
  if (!detail::readWholeFile(path, text, reason)) {
    error = "cannot read plugin manifest '" + path + "': " + reason +
            "; check the plugin directory";
    return std::nullopt;
  }
  return parsePluginManifest(text, path, error);
}

std::optional<PluginManifest>
trident::findRuntimeManifest(const std::vector<std::string> &directories,
                             std::string_view kind, std::string &error,
                             std::vector<std::string> *skipped) {
  std::vector<std::string> broken;
  for (const std::string &directory : directories) {
    DIR *dir = ::opendir(directory.c_str());
    if (!dir)
      continue;
    std::vector<std::string> files;
    while (struct dirent *entry = ::readdir(dir)) {
      std::string file = entry->d_name;
      if (file.size() > 5 && file.compare(file.size() - 5, 5, ".json") == 0 &&
          file[0] != '.')
        files.push_back(file);
    }
    ::closedir(dir);
    std::sort(files.begin(), files.end());
    for (const std::string &file : files) {
      std::string path = directory.empty() || directory.back() == '/'
                             ? directory + file
                             : directory + "/" + file;
      std::string why;
      std::optional<PluginManifest> manifest = readPluginManifest(path, why);
      if (!manifest) {
        broken.push_back(why);
        if (skipped)
          skipped->push_back(why);
        continue;
      }
      if (manifest->providesRuntimeFor(kind))
        return manifest;
    }
  }
  std::string searched;
  for (const std::string &directory : directories)
    searched += (searched.empty() ? "" : ", ") + directory;
  error = "no plugin provides a runtime for target kind '" + std::string(kind) +
          "' (" +
          (searched.empty() ? std::string("no plugin directories given")
                            : "searched " + searched);
  if (!broken.empty())
    error += "; skipped " + std::to_string(broken.size()) + " broken " +
             (broken.size() == 1 ? "manifest" : "manifests") +
             ", first: " + broken.front();
  error += "); install the plugin or add its directory to the search path";
  return std::nullopt;
}

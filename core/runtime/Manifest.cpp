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
#include <cstdlib>
#include <dirent.h>
#include <sys/stat.h>

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
      !readString("runtime_library", manifest.runtimeLibrary) ||
      !readString("library", manifest.library))
    return std::nullopt;
  if (const JsonValue *provides = root->find("provides")) {
    if (provides->kind != JsonValue::Kind::Array)
      return wrongType("\"provides\"", *provides, "an array");
    for (const JsonValue &item : provides->array)
      if (item.kind == JsonValue::Kind::String && item.string == "runtime")
        manifest.providesRuntime = true;
  }
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
  for (std::string *file : {&manifest.runtimeLibrary, &manifest.library})
    if (!file->empty() && (*file)[0] != '/')
      *file = detail::parentDirectory(path) + "/" + *file;
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

namespace {

bool isDirectory(const std::string &path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

bool exists(const std::string &path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0;
}

std::string_view baseName(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool endsWith(const std::string &text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// The *.json files of `directory`, in name order.
std::vector<std::string> listManifests(const std::string &directory) {
  std::vector<std::string> paths;
  DIR *dir = ::opendir(directory.c_str());
  if (!dir)
    return paths;
  std::vector<std::string> files;
  while (struct dirent *entry = ::readdir(dir)) {
    std::string file = entry->d_name;
    if (file.size() > 5 && endsWith(file, ".json") && file[0] != '.')
      files.push_back(file);
  }
  ::closedir(dir);
  std::sort(files.begin(), files.end());
  for (const std::string &file : files)
    paths.push_back(directory.empty() || directory.back() == '/'
                        ? directory + file
                        : directory + "/" + file);
  return paths;
}

} // namespace

std::optional<PluginManifest>
trident::findRuntimeManifest(const std::vector<std::string> &entries,
                             std::string_view kind, std::string &error,
                             std::vector<std::string> *skipped,
                             bool allowInPlugin) {
  std::vector<std::string> broken;
  std::optional<PluginManifest> inPlugin;
  for (const std::string &entry : entries) {
    if (!exists(entry))
      continue;
    // A plugin library stands for the manifests beside it that name it.
    bool isLibrary = !isDirectory(entry) && !endsWith(entry, ".json");
    std::vector<std::string> paths;
    if (isDirectory(entry) || isLibrary)
      paths = listManifests(isLibrary ? detail::parentDirectory(entry) : entry);
    else
      paths.push_back(entry);
    for (const std::string &path : paths) {
      std::string why;
      std::optional<PluginManifest> manifest = readPluginManifest(path, why);
      if (!manifest) {
        broken.push_back(why);
        if (skipped)
          skipped->push_back(why);
        continue;
      }
      if (isLibrary && baseName(manifest->library) != baseName(entry))
        continue;
      if (manifest->providesRuntimeFor(kind))
        return manifest;
      if (allowInPlugin && !inPlugin && manifest->runtimeLibrary.empty() &&
          manifest->providesRuntime && !manifest->library.empty())
        for (const std::string &target : manifest->targets)
          if (std::string_view(target).substr(0, target.find(':')) == kind) {
            inPlugin = manifest;
            break;
          }
    }
  }
  if (inPlugin)
    return inPlugin;
  std::string searched;
  for (const std::string &entry : entries)
    searched += (searched.empty() ? "" : ", ") + entry;
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

std::vector<std::string>
trident::getPluginSearchPath(const std::string &defaultDirectory) {
  std::vector<std::string> entries;
  auto append = [&](const char *list) {
    std::string_view text = list;
    while (!text.empty()) {
      size_t colon = text.find(':');
      std::string_view item = text.substr(0, colon);
      if (!item.empty())
        entries.emplace_back(item);
      if (colon == std::string_view::npos)
        break;
      text.remove_prefix(colon + 1);
    }
  };
  // secure_getenv: a set-user-ID program ignores the variables, as the
  // plugin host does.
  if (const char *replace = ::secure_getenv("TRIDENT_PLUGINS"))
    append(replace);
  else if (!defaultDirectory.empty())
    entries.push_back(defaultDirectory);
  if (const char *add = ::secure_getenv("TRIDENT_ADD_PLUGINS"))
    append(add);
  return entries;
}

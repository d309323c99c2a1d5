//===- Manifest.cpp - The JSON manifest beside each plugin ----------------===//

#include "Manifest.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace trident;
using namespace trident::plugin;

// Every manifest error ends with what to do about it.
static constexpr const char *kRegenerate =
    ": regenerate the manifest (trident_add_plugin writes it)";

static bool fail(std::string &error, const Twine &what) {
  error = ("invalid manifest: " + what + kRegenerate).str();
  return false;
}

static bool readString(const json::Object &object, StringRef key, bool required,
                       std::string &out, std::string &error) {
  const json::Value *value = object.get(key);
  if (!value) {
    if (!required)
      return true;
    return fail(error, "'" + key + "' is missing");
  }
  std::optional<StringRef> string = value->getAsString();
  if (!string || (required && string->empty()))
    return fail(error, "'" + key + "' must be a non-empty string");
  out = string->str();
  return true;
}

bool trident::plugin::readManifest(StringRef path, Manifest &manifest,
                                   std::string &error) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read the manifest: " + buffer.getError().message() +
            ": check the path and its permissions";
    return false;
  }
  Expected<json::Value> parsed = json::parse((*buffer)->getBuffer());
  if (!parsed)
    return fail(error, "not JSON (" + toString(parsed.takeError()) + ")");
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return fail(error, "the top level must be an object");

  std::string library, abi;
  if (!readString(*root, "name", true, manifest.name, error) ||
      !readString(*root, "library", true, library, error) ||
      !readString(*root, "abi", true, abi, error) ||
      !readString(*root, "version", false, manifest.version, error) ||
      !readString(*root, "sdk_version", false, manifest.sdkVersion, error) ||
      !readString(*root, "sdk_hash", false, manifest.sdkHash, error))
    return false;

  // The library is relative to the manifest's directory.
  if (sys::path::is_absolute(library)) {
    manifest.library = library;
  } else {
    SmallString<256> resolved = sys::path::parent_path(path);
    sys::path::append(resolved, library);
    manifest.library = resolved.str().str();
  }

  auto [major, minor] = StringRef(abi).split('.');
  if (major.getAsInteger(10, manifest.abiMajor) ||
      minor.getAsInteger(10, manifest.abiMinor))
    return fail(error, "'abi' must look like \"1.1\", not \"" + abi + "\"");

  if (const json::Value *provides = root->get("provides")) {
    const json::Array *list = provides->getAsArray();
    if (!list)
      return fail(error, "'provides' must be an array of strings");
    for (const json::Value &item : *list) {
      std::optional<StringRef> what = item.getAsString();
      if (what && *what == "compiler")
        manifest.provides |= TRIDENT_PROVIDES_COMPILER;
      else if (what && *what == "runtime")
        manifest.provides |= TRIDENT_PROVIDES_RUNTIME;
      else
        return fail(error, "'provides' may only list \"compiler\" and "
                           "\"runtime\"");
    }
  } else {
    manifest.provides = TRIDENT_PROVIDES_COMPILER;
  }

  if (const json::Value *targets = root->get("targets")) {
    const json::Array *list = targets->getAsArray();
    if (!list)
      return fail(error, "'targets' must be an array of objects");
    for (const json::Value &item : *list) {
      const json::Object *target = item.getAsObject();
      if (!target)
        return fail(error, "'targets' must be an array of objects");
      PluginTargetInfo info;
      if (!readString(*target, "kind", true, info.kind, error))
        return false;
      if (const json::Value *aliases = target->get("aliases")) {
        const json::Array *names = aliases->getAsArray();
        if (!names)
          return fail(error, "the 'aliases' of target '" + info.kind +
                                 "' must be an array of strings");
        for (const json::Value &alias : *names) {
          std::optional<StringRef> name = alias.getAsString();
          if (!name || name->empty())
            return fail(error, "the 'aliases' of target '" + info.kind +
                                   "' must be an array of strings");
          info.aliases.push_back(name->str());
        }
      }
      manifest.targets.push_back(std::move(info));
    }
  }
  return true;
}

//===- PluginHost.cpp - Finds, checks and loads plugins -------------------===//
//
// The load of one plugin is a sequence of checks, each of which either
// passes or ends the load with a PluginRecord saying what failed, why and
// what to do (docs/plugins.md lists every message):
//
//   manifest -> file -> ELF shared object -> no private LLVM/MLIR -> dlopen
//   -> entry symbol -> descriptor -> ABI -> SDK -> registration -> conflicts
//
// and then a commit of everything the plugin registered. Nothing before the
// commit touches global state (the pass registry, the host's dialects and
// targets), so a refused plugin leaves none behind. A library whose code ran
// (dlopen ran its static constructors) is never dlclose'd: the process may
// still hold pointers into it, and unloading would turn a clean refusal into
// a crash at exit.
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/PluginHost.h"

#include "ElfCheck.h"
#include "Manifest.h"
#include "StagedRegistrar.h"

#include "trident/InitAll.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <dlfcn.h>
#include <exception>
#include <optional>
#include <sys/auxv.h>

using namespace llvm;
using namespace trident;
using namespace trident::plugin;

static constexpr unsigned kHostMajor = TRIDENT_PLUGIN_ABI_MAJOR;
static constexpr unsigned kHostMinor = TRIDENT_PLUGIN_ABI_MINOR;

/// The descriptor bytes every major version shares: struct_size and the
/// three version fields.
static constexpr size_t kVersionPrefixSize =
    offsetof(TridentPluginDescriptor, abi_minor_required) + sizeof(uint16_t);
static constexpr size_t kMinor0Size = TRIDENT_PLUGIN_DESCRIPTOR_V1_0_SIZE;
static constexpr size_t kMinor1GetRuntimeEnd =
    offsetof(TridentPluginDescriptor, get_runtime) +
    sizeof(TridentPluginDescriptor::get_runtime);

// Names of the checks as `trident plugins doctor` prints them.
static constexpr StringLiteral kCheckManifest = "manifest";
static constexpr StringLiteral kCheckFile = "file";
static constexpr StringLiteral kCheckElf = "ELF shared object";
static constexpr StringLiteral kCheckPrivateLLVM = "no private LLVM/MLIR";
static constexpr StringLiteral kCheckOpen = "dlopen";
static constexpr StringLiteral kCheckEntry = "entry symbol";
static constexpr StringLiteral kCheckDescriptor = "descriptor";
static constexpr StringLiteral kCheckAbi = "ABI";
static constexpr StringLiteral kCheckSdk = "SDK";
static constexpr StringLiteral kCheckRegistration = "registration";
static constexpr StringLiteral kCheckConflicts = "conflicts";

StringRef trident::stringifyPluginStage(PluginStage stage) {
  switch (stage) {
  case PluginStage::None:
    return "none";
  case PluginStage::Manifest:
    return "manifest";
  case PluginStage::File:
    return "file";
  case PluginStage::Format:
    return "format";
  case PluginStage::PrivateLLVM:
    return "private-llvm";
  case PluginStage::Open:
    return "dlopen";
  case PluginStage::Entry:
    return "entry";
  case PluginStage::Descriptor:
    return "descriptor";
  case PluginStage::Version:
    return "abi";
  case PluginStage::Sdk:
    return "sdk";
  case PluginStage::Registration:
    return "registration";
  case PluginStage::Conflict:
    return "conflict";
  case PluginStage::Crashed:
    return "crashed";
  }
  return "unknown";
}

std::string PluginRecord::str() const {
  return "plugin " + path + ": " + message;
}

bool PluginRecord::isRequested() const {
  return foundBy != "default directory" && foundBy != "linked in";
}

/// Messages come from plugins too; the tools print one line per failure.
static std::string oneLine(StringRef text) {
  std::string line = text.trim().str();
  std::replace_if(
      line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; },
      ' ');
  return line;
}

static std::string wrongMajorMessage(unsigned major) {
  return formatv("built for plugin ABI {0}.x; this host speaks {1}.x: rebuild "
                 "the plugin against this Trident",
                 major, kHostMajor)
      .str();
}

static std::string sdkMismatchMessage(StringRef version, StringRef hash) {
  return ("built against Trident SDK " + version + " (" + hash +
          "), this host is " TRIDENT_SDK_VERSION " (" TRIDENT_SDK_HASH
          "): rebuild against this SDK")
      .str();
}

/// "1 pass", "2 passes": `nouns` defaults to `noun` + "s".
static std::string plural(size_t count, StringRef noun, StringRef nouns = "") {
  std::string many = nouns.empty() ? noun.str() + "s" : nouns.str();
  return std::to_string(count) + " " + (count == 1 ? noun.str() : many);
}

namespace {
/// What stays alive of a loaded plugin.
struct LoadedPlugin {
  void *handle = nullptr; // never dlclose'd (see the file comment)
  const TridentPluginDescriptor *descriptor = nullptr;
  mlir::DialectRegistry dialects;
  std::vector<std::unique_ptr<TargetBackend>> targets;
  const TridentRuntimeApi *(*getRuntime)(void) = nullptr;
};

/// One plugin the host found or was given.
struct Entry {
  PluginRecord record;
  /// Set for a plugin found through a manifest.
  std::optional<Manifest> manifest;
  /// Set for a plugin linked into the tool (static builds).
  TridentPluginEntryFn staticEntry = nullptr;
  /// The library's real path once known; duplicates compare it.
  std::string realPath;
  std::unique_ptr<LoadedPlugin> loaded;
  /// Whether takeWarnings already reported its failure.
  bool warned = false;
};

/// Who registered a dialect namespace, and in which registry to find it.
struct DialectOwner {
  std::string who; // "the core", "the tool", "plugin 'x'"
  const mlir::DialectRegistry *registry = nullptr;
};

/// A target kind or alias and the target it names.
struct TargetName {
  TargetBackend *backend = nullptr;
  const Entry *owner = nullptr;
};

/// A pass to register on commit, with the argument it was checked under.
struct NewPass {
  std::string argument;
  std::function<std::unique_ptr<mlir::Pass>()> allocator;
};

/// Reports the outcome of a check to an optional observer.
struct Checker {
  PluginRecord &record;
  PluginCheckObserver observer;

  void pass(StringRef check, const Twine &detail = "") {
    if (observer)
      observer(check, true, detail.str());
  }
  /// Ends the load: the record says why.
  void fail(StringRef check, PluginStage stage, const Twine &message) {
    record.state = PluginState::Failed;
    record.stage = stage;
    record.message = oneLine(message.str());
    if (observer)
      observer(check, false, record.message);
  }
  void skip(const Twine &message) {
    record.state = PluginState::Skipped;
    record.message = oneLine(message.str());
  }
};
} // namespace

struct PluginHost::Impl {
  std::vector<std::unique_ptr<Entry>> entries;
  bool discovered = false;
  /// Set by setDefaultPluginDirectory; else getDefaultPluginDirectory().
  std::optional<std::string> defaultDirectory;

  /// The core's dialects (and the tool's, see addHostDialects).
  mlir::DialectRegistry hostRegistry;
  llvm::StringMap<DialectOwner> dialectOwners;
  /// TypeIDs of host dialects that a plugin's namespace collided with.
  llvm::StringMap<mlir::TypeID> hostDialectIDs;
  /// Pass and pipeline arguments registered by plugins ("plugin 'x'");
  /// anything else in the pass registry belongs to the core.
  llvm::StringMap<std::string> passOwners;
  llvm::StringMap<TargetName> targetNames;

  Entry &addEntry(StringRef path, StringRef foundBy) {
    entries.push_back(std::make_unique<Entry>());
    Entry &entry = *entries.back();
    entry.record.path = path.str();
    entry.record.foundBy = foundBy.str();
    return entry;
  }
  Entry &addManifest(StringRef path, StringRef foundBy);
  void addPath(StringRef path, StringRef foundBy, bool isDefaultDirectory);

  void load(Entry &entry, PluginCheckObserver observer);
  void loadLibrary(Entry &entry, Checker &check);
  void loadFromEntryPoint(Entry &entry, TridentPluginEntryFn entryFn,
                          void *handle, Checker &check);
  void registerAndCommit(Entry &entry, LoadedPlugin &plugin,
                         const TridentPluginDescriptor &descriptor,
                         Checker &check);
  /// Checks what `staged` holds against the host; fills `registry` with the
  /// plugin's dialects and `newPasses` with the allocators to register.
  /// Returns the first problem (empty if none) and its stage.
  std::string findConflicts(StagedRegistrar &staged,
                            mlir::DialectRegistry &registry,
                            std::vector<NewPass> &newPasses,
                            PluginStage &stage);

  const Entry *findLoadedByRealPath(StringRef realPath) const {
    for (const auto &entry : entries)
      if (entry->record.state == PluginState::Loaded &&
          entry->realPath == realPath)
        return entry.get();
    return nullptr;
  }
  const Entry *findLoadedByName(StringRef name) const {
    for (const auto &entry : entries)
      if (entry->record.state == PluginState::Loaded &&
          entry->record.name == name)
        return entry.get();
    return nullptr;
  }
};

//===----------------------------------------------------------------------===//
// Discovery
//===----------------------------------------------------------------------===//

Entry &PluginHost::Impl::addManifest(StringRef path, StringRef foundBy) {
  Entry &entry = addEntry(path, foundBy);
  entry.record.manifestPath = path.str();
  Manifest manifest;
  std::string error;
  if (!readManifest(path, manifest, error)) {
    entry.record.state = PluginState::Failed;
    entry.record.stage = PluginStage::Manifest;
    entry.record.message = oneLine(error);
    return entry;
  }
  entry.record.path = manifest.library;
  entry.record.name = manifest.name;
  entry.record.version = manifest.version;
  entry.record.provides = manifest.provides;
  entry.record.targets = manifest.targets;
  entry.manifest = std::move(manifest);
  return entry;
}

void PluginHost::Impl::addPath(StringRef path, StringRef foundBy,
                               bool isDefaultDirectory) {
  if (!sys::fs::is_directory(path)) {
    // A missing default directory just means no plugins are installed.
    if (isDefaultDirectory)
      return;
    if (path.ends_with(".json"))
      addManifest(path, foundBy);
    else
      addEntry(path, foundBy);
    return;
  }
  // A directory contributes its manifests, in name order. Libraries without
  // a manifest are not plugins here: a plugin's own dependencies may live
  // beside it.
  std::vector<std::string> manifests;
  std::error_code ec;
  for (sys::fs::directory_iterator it(path, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (sys::path::extension(it->path()) == ".json")
      manifests.push_back(it->path());
  }
  llvm::sort(manifests);
  for (const std::string &manifest : manifests)
    addManifest(manifest, foundBy);
}

void PluginHost::discover(ArrayRef<std::string> explicitPaths,
                          StringRef explicitRule) {
  if (!impl->discovered) {
    for (TridentPluginEntryFn entryFn : detail::getStaticPlugins()) {
      Entry &entry = impl->addEntry("(linked in)", "linked in");
      entry.staticEntry = entryFn;
    }
  }
  for (const std::string &path : explicitPaths)
    impl->addPath(path, explicitRule, /*isDefaultDirectory=*/false);
  if (impl->discovered)
    return;
  impl->discovered = true;

  bool secure = isEnvironmentIgnored();
  auto addList = [&](const char *list, StringRef rule) {
    SmallVector<StringRef> items;
    StringRef(list).split(items, ':', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef item : items)
      impl->addPath(item, rule, /*isDefaultDirectory=*/false);
  };
  // TRIDENT_PLUGINS, even empty, replaces the default directory: an empty
  // value is how a user runs without any installed plugin.
  if (const char *replace = secure ? nullptr : getenv("TRIDENT_PLUGINS"))
    addList(replace, "TRIDENT_PLUGINS");
  else
    impl->addPath(impl->defaultDirectory ? *impl->defaultDirectory
                                         : getDefaultPluginDirectory(),
                  "default directory", /*isDefaultDirectory=*/true);
  if (const char *add = secure ? nullptr : getenv("TRIDENT_ADD_PLUGINS"))
    addList(add, "TRIDENT_ADD_PLUGINS");
}

std::string PluginHost::getDefaultPluginDirectory() {
  // Any address inside libTridentCore identifies the executable's image on
  // platforms without /proc/self/exe.
  std::string exe = sys::fs::getMainExecutable(
      "trident", reinterpret_cast<void *>(&getDefaultPluginDirectory));
  if (exe.empty())
    return "";
  SmallString<256> dir = sys::path::parent_path(sys::path::parent_path(exe));
  sys::path::append(dir, "lib", "trident", "plugins");
  return dir.str().str();
}

std::string PluginHost::getPluginDirectoryBesideLibrary(const void *address) {
  Dl_info info;
  if (!address || !dladdr(address, &info) || !info.dli_fname ||
      !*info.dli_fname)
    return "";
  SmallString<256> library(info.dli_fname);
  // dli_fname is the path the library was opened by; a relative one is
  // relative to the current directory at that time, which is the best guess.
  if (sys::fs::make_absolute(library))
    return "";
  SmallString<256> dir = sys::path::parent_path(library);
  sys::path::append(dir, "trident", "plugins");
  return dir.str().str();
}

void PluginHost::setDefaultPluginDirectory(StringRef directory) {
  impl->defaultDirectory = directory.str();
}

bool PluginHost::isEnvironmentIgnored() { return getauxval(AT_SECURE) != 0; }

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

void PluginHost::Impl::load(Entry &entry, PluginCheckObserver observer) {
  Checker check{entry.record, observer};
  if (entry.record.state == PluginState::Failed) {
    // Found broken (an unreadable manifest); report it to the observer too.
    if (observer)
      observer(kCheckManifest, false, entry.record.message);
    return;
  }
  if (entry.record.state != PluginState::Found)
    return;
  if (entry.staticEntry) {
    loadFromEntryPoint(entry, entry.staticEntry, /*handle=*/nullptr, check);
    return;
  }
  if (entry.manifest) {
    // Refuse what the manifest already rules out before running any of the
    // library's code: its static constructors may not survive another SDK.
    const Manifest &manifest = *entry.manifest;
    if (manifest.abiMajor != kHostMajor)
      return check.fail(kCheckManifest, PluginStage::Version,
                        wrongMajorMessage(manifest.abiMajor));
    if ((manifest.provides & TRIDENT_PROVIDES_COMPILER) &&
        !manifest.sdkHash.empty() && manifest.sdkHash != TRIDENT_SDK_HASH)
      return check.fail(kCheckManifest, PluginStage::Sdk,
                        sdkMismatchMessage(manifest.sdkVersion.empty()
                                               ? "?"
                                               : manifest.sdkVersion,
                                           manifest.sdkHash));
    check.pass(kCheckManifest, entry.record.manifestPath);
  }
  loadLibrary(entry, check);
}

void PluginHost::Impl::loadLibrary(Entry &entry, Checker &check) {
  PluginRecord &record = entry.record;
  const std::string &path = record.path;

  sys::fs::file_status status;
  if (sys::fs::status(path, status) || !sys::fs::exists(status))
    return check.fail(kCheckFile, PluginStage::File,
                      "file not found: check the path, or reinstall the "
                      "plugin");
  if (sys::fs::is_directory(status))
    return check.fail(kCheckFile, PluginStage::File,
                      "is a directory, not a plugin library: give the "
                      "plugin's .so or .json file");
  SmallString<256> realPath;
  if (sys::fs::real_path(path, realPath)) {
    realPath = path;
    sys::fs::make_absolute(realPath);
  }
  entry.realPath = realPath.str().str();
  if (const Entry *other = findLoadedByRealPath(entry.realPath)) {
    record.name = other->record.name;
    record.version = other->record.version;
    return check.skip("already loaded from " + other->record.path);
  }
  check.pass(kCheckFile, path);

  ElfFacts facts;
  std::string why;
  switch (inspectElf(path, TRIDENT_PLUGIN_ENTRY_NAME, facts, why)) {
  case ElfProblem::Unreadable:
    return check.fail(kCheckElf, PluginStage::File,
                      "cannot read the file (" + why +
                          "): check its permissions");
  case ElfProblem::NotSharedObject:
    return check.fail(kCheckElf, PluginStage::Format,
                      "not an ELF shared object (" + why +
                          "): build the plugin as a shared library "
                          "(trident_add_plugin does)");
  case ElfProblem::None:
    break;
  }
  check.pass(kCheckElf);

  if (!facts.privateLLVMSymbol.empty())
    return check.fail(
        kCheckPrivateLLVM, PluginStage::PrivateLLVM,
        "carries its own static copy of LLVM/MLIR (it defines " +
            facts.privateLLVMSymbol +
            "): two copies of LLVM in one process corrupt each other's "
            "global state; link the plugin against the shared libLLVM and "
            "libMLIR (trident_add_plugin does)");
  check.pass(kCheckPrivateLLVM);

  // RTLD_NOW: a missing dependency or symbol is reported here, in one
  // message, rather than as a crash in the middle of a compilation.
  // RTLD_LOCAL: plugins do not see each other's symbols. The real path:
  // given a bare file name, dlopen would search the library path instead of
  // opening the file that was checked.
  dlerror();
  void *handle = dlopen(entry.realPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    return check.fail(kCheckOpen, PluginStage::Open,
                      Twine("dlopen failed: ") +
                          (error ? error : "unknown error") +
                          ": check that the plugin's dependencies are "
                          "installed (ldd " +
                          path + ")");
  }
  check.pass(kCheckOpen);

  dlerror();
  void *symbol = dlsym(handle, TRIDENT_PLUGIN_ENTRY_NAME);
  if (!symbol) {
    if (facts.entryDefined && !facts.entryExported)
      return check.fail(kCheckEntry, PluginStage::Entry,
                        "the entry symbol '" TRIDENT_PLUGIN_ENTRY_NAME
                        "' is defined but not exported (hidden visibility): "
                        "declare it with TRIDENT_PLUGIN_EXPORT "
                        "(TRIDENT_DEFINE_PLUGIN does)");
    return check.fail(kCheckEntry, PluginStage::Entry,
                      "not a Trident plugin: it has no entry symbol "
                      "'" TRIDENT_PLUGIN_ENTRY_NAME
                      "'; define one with TRIDENT_DEFINE_PLUGIN");
  }
  check.pass(kCheckEntry, TRIDENT_PLUGIN_ENTRY_NAME);
  loadFromEntryPoint(entry, reinterpret_cast<TridentPluginEntryFn>(symbol),
                     handle, check);
}

void PluginHost::Impl::loadFromEntryPoint(Entry &entry,
                                          TridentPluginEntryFn entryFn,
                                          void *handle, Checker &check) {
  PluginRecord &record = entry.record;
  const TridentPluginDescriptor *descriptor = nullptr;
  try {
    descriptor = entryFn(kHostMajor, kHostMinor);
  } catch (const std::exception &e) {
    // An exception across the C boundary is the plugin's bug, but it
    // should cost the plugin its load, not the process.
    return check.fail(kCheckDescriptor, PluginStage::Descriptor,
                      Twine("the entry point threw: ") + e.what() +
                          ": fix the plugin (its entry must not throw)");
  } catch (...) {
    return check.fail(kCheckDescriptor, PluginStage::Descriptor,
                      "the entry point threw an exception that is not a "
                      "std::exception: fix the plugin (its entry must not "
                      "throw)");
  }
  if (!descriptor)
    return check.fail(
        kCheckDescriptor, PluginStage::Descriptor,
        formatv("the entry returned no descriptor: the plugin declined this "
                "host (plugin ABI {0}.{1}); ask its vendor for a compatible "
                "build",
                kHostMajor, kHostMinor)
            .str());
  uint32_t size = descriptor->struct_size;
  if (size < kVersionPrefixSize)
    return check.fail(kCheckDescriptor, PluginStage::Descriptor,
                      formatv("the descriptor is {0} bytes, too small to hold "
                              "its version: the plugin is corrupt or not "
                              "built with trident-c/Plugin.h; rebuild it",
                              size)
                          .str());
  check.pass(kCheckDescriptor, plural(size, "byte"));

  // Versions. Nothing past the version fields is read before the major is
  // known to match: another major may lay the rest out differently.
  unsigned major = descriptor->abi_major, minor = descriptor->abi_minor,
           required = descriptor->abi_minor_required;
  if (major != kHostMajor)
    return check.fail(kCheckAbi, PluginStage::Version,
                      wrongMajorMessage(major));
  if (size < kMinor0Size)
    return check.fail(
        kCheckAbi, PluginStage::Descriptor,
        formatv("the descriptor is {0} bytes, smaller than the {1} bytes of "
                "ABI {2}.0: the plugin is corrupt or not built with "
                "trident-c/Plugin.h; rebuild it",
                size, kMinor0Size, kHostMajor)
            .str());
  if (required > kHostMinor)
    return check.fail(kCheckAbi, PluginStage::Version,
                      formatv("needs ABI {0}.{1}, host has {0}.{2}: upgrade "
                              "Trident",
                              kHostMajor, required, kHostMinor)
                          .str());
  unsigned negotiated = std::min(minor, kHostMinor);
  record.abiMinor = negotiated;
  check.pass(kCheckAbi,
             formatv("{0}.{1} (plugin {0}.{2}, needs {0}.{3}; host "
                     "{0}.{4})",
                     kHostMajor, negotiated, minor, required, kHostMinor)
                 .str());

  if (!descriptor->name || !*descriptor->name)
    return check.fail(kCheckDescriptor, PluginStage::Descriptor,
                      "the descriptor has no name: set the plugin's name "
                      "(TRIDENT_DEFINE_PLUGIN does)");
  std::string name = descriptor->name;
  if (entry.manifest && entry.manifest->name != name)
    return check.fail(kCheckManifest, PluginStage::Manifest,
                      "the manifest names plugin '" + entry.manifest->name +
                          "' but the library is plugin '" + name +
                          "': regenerate the manifest (trident_add_plugin "
                          "writes it)");
  record.name = name;
  record.version = descriptor->version ? descriptor->version : "";
  record.provides = descriptor->provides;
  if (const Entry *other = findLoadedByName(name))
    return check.skip("plugin '" + name + "' is already loaded from " +
                      other->record.path);

  auto plugin = std::make_unique<LoadedPlugin>();
  plugin->handle = handle;
  plugin->descriptor = descriptor;
  // Minor-1 fields are read only if both the negotiated minor defines them
  // and the plugin's descriptor is large enough to hold them.
  if (negotiated >= 1 && size >= kMinor1GetRuntimeEnd)
    plugin->getRuntime = descriptor->get_runtime;

  if (descriptor->provides & TRIDENT_PROVIDES_COMPILER) {
    StringRef sdkHash = descriptor->sdk_hash ? descriptor->sdk_hash : "none";
    if (sdkHash != TRIDENT_SDK_HASH)
      return check.fail(kCheckSdk, PluginStage::Sdk,
                        sdkMismatchMessage(descriptor->sdk_version
                                               ? descriptor->sdk_version
                                               : "?",
                                           sdkHash));
    check.pass(kCheckSdk, TRIDENT_SDK_VERSION " (" TRIDENT_SDK_HASH ")");
    registerAndCommit(entry, *plugin, *descriptor, check);
    if (record.state == PluginState::Failed)
      return;
  } else {
    check.pass(kCheckSdk, "not checked: the plugin provides no compiler");
  }

  record.targets.clear();
  for (const std::unique_ptr<TargetBackend> &target : plugin->targets)
    record.targets.push_back({target->getKind().str(), target->getAliases()});
  record.state = PluginState::Loaded;
  record.stage = PluginStage::None;
  record.message.clear();
  entry.loaded = std::move(plugin);
}

/// The name under which a target's stage is registered as a pass pipeline:
/// `<kind>-<stage>` (`nvidia-ttgir`, `cpu-linalg`).
static std::string getStagePipelineName(StringRef kind, StringRef stage) {
  return (kind + "-" + stage).str();
}

namespace {
/// The options of a stage pipeline: those of a compilation
/// (`trident compile --target kind:ARCH --num-warps ... --opt KEY=VALUE`).
struct StagePipelineOptions
    : public mlir::PassPipelineOptions<StagePipelineOptions> {
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("the architecture (default: the "
                                          "target's)"),
                           llvm::cl::init("")};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps of a CTA"),
                       llvm::cl::init(4)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("software-pipelining stages"),
                        llvm::cl::init(3)};
  Option<int> numCtas{*this, "num-ctas", llvm::cl::desc("CTAs of a cluster"),
                      llvm::cl::init(1)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("0: the target's default"),
                             llvm::cl::init(0)};
  ListOption<std::string> opts{*this, "opt",
                               llvm::cl::desc("the target's KEY=VALUE "
                                              "options (--opt)")};
};
} // namespace

/// Registers each stage of `target` that runs passes as the pass pipeline
/// `<kind>-<stage>`, with the options of a compilation, so that `trident-opt`
/// reproduces the stage (`trident compile --print-pipeline` prints its
/// passes).
static void registerStagePipelines(const TargetBackend &target,
                                   const std::string &owner,
                                   llvm::StringMap<std::string> &owners) {
  for (const Stage &stage : target.getStages()) {
    if (!stage.buildPipeline)
      continue;
    // A name the plugin already uses for a pass or pipeline of its own
    // keeps that meaning: the stage is then reproduced through
    // `--print-pipeline`'s pass list only.
    std::string name = getStagePipelineName(target.getKind(), stage.name);
    if (mlir::PassPipelineInfo::lookup(name) || mlir::PassInfo::lookup(name))
      continue;
    const TargetBackend *backend = &target;
    std::string stageName = stage.name;
    auto build =
        [backend,
         stageName](mlir::OpPassManager &pm, StringRef text,
                    llvm::function_ref<mlir::LogicalResult(const Twine &)> fail)
        -> mlir::LogicalResult {
      std::unique_ptr<StagePipelineOptions> given =
          StagePipelineOptions::createFromString(text);
      if (!given)
        return fail("cannot parse the options '" + text + "'");
      TargetOptions options;
      options.kind = backend->getKind().str();
      std::string arch = given->arch.empty() ? backend->getDefaultArch().str()
                                             : std::string(given->arch);
      if (!given->arch.empty()) {
        std::string why;
        if (failed(backend->normalizeArch(given->arch, arch, why)))
          return fail(why);
      }
      options.arch = arch;
      options.numWarps = given->numWarps;
      options.numStages = given->numStages;
      options.numCtas = given->numCtas;
      options.threadsPerWarp = given->threadsPerWarp;
      std::vector<std::string> known = backend->getOptionNames();
      for (const std::string &pair : given->opts) {
        auto [key, value] = StringRef(pair).split('=');
        if (!llvm::is_contained(known, key))
          return fail("target '" + options.kind + "' has no option '" + key +
                      "'");
        options.extra[key] = value.str();
      }
      for (const Stage &candidate : backend->getStages())
        if (candidate.name == stageName) {
          if (failed(candidate.buildPipeline(pm, options)))
            return fail("stage '" + stageName +
                        "' cannot build its pipeline for these options");
          return mlir::success();
        }
      return fail("target '" + options.kind + "' has no stage '" + stageName +
                  "'");
    };
    mlir::registerPassPipeline(
        name,
        ("the " + target.getKind() + " target's `" + stageName +
         "` stage (trident compile --emit " + stageName + ")")
            .str(),
        build,
        [](llvm::function_ref<void(const mlir::detail::PassOptions &)> fn) {
          StagePipelineOptions options;
          fn(options);
        });
    owners[name] = owner;
  }
}

void PluginHost::Impl::registerAndCommit(
    Entry &entry, LoadedPlugin &plugin,
    const TridentPluginDescriptor &descriptor, Checker &check) {
  PluginRecord &record = entry.record;
  if (!descriptor.register_compiler)
    return check.fail(kCheckRegistration, PluginStage::Descriptor,
                      "the descriptor declares a compiler but has no "
                      "register_compiler function: rebuild the plugin with "
                      "TRIDENT_DEFINE_PLUGIN");

  StagedRegistrar staged;
  TridentRegistrar handle{&staged};
  std::string failure;
  try {
    if (TridentStatus *status = descriptor.register_compiler(&handle)) {
      failure = status->message && *status->message
                    ? status->message
                    : "registration failed without a message";
      if (descriptor.release_status)
        descriptor.release_status(status);
    }
  } catch (const std::exception &e) {
    // Only a plugin that bypassed detail::runRegistration gets here.
    failure = std::string("registration threw: ") + e.what();
  } catch (...) {
    failure = "registration threw an exception that is not a std::exception";
  }
  // A hand-written register_compiler may call fail() and return success.
  if (failure.empty() && staged.failure)
    failure = "registration failed: " + *staged.failure;
  if (!failure.empty())
    return check.fail(kCheckRegistration, PluginStage::Registration, failure);
  check.pass(kCheckRegistration,
             plural(staged.dialectFns.size(), "dialect hook") + ", " +
                 plural(staged.passFns.size(), "pass", "passes") + ", " +
                 plural(staged.pipelines.size(), "pipeline") + ", " +
                 plural(staged.targets.size(), "target"));

  mlir::DialectRegistry registry;
  std::vector<NewPass> newPasses;
  PluginStage stage = PluginStage::None;
  std::string problem;
  try {
    problem = findConflicts(staged, registry, newPasses, stage);
  } catch (const std::exception &e) {
    problem = std::string("registration threw: ") + e.what();
    stage = PluginStage::Registration;
  } catch (...) {
    problem = "registration threw an exception that is not a std::exception";
    stage = PluginStage::Registration;
  }
  if (!problem.empty())
    return check.fail(stage == PluginStage::Conflict ? kCheckConflicts
                                                     : kCheckRegistration,
                      stage, problem);
  check.pass(kCheckConflicts, "none");

  // Commit. Everything below succeeds: the checks above ruled out every
  // duplicate that the registries would reject (some of them fatally).
  std::string owner = "plugin '" + record.name + "'";
  for (NewPass &pass : newPasses) {
    mlir::registerPass(pass.allocator);
    passOwners[pass.argument] = owner;
  }
  for (StagedRegistrar::Pipeline &pipeline : staged.pipelines) {
    mlir::PassPipelineRegistration<>(pipeline.name, pipeline.description,
                                     pipeline.builder);
    passOwners[pipeline.name] = owner;
  }
  for (std::unique_ptr<TargetBackend> &target : staged.targets)
    registerStagePipelines(*target, owner, passOwners);
  plugin.dialects = std::move(registry);
  for (StringRef ns : plugin.dialects.getDialectNames())
    dialectOwners.try_emplace(ns, DialectOwner{owner, &plugin.dialects});
  for (std::unique_ptr<TargetBackend> &target : staged.targets) {
    targetNames[target->getKind()] = {target.get(), &entry};
    for (const std::string &alias : target->getAliases())
      targetNames[alias] = {target.get(), &entry};
    plugin.targets.push_back(std::move(target));
  }
}

/// The TypeID of the pass a registered pass argument creates.
static std::optional<mlir::TypeID>
getRegisteredPassID(const mlir::PassInfo &info) {
  mlir::OpPassManager pm(mlir::OpPassManager::Nesting::Implicit);
  if (failed(info.addToPipeline(pm, "",
                                [](const Twine &) { return mlir::failure(); })))
    return std::nullopt;
  for (mlir::Pass &pass : pm.getPasses())
    return pass.getTypeID();
  return std::nullopt;
}

std::string PluginHost::Impl::findConflicts(StagedRegistrar &staged,
                                            mlir::DialectRegistry &registry,
                                            std::vector<NewPass> &newPasses,
                                            PluginStage &stage) {
  std::vector<std::string> invalid, conflicts;
  auto ownerOfPass = [&](StringRef argument) -> std::string {
    auto it = passOwners.find(argument);
    return it == passOwners.end() ? "the core" : it->second;
  };

  // Dialects: a namespace may be registered again only for the very same
  // dialect (two backends may both register `llvm`); another dialect under
  // a taken namespace would abort inside DialectRegistry::insert.
  // Loading a dialect into a context is the only way to learn its TypeID (a
  // DialectRegistry does not expose it): one scratch context per registry
  // involved, the host's answers cached across plugins.
  llvm::DenseMap<const mlir::DialectRegistry *,
                 std::unique_ptr<mlir::MLIRContext>>
      contexts;
  auto dialectID = [&](const mlir::DialectRegistry &from,
                       StringRef ns) -> std::optional<mlir::TypeID> {
    bool isHost = &from == &hostRegistry;
    if (isHost) {
      auto it = hostDialectIDs.find(ns);
      if (it != hostDialectIDs.end())
        return it->second;
    }
    std::unique_ptr<mlir::MLIRContext> &context = contexts[&from];
    if (!context)
      context = std::make_unique<mlir::MLIRContext>(
          from, mlir::MLIRContext::Threading::DISABLED);
    mlir::Dialect *dialect = context->getOrLoadDialect(ns);
    if (!dialect)
      return std::nullopt;
    if (isHost)
      hostDialectIDs[ns] = dialect->getTypeID();
    return dialect->getTypeID();
  };
  for (auto &fn : staged.dialectFns)
    fn(registry);
  for (StringRef ns : registry.getDialectNames()) {
    auto it = dialectOwners.find(ns);
    if (it == dialectOwners.end())
      continue;
    std::optional<mlir::TypeID> theirs = dialectID(*it->second.registry, ns);
    std::optional<mlir::TypeID> ours = dialectID(registry, ns);
    if (theirs && ours && *theirs == *ours)
      continue;
    conflicts.push_back("dialect '" + ns.str() + "' is already registered by " +
                        it->second.who +
                        ": give the plugin's dialect a namespace of its own");
  }

  // Passes and pipelines share one namespace: mlir-opt turns both into
  // command-line options, and a duplicate option aborts.
  llvm::StringSet<> mine;
  for (auto &allocator : staged.passFns) {
    std::unique_ptr<mlir::Pass> pass = allocator ? allocator() : nullptr;
    if (!pass) {
      invalid.push_back("a pass allocator returned no pass");
      continue;
    }
    std::string argument = pass->getArgument().str();
    if (argument.empty()) {
      invalid.push_back("pass '" + pass->getName().str() +
                        "' has no argument: override getArgument() so "
                        "that --pass-pipeline can name it");
      continue;
    }
    if (!mine.insert(argument).second) {
      conflicts.push_back("pass '" + argument +
                          "' is registered twice by this plugin: give each "
                          "pass and pipeline an argument of its own");
      continue;
    }
    if (const mlir::PassInfo *info = mlir::PassInfo::lookup(argument)) {
      // The very same pass (an upstream pass two plugins both expose) is
      // already there; registering it again would be a no-op.
      if (getRegisteredPassID(*info) == pass->getTypeID())
        continue;
      conflicts.push_back("pass '" + argument + "' is already registered by " +
                          ownerOfPass(argument) +
                          ": prefix the plugin's pass arguments with its "
                          "name");
      continue;
    }
    if (mlir::PassPipelineInfo::lookup(argument)) {
      conflicts.push_back("pass '" + argument +
                          "' is already registered as a pass pipeline by " +
                          ownerOfPass(argument) +
                          ": prefix the plugin's pass arguments with its "
                          "name");
      continue;
    }
    newPasses.push_back({argument, allocator});
  }
  for (const StagedRegistrar::Pipeline &pipeline : staged.pipelines) {
    if (pipeline.name.empty()) {
      invalid.push_back("a pass pipeline has no name: name it so that "
                        "--pass-pipeline can use it");
      continue;
    }
    if (!pipeline.builder) {
      invalid.push_back("pass pipeline '" + pipeline.name +
                        "' has no builder function");
      continue;
    }
    if (!mine.insert(pipeline.name).second) {
      conflicts.push_back("pass pipeline '" + pipeline.name +
                          "' is registered twice by this plugin: give each "
                          "pass and pipeline an argument of its own");
      continue;
    }
    if (mlir::PassPipelineInfo::lookup(pipeline.name) ||
        mlir::PassInfo::lookup(pipeline.name))
      conflicts.push_back("pass pipeline '" + pipeline.name +
                          "' is already registered by " +
                          ownerOfPass(pipeline.name) +
                          ": prefix the plugin's pipeline names with its "
                          "name");
  }
  // Targets: kinds and aliases share one namespace.
  llvm::StringSet<> myNames;
  for (const std::unique_ptr<TargetBackend> &target : staged.targets) {
    if (!target) {
      invalid.push_back("addTarget was given no target");
      continue;
    }
    std::string kind = target->getKind().str();
    if (kind.empty()) {
      invalid.push_back("a target has an empty kind: make "
                        "TargetBackend::getKind() name it");
      continue;
    }
    std::vector<std::string> names = target->getAliases();
    names.insert(names.begin(), kind);
    for (const std::string &name : names) {
      if (name.empty() || name == "auto" ||
          name.find(':') != std::string::npos) {
        invalid.push_back("target '" + kind + "' has the name '" + name +
                          "', which cannot be written in a target string: "
                          "rename it ('auto' is reserved, ':' separates the "
                          "architecture)");
        continue;
      }
      if (!myNames.insert(name).second) {
        conflicts.push_back("target name '" + name +
                            "' is used twice by this plugin: give each "
                            "target and alias a name of its own");
        continue;
      }
      auto it = targetNames.find(name);
      if (it == targetNames.end())
        continue;
      StringRef theirKind = it->second.backend->getKind();
      std::string owner = "plugin '" + it->second.owner->record.name + "'";
      if (theirKind == name)
        conflicts.push_back("target '" + name + "' is already provided by " +
                            owner +
                            ": load only one of the two plugins (see "
                            "`trident plugins list -v`)");
      else
        conflicts.push_back("target name '" + name +
                            "' is already an alias of target '" +
                            theirKind.str() + "' of " + owner +
                            ": load only one of the two plugins (see "
                            "`trident plugins list -v`)");
    }
  }

  auto summarize = [](const std::vector<std::string> &problems,
                      StringRef noun) {
    std::string message = problems.front();
    if (problems.size() > 1)
      message += " (and " + plural(problems.size() - 1, noun) + ")";
    return message;
  };
  if (!invalid.empty()) {
    stage = PluginStage::Registration;
    return "registration failed: " + summarize(invalid, "more problem");
  }
  if (!conflicts.empty()) {
    stage = PluginStage::Conflict;
    return summarize(conflicts, "more conflict");
  }
  return "";
}

//===----------------------------------------------------------------------===//
// PluginHost
//===----------------------------------------------------------------------===//

PluginHost::PluginHost() : impl(std::make_unique<Impl>()) {
  trident::registerAllPasses();
  trident::registerAllDialects(impl->hostRegistry);
  for (StringRef ns : impl->hostRegistry.getDialectNames())
    impl->dialectOwners.try_emplace(
        ns, DialectOwner{"the core", &impl->hostRegistry});
}

PluginHost::~PluginHost() = default;

void PluginHost::addHostDialects(const mlir::DialectRegistry &registry) {
  registry.appendTo(impl->hostRegistry);
  for (StringRef ns : registry.getDialectNames())
    impl->dialectOwners.try_emplace(
        ns, DialectOwner{"the tool", &impl->hostRegistry});
}

const PluginRecord &PluginHost::load(StringRef path, StringRef foundBy,
                                     PluginCheckObserver observer) {
  Entry &entry = path.ends_with(".json") ? impl->addManifest(path, foundBy)
                                         : impl->addEntry(path, foundBy);
  impl->load(entry, observer);
  return entry.record;
}

bool PluginHost::loadAll() {
  bool ok = true;
  // Index-based: loading never adds entries, but keep it robust anyway.
  for (size_t i = 0; i < impl->entries.size(); ++i) {
    Entry &entry = *impl->entries[i];
    impl->load(entry, nullptr);
    ok &= !entry.record.failed();
  }
  return ok;
}

LogicalResult PluginHost::loadRequested(std::string &error) {
  const PluginRecord *first = nullptr;
  size_t failures = 0;
  for (size_t i = 0; i < impl->entries.size(); ++i) {
    Entry &entry = *impl->entries[i];
    if (!entry.record.isRequested())
      continue;
    impl->load(entry, nullptr);
    if (!entry.record.failed())
      continue;
    if (!first)
      first = &entry.record;
    ++failures;
  }
  if (!first)
    return success();
  error = "plugin " + first->path + " (from " + first->foundBy +
          ") did not load: " + first->message;
  if (failures > 1)
    error += " (and " + plural(failures - 1, "more plugin") +
             " that did not load, see `trident plugins list -v`)";
  return failure();
}

std::vector<std::string> PluginHost::takeWarnings() {
  std::vector<std::string> warnings;
  for (const auto &entry : impl->entries) {
    if (!entry->record.failed() || entry->record.isRequested() || entry->warned)
      continue;
    entry->warned = true;
    warnings.push_back(entry->record.str() + " (skipped)");
  }
  return warnings;
}

std::vector<const PluginRecord *> PluginHost::records() const {
  std::vector<const PluginRecord *> result;
  for (const auto &entry : impl->entries)
    result.push_back(&entry->record);
  return result;
}

std::vector<TargetEntry> PluginHost::targets() const {
  std::vector<TargetEntry> result;
  for (const auto &entry : impl->entries)
    if (entry->loaded)
      for (const auto &target : entry->loaded->targets)
        result.push_back({target.get(), &entry->record});
  return result;
}

void PluginHost::registerDialects(mlir::DialectRegistry &registry) const {
  for (const auto &entry : impl->entries)
    if (entry->loaded)
      entry->loaded->dialects.appendTo(registry);
}

const TridentRuntimeApi *
PluginHost::getRuntime(const PluginRecord &plugin) const {
  for (const auto &entry : impl->entries)
    if (&entry->record == &plugin && entry->loaded && entry->loaded->getRuntime)
      return entry->loaded->getRuntime();
  return nullptr;
}

FailureOr<ResolvedTarget> PluginHost::resolveTarget(StringRef target,
                                                    std::string &error) {
  StringRef spec = target.trim();
  auto lookup = [&](StringRef name) -> const TargetName * {
    auto it = impl->targetNames.find(name);
    return it == impl->targetNames.end() ? nullptr : &it->second;
  };
  auto resolved = [&](const TargetName &name,
                      StringRef arch) -> FailureOr<ResolvedTarget> {
    ResolvedTarget result;
    result.backend = name.backend;
    result.plugin = &name.owner->record;
    result.options.kind = name.backend->getKind().str();
    if (arch.empty()) {
      result.options.arch = name.backend->getDefaultArch().str();
      return result;
    }
    std::string normalized, why;
    if (failed(name.backend->normalizeArch(arch, normalized, why))) {
      error = "invalid target '" + spec.str() + "': " + oneLine(why);
      return failure();
    }
    result.options.arch = normalized;
    return result;
  };

  if (spec.empty()) {
    error = "empty target: give one such as cpu or auto (see "
            "`trident targets`)";
    return failure();
  }

  if (spec == "auto") {
    loadAll();
    const TargetName *cpu = lookup("cpu");
    for (const TargetEntry &entry : targets()) {
      std::string why;
      if (entry.backend->getKind() != "cpu" &&
          entry.backend->isChosenByAuto() &&
          entry.backend->isDeviceAvailable(why))
        return resolved(*lookup(entry.backend->getKind()), "");
    }
    if (cpu)
      return resolved(*cpu, "");
    error = "no target for 'auto': no device is available and no 'cpu' "
            "target is loaded (see `trident targets`)";
    return failure();
  }

  auto [kind, arch] = spec.split(':');
  const TargetName *name = lookup(kind);
  if (!name) {
    // Load only the plugin whose manifest lists the kind; a plugin found
    // without a manifest is loaded by the fallback below.
    for (const auto &entry : impl->entries) {
      if (entry->record.state != PluginState::Found)
        continue;
      for (const PluginTargetInfo &info : entry->record.targets)
        if (info.kind == kind || llvm::is_contained(info.aliases, kind))
          impl->load(*entry, nullptr);
    }
    name = lookup(kind);
  }
  if (!name) {
    loadAll();
    name = lookup(kind);
  }
  if (name)
    return resolved(*name, arch);

  // A plugin that should have provided it may have failed to load.
  for (const auto &entry : impl->entries) {
    if (!entry->record.failed())
      continue;
    for (const PluginTargetInfo &info : entry->record.targets)
      if (info.kind == kind || llvm::is_contained(info.aliases, kind)) {
        error = "target '" + kind.str() +
                "' is unavailable: " + entry->record.str();
        return failure();
      }
  }
  SmallVector<std::string> kinds;
  for (const TargetEntry &entry : targets())
    kinds.push_back(entry.backend->getKind().str());
  if (kinds.empty())
    error = "unknown target '" + spec.str() +
            "': no targets are loaded (see `trident plugins list -v`)";
  else
    error = "unknown target '" + spec.str() + "': known targets are " +
            join(kinds, ", ") + " (see `trident targets`)";
  return failure();
}

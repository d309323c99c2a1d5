//===- PluginAPI.h - The C++ SDK a plugin registers through -----*- C++ -*-===//
//
// The C++ half of the plugin interface: what a backend provides (targets with
// their stages, dialects, passes, pipelines) and the registrar it hands them
// to. This SDK is tied to one Trident release and one LLVM 22.1 build; the
// stable C boundary is trident-c/Plugin.h, and TRIDENT_DEFINE_PLUGIN below
// bridges the two.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_PLUGIN_PLUGINAPI_H
#define TRIDENT_PLUGIN_PLUGINAPI_H

#include "trident-c/Plugin.h"
#include "trident-c/Runtime.h"
#include "trident/Plugin/SdkVersion.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace trident {

/// Options of one compilation, after the target string has been parsed.
struct TargetOptions {
  std::string kind; // canonical target kind, e.g. "nvidia"
  std::string arch; // e.g. "sm_90"; empty means the target's default
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  int threadsPerWarp = 0; // 0: the target's default
  /// Options a target adds (`--opt key=value`).
  llvm::StringMap<std::string> extra;

  /// The canonical target string, e.g. "nvidia:sm_90".
  std::string str() const { return arch.empty() ? kind : kind + ":" + arch; }
};

/// One stage of a target's compilation, named after the form it produces
/// (`ttgir`, `llir`, an assembly, a binary, ...). A stage either runs passes
/// over the module (MLIR to MLIR) or emits bytes from it (the last MLIR form to
/// LLVM IR, assembly, a binary); `available` is false for a stage the target
/// plans but does not implement yet, and `unavailableReason` says so.
struct Stage {
  std::string name;
  /// File extension of the stage's output when it is written alone.
  std::string extension;
  /// Fills `pm` with the stage's passes (a registered, reproducible pipeline).
  std::function<mlir::LogicalResult(mlir::OpPassManager &pm,
                                    const TargetOptions &options)>
      buildPipeline;
  /// Produces the stage's bytes from the module and the previous stage's
  /// bytes (empty when the previous stage was MLIR). Errors are reported
  /// through `error`, in one line.
  std::function<mlir::FailureOr<std::string>(
      mlir::ModuleOp module, llvm::StringRef previous,
      const TargetOptions &options, std::string &error)>
      emit;
  bool available = true;
  std::string unavailableReason;

  /// A stage the target plans but does not implement yet; compiling through
  /// it fails with `reason`.
  static Stage planned(llvm::StringRef name, llvm::StringRef extension,
                       llvm::StringRef reason) {
    Stage stage;
    stage.name = name.str();
    stage.extension = extension.str();
    stage.available = false;
    stage.unavailableReason = reason.str();
    return stage;
  }
};

/// A compilation target provided by a plugin.
class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  /// The canonical kind (`cpu`, `nvidia`, `intel`, ...), unique across plugins.
  virtual llvm::StringRef getKind() const = 0;
  /// Other spellings of the kind; also unique.
  virtual std::vector<std::string> getAliases() const { return {}; }
  /// Architecture used when the target string names none.
  virtual llvm::StringRef getDefaultArch() const { return ""; }
  /// Checks and normalizes the architecture part of a target string (the text
  /// after `kind:`); e.g. "90" -> "sm_90". Fails with a one-line message.
  virtual mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                            std::string &normalized,
                                            std::string &error) const {
    normalized = arch.str();
    return mlir::success();
  }
  /// Threads per warp when the user sets none.
  virtual int getDefaultThreadsPerWarp(const TargetOptions &) const {
    return 32;
  }
  /// The stages after `ttir`, in order.
  virtual std::vector<Stage> getStages() const = 0;
  /// The keys of the options the target adds (`--opt KEY=VALUE`, read from
  /// TargetOptions::extra); a compilation with any other key is refused
  /// with the list.
  virtual std::vector<std::string> getOptionNames() const { return {}; }
  /// Whether a device of this kind can run kernels here, and if not, why.
  virtual bool isDeviceAvailable(std::string &why) const {
    why = "no runtime";
    return false;
  }
  /// Whether `--target auto` may choose this target when its device is
  /// available. A simulator, an emulator or a target that a user must ask
  /// for by name returns false; it stays reachable by its name.
  virtual bool isChosenByAuto() const { return true; }
};

/// What a plugin registers into. Registrations are staged: the host checks
/// them all for conflicts (dialect namespaces, pass arguments, target kinds
/// and aliases) and commits them only if the plugin registered without error
/// and nothing conflicts, so a rejected plugin leaves no state behind.
class PluginRegistrar {
public:
  virtual ~PluginRegistrar() = default;
  /// Adds the plugin's dialects and dialect extensions.
  virtual void addDialects(std::function<void(mlir::DialectRegistry &)> fn) = 0;
  /// Adds a pass by its allocator (the pass's argument names it).
  virtual void addPass(std::function<std::unique_ptr<mlir::Pass>()> fn) = 0;
  /// Adds a named pass pipeline, reproducible with `--pass-pipeline`.
  virtual void
  addPassPipeline(llvm::StringRef name, llvm::StringRef description,
                  std::function<void(mlir::OpPassManager &)> builder) = 0;
  /// Adds a compilation target.
  virtual void addTarget(std::unique_ptr<TargetBackend> target) = 0;
  /// Reports a registration failure; the plugin is then skipped.
  virtual void fail(llvm::StringRef message) = 0;
};

/// Returns the registrar behind the C handle the host passes to a plugin.
PluginRegistrar &unwrap(TridentRegistrar *registrar);

namespace detail {
/// Runs `fn` on the registrar, turning C++ exceptions and failures into a
/// status the host can read.
TridentStatus *runRegistration(TridentRegistrar *registrar,
                               void (*fn)(PluginRegistrar &));
void releaseStatus(TridentStatus *status);
/// Records a statically linked plugin's entry (used by the static build).
bool addStaticPlugin(TridentPluginEntryFn entry);
std::vector<TridentPluginEntryFn> &getStaticPlugins();

/// TRIDENT_PROVIDES_RUNTIME if the plugin has a runtime. A function rather
/// than `(RUNTIME) ? ... : 0` in the macro, where a function name would
/// trip -Waddress ("will always evaluate as true") in the plugin's build.
constexpr uint32_t runtimeBit(std::nullptr_t) { return 0; }
constexpr uint32_t runtimeBit(const TridentRuntimeApi *(*runtime)(void)) {
  return runtime ? uint32_t(TRIDENT_PROVIDES_RUNTIME) : 0u;
}
} // namespace detail

} // namespace trident

#define TRIDENT_PLUGIN_CONCAT_IMPL(a, b) a##b
/// Pastes after expanding its arguments, so that NAME may itself be a macro
/// and every use of it names the same symbol.
#define TRIDENT_PLUGIN_CONCAT(a, b) TRIDENT_PLUGIN_CONCAT_IMPL(a, b)

/// Defines the plugin's C entry point from a C++ registration function
/// `void REGISTER(trident::PluginRegistrar &)` and an optional runtime
/// `const TridentRuntimeApi *RUNTIME(void)` (or nullptr).
///
/// Built as a shared library, the entry is the exported symbol
/// `trident_plugin_entry`. With TRIDENT_PLUGIN_STATIC defined, the same
/// source defines `trident_plugin_entry_<NAME>` and records it at startup,
/// so several plugins link into one static binary.
#define TRIDENT_PLUGIN_DESCRIPTOR_BODY(NAME, VERSION, REGISTER, RUNTIME)       \
  static TridentStatus *tridentRegister_##NAME(TridentRegistrar *r) {          \
    return ::trident::detail::runRegistration(r, REGISTER);                    \
  }                                                                            \
  static const TridentPluginDescriptor tridentDescriptor_##NAME = {            \
      sizeof(TridentPluginDescriptor),                                         \
      TRIDENT_PLUGIN_ABI_MAJOR,                                                \
      TRIDENT_PLUGIN_ABI_MINOR,                                                \
      0,                                                                       \
      0,                                                                       \
      TRIDENT_PROVIDES_COMPILER | ::trident::detail::runtimeBit(RUNTIME),      \
      #NAME,                                                                   \
      VERSION,                                                                 \
      TRIDENT_SDK_VERSION,                                                     \
      TRIDENT_SDK_HASH,                                                        \
      tridentRegister_##NAME,                                                  \
      ::trident::detail::releaseStatus,                                        \
      RUNTIME};

#ifdef TRIDENT_PLUGIN_STATIC
#define TRIDENT_DEFINE_PLUGIN(NAME, VERSION, REGISTER, RUNTIME)                \
  TRIDENT_PLUGIN_DESCRIPTOR_BODY(NAME, VERSION, REGISTER, RUNTIME)             \
  extern "C" const TridentPluginDescriptor *TRIDENT_PLUGIN_CONCAT(             \
      trident_plugin_entry_, NAME)(uint16_t, uint16_t) {                       \
    return &TRIDENT_PLUGIN_CONCAT(tridentDescriptor_, NAME);                   \
  }                                                                            \
  static const bool TRIDENT_PLUGIN_CONCAT(tridentStaticPlugin_, NAME) =        \
      ::trident::detail::addStaticPlugin(                                      \
          TRIDENT_PLUGIN_CONCAT(trident_plugin_entry_, NAME));
#else
#define TRIDENT_DEFINE_PLUGIN(NAME, VERSION, REGISTER, RUNTIME)                \
  TRIDENT_PLUGIN_DESCRIPTOR_BODY(NAME, VERSION, REGISTER, RUNTIME)             \
  extern "C" TRIDENT_PLUGIN_EXPORT const TridentPluginDescriptor *             \
  trident_plugin_entry(uint16_t, uint16_t) {                                   \
    return &TRIDENT_PLUGIN_CONCAT(tridentDescriptor_, NAME);                   \
  }
#endif

#endif // TRIDENT_PLUGIN_PLUGINAPI_H

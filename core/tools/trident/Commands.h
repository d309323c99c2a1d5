//===- Commands.h - The subcommands of `trident` ----------------*- C++ -*-===//
//
// `trident <command> [args]`: main.cpp looks the command up in the table it
// builds from these declarations and hands it the remaining arguments. Each
// command lives in its own file, parses its own arguments, prints errors as
// one line on stderr and returns the exit code (2 for a usage error).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TOOLS_TRIDENT_COMMANDS_H
#define TRIDENT_TOOLS_TRIDENT_COMMANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include "trident/Runtime/Bundle.h"

#include <optional>
#include <string>
#include <vector>

namespace trident {
class PluginHost;
struct PluginRecord;
} // namespace trident

namespace trident::cli {

/// What every command gets besides its arguments.
struct CommandContext {
  /// argv[0], to find this executable again (doctor re-runs it).
  const char *argv0 = "trident";
};

int runTargetsCommand(const CommandContext &context,
                      llvm::ArrayRef<std::string> args);
int runPluginsCommand(const CommandContext &context,
                      llvm::ArrayRef<std::string> args);
int runCompileCommand(const CommandContext &context,
                      llvm::ArrayRef<std::string> args);
int runRunCommand(const CommandContext &context,
                  llvm::ArrayRef<std::string> args);

//===----------------------------------------------------------------------===//
// Helpers shared by the commands (CommandUtils.cpp)
//===----------------------------------------------------------------------===//

/// Prints "<prefix>: <message>" on stderr and returns 2, the exit code of a
/// usage error.
int usageError(llvm::StringRef prefix, const llvm::Twine &message);

/// Prints "<prefix>: <message>" on stderr and returns 1.
int error(llvm::StringRef prefix, const llvm::Twine &message);

/// If args[index] is `--plugin PATH` or `--plugin=PATH` (one or two
/// dashes), appends PATH to `paths`, advances `index` past it and returns
/// true. A `--plugin` without a path sets `error`.
bool consumePluginOption(llvm::ArrayRef<std::string> args, size_t &index,
                         std::vector<std::string> &paths, std::string &error);

/// Loads every plugin the user named (--plugin, TRIDENT_PLUGINS,
/// TRIDENT_ADD_PLUGINS): one that does not load is an error, printed with
/// `prefix`, and the function returns false.
bool loadRequestedPlugins(PluginHost &host, llvm::StringRef prefix);

/// Prints "<prefix>: warning: plugin P: why (skipped)" on stderr for each
/// plugin from the default directory that failed to load since the last
/// call.
void reportPluginWarnings(PluginHost &host, llvm::StringRef prefix);

/// "testdev (tdev), olddev": the targets of a plugin for listings.
std::string describeTargets(const PluginRecord &record);

/// The options `compile` and `run` share (everything that selects a target
/// and shapes a compilation).
struct CompileFlags {
  std::string input;
  std::string target = "cpu";
  std::string output;
  std::string emitStage;
  std::string dumpDirectory;
  bool keepStages = false;
  /// -v/--verbose: say on stderr whether the bundle came from the cache.
  bool verbose = false;
  /// --time: print each stage's wall time on stderr.
  bool time = false;
  /// --time-passes: print the time of every pass of every stage on stderr.
  bool timePasses = false;
  /// --print-pipeline: print each stage's passes instead of compiling.
  bool printPipeline = false;
  /// --emit-only: the input is what the --emit stage emits from; run only
  /// that step.
  bool emitOnly = false;
  int numWarps = 0; // 0: not given
  int numStages = 0;
  int numCtas = 0;
  int threadsPerWarp = 0;
  std::vector<std::string> extras; // --opt key=value
  std::vector<std::string> pluginPaths;
  /// The options given that shape a compilation (all but -v and --target),
  /// as spelled: a precompiled bundle takes none of them.
  std::vector<std::string> compilationOptions;
  /// Whether --target was given (`target` is "cpu" otherwise).
  bool targetGiven = false;
};

/// Consumes the compile option at args[index] (advancing `index`) and
/// returns true, or returns false if args[index] is not one; sets `error`
/// for a malformed value.
bool consumeCompileOption(llvm::ArrayRef<std::string> args, size_t &index,
                          CompileFlags &flags, std::string &error);

/// Consumes `--plugin` or a compile option at args[index], like the two
/// functions above; shared by `compile` and `run`.
bool consumeSharedOption(llvm::ArrayRef<std::string> args, size_t &index,
                         CompileFlags &flags, std::string &error);

/// Takes an argument that is none of the command's options as the kernel's
/// path. Returns false and sets `error` for an unknown option or a second
/// path.
bool takeInput(llvm::StringRef arg, llvm::StringRef command,
               CompileFlags &flags, std::string &error);

/// Compiles `flags.input` with the plugins of `host` into a bundle, or into
/// the output of `flags.emitStage`. Prints the failure (one line, prefixed)
/// and returns false on error.
struct CompiledKernel {
  std::optional<Bundle> bundle;
  std::string emitted;
};
std::optional<CompiledKernel> compileInput(PluginHost &host,
                                           const CompileFlags &flags,
                                           llvm::StringRef prefix);

} // namespace trident::cli

#endif // TRIDENT_TOOLS_TRIDENT_COMMANDS_H

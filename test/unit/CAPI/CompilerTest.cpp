//===- CompilerTest.cpp - The C compile API (libTridentCompiler) ----------===//
//
// Drives trident-c/Compiler.h as a program in another language would: only
// the C functions, with the in-tree plugins found by default discovery
// beside the library (build/lib/trident/plugins; this test's executable
// lives elsewhere, so only the library's own location can find them). Every
// function and every error path: NULL arguments, bad targets, bad TTIR with
// its file:line:col, bad stages and options, plugins that are missing or
// broken, and then a real cpu kernel launched on raw host addresses through
// the runtime library the target names.
//
//===----------------------------------------------------------------------===//

#include "trident-c/Compiler.h"
#include "trident-c/Bundle.h"
#include "trident-c/Runtime.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// Discovery and the cache follow the environment: start from none of it,
/// whatever the caller's shell sets, before the first context exists.
const bool kCleanEnvironment = [] {
  ::unsetenv("TRIDENT_PLUGINS");
  ::unsetenv("TRIDENT_ADD_PLUGINS");
  ::unsetenv("TRIDENT_CACHE_DIR");
  return true;
}();

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string vaddSource() {
  return readFile(TRIDENT_SOURCE_DIR "/test/kernels/vadd.ttir");
}

std::string fixture(const std::string &name) {
  return TRIDENT_PLUGIN_FIXTURES_DIR "/" + name;
}

/// Takes a string the library returned.
std::string take(char *text) {
  std::string result = text ? text : "";
  tridentCompilerFreeString(text);
  return result;
}

bool startsWith(const std::string &text, const std::string &prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

TridentCompileOptions defaultOptions() {
  TridentCompileOptions options;
  std::memset(&options, 0, sizeof(options));
  options.struct_size = sizeof(options);
  return options;
}

/// A compiler context over the default plugin discovery, for tests that need
/// no particular target.
class CompilerContextTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(kCleanEnvironment);
    char *error = nullptr;
    ASSERT_EQ(tridentCompilerCreate(nullptr, 0, &compiler, &error), 0)
        << take(error);
    EXPECT_EQ(error, nullptr);
    ASSERT_NE(compiler, nullptr);
  }
  void TearDown() override { tridentCompilerDestroy(compiler); }

  /// The index of target `kind`, or -1.
  int64_t findTarget(const std::string &kind) const {
    for (uint32_t i = 0; i < tridentCompilerGetNumTargets(compiler); ++i)
      if (kind == tridentCompilerGetTargetKind(compiler, i))
        return i;
    return -1;
  }

  /// Compiles `source` and returns the error (empty on success), keeping
  /// the result in `result`.
  std::string compile(const std::string &source,
                      const TridentCompileOptions *options) {
    tridentCompileResultFree(result);
    result = nullptr;
    char *error = nullptr;
    int status = tridentCompile(compiler, source.data(), source.size(), options,
                                &result, &error);
    std::string message = take(error);
    EXPECT_EQ(status != 0, !message.empty()) << message;
    EXPECT_EQ(status != 0, result == nullptr);
    return message;
  }

  std::string resultData() const {
    uint64_t size = 0;
    const void *data = tridentCompileResultGetData(result, &size);
    return std::string(static_cast<const char *>(data), size);
  }

  ~CompilerContextTest() override { tridentCompileResultFree(result); }

  TridentCompiler *compiler = nullptr;
  TridentCompileResult *result = nullptr;
};

/// The same, for tests of the in-tree cpu target: skipped in a build
/// without the linalg backend (TRIDENT_BACKENDS).
class CompilerTest : public CompilerContextTest {
protected:
  void SetUp() override {
    if (!TRIDENT_HAS_CPU_PLUGIN)
      GTEST_SKIP() << "the cpu target's plugin (linalg) is not built "
                      "(TRIDENT_BACKENDS)";
    CompilerContextTest::SetUp();
  }
};

TEST(CompilerApiTest, ReportsItsVersions) {
  EXPECT_EQ(tridentCompilerGetApiVersion() >> 16,
            uint32_t(TRIDENT_COMPILER_API_MAJOR));
  EXPECT_EQ(tridentCompilerGetApiVersion() & 0xffff,
            uint32_t(TRIDENT_COMPILER_API_MINOR));
  EXPECT_TRUE(startsWith(tridentCompilerGetVersion(), "trident "))
      << tridentCompilerGetVersion();
}

TEST(CompilerApiTest, IgnoresNullHandles) {
  tridentCompilerFreeString(nullptr);
  tridentCompilerDestroy(nullptr);
  tridentCompileResultFree(nullptr);
  EXPECT_EQ(tridentCompilerGetWarnings(nullptr), nullptr);
  EXPECT_EQ(tridentCompilerGetNumTargets(nullptr), 0u);
  EXPECT_EQ(tridentCompilerGetTargetKind(nullptr, 0), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetAliases(nullptr, 0), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetPlugin(nullptr, 0), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetRuntimeLibrary(nullptr, 0), nullptr);
  char *reason = nullptr;
  EXPECT_EQ(tridentCompilerProbeTarget(nullptr, 0, &reason), 0);
  EXPECT_EQ(take(reason), "no context (NULL)");
  EXPECT_EQ(tridentCompilerProbeTarget(nullptr, 0, nullptr), 0);
  uint64_t size = 7;
  EXPECT_EQ(tridentCompileResultGetData(nullptr, &size), nullptr);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(tridentCompileResultIsBundle(nullptr), 0);
  EXPECT_EQ(tridentCompileResultGetTarget(nullptr), nullptr);
  EXPECT_EQ(tridentCompileResultGetNotes(nullptr), nullptr);
  EXPECT_EQ(tridentCompileResultIsFromCache(nullptr), 0);
}

TEST(CompilerApiTest, RefusesBadCreateArguments) {
  char *error = nullptr;
  EXPECT_NE(tridentCompilerCreate(nullptr, 0, nullptr, &error), 0);
  EXPECT_EQ(take(error), "tridentCompilerCreate: no place for the context "
                         "(compiler is NULL)");
  // Without errorMessage the failure is only the status.
  EXPECT_NE(tridentCompilerCreate(nullptr, 0, nullptr, nullptr), 0);

  TridentCompiler *compiler = reinterpret_cast<TridentCompiler *>(1);
  EXPECT_NE(tridentCompilerCreate(nullptr, 2, &compiler, &error), 0);
  EXPECT_EQ(compiler, nullptr);
  EXPECT_EQ(take(error), "tridentCompilerCreate: 2 plugin paths announced "
                         "but pluginPaths is NULL");
  const char *paths[] = {""};
  EXPECT_NE(tridentCompilerCreate(paths, 1, &compiler, &error), 0);
  EXPECT_EQ(take(error), "tridentCompilerCreate: plugin path 0 is empty: "
                         "give a library, a manifest or a directory");
}

TEST(CompilerApiTest, FailsForANamedPluginThatDoesNotLoad) {
  struct Case {
    std::string path;
    std::string reason;
  };
  const Case cases[] = {
      {"/nonexistent/libnothing.so", "file not found"},
      {fixture("libfixture_raw_wrong_major.so"),
       "built for plugin ABI 2.x; this host speaks 1.x: rebuild the plugin "
       "against this Trident"},
      {fixture("libfixture_reg_fail.so"),
       "registration failed: the reg_fail device library is missing: "
       "install it"},
      {fixture("libfixture_reg_throw.so"), "reg_throw cannot find its "
                                           "configuration file"},
      {fixture("libfixture_needs_missing.so"), "libtrident-no-such-library.so"},
  };
  for (const Case &c : cases) {
    const char *paths[] = {c.path.c_str()};
    TridentCompiler *compiler = nullptr;
    char *error = nullptr;
    EXPECT_NE(tridentCompilerCreate(paths, 1, &compiler, &error), 0) << c.path;
    EXPECT_EQ(compiler, nullptr);
    std::string message = take(error);
    EXPECT_TRUE(
        startsWith(message, "plugin " + c.path + " (from API) did not load: "))
        << message;
    EXPECT_NE(message.find(c.reason), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(CompilerApiTest, WarnsOfABrokenPluginInTheDefaultDirectory) {
  // A prefix of its own: <tmp>/lib/libTridentCompiler.so (a copy, opened
  // privately) and <tmp>/lib/trident/plugins with a plugin that fails. The
  // copy's default directory is found from its own location.
  fs::path prefix = fs::temp_directory_path() /
                    ("trident-capi-" + std::to_string(::getpid()));
  fs::remove_all(prefix);
  fs::path plugins = prefix / "lib" / "trident" / "plugins";
  fs::create_directories(plugins);
  fs::copy_file(TRIDENT_COMPILER_LIBRARY,
                prefix / "lib" / "libTridentCompiler.so");
  fs::copy_file(fixture("reg_fail.json"), plugins / "reg_fail.json");
  fs::copy_file(fixture("libfixture_reg_fail.so"),
                plugins / "libfixture_reg_fail.so");

  std::string copy = (prefix / "lib" / "libTridentCompiler.so").string();
  void *library = ::dlopen(copy.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << ::dlerror();
  auto create = reinterpret_cast<decltype(&tridentCompilerCreate)>(
      ::dlsym(library, "tridentCompilerCreate"));
  auto warnings = reinterpret_cast<decltype(&tridentCompilerGetWarnings)>(
      ::dlsym(library, "tridentCompilerGetWarnings"));
  auto numTargets = reinterpret_cast<decltype(&tridentCompilerGetNumTargets)>(
      ::dlsym(library, "tridentCompilerGetNumTargets"));
  auto destroy = reinterpret_cast<decltype(&tridentCompilerDestroy)>(
      ::dlsym(library, "tridentCompilerDestroy"));
  ASSERT_TRUE(create && warnings && numTargets && destroy);

  TridentCompiler *compiler = nullptr;
  char *error = nullptr;
  ASSERT_EQ(create(nullptr, 0, &compiler, &error), 0) << take(error);
  EXPECT_EQ(std::string(warnings(compiler)),
            "plugin " + (plugins / "libfixture_reg_fail.so").string() +
                ": registration failed: the reg_fail device library is "
                "missing: install it (skipped)\n");
  EXPECT_EQ(numTargets(compiler), 0u);
  destroy(compiler);
  // Never dlclose'd: its plugins stay loaded for the life of the process.
  fs::remove_all(prefix);
}

TEST_F(CompilerTest, FindsTheInTreePluginsBesideTheLibrary) {
  // Warnings are about plugins of the default directory that failed (in a
  // partial build, backends not built yet); the cpu plugin is not one.
  std::string warnings = tridentCompilerGetWarnings(compiler);
  EXPECT_EQ(warnings.find("libTridentLinalg"), std::string::npos) << warnings;
  EXPECT_TRUE(warnings.empty() || warnings.back() == '\n') << warnings;
  int64_t cpu = findTarget("cpu");
  ASSERT_GE(cpu, 0) << "no cpu target among "
                    << tridentCompilerGetNumTargets(compiler);
  EXPECT_STREQ(tridentCompilerGetTargetPlugin(compiler, cpu), "linalg");
  EXPECT_STREQ(tridentCompilerGetTargetAliases(compiler, cpu), "");
  std::string runtime = tridentCompilerGetTargetRuntimeLibrary(compiler, cpu);
  EXPECT_EQ(fs::path(runtime).filename(), "libTridentCpuRuntime.so");
  EXPECT_TRUE(fs::exists(runtime)) << runtime;
  int64_t nvidia = findTarget("nvidia");
  if (nvidia >= 0) {
    EXPECT_STREQ(tridentCompilerGetTargetAliases(compiler, nvidia), "cuda");
  }

  uint32_t count = tridentCompilerGetNumTargets(compiler);
  EXPECT_EQ(tridentCompilerGetTargetKind(compiler, count), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetAliases(compiler, count), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetPlugin(compiler, count), nullptr);
  EXPECT_EQ(tridentCompilerGetTargetRuntimeLibrary(compiler, count), nullptr);
}

TEST_F(CompilerTest, ProbesTheCpu) {
  int64_t cpu = findTarget("cpu");
  ASSERT_GE(cpu, 0);
  char *reason = nullptr;
  EXPECT_GE(tridentCompilerProbeTarget(compiler, cpu, &reason), 1);
  EXPECT_EQ(reason, nullptr);
  EXPECT_GE(tridentCompilerProbeTarget(compiler, cpu, nullptr), 1);

  uint32_t count = tridentCompilerGetNumTargets(compiler);
  EXPECT_EQ(tridentCompilerProbeTarget(compiler, count, &reason), 0);
  EXPECT_EQ(take(reason), "no target " + std::to_string(count) +
                              ": the context has " + std::to_string(count));
}

TEST_F(CompilerTest, ResolvesTargets) {
  char *canonical = nullptr;
  char *error = nullptr;
  ASSERT_EQ(tridentCompilerResolveTarget(compiler, "cpu", &canonical, &error),
            0)
      << take(error);
  std::string cpu = take(canonical);
  EXPECT_TRUE(cpu == "cpu" || startsWith(cpu, "cpu:")) << cpu;
  if (findTarget("nvidia") >= 0) {
    ASSERT_EQ(
        tridentCompilerResolveTarget(compiler, "cuda:90", &canonical, &error),
        0)
        << take(error);
    EXPECT_EQ(take(canonical), "nvidia:sm_90");
  }

  EXPECT_NE(tridentCompilerResolveTarget(compiler, "acme", &canonical, &error),
            0);
  EXPECT_EQ(canonical, nullptr);
  std::string message = take(error);
  EXPECT_TRUE(startsWith(message, "unknown target 'acme': known targets are "))
      << message;
  EXPECT_NE(message.find("cpu"), std::string::npos) << message;

  EXPECT_NE(tridentCompilerResolveTarget(compiler, "", &canonical, &error), 0);
  EXPECT_TRUE(startsWith(take(error), "empty target"));
  EXPECT_NE(tridentCompilerResolveTarget(nullptr, "cpu", &canonical, &error),
            0);
  EXPECT_EQ(take(error), "tridentCompilerResolveTarget: compiler is NULL");
  EXPECT_NE(tridentCompilerResolveTarget(compiler, nullptr, &canonical, &error),
            0);
  EXPECT_EQ(take(error), "tridentCompilerResolveTarget: target is NULL");
  EXPECT_NE(tridentCompilerResolveTarget(compiler, "cpu", nullptr, &error), 0);
  EXPECT_EQ(take(error), "tridentCompilerResolveTarget: canonical is NULL");
}

TEST_F(CompilerTest, ListsStages) {
  char *stages = nullptr;
  char *error = nullptr;
  ASSERT_EQ(tridentCompilerGetStageNames(compiler, "cpu", &stages, &error), 0)
      << take(error);
  std::string names = take(stages);
  EXPECT_TRUE(startsWith(names, "ttir,")) << names;
  EXPECT_NE(names.find(",llir"), std::string::npos) << names;

  EXPECT_NE(tridentCompilerGetStageNames(compiler, "acme", &stages, &error), 0);
  EXPECT_EQ(stages, nullptr);
  EXPECT_TRUE(startsWith(take(error), "unknown target 'acme'"));
  EXPECT_NE(tridentCompilerGetStageNames(nullptr, "cpu", &stages, &error), 0);
  EXPECT_EQ(take(error), "tridentCompilerGetStageNames: compiler is NULL");
  EXPECT_NE(tridentCompilerGetStageNames(compiler, nullptr, &stages, &error),
            0);
  EXPECT_EQ(take(error), "tridentCompilerGetStageNames: target is NULL");
  EXPECT_NE(tridentCompilerGetStageNames(compiler, "cpu", nullptr, &error), 0);
  EXPECT_EQ(take(error), "tridentCompilerGetStageNames: stages is NULL");
}

TEST_F(CompilerTest, CompilesABundleThatParses) {
  TridentCompileOptions options = defaultOptions();
  options.target = "cpu";
  options.keep_stages = 1;
  ASSERT_EQ(compile(vaddSource(), &options), "");
  EXPECT_TRUE(tridentCompileResultIsBundle(result));
  EXPECT_FALSE(tridentCompileResultIsFromCache(result));
  EXPECT_STREQ(tridentCompileResultGetNotes(result), "");
  std::string target = tridentCompileResultGetTarget(result);
  EXPECT_TRUE(target == "cpu" || startsWith(target, "cpu:")) << target;

  std::string bytes = resultData();
  TridentBundle *bundle = nullptr;
  char *error = nullptr;
  ASSERT_EQ(tridentBundleParse(bytes.data(), bytes.size(), &bundle, &error), 0)
      << (error ? error : "");
  EXPECT_STREQ(tridentBundleGetKernelName(bundle), "vadd_kernel");
  EXPECT_EQ(std::string(tridentBundleGetTarget(bundle)), target);
  EXPECT_STREQ(tridentBundleGetCompilerVersion(bundle),
               tridentCompilerGetVersion());
  ASSERT_EQ(tridentBundleGetNumArgs(bundle), 4u);
  EXPECT_EQ(tridentBundleGetArgKind(bundle, 0), uint32_t(TRIDENT_ARG_POINTER));
  EXPECT_EQ(tridentBundleGetArgKind(bundle, 3), uint32_t(TRIDENT_ARG_I32));
  EXPECT_GT(tridentBundleGetNumStages(bundle), 1u);
  EXPECT_STREQ(tridentBundleGetStageName(bundle, 0), "ttir");
  tridentBundleFree(bundle);

  // NULL options take every default: cpu.
  ASSERT_EQ(compile(vaddSource(), nullptr), "");
  EXPECT_TRUE(tridentCompileResultIsBundle(result));
  EXPECT_EQ(std::string(tridentCompileResultGetTarget(result)), target);
}

TEST_F(CompilerTest, EmitsStages) {
  TridentCompileOptions options = defaultOptions();
  options.emit_stage = "ttir";
  ASSERT_EQ(compile(vaddSource(), &options), "");
  EXPECT_FALSE(tridentCompileResultIsBundle(result));
  std::string ttir = resultData();
  EXPECT_NE(ttir.find("tt.func public @vadd_kernel"), std::string::npos)
      << ttir;

  options.emit_stage = "llir";
  ASSERT_EQ(compile(vaddSource(), &options), "");
  std::string llir = resultData();
  EXPECT_NE(llir.find("define "), std::string::npos) << llir.substr(0, 400);

  options.emit_stage = "bogus";
  std::string error = compile(vaddSource(), &options);
  EXPECT_TRUE(startsWith(error, "target 'cpu' has no stage 'bogus'; its "
                                "stages are ttir, "))
      << error;
}

TEST_F(CompilerTest, ReportsBadTTIRWithItsLocation) {
  TridentCompileOptions options = defaultOptions();
  options.source_name = "broken.ttir";
  std::string source = "module {\n  tt.func public @k() {\n"
                       "    %0 = arith.addi %x, %x : i32\n"
                       "    tt.return\n  }\n}\n";
  std::string error = compile(source, &options);
  EXPECT_EQ(error, "broken.ttir:3:21: use of undeclared SSA value name");
  // Without a name the source is "<source>".
  error = compile(source, nullptr);
  EXPECT_EQ(error, "<source>:3:21: use of undeclared SSA value name");

  error = compile("module {\n}\n", nullptr);
  EXPECT_EQ(error, "no kernel: the module has no public tt.func with a body");
}

TEST_F(CompilerContextTest, SurvivesHostileSources) {
  std::string vadd = vaddSource();
  std::mt19937 random(1234);
  std::vector<std::string> sources = {
      "",
      std::string("\0\0\0\xff", 4),
      "module {",
      std::string(10000, '{'),
      std::string(10000, '('),
      "tt.func @k(%a: !tt.ptr<f32>) { tt.return }",
      "\"builtin.module\"() ({}) : () -> ()",
      vadd.substr(0, vadd.size() / 2),
  };
  for (int i = 0; i < 16; ++i) {
    // The real kernel with a few bytes changed at random.
    std::string mutated = vadd;
    for (int j = 0; j < 4; ++j)
      mutated[random() % mutated.size()] = char(random() % 256);
    sources.push_back(mutated);
  }
  for (const std::string &source : sources) {
    tridentCompileResultFree(result);
    result = nullptr;
    char *error = nullptr;
    int status = tridentCompile(compiler, source.data(), source.size(), nullptr,
                                &result, &error);
    std::string message = take(error);
    // Some mutations land in comments and still compile; the others fail
    // with one line.
    if (status) {
      EXPECT_FALSE(message.empty());
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST_F(CompilerTest, RefusesBadCompileArguments) {
  std::string source = vaddSource();
  char *error = nullptr;
  EXPECT_NE(tridentCompile(nullptr, source.data(), source.size(), nullptr,
                           &result, &error),
            0);
  EXPECT_EQ(take(error), "tridentCompile: compiler is NULL");
  EXPECT_NE(tridentCompile(compiler, source.data(), source.size(), nullptr,
                           nullptr, &error),
            0);
  EXPECT_EQ(take(error), "tridentCompile: result is NULL");
  EXPECT_NE(tridentCompile(compiler, nullptr, 5, nullptr, &result, &error), 0);
  EXPECT_EQ(take(error), "tridentCompile: source is NULL but size is 5");
  EXPECT_NE(tridentCompile(compiler, nullptr, 0, nullptr, &result, &error), 0);
  EXPECT_EQ(take(error),
            "no kernel: the module has no public tt.func with a body");

  TridentCompileOptions options = defaultOptions();
  options.struct_size = 8;
  EXPECT_TRUE(startsWith(compile(source, &options),
                         "tridentCompile: options->struct_size is 8, smaller "
                         "than the "));
  // A caller built against a newer header passes a bigger struct.
  options = defaultOptions();
  options.struct_size = sizeof(options) + 16;
  EXPECT_EQ(compile(source, &options), "");

  options = defaultOptions();
  options.target = "acme";
  std::string message = compile(source, &options);
  EXPECT_TRUE(startsWith(message, "unknown target 'acme': known targets are "))
      << message;

  options = defaultOptions();
  options.num_warps = -1;
  EXPECT_EQ(compile(source, &options),
            "tridentCompile: option 'num_warps' needs a positive integer (or "
            "0 for the target's default), got -1");

  options = defaultOptions();
  options.num_options = 1;
  EXPECT_EQ(compile(source, &options),
            "tridentCompile: 1 target options announced but option_keys or "
            "option_values is NULL");
  const char *keys[] = {nullptr};
  const char *values[] = {"on"};
  options.option_keys = keys;
  options.option_values = values;
  EXPECT_EQ(compile(source, &options),
            "tridentCompile: target option 0 has no key");
  keys[0] = "fp-fusion";
  values[0] = nullptr;
  EXPECT_EQ(compile(source, &options),
            "tridentCompile: target option 'fp-fusion' has no value (NULL)");
}

TEST_F(CompilerTest, ReusesCachedBundles) {
  fs::path cache = fs::temp_directory_path() /
                   ("trident-capi-cache-" + std::to_string(::getpid()));
  fs::remove_all(cache);
  std::string directory = cache.string();
  TridentCompileOptions options = defaultOptions();
  options.cache_directory = directory.c_str();
  ASSERT_EQ(compile(vaddSource(), &options), "");
  EXPECT_FALSE(tridentCompileResultIsFromCache(result));
  std::string first = resultData();
  ASSERT_EQ(compile(vaddSource(), &options), "");
  EXPECT_TRUE(tridentCompileResultIsFromCache(result));
  EXPECT_EQ(resultData(), first);
  // Other options are another entry.
  options.num_warps = 8;
  ASSERT_EQ(compile(vaddSource(), &options), "");
  EXPECT_FALSE(tridentCompileResultIsFromCache(result));
  fs::remove_all(cache);
}

//===----------------------------------------------------------------------===//
// Launching what was compiled, as the Python package does: the runtime
// library the target names, the bundle's kernel image, raw host addresses.
//===----------------------------------------------------------------------===//

TEST_F(CompilerTest, LaunchesOnRawAddressesThroughTheCpuRuntime) {
  int64_t cpu = findTarget("cpu");
  ASSERT_GE(cpu, 0);
  ASSERT_EQ(compile(vaddSource(), nullptr), "");
  std::string bytes = resultData();
  TridentBundle *bundle = nullptr;
  char *error = nullptr;
  ASSERT_EQ(tridentBundleParse(bytes.data(), bytes.size(), &bundle, &error), 0)
      << (error ? error : "");

  std::string path = tridentCompilerGetTargetRuntimeLibrary(compiler, cpu);
  void *library = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << ::dlerror();
  auto entry = reinterpret_cast<TridentRuntimeEntryFn>(
      ::dlsym(library, TRIDENT_RUNTIME_ENTRY_NAME));
  ASSERT_NE(entry, nullptr);
  const TridentRuntimeApi *api = entry();
  ASSERT_NE(api, nullptr);
  ASSERT_GE(api->struct_size, sizeof(TridentRuntimeApi));
  ASSERT_NE(api->launch_on_stream, nullptr);
  EXPECT_STREQ(api->target_kind, "cpu");

  auto check = [&](TridentStatus *status) {
    std::string message = status && status->message ? status->message : "";
    if (status)
      api->release_status(status);
    return message;
  };
  int32_t devices = 0;
  ASSERT_EQ(check(api->probe(&devices)), "");
  ASSERT_GE(devices, 1);
  TridentDevice *device = nullptr;
  ASSERT_EQ(check(api->open_device(0, &device)), "");
  TridentKernel *kernel = nullptr;
  ASSERT_EQ(check(api->load_kernel(device, tridentBundleGetKernelImage(bundle),
                                   &kernel)),
            "");

  // Not a multiple of the kernel's 256-element block: the mask matters.
  const int n = 1000;
  std::vector<float> x(n), y(n), out(n, -1.0f), reference(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i - 17.0f;
    y[i] = 3.0f / (i + 1);
    reference[i] = x[i] + y[i];
  }
  // Past the end: must stay untouched.
  std::vector<float> guard(out.size() + 64, -1.0f);
  TridentArg args[4];
  std::memset(args, 0, sizeof(args));
  float *pointers[] = {x.data(), y.data(), guard.data()};
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TRIDENT_ARG_ADDRESS;
    args[i].value.i =
        static_cast<int64_t>(reinterpret_cast<uintptr_t>(pointers[i]));
  }
  args[3].kind = TRIDENT_ARG_I32;
  args[3].value.i = n;
  const uint32_t grid[3] = {(n + 255) / 256, 1, 1};
  ASSERT_EQ(check(api->launch_on_stream(kernel, grid, args, 4, nullptr)), "");
  ASSERT_EQ(check(api->synchronize(device)), "");
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(guard[i], reference[i]) << i;
  for (size_t i = n; i < guard.size(); ++i)
    ASSERT_EQ(guard[i], -1.0f) << i;

  // `launch` takes raw addresses too; the stream is ignored on the cpu.
  std::fill(guard.begin(), guard.end(), 0.0f);
  int stream = 0;
  ASSERT_EQ(check(api->launch(kernel, grid, args, 4)), "");
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(guard[i], reference[i]) << i;
  std::fill(guard.begin(), guard.end(), 0.0f);
  ASSERT_EQ(check(api->launch_on_stream(kernel, grid, args, 4, &stream)), "");
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(guard[i], reference[i]) << i;

  // A raw address where the kernel takes a scalar is refused.
  args[3].kind = TRIDENT_ARG_ADDRESS;
  EXPECT_EQ(check(api->launch_on_stream(kernel, grid, args, 4, nullptr)),
            "argument 4 of kernel 'vadd_kernel' is a raw address, the kernel "
            "expects a i32");

  api->unload_kernel(kernel);
  api->close_device(device);
  tridentBundleFree(bundle);
}

} // namespace

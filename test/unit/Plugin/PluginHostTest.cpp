//===- PluginHostTest.cpp - The plugin host's C++ API ---------------------===//
//
// What the lit tests cannot see through the command line: the records the
// API returns, dialects handed to a registry, runtimes, static plugins and
// the SDK helpers called with bad input. One PluginHost serves every test,
// as in a tool: plugins stay loaded for the life of the process. Each test
// loads what it needs itself, so that it also passes alone (ctest runs each
// test in a process of its own).
//
//===----------------------------------------------------------------------===//

// This file also defines a plugin linked into the test, as a static build
// would (TRIDENT_PLUGIN_STATIC).
#define TRIDENT_PLUGIN_STATIC
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace trident;

namespace {
class LinkedInTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "linkedin"; }
  std::vector<Stage> getStages() const override { return {}; }
};

void registerLinkedIn(PluginRegistrar &registrar) {
  registrar.addTarget(std::make_unique<LinkedInTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(linkedin, "2.0", registerLinkedIn, nullptr)

namespace {
std::string fixture(llvm::StringRef name) {
  return (llvm::Twine(TRIDENT_PLUGIN_FIXTURES_DIR) + "/" + name).str();
}

class PluginHostTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    // One host for the process, never destroyed, as in a tool: what plugins
    // register (passes, pipelines) is global and outlives any host.
    if (host)
      return;
    // Hermetic: no installed plugin.
    setenv("TRIDENT_PLUGINS", "", 1);
    unsetenv("TRIDENT_ADD_PLUGINS");
    host = new PluginHost();
    host->discover({});
    host->loadAll();
  }
  /// The loaded record of plugin `name`, whichever test loaded it first.
  static const PluginRecord *findLoaded(llvm::StringRef name) {
    for (const PluginRecord *record : host->records())
      if (record->state == PluginState::Loaded && record->name == name)
        return record;
    return nullptr;
  }
  static PluginHost *host;
};
PluginHost *PluginHostTest::host = nullptr;

TEST_F(PluginHostTest, LinkedInPluginIsDiscoveredFirst) {
  std::vector<const PluginRecord *> records = host->records();
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.front()->name, "linkedin");
  EXPECT_EQ(records.front()->foundBy, "linked in");
  EXPECT_EQ(records.front()->state, PluginState::Loaded);
}

TEST_F(PluginHostTest, FailuresAreRecordsAndTheHostGoesOn) {
  const PluginRecord &missing = host->load(fixture("libnot-there.so"));
  EXPECT_EQ(missing.state, PluginState::Failed);
  EXPECT_EQ(missing.stage, PluginStage::File);
  EXPECT_EQ(stringifyPluginStage(missing.stage), "file");
  EXPECT_EQ(missing.foundBy, "API");

  const PluginRecord &major =
      host->load(fixture("libfixture_raw_wrong_major.so"));
  EXPECT_EQ(major.stage, PluginStage::Version);
  EXPECT_EQ(major.str(), "plugin " + fixture("libfixture_raw_wrong_major.so") +
                             ": built for plugin ABI 2.x; this host speaks "
                             "1.x: rebuild the plugin against this Trident");

  const PluginRecord &first = host->load(fixture("libfixture_good.so"));
  ASSERT_FALSE(first.failed()) << first.message;
  const PluginRecord *good = findLoaded("good");
  ASSERT_NE(good, nullptr);
  EXPECT_EQ(good->version, "1.0");
  EXPECT_EQ(good->abiMinor, 1u);
  ASSERT_EQ(good->targets.size(), 1u);
  EXPECT_EQ(good->targets[0].kind, "testdev");
  EXPECT_EQ(good->targets[0].aliases, std::vector<std::string>{"tdev"});

  const PluginRecord &again = host->load(fixture("libfixture_good.so"));
  EXPECT_EQ(again.state, PluginState::Skipped);
  EXPECT_FALSE(again.failed());
}

TEST_F(PluginHostTest, DialectsGoToTheToolsRegistry) {
  const PluginRecord &good = host->load(fixture("good.json"));
  ASSERT_FALSE(good.failed()) << good.message;
  mlir::DialectRegistry registry;
  host->registerDialects(registry);
  mlir::MLIRContext context(registry);
  EXPECT_NE(context.getOrLoadDialect("good"), nullptr);
}

TEST_F(PluginHostTest, ResolvesKindsAliasesAndArchitectures) {
  ASSERT_FALSE(host->load(fixture("libfixture_good.so")).failed());
  std::string error;
  llvm::FailureOr<ResolvedTarget> target = host->resolveTarget("tdev:2", error);
  ASSERT_TRUE(llvm::succeeded(target)) << error;
  EXPECT_EQ(target->options.str(), "testdev:v2");
  EXPECT_EQ(target->plugin->name, "good");

  target = host->resolveTarget(" linkedin ", error);
  ASSERT_TRUE(llvm::succeeded(target)) << error;
  EXPECT_EQ(target->options.str(), "linkedin");

  EXPECT_TRUE(llvm::failed(host->resolveTarget("nope", error)));
  EXPECT_TRUE(llvm::StringRef(error).starts_with(
      "unknown target 'nope': known targets are linkedin, testdev"))
      << error;
}

TEST_F(PluginHostTest, RuntimesFollowTheNegotiatedMinor) {
  ASSERT_FALSE(host->load(fixture("libfixture_good2.so")).failed());
  ASSERT_FALSE(host->load(fixture("libfixture_raw_older_minor.so")).failed());
  const PluginRecord *good2 = findLoaded("good2");
  ASSERT_NE(good2, nullptr);
  const TridentRuntimeApi *runtime = host->getRuntime(*good2);
  ASSERT_NE(runtime, nullptr);
  EXPECT_STREQ(runtime->target_kind, "testdev2");

  // Minor 0: get_runtime lies beyond struct_size (and is a poison pointer).
  const PluginRecord *older = findLoaded("raw_older_minor");
  ASSERT_NE(older, nullptr);
  EXPECT_EQ(older->abiMinor, 0u);
  EXPECT_EQ(host->getRuntime(*older), nullptr);
}

TEST(PluginSdkTest, RegistrationWithoutARegistrarIsAStatus) {
  TridentStatus *status = detail::runRegistration(
      nullptr, [](PluginRegistrar &) { FAIL() << "must not run"; });
  ASSERT_NE(status, nullptr);
  EXPECT_STREQ(status->message, "registration ran without a registrar: only "
                                "the Trident host may call register_compiler");
  detail::releaseStatus(status);
  detail::releaseStatus(nullptr);
}

TEST(PluginSdkTest, DefaultDirectoryIsBesideTheExecutable) {
  // Held as a std::string: the function returns one by value.
  std::string dir = PluginHost::getDefaultPluginDirectory();
  EXPECT_TRUE(llvm::StringRef(dir).ends_with("/lib/trident/plugins")) << dir;
  EXPECT_FALSE(PluginHost::isEnvironmentIgnored());
}

TEST(PluginSdkTest, PluginDirectoryBesideALibrary) {
  // Any address inside libTridentCore names build/lib.
  std::string dir = PluginHost::getPluginDirectoryBesideLibrary(
      reinterpret_cast<const void *>(&PluginHost::isEnvironmentIgnored));
  EXPECT_TRUE(llvm::StringRef(dir).ends_with("/lib/trident/plugins")) << dir;
  EXPECT_TRUE(llvm::sys::fs::exists(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(dir))))
      << dir;
  EXPECT_EQ(PluginHost::getPluginDirectoryBesideLibrary(nullptr), "");
}

TEST(PluginSdkTest, NamedPluginsMustLoadDefaultOnesWarn) {
  // A host of its own, with a default directory of our own holding a plugin
  // that fails, and a named plugin that fails too.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("trident-host", dir));
  for (llvm::StringRef name : {"reg_fail.json", "libfixture_reg_fail.so"}) {
    llvm::SmallString<128> to(dir);
    llvm::sys::path::append(to, name);
    ASSERT_FALSE(llvm::sys::fs::copy_file(fixture(name), to));
  }
  const char *saved = getenv("TRIDENT_PLUGINS");
  std::string savedValue = saved ? saved : "";
  unsetenv("TRIDENT_PLUGINS");
  unsetenv("TRIDENT_ADD_PLUGINS");

  PluginHost host;
  host.setDefaultPluginDirectory(dir);
  host.discover({fixture("libfixture_reg_throw.so")});
  if (saved)
    setenv("TRIDENT_PLUGINS", savedValue.c_str(), 1);

  std::string error;
  EXPECT_TRUE(failed(host.loadRequested(error)));
  EXPECT_EQ(error, "plugin " + fixture("libfixture_reg_throw.so") +
                       " (from --plugin) did not load: registration threw: "
                       "reg_throw cannot find its configuration file");
  // The default directory's plugin is not loaded by loadRequested, so it
  // has not failed yet.
  EXPECT_TRUE(host.takeWarnings().empty());
  host.loadAll();
  std::vector<std::string> warnings = host.takeWarnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "plugin " + std::string(dir) +
                             "/libfixture_reg_fail.so: registration failed: "
                             "the reg_fail device library is missing: "
                             "install it (skipped)");
  // Each warning is given once.
  EXPECT_TRUE(host.takeWarnings().empty());

  for (const PluginRecord *record : host.records())
    EXPECT_EQ(record->isRequested(), record->foundBy == "--plugin")
        << record->path;
  llvm::sys::fs::remove_directories(dir);
}
} // namespace

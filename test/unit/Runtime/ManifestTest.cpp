//===- ManifestTest.cpp - Tests of plugin manifests and the JSON reader ---===//
//
// The manifest keys the runtime reads, how a manifest is matched to a target
// kind, the search over directories, and every JSON syntax error the strict
// reader reports, with its offset.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident/Runtime/Manifest.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>

using namespace trident;
using namespace trident::test;

namespace {

/// Sets (or, with nullptr, unsets) an environment variable for a scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (saved)
      ::setenv(name, saved->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> saved;
};

std::string manifestError(const std::string &text) {
  std::string error;
  EXPECT_FALSE(parsePluginManifest(text, "p.json", error).has_value()) << text;
  return error;
}

std::string jsonError(const std::string &text) {
  std::string error = manifestError(text);
  std::string head = "plugin manifest 'p.json' is not valid JSON: ";
  std::string tail = "; fix or remove the file";
  if (error.compare(0, head.size(), head) != 0 || error.size() < tail.size() ||
      error.compare(error.size() - tail.size(), tail.size(), tail) != 0)
    return "unexpected message: " + error;
  return error.substr(head.size(), error.size() - head.size() - tail.size());
}

PluginManifest parseOk(const std::string &text,
                       const std::string &path = "/plugins/p.json") {
  std::string error;
  std::optional<PluginManifest> manifest =
      parsePluginManifest(text, path, error);
  EXPECT_TRUE(manifest.has_value()) << error;
  return manifest ? *manifest : PluginManifest();
}

TEST(ManifestTest, ReadsTheRuntimeKeys) {
  PluginManifest m = parseOk(R"({
    "name": "fakeplugin",
    "version": "1.0",
    "library": "libFake.so",
    "targets": ["fake:v1", {"kind": "fake2", "archs": ["a", "b"]}],
    "layouts": [],
    "runtime_library": "lib/libFakeRuntime.so",
    "extra": {"nested": [1, 2.5e3, -0.5, true, false, null]}
  })");
  EXPECT_EQ(m.path, "/plugins/p.json");
  EXPECT_EQ(m.name, "fakeplugin");
  EXPECT_EQ(m.targets, (std::vector<std::string>{"fake:v1", "fake2"}));
  EXPECT_EQ(m.runtimeLibrary, "/plugins/lib/libFakeRuntime.so");
  EXPECT_TRUE(m.providesRuntimeFor("fake"));
  EXPECT_TRUE(m.providesRuntimeFor("fake2"));
  EXPECT_FALSE(m.providesRuntimeFor("fakeplugin"));
  EXPECT_FALSE(m.providesRuntimeFor("fa"));

  // An absolute library path stays; the name defaults to the file's stem.
  PluginManifest n =
      parseOk(R"({"runtime_library": "/opt/libR.so"})", "dir/cpu.json");
  EXPECT_EQ(n.name, "cpu");
  EXPECT_EQ(n.runtimeLibrary, "/opt/libR.so");
  EXPECT_TRUE(n.providesRuntimeFor("cpu"));
  PluginManifest local = parseOk(R"({"runtime_library": "libR.so"})", "x.json");
  EXPECT_EQ(local.runtimeLibrary, "./libR.so");

  // "runtime_kind" decides when present.
  PluginManifest k = parseOk(
      R"({"name": "a", "targets": ["b"], "runtime_kind": "c",
          "runtime_library": "r.so"})");
  EXPECT_TRUE(k.providesRuntimeFor("c"));
  EXPECT_FALSE(k.providesRuntimeFor("a"));
  EXPECT_FALSE(k.providesRuntimeFor("b"));

  // No runtime library: no runtime.
  PluginManifest none = parseOk(R"({"name": "fake", "targets": ["fake"]})");
  EXPECT_FALSE(none.providesRuntimeFor("fake"));

  // Escapes, including a surrogate pair, decode to UTF-8.
  PluginManifest u = parseOk(
      R"({"name": "\u00e9\ud83d\ude00\t\"\\\/", "runtime_library": "r"})");
  EXPECT_EQ(u.name, "\xc3\xa9\xf0\x9f\x98\x80\t\"\\/");
}

TEST(ManifestTest, ReportsJsonErrorsWithOffsets) {
  EXPECT_EQ(jsonError(""), "offset 0: unexpected end of input");
  EXPECT_EQ(jsonError("// comment\n{}"), "offset 0: expected a JSON value");
  EXPECT_EQ(jsonError(R"({"name": "x",})"), "offset 13: expected a string key");
  EXPECT_EQ(jsonError(R"({"a" 1})"), "offset 5: expected ':'");
  EXPECT_EQ(jsonError(R"({"a": 1} x)"),
            "offset 9: unexpected text after the JSON value");
  EXPECT_EQ(jsonError(R"({"a": "x", "a": "y"})"),
            "offset 11: duplicate key \"a\"");
  EXPECT_EQ(jsonError(R"({"a": "\q"})"), "offset 8: unknown escape '\\q'");
  EXPECT_EQ(jsonError(R"({"a": 01})"), "offset 7: expected ',' or '}'");
  EXPECT_EQ(jsonError(R"({"a": [1, 2})"), "offset 11: expected ',' or ']'");
  EXPECT_EQ(jsonError(R"({"a": "abc)"), "offset 10: unterminated string");
  EXPECT_EQ(jsonError("{\"a\": \"a\tb\"}"),
            "offset 8: control character in a string (escape it)");
  EXPECT_EQ(jsonError(R"({"a": tru})"), "offset 6: expected a JSON value");
  EXPECT_EQ(jsonError(R"({"a": 1.})"), "offset 8: expected a digit after '.'");
  EXPECT_EQ(jsonError(R"({"a": 1e})"),
            "offset 8: expected a digit in the exponent");
  EXPECT_EQ(jsonError(R"({"a": -})"), "offset 7: expected a digit");
  EXPECT_EQ(jsonError(R"({"a": 1e999})"), "offset 6: number out of range");
  EXPECT_EQ(jsonError(R"({"a": "\ud800"})"),
            "offset 13: unpaired surrogate in \\u escape");
  EXPECT_EQ(jsonError(R"({"a": "\u12g4"})"),
            "offset 11: bad hex digit in \\u escape");
  EXPECT_EQ(jsonError(R"({"a": "\u0000"})"),
            "offset 13: \\u0000 is not allowed in a manifest string");
  EXPECT_EQ(jsonError(std::string(100, '[') + std::string(100, ']')),
            "offset 65: nested deeper than 64 levels");
}

TEST(ManifestTest, ReportsWrongTypes) {
  EXPECT_EQ(manifestError("[1]"),
            "plugin manifest 'p.json': the top level must be an object, not "
            "an array (offset 0); fix the manifest");
  EXPECT_EQ(manifestError(R"({"runtime_library": 5})"),
            "plugin manifest 'p.json': \"runtime_library\" must be a string, "
            "not a number (offset 20); fix the manifest");
  EXPECT_EQ(manifestError(R"({"name": null})"),
            "plugin manifest 'p.json': \"name\" must be a string, not null "
            "(offset 9); fix the manifest");
  EXPECT_EQ(manifestError(R"({"targets": "fake"})"),
            "plugin manifest 'p.json': \"targets\" must be an array, not a "
            "string (offset 12); fix the manifest");
  EXPECT_EQ(manifestError(R"({"targets": ["a", {"arch": "x"}]})"),
            "plugin manifest 'p.json': each entry of \"targets\" must be a "
            "string or an object with a \"kind\" string, not an object "
            "(offset 18); fix the manifest");
}

TEST(ManifestTest, FindsTheRuntimeAcrossDirectories) {
  ScratchDir a, b;
  writeBytes(a.path("a-broken.json"), "{\"name\": ");
  writeBytes(a.path("other.json"), R"({"runtime_library": "o.so"})");
  writeBytes(a.path("notes.txt"), "not a manifest");
  writeBytes(b.path("fake.json"),
             R"({"targets": ["fake:v1"], "runtime_library": "libF.so"})");
  writeBytes(b.path("fake2.json"),
             R"({"targets": ["fake"], "runtime_library": "libG.so"})");
  std::string missing = a.path("missing");
  std::string error;
  std::vector<std::string> skipped;
  std::optional<PluginManifest> found =
      findRuntimeManifest({missing, a.str(), b.str()}, "fake", error, &skipped);
  ASSERT_TRUE(found) << error;
  EXPECT_EQ(found->path, b.path("fake.json"));
  EXPECT_EQ(found->runtimeLibrary, b.path("libF.so"));
  std::string brokenWhy = "plugin manifest '" + a.path("a-broken.json") +
                          "' is not valid JSON: offset 9: unexpected end of "
                          "input; fix or remove the file";
  EXPECT_EQ(skipped, (std::vector<std::string>{brokenWhy}));

  EXPECT_FALSE(findRuntimeManifest({a.str(), b.str()}, "gpu", error));
  EXPECT_EQ(error, "no plugin provides a runtime for target kind 'gpu' "
                   "(searched " +
                       a.str() + ", " + b.str() +
                       "; skipped 1 broken manifest, first: " + brokenWhy +
                       "); install the plugin or add its directory to the "
                       "search path");
  EXPECT_FALSE(findRuntimeManifest({}, "gpu", error));
  EXPECT_EQ(error, "no plugin provides a runtime for target kind 'gpu' (no "
                   "plugin directories given); install the plugin or add its "
                   "directory to the search path");
  EXPECT_FALSE(readPluginManifest(a.path("none.json"), error));
  EXPECT_EQ(error, "cannot read plugin manifest '" + a.path("none.json") +
                       "': No such file or directory; check the plugin "
                       "directory");
}

TEST(ManifestTest, FindsTheRuntimeFromManifestsAndPluginLibraries) {
  ScratchDir a, b;
  writeBytes(a.path("x.json"),
             R"({"library": "libX.so", "targets": [{"kind": "fake"}],
                 "provides": ["compiler", "runtime"]})");
  writeBytes(a.path("y.json"), R"({"library": "libY.so", "targets": ["fake"],
                 "runtime_library": "../rt/libYRuntime.so"})");
  writeBytes(b.path("only.json"),
             R"({"targets": ["fake"], "runtime_library": "/abs/libO.so"})");
  std::string error;

  // A manifest named directly.
  std::optional<PluginManifest> found =
      findRuntimeManifest({b.path("only.json")}, "fake", error);
  ASSERT_TRUE(found) << error;
  EXPECT_EQ(found->runtimeLibrary, "/abs/libO.so");

  // A plugin library: only the manifest beside it that names it.
  writeBytes(a.path("libX.so"), "");
  writeBytes(a.path("libY.so"), "");
  found = findRuntimeManifest({a.path("libY.so")}, "fake", error);
  ASSERT_TRUE(found) << error;
  EXPECT_EQ(found->path, a.path("y.json"));
  EXPECT_EQ(found->runtimeLibrary, a.path("../rt/libYRuntime.so"));
  EXPECT_EQ(found->library, a.path("libY.so"));
  EXPECT_FALSE(findRuntimeManifest({a.path("libX.so")}, "fake", error));

  // A plugin that hands out its runtime itself (no runtime_library), taken
  // only when asked for and when no runtime_library is found.
  found = findRuntimeManifest({a.path("libX.so")}, "fake", error, nullptr,
                              /*allowInPlugin=*/true);
  ASSERT_TRUE(found) << error;
  EXPECT_TRUE(found->providesRuntime);
  EXPECT_TRUE(found->runtimeLibrary.empty());
  EXPECT_EQ(found->library, a.path("libX.so"));
  found = findRuntimeManifest({a.str()}, "fake", error, nullptr,
                              /*allowInPlugin=*/true);
  ASSERT_TRUE(found) << error;
  EXPECT_EQ(found->path, a.path("y.json"));

  // Entries that do not exist are skipped, not broken.
  std::vector<std::string> skipped;
  EXPECT_FALSE(findRuntimeManifest({b.path("gone.json")}, "fake", error,
                                   &skipped));
  EXPECT_TRUE(skipped.empty());
  EXPECT_EQ(manifestError(R"({"provides": "runtime"})"),
            "plugin manifest 'p.json': \"provides\" must be an array, not a "
            "string (offset 13); fix the manifest");
}

TEST(ManifestTest, SearchesThePluginVariablesAsTheTools) {
  ScopedEnv replace("TRIDENT_PLUGINS", nullptr);
  ScopedEnv add("TRIDENT_ADD_PLUGINS", nullptr);
  EXPECT_EQ(getPluginSearchPath("/d"), (std::vector<std::string>{"/d"}));
  {
    ScopedEnv extra("TRIDENT_ADD_PLUGINS", "/x::/y");
    EXPECT_EQ(getPluginSearchPath("/d"),
              (std::vector<std::string>{"/d", "/x", "/y"}));
    ScopedEnv only("TRIDENT_PLUGINS", "/p");
    EXPECT_EQ(getPluginSearchPath("/d"),
              (std::vector<std::string>{"/p", "/x", "/y"}));
  }
  ScopedEnv empty("TRIDENT_PLUGINS", "");
  EXPECT_TRUE(getPluginSearchPath("/d").empty());
}

} // namespace

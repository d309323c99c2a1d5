//===- CApiTest.cpp - Tests of the bundle C API ---------------------------===//
//
// Drives the C functions of CApiCheck.c (compiled as C) over bundles written
// by the C++ API, and the C API's in-memory parser and error strings.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident-c/Bundle.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace trident;
using namespace trident::test;

extern "C" int tridentTestSummarizeBundle(const char *path, char *out,
                                          size_t size);
extern "C" int tridentTestCApiEdges(void);

namespace {

TEST(BundleCApiTest, ReadsEveryField) {
  ScratchDir dir;
  std::string path = dir.path("vadd.tkb");
  std::string error;
  ASSERT_TRUE(makeVaddBundle().writeFile(path, error)) << error;
  char summary[1024];
  ASSERT_EQ(tridentTestSummarizeBundle(path.c_str(), summary, sizeof(summary)),
            0)
      << summary;
  EXPECT_STREQ(summary,
               "vadd fake:v1 v1 trident 0.1.0 (LLVM 22.1) "
               "0123456789abcdef0123456789abcdef fedcba9876543210 warps=8 "
               "tpw=32 ctas=2 shared=4096 args=4 arg0=1:f32:16:x arg3=5::1:n "
               "binary=FAKE:vadd stages=2 ttir=11 "
               "image=vadd/fake:v1/4/5/8/4096/9 same=1");
}

TEST(BundleCApiTest, ReportsErrors) {
  ScratchDir dir;
  std::string path = dir.path("bad.tkb");
  std::string bytes = makeVaddBundle().serialize();
  bytes[40] ^= 1;
  writeBytes(path, bytes);
  char summary[1024];
  EXPECT_EQ(tridentTestSummarizeBundle(path.c_str(), summary, sizeof(summary)),
            1);
  EXPECT_EQ(std::string(summary),
            "bundle '" + path +
                "' is corrupted: checksum mismatch; recompile it");
  EXPECT_EQ(tridentTestCApiEdges(), 0);
}

TEST(BundleCApiTest, ParsesFromMemory) {
  std::string bytes = makeVaddBundle().serialize();
  TridentBundle *bundle = nullptr;
  char *error = nullptr;
  ASSERT_EQ(tridentBundleParse(bytes.data(), bytes.size(), &bundle, &error), 0)
      << error;
  EXPECT_EQ(error, nullptr);
  EXPECT_STREQ(tridentBundleGetKernelName(bundle), "vadd");
  EXPECT_EQ(tridentBundleGetArgKind(bundle, 4), 0u);
  EXPECT_EQ(tridentBundleGetArgName(bundle, 4), nullptr);
  EXPECT_EQ(tridentBundleGetStageName(bundle, 2), nullptr);
  EXPECT_STREQ(tridentBundleGetStageText(bundle, 1, nullptr), "module {}");
  tridentBundleFree(bundle);
  EXPECT_NE(tridentBundleParse(bytes.data(), bytes.size(), nullptr, &error), 0);
  EXPECT_STREQ(error, "tridentBundleParse: the bundle out-pointer is NULL; "
                      "pass the address of a TridentBundle pointer");
  tridentFreeString(error);
}

TEST(BundleCApiTest, FindsARuntimeFromTheManifests) {
  ScratchDir dir;
  writeBytes(dir.path("fake.json"),
             R"({"targets": ["fake"], "runtime_library": "libFakeRt.so"})");
  writeBytes(dir.path("own.json"),
             R"({"targets": ["own"], "library": "libOwn.so",
                 "provides": ["compiler", "runtime"]})");
  // Only the default directory: the plugin variables unset.
  const char *saved[2] = {std::getenv("TRIDENT_PLUGINS"),
                          std::getenv("TRIDENT_ADD_PLUGINS")};
  std::string keep[2] = {saved[0] ? saved[0] : "", saved[1] ? saved[1] : ""};
  ::unsetenv("TRIDENT_PLUGINS");
  ::unsetenv("TRIDENT_ADD_PLUGINS");

  char *runtime = nullptr, *plugin = nullptr, *error = nullptr;
  ASSERT_EQ(tridentFindRuntime("fake", dir.str().c_str(), &runtime, &plugin,
                               &error),
            0)
      << error;
  EXPECT_EQ(std::string(runtime), dir.path("libFakeRt.so"));
  EXPECT_EQ(plugin, nullptr);
  tridentFreeString(runtime);
  ASSERT_EQ(tridentFindRuntime("own", dir.str().c_str(), &runtime, &plugin,
                               &error),
            0)
      << error;
  EXPECT_EQ(runtime, nullptr);
  EXPECT_EQ(std::string(plugin), dir.path("libOwn.so"));
  tridentFreeString(plugin);

  EXPECT_NE(tridentFindRuntime("gpu", dir.str().c_str(), &runtime, &plugin,
                               &error),
            0);
  EXPECT_EQ(std::string(error),
            "no plugin provides a runtime for target kind 'gpu' (searched " +
                dir.str() +
                "); install the plugin or add its directory to the search "
                "path");
  tridentFreeString(error);
  EXPECT_NE(tridentFindRuntime(nullptr, "", &runtime, &plugin, &error), 0);
  EXPECT_STREQ(error, "tridentFindRuntime: no target kind; pass one such as "
                      "\"cpu\"");
  tridentFreeString(error);
  EXPECT_NE(tridentFindRuntime("fake", "", nullptr, &plugin, &error), 0);
  EXPECT_STREQ(error, "tridentFindRuntime: an out-pointer is NULL; pass the "
                      "addresses of two char pointers");
  tridentFreeString(error);

  for (int i = 0; i < 2; ++i)
    if (saved[i])
      ::setenv(i ? "TRIDENT_ADD_PLUGINS" : "TRIDENT_PLUGINS", keep[i].c_str(),
               1);
}

} // namespace

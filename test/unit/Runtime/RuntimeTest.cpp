//===- RuntimeTest.cpp - End-to-end tests through a fake runtime ----------===//
//
// Loads the fake runtime library (FakeRuntime.cpp) the way `trident run`
// would: manifest -> runtime library -> session -> bundle -> arguments ->
// launch -> save, and checks how broken runtime libraries, devices, kernels
// and launches are reported.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident/Runtime/Arguments.h"
#include "trident/Runtime/Runtime.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>

using namespace trident;
using namespace trident::test;

namespace {

std::string fakeLibrary(const std::string &variant) {
  return std::string(TRIDENT_FAKE_RUNTIME_DIR) + "/libTridentFakeRuntime_" +
         variant + ".so";
}

std::string loadError(const std::string &variant,
                      std::string_view kind = "fake") {
  std::string error;
  EXPECT_EQ(RuntimeLibrary::load(fakeLibrary(variant), kind, error), nullptr);
  return error;
}

std::vector<ArgSpec> specs(const std::vector<std::string> &texts) {
  std::vector<ArgSpec> result;
  for (const std::string &text : texts) {
    std::string error;
    std::optional<ArgSpec> spec = parseArgSpec(text, error);
    EXPECT_TRUE(spec) << error;
    if (spec)
      result.push_back(*spec);
  }
  return result;
}

template <typename T>
NpyArray makeArray(ElementType type, const std::vector<T> &values) {
  NpyArray array = NpyArray::zeros(type, {static_cast<int64_t>(values.size())});
  std::memcpy(array.data.data(), values.data(), array.data.size());
  return array;
}

template <typename T> std::vector<T> values(const NpyArray &array) {
  std::vector<T> result(array.data.size() / sizeof(T));
  std::memcpy(result.data(), array.data.data(), array.data.size());
  return result;
}

TEST(RuntimeLibraryTest, RefusesBrokenLibraries) {
  std::string path = fakeLibrary("normal");
  std::string error;
  std::shared_ptr<RuntimeLibrary> library =
      RuntimeLibrary::load(path, "fake", error);
  ASSERT_TRUE(library) << error;
  EXPECT_EQ(library->targetKind(), "fake");
  EXPECT_EQ(library->origin(), path);

  EXPECT_EQ(loadError("normal", "cpu"),
            "runtime library '" + path +
                "' runs 'fake' kernels, not 'cpu'; fix the manifest that "
                "names it");
  EXPECT_EQ(loadError("no_entry"),
            "runtime library '" + fakeLibrary("no_entry") +
                "' does not export trident_runtime_entry; it is not a "
                "Trident runtime (build it against trident-c/Runtime.h)");
  EXPECT_EQ(loadError("null_api"),
            "runtime library '" + fakeLibrary("null_api") +
                "' returned no runtime from trident_runtime_entry; rebuild "
                "or reinstall the plugin");
  EXPECT_EQ(loadError("bad_version"),
            "runtime library '" + fakeLibrary("bad_version") +
                "' implements runtime ABI version 2, this host implements "
                "version 1; rebuild the plugin against this Trident");
  EXPECT_EQ(loadError("small"),
            "runtime library '" + fakeLibrary("small") +
                "' has a TridentRuntimeApi of 40 bytes, smaller than the " +
                std::to_string(TRIDENT_RUNTIME_API_V1_0_SIZE) +
                " this host reads; rebuild it against this Trident");
  EXPECT_EQ(loadError("null_launch"),
            "runtime library '" + fakeLibrary("null_launch") +
                "' leaves 'launch' unset; rebuild it with every "
                "TridentRuntimeApi entry filled in");

  std::string missing = fakeLibrary("missing");
  error = loadError("missing");
  std::string head = "cannot load runtime library '" + missing + "': ";
  std::string tail = "; reinstall the plugin or fix the manifest that names it";
  EXPECT_EQ(error.substr(0, head.size()), head);
  EXPECT_EQ(error.substr(error.size() - tail.size()), tail);

  EXPECT_EQ(RuntimeLibrary::fromApi(nullptr, "in-process", "", error), nullptr);
  EXPECT_EQ(error, "runtime library 'in-process' returned no runtime from "
                   "trident_runtime_entry; rebuild or reinstall the plugin");
  TridentRuntimeApi tiny;
  std::memset(&tiny, 0, sizeof(tiny));
  tiny.struct_size = 4;
  EXPECT_EQ(RuntimeLibrary::fromApi(&tiny, "in-process", "", error), nullptr);
  EXPECT_EQ(error, "runtime library 'in-process' has a TridentRuntimeApi of 4 "
                   "bytes, too small to hold a version; rebuild it against "
                   "trident-c/Runtime.h");
  TridentRuntimeApi nameless = library->api();
  nameless.target_kind = "";
  EXPECT_EQ(RuntimeLibrary::fromApi(&nameless, "in-process", "", error),
            nullptr);
  EXPECT_EQ(error, "runtime library 'in-process' names no target kind; "
                   "rebuild it with target_kind set");
  // The API of a loaded library can be wrapped again (as a plugin
  // descriptor's get_runtime would hand it over).
  EXPECT_NE(RuntimeLibrary::fromApi(&library->api(), "plugin", "fake", error),
            nullptr);
}

TEST(RuntimeLibraryTest, FindsTheRuntimeThroughManifests) {
  ScratchDir dir;
  writeBytes(dir.path("fake.json"),
             "{\"name\": \"fake\", \"targets\": [\"fake:v1\"], "
             "\"runtime_library\": \"" +
                 fakeLibrary("normal") + "\"}");
  writeBytes(dir.path("wrong.json"),
             "{\"runtime_kind\": \"wrong\", \"runtime_library\": \"" +
                 fakeLibrary("normal") + "\"}");
  std::string error;
  std::shared_ptr<RuntimeLibrary> library =
      loadRuntimeForKind({dir.str()}, "fake", error);
  ASSERT_TRUE(library) << error;
  EXPECT_EQ(library->targetKind(), "fake");
  // A manifest that names a runtime of another kind is caught after loading.
  EXPECT_EQ(loadRuntimeForKind({dir.str()}, "wrong", error), nullptr);
  EXPECT_EQ(error, "runtime library '" + fakeLibrary("normal") +
                       "' runs 'fake' kernels, not 'wrong'; fix the manifest "
                       "that names it");
  EXPECT_EQ(loadRuntimeForKind({dir.str()}, "gpu", error), nullptr);
  EXPECT_EQ(error, "no plugin provides a runtime for target kind 'gpu' "
                   "(searched " +
                       dir.str() +
                       "); install the plugin or add its directory to the "
                       "search path");
}

TEST(RuntimeSessionTest, ReportsDeviceProblems) {
  std::string error;
  auto open = [&](const std::string &variant, int32_t index) {
    std::shared_ptr<RuntimeLibrary> library =
        RuntimeLibrary::load(fakeLibrary(variant), "fake", error);
    EXPECT_TRUE(library) << error;
    return RuntimeSession::open(library, index, error);
  };
  EXPECT_EQ(open("no_device", 0), nullptr);
  EXPECT_EQ(error, "no 'fake' device is usable: the fake driver is not "
                   "installed; install it or pick another target");
  EXPECT_EQ(open("zero_devices", 0), nullptr);
  EXPECT_EQ(error, "the 'fake' runtime found no device; check that one is "
                   "installed and visible to this process");
  EXPECT_EQ(open("normal", 2), nullptr);
  EXPECT_EQ(error, "device 2 was requested, but the 'fake' runtime found 2 "
                   "devices; pick one from 0 to 1");
  EXPECT_EQ(open("normal", -1), nullptr);
  EXPECT_EQ(error, "device -1 was requested, but the 'fake' runtime found 2 "
                   "devices; pick one from 0 to 1");
  EXPECT_EQ(open("normal", 1), nullptr);
  EXPECT_EQ(error, "cannot open 'fake' device 1: fake device 1 is busy; use "
                   "device 0");
  EXPECT_EQ(RuntimeSession::open(nullptr, 0, error), nullptr);
  EXPECT_EQ(error, "no runtime library was given; load one first");
  std::unique_ptr<RuntimeSession> session = open("normal", 0);
  ASSERT_TRUE(session) << error;
  EXPECT_EQ(session->deviceCount(), 2);
  EXPECT_EQ(session->deviceIndex(), 0);
}

class FakeRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    writeBytes(dir.path("fake.json"),
               "{\"targets\": [\"fake\"], \"runtime_library\": \"" +
                   fakeLibrary("normal") + "\"}");
    std::string error;
    library = loadRuntimeForKind({dir.str()}, "fake", error);
    ASSERT_TRUE(library) << error;
    session = RuntimeSession::open(library, 0, error);
    ASSERT_TRUE(session) << error;
  }

  /// A bundle for fake kernel `name`, written to and read back from disk.
  Bundle bundleFor(const std::string &name,
                   std::vector<BundleParameter> signature) {
    Bundle bundle = makeVaddBundle();
    bundle.kernelName = name;
    bundle.binary = "FAKE:" + name;
    bundle.signature = std::move(signature);
    std::string error;
    std::string path = dir.path(name + ".tkb");
    EXPECT_TRUE(bundle.writeFile(path, error)) << error;
    std::optional<Bundle> read = Bundle::readFile(path, error);
    EXPECT_TRUE(read) << error;
    return read ? *read : bundle;
  }

  std::string npy(const std::string &name, const NpyArray &array) {
    std::string path = dir.path(name);
    std::string error;
    EXPECT_TRUE(writeNpy(path, array, error)) << error;
    return path;
  }

  ScratchDir dir;
  std::shared_ptr<RuntimeLibrary> library;
  std::unique_ptr<RuntimeSession> session;
};

TEST_F(FakeRuntimeTest, RunsVaddEndToEnd) {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 1000.0f - i;
  }
  std::string xPath = npy("x.npy", makeArray(ElementType::F32, x));
  std::string yPath = npy("y.npy", makeArray(ElementType::F32, y));
  Bundle bundle = bundleFor("vadd", makeVaddBundle().signature);

  std::string error;
  std::optional<std::vector<HostArgument>> args = prepareArguments(
      specs({"x=@" + xPath, "y=@" + yPath, "out=zeros:f32:" + std::to_string(n),
             "n=i32:" + std::to_string(n)}),
      bundle, error);
  ASSERT_TRUE(args) << error;
  std::string outPath = dir.path("out.npy");
  std::vector<SaveSpec> saves = {{"out", outPath}};
  ASSERT_TRUE(checkSaves(saves, *args, error)) << error;

  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(bundle, error);
  ASSERT_TRUE(kernel) << error;
  EXPECT_EQ(kernel->name(), "vadd");
  std::optional<std::array<uint32_t, 3>> grid =
      parseGrid(std::to_string((n + 63) / 64), error);
  ASSERT_TRUE(grid) << error;
  ASSERT_TRUE(session->run(*kernel, *grid, *args, error)) << error;
  ASSERT_TRUE(saveOutputs(saves, *args, error)) << error;

  std::optional<NpyArray> out = readNpy(outPath, error);
  ASSERT_TRUE(out) << error;
  EXPECT_EQ(out->type, ElementType::F32);
  EXPECT_EQ(out->shape, (std::vector<int64_t>{n}));
  std::vector<float> result = values<float>(*out);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(result[i], x[i] + y[i]) << i;
  // Inputs are copied back too, unchanged.
  EXPECT_EQ(values<float>((*args)[0].buffer), x);
}

/// The launch arguments of vadd over host arrays passed as raw addresses.
std::vector<TridentArg> rawVaddArgs(std::vector<float> &x,
                                    std::vector<float> &y,
                                    std::vector<float> &out) {
  std::vector<TridentArg> args(4);
  float *pointers[] = {x.data(), y.data(), out.data()};
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TRIDENT_ARG_ADDRESS;
    args[i].value.i =
        static_cast<int64_t>(reinterpret_cast<uintptr_t>(pointers[i]));
  }
  args[3].kind = TRIDENT_ARG_I32;
  args[3].value.i = static_cast<int64_t>(out.size());
  return args;
}

TEST_F(FakeRuntimeTest, LaunchesOnRawAddresses) {
  const int n = 300;
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.25f * i;
    y[i] = 7.0f - i;
  }
  Bundle bundle = bundleFor("vadd", makeVaddBundle().signature);
  std::string error;
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(bundle, error);
  ASSERT_TRUE(kernel) << error;
  std::vector<TridentArg> args = rawVaddArgs(x, y, out);
  ASSERT_TRUE(session->launch(*kernel, {(n + 63) / 64, 1, 1}, args, error))
      << error;
  ASSERT_TRUE(session->synchronize(error)) << error;
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], x[i] + y[i]) << i;

  // A raw address stands for a pointer only, never for a scalar.
  args[3].kind = TRIDENT_ARG_ADDRESS;
  EXPECT_FALSE(session->launch(*kernel, {1, 1, 1}, args, error));
  EXPECT_EQ(error, "cannot launch kernel 'vadd': argument 4 is raw address, "
                   "the kernel expects i32");
}

TEST(RuntimeLibraryTest, AcceptsAVersion1_0Api) {
  // A runtime built before launch_on_stream is whole: it launches buffers,
  // and refuses raw addresses, which it does not know, with a reason.
  std::string error;
  std::shared_ptr<RuntimeLibrary> library =
      RuntimeLibrary::load(fakeLibrary("v1_0"), "fake", error);
  ASSERT_TRUE(library) << error;
  EXPECT_EQ(library->api().struct_size, TRIDENT_RUNTIME_API_V1_0_SIZE);
  std::unique_ptr<RuntimeSession> session =
      RuntimeSession::open(library, 0, error);
  ASSERT_TRUE(session) << error;
  Bundle bundle = makeVaddBundle();
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(bundle, error);
  ASSERT_TRUE(kernel) << error;
  std::vector<float> x(64, 1.0f), y(64, 2.0f), out(64, 0.0f);
  std::vector<TridentArg> args = rawVaddArgs(x, y, out);
  EXPECT_FALSE(session->launch(*kernel, {1, 1, 1}, args, error));
  EXPECT_EQ(error, "cannot launch kernel 'vadd': argument 1 is a raw address, "
                   "which " +
                       fakeLibrary("v1_0") +
                       " does not take (it predates TRIDENT_ARG_ADDRESS); "
                       "pass a buffer, or rebuild the plugin against this "
                       "Trident");
  EXPECT_EQ(out, std::vector<float>(64, 0.0f));
}

TEST_F(FakeRuntimeTest, RunsBF16AndHalfScalars) {
  const int n = 100;
  std::vector<uint16_t> bits(n);
  for (int i = 0; i < n; ++i)
    bits[i] = toBF16Bits(0.25 * i - 3);
  std::string xPath = npy("x.npy", makeArray(ElementType::U16, bits));
  Bundle scale =
      bundleFor("scale_bf16", {{TRIDENT_ARG_POINTER, "bf16", 16, "x"},
                               {TRIDENT_ARG_POINTER, "bf16", 16, "out"},
                               {TRIDENT_ARG_F32, "", 1, "s"},
                               {TRIDENT_ARG_I32, "", 1, "n"}});
  std::string error;
  std::optional<std::vector<HostArgument>> args =
      prepareArguments(specs({"x=@" + xPath + ":bf16", "out=zeros:bf16:10x10",
                              "s=f32:2", "n=i32:100"}),
                       scale, error);
  ASSERT_TRUE(args) << error;
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(scale, error);
  ASSERT_TRUE(kernel) << error;
  ASSERT_TRUE(session->run(*kernel, {2, 1, 1}, *args, error)) << error;
  std::string outPath = dir.path("scaled.npy");
  ASSERT_TRUE(saveOutputs({{"out", outPath}}, *args, error)) << error;
  std::optional<NpyArray> out = readNpy(outPath, error);
  ASSERT_TRUE(out) << error;
  EXPECT_EQ(out->type, ElementType::U16); // bf16 saved as uint16 bits.
  EXPECT_EQ(out->shape, (std::vector<int64_t>{10, 10}));
  std::vector<uint16_t> scaled = values<uint16_t>(*out);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(fromBF16Bits(scaled[i]), 2 * (0.25 * i - 3)) << i;

  Bundle fill = bundleFor("fill_f16", {{TRIDENT_ARG_POINTER, "f16", 16, "out"},
                                       {TRIDENT_ARG_F16, "", 1, "v"},
                                       {TRIDENT_ARG_I32, "", 1, "n"}});
  args = prepareArguments(specs({"out=zeros:f16:70", "v=f16:0.1", "n=i32:70"}),
                          fill, error);
  ASSERT_TRUE(args) << error;
  kernel = session->loadKernel(fill, error);
  ASSERT_TRUE(kernel) << error;
  ASSERT_TRUE(session->run(*kernel, {2, 1, 1}, *args, error)) << error;
  EXPECT_EQ(values<uint16_t>((*args)[0].buffer),
            std::vector<uint16_t>(70, 0x2e66));
}

TEST_F(FakeRuntimeTest, RunsATwoDimensionalGrid) {
  Bundle fill = bundleFor("fill_2d", {{TRIDENT_ARG_POINTER, "f64", 16, "out"},
                                      {TRIDENT_ARG_F64, "", 1, "v"},
                                      {TRIDENT_ARG_I64, "", 1, "stride"}});
  std::string error;
  std::optional<std::vector<HostArgument>> args = prepareArguments(
      specs({"out=zeros:f64:3x4", "v=f64:0.5", "stride=i64:4"}), fill, error);
  ASSERT_TRUE(args) << error;
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(fill, error);
  ASSERT_TRUE(kernel) << error;
  std::optional<std::array<uint32_t, 3>> grid = parseGrid("4,3", error);
  ASSERT_TRUE(grid) << error;
  ASSERT_TRUE(session->run(*kernel, *grid, *args, error)) << error;
  std::vector<double> out = values<double>((*args)[0].buffer);
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(out[i], 0.5 * i);
}

TEST_F(FakeRuntimeTest, HandsTheImageToTheRuntime) {
  Bundle info = bundleFor("image_info", {{TRIDENT_ARG_POINTER, "i32", 1, ""}});
  std::string error;
  std::optional<std::vector<HostArgument>> args =
      prepareArguments(specs({"o=zeros:i32:7"}), info, error);
  ASSERT_TRUE(args) << error;
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(info, error);
  ASSERT_TRUE(kernel) << error;
  EXPECT_EQ(kernel->image().struct_size, sizeof(TridentKernelImage));
  EXPECT_STREQ(kernel->image().target, "fake:v1");
  ASSERT_TRUE(session->run(*kernel, {3, 2, 1}, *args, error)) << error;
  EXPECT_EQ(values<int32_t>((*args)[0].buffer),
            (std::vector<int32_t>{8, 32, 4096, 1, 3, 2, 1}));
}

TEST_F(FakeRuntimeTest, ReportsKernelProblems) {
  std::string error;
  Bundle vadd = makeVaddBundle();
  Bundle cpu = vadd;
  cpu.target = "cpu";
  EXPECT_EQ(session->loadKernel(cpu, error), nullptr);
  EXPECT_EQ(error, "kernel 'vadd' was compiled for 'cpu', but this runtime "
                   "runs 'fake' kernels; run it with --target cpu or "
                   "recompile it for fake");
  Bundle unknown = vadd;
  unknown.kernelName = "nope";
  unknown.binary = "FAKE:nope";
  EXPECT_EQ(session->loadKernel(unknown, error), nullptr);
  EXPECT_EQ(error, "cannot load kernel 'nope' on the 'fake' device: the fake "
                   "runtime has no kernel 'nope'");
  Bundle garbled = vadd;
  garbled.binary = "\x7f"
                   "ELF";
  EXPECT_EQ(session->loadKernel(garbled, error), nullptr);
  EXPECT_EQ(error, "cannot load kernel 'vadd' on the 'fake' device: the binary "
                   "of kernel 'vadd' is not a fake binary; recompile it for "
                   "fake");

  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(vadd, error);
  ASSERT_TRUE(kernel) << error;
  std::optional<std::vector<HostArgument>> args = prepareArguments(
      specs({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4", "n=i32:4"}),
      vadd, error);
  ASSERT_TRUE(args) << error;
  std::optional<DeviceArguments> device = session->upload(*args, error);
  ASSERT_TRUE(device) << error;
  EXPECT_FALSE(session->launch(*kernel, {1, 0, 1}, device->args, error));
  EXPECT_EQ(error, "cannot launch kernel 'vadd' over the grid 1x0x1: every "
                   "grid size must be at least 1");
  std::vector<TridentArg> three(device->args.begin(), device->args.end() - 1);
  EXPECT_FALSE(session->launch(*kernel, {1, 1, 1}, three, error));
  EXPECT_EQ(error, "cannot launch kernel 'vadd': it takes 4 arguments, got 3");
  std::vector<TridentArg> swapped = device->args;
  std::swap(swapped[2], swapped[3]);
  EXPECT_FALSE(session->launch(*kernel, {1, 1, 1}, swapped, error));
  EXPECT_EQ(error, "cannot launch kernel 'vadd': argument 3 is i32, the "
                   "kernel expects pointer");

  Bundle failing = bundleFor("fail", {});
  std::unique_ptr<LoadedKernel> fail = session->loadKernel(failing, error);
  ASSERT_TRUE(fail) << error;
  EXPECT_FALSE(session->launch(*fail, {1, 1, 1}, {}, error));
  EXPECT_EQ(error, "cannot launch kernel 'fail' on the 'fake' device: fake "
                   "kernel 'fail' failed on purpose; do not launch it");
}

TEST_F(FakeRuntimeTest, ReportsBufferProblems) {
  std::string error;
  EXPECT_EQ(session->allocate(uint64_t(1) << 33, error), nullptr);
  EXPECT_EQ(error, "cannot allocate 8589934592 bytes on the 'fake' device: "
                   "fake devices hold at most 4 GiB; use smaller buffers");
  std::unique_ptr<DeviceBuffer> buffer = session->allocate(16, error);
  ASSERT_TRUE(buffer) << error;
  char host[32] = {};
  EXPECT_FALSE(session->copyToDevice(*buffer, host, 32, error));
  EXPECT_EQ(error, "cannot copy 32 bytes into a buffer of 16 bytes");
  EXPECT_FALSE(session->copyToHost(*buffer, host, 32, error));
  EXPECT_EQ(error, "cannot copy 32 bytes out of a buffer of 16 bytes");
  std::memset(host, 7, 16);
  ASSERT_TRUE(session->copyToDevice(*buffer, host, 16, error)) << error;
  char back[16] = {};
  ASSERT_TRUE(session->copyToHost(*buffer, back, 16, error)) << error;
  EXPECT_EQ(std::memcmp(host, back, 16), 0);
  // Buffers and kernels keep the device open after the session is gone.
  std::unique_ptr<LoadedKernel> kernel =
      session->loadKernel(makeVaddBundle(), error);
  ASSERT_TRUE(kernel) << error;
  session.reset();
  buffer.reset();
  kernel.reset();
}

TEST_F(FakeRuntimeTest, BenchmarksLaunches) {
  Bundle sleep = bundleFor("sleep_ms", {{TRIDENT_ARG_I32, "", 1, "ms"}});
  std::string error;
  std::unique_ptr<LoadedKernel> kernel = session->loadKernel(sleep, error);
  ASSERT_TRUE(kernel) << error;
  std::optional<std::vector<HostArgument>> args =
      prepareArguments(specs({"ms=i32:2"}), sleep, error);
  ASSERT_TRUE(args) << error;
  std::optional<DeviceArguments> device = session->upload(*args, error);
  ASSERT_TRUE(device) << error;
  std::optional<BenchResult> bench =
      session->bench(*kernel, {1, 1, 1}, device->args, 2, 5, error);
  ASSERT_TRUE(bench) << error;
  EXPECT_EQ(bench->warmup, 2u);
  ASSERT_EQ(bench->samplesMs.size(), 5u);
  EXPECT_GE(bench->medianMs, 1.9);
  EXPECT_LE(bench->minMs, bench->medianMs);
  EXPECT_LE(bench->medianMs, bench->maxMs);
  EXPECT_FALSE(session->bench(*kernel, {1, 1, 1}, device->args, 1, 0, error));
  EXPECT_EQ(error, "cannot benchmark kernel 'sleep_ms' with 0 timed runs; ask "
                   "for at least one");
}

} // namespace

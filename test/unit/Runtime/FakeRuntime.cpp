//===- FakeRuntime.cpp - A host-only runtime library for tests ------------===//
//
// A runtime library implementing trident-c/Runtime.h on the host, for the
// end-to-end tests of libTridentRuntime (bundle -> arguments -> launch ->
// save). Its target kind is "fake"; its "kernels" are host functions looked
// up by kernel name, and a bundle's binary must read "FAKE:<kernel name>".
// Compiled once per FAKE_VARIANT_* macro into libraries that are broken in
// one way each, to test how the host refuses them.
//
//===----------------------------------------------------------------------===//

#include "trident-c/Runtime.h"

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

struct TridentDevice {
  int32_t index;
};

struct TridentBuffer {
  std::vector<unsigned char> bytes;
};

namespace {

struct FakeKernel;

} // namespace

struct TridentKernel {
  const FakeKernel *kernel;
  TridentKernelImage image;
  std::vector<uint32_t> kinds;
};

namespace {

using KernelFn = TridentStatus *(*)(const TridentKernel &kernel,
                                    const uint32_t pid[3],
                                    const uint32_t grid[3],
                                    const TridentArg *args);

struct FakeKernel {
  const char *name;
  KernelFn fn;
};

constexpr uint32_t kBlock = 64;

TridentStatus *makeStatus(const std::string &message) {
  TridentStatus *status = new TridentStatus;
  status->code = 1;
  char *copy = static_cast<char *>(std::malloc(message.size() + 1));
  std::memcpy(copy, message.c_str(), message.size() + 1);
  status->message = copy;
  return status;
}

void releaseStatus(TridentStatus *status) {
  if (!status)
    return;
  std::free(const_cast<char *>(status->message));
  delete status;
}

/// A pointer argument's memory: a buffer of this runtime, or a raw address
/// of the caller's (TRIDENT_ARG_ADDRESS).
template <typename T> T *data(const TridentArg &arg) {
  if (arg.kind == TRIDENT_ARG_ADDRESS)
    return reinterpret_cast<T *>(static_cast<uintptr_t>(arg.value.i));
  return reinterpret_cast<T *>(arg.value.buffer->bytes.data());
}

float bf16ToFloat(uint16_t bits) {
  uint32_t wide = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &wide, sizeof(value));
  return value;
}

uint16_t floatToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

/// vadd(x: *f32, y: *f32, out: *f32, n: i32), kBlock elements per program.
TridentStatus *vadd(const TridentKernel &, const uint32_t pid[3],
                    const uint32_t *, const TridentArg *args) {
  const float *x = data<float>(args[0]);
  const float *y = data<float>(args[1]);
  float *out = data<float>(args[2]);
  int64_t n = args[3].value.i;
  for (int64_t i = int64_t(pid[0]) * kBlock;
       i < n && i < int64_t(pid[0] + 1) * kBlock; ++i)
    out[i] = x[i] + y[i];
  return nullptr;
}

/// scale_bf16(x: *bf16, out: *bf16, s: f32, n: i32).
TridentStatus *scaleBF16(const TridentKernel &, const uint32_t pid[3],
                         const uint32_t *, const TridentArg *args) {
  const uint16_t *x = data<uint16_t>(args[0]);
  uint16_t *out = data<uint16_t>(args[1]);
  float s = args[2].value.f32;
  int64_t n = args[3].value.i;
  for (int64_t i = int64_t(pid[0]) * kBlock;
       i < n && i < int64_t(pid[0] + 1) * kBlock; ++i)
    out[i] = floatToBF16(bf16ToFloat(x[i]) * s);
  return nullptr;
}

/// fill_f16(out: *f16, v: f16, n: i32): writes v's bits.
TridentStatus *fillF16(const TridentKernel &, const uint32_t pid[3],
                       const uint32_t *, const TridentArg *args) {
  uint16_t *out = data<uint16_t>(args[0]);
  int64_t n = args[2].value.i;
  for (int64_t i = int64_t(pid[0]) * kBlock;
       i < n && i < int64_t(pid[0] + 1) * kBlock; ++i)
    out[i] = args[1].value.bits16;
  return nullptr;
}

/// fill_2d(out: *f64, v: f64, i64 stride): program (x, y) writes
/// out[y * stride + x] = v * (y * stride + x).
TridentStatus *fill2D(const TridentKernel &, const uint32_t pid[3],
                      const uint32_t *, const TridentArg *args) {
  double *out = data<double>(args[0]);
  int64_t index = int64_t(pid[1]) * args[2].value.i + pid[0];
  out[index] = args[1].value.f64 * static_cast<double>(index);
  return nullptr;
}

/// image_info(out: *i32): what load_kernel received and the grid.
TridentStatus *imageInfo(const TridentKernel &kernel, const uint32_t pid[3],
                         const uint32_t grid[3], const TridentArg *args) {
  if (pid[0] || pid[1] || pid[2])
    return nullptr;
  int32_t *out = data<int32_t>(args[0]);
  out[0] = static_cast<int32_t>(kernel.image.num_warps);
  out[1] = static_cast<int32_t>(kernel.image.threads_per_warp);
  out[2] = static_cast<int32_t>(kernel.image.shared_bytes);
  out[3] = static_cast<int32_t>(kernel.image.num_args);
  out[4] = static_cast<int32_t>(grid[0]);
  out[5] = static_cast<int32_t>(grid[1]);
  out[6] = static_cast<int32_t>(grid[2]);
  return nullptr;
}

/// sleep_ms(ms: i32): sleeps once per launch.
TridentStatus *sleepMs(const TridentKernel &, const uint32_t pid[3],
                       const uint32_t *, const TridentArg *args) {
  if (pid[0] == 0 && pid[1] == 0 && pid[2] == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(args[0].value.i));
  return nullptr;
}

/// fail(): always fails.
TridentStatus *failKernel(const TridentKernel &, const uint32_t *,
                          const uint32_t *, const TridentArg *) {
  return makeStatus("fake kernel 'fail' failed on purpose; do not launch it");
}

constexpr FakeKernel kKernels[] = {
    {"vadd", vadd},       {"scale_bf16", scaleBF16}, {"fill_f16", fillF16},
    {"fill_2d", fill2D},  {"image_info", imageInfo}, {"sleep_ms", sleepMs},
    {"fail", failKernel},
};

TridentStatus *probe(int32_t *count) {
#if defined(FAKE_VARIANT_NO_DEVICE)
  *count = 0;
  return makeStatus("the fake driver is not installed; install it or pick "
                    "another target");
#elif defined(FAKE_VARIANT_ZERO_DEVICES)
  *count = 0;
  return nullptr;
#else
  *count = 2;
  return nullptr;
#endif
}

TridentStatus *openDevice(int32_t index, TridentDevice **device) {
  if (index == 1)
    return makeStatus("fake device 1 is busy; use device 0");
  *device = new TridentDevice{index};
  return nullptr;
}

void closeDevice(TridentDevice *device) { delete device; }

TridentStatus *alloc(TridentDevice *, uint64_t bytes, TridentBuffer **buffer) {
  if (bytes > (uint64_t(1) << 32))
    return makeStatus("fake devices hold at most 4 GiB; use smaller buffers");
  *buffer = new TridentBuffer{std::vector<unsigned char>(bytes, 0xab)};
  return nullptr;
}

void freeBuffer(TridentBuffer *buffer) { delete buffer; }

TridentStatus *copyToDevice(TridentBuffer *buffer, const void *host,
                            uint64_t bytes) {
  if (bytes > buffer->bytes.size())
    return makeStatus("copy larger than the buffer");
  std::memcpy(buffer->bytes.data(), host, bytes);
  return nullptr;
}

TridentStatus *copyToHost(TridentBuffer *buffer, void *host, uint64_t bytes) {
  if (bytes > buffer->bytes.size())
    return makeStatus("copy larger than the buffer");
  std::memcpy(host, buffer->bytes.data(), bytes);
  return nullptr;
}

TridentStatus *loadKernel(TridentDevice *, const TridentKernelImage *image,
                          TridentKernel **kernel) {
  if (image->struct_size < sizeof(TridentKernelImage))
    return makeStatus("kernel image too small");
  std::string expected = std::string("FAKE:") + image->kernel_name;
  if (image->binary_size != expected.size() ||
      std::memcmp(image->binary, expected.data(), expected.size()) != 0)
    return makeStatus("the binary of kernel '" +
                      std::string(image->kernel_name) +
                      "' is not a fake binary; recompile it for fake");
  for (const FakeKernel &candidate : kKernels) {
    if (std::strcmp(candidate.name, image->kernel_name) != 0)
      continue;
    TridentKernel *loaded = new TridentKernel;
    loaded->kernel = &candidate;
    loaded->image = *image;
    loaded->kinds.assign(image->arg_kinds, image->arg_kinds + image->num_args);
    loaded->image.arg_kinds = loaded->kinds.data();
    loaded->image.kernel_name = candidate.name;
    *kernel = loaded;
    return nullptr;
  }
  return makeStatus("the fake runtime has no kernel '" +
                    std::string(image->kernel_name) + "'");
}

void unloadKernel(TridentKernel *kernel) { delete kernel; }

TridentStatus *launch(TridentKernel *kernel, const uint32_t grid[3],
                      const TridentArg *args, uint32_t numArgs) {
  if (numArgs != kernel->kinds.size())
    return makeStatus("wrong number of arguments");
  for (uint32_t i = 0; i < numArgs; ++i)
    if (args[i].kind != kernel->kinds[i] &&
        !(args[i].kind == TRIDENT_ARG_ADDRESS &&
          kernel->kinds[i] == TRIDENT_ARG_POINTER))
      return makeStatus("wrong argument kind");
  uint32_t pid[3];
  for (pid[2] = 0; pid[2] < grid[2]; ++pid[2])
    for (pid[1] = 0; pid[1] < grid[1]; ++pid[1])
      for (pid[0] = 0; pid[0] < grid[0]; ++pid[0])
        if (TridentStatus *status =
                kernel->kernel->fn(*kernel, pid, grid, args))
          return status;
  return nullptr;
}

/// The fake device has no streams: every launch is done when it returns.
TridentStatus *launchOnStream(TridentKernel *kernel, const uint32_t grid[3],
                              const TridentArg *args, uint32_t numArgs,
                              void *) {
  return launch(kernel, grid, args, numArgs);
}

TridentStatus *synchronize(TridentDevice *) { return nullptr; }

TridentRuntimeApi makeApi() {
  TridentRuntimeApi api;
  std::memset(&api, 0, sizeof(api));
  api.struct_size = sizeof(TridentRuntimeApi);
  api.version = TRIDENT_RUNTIME_ABI_VERSION;
  api.target_kind = "fake";
  api.probe = probe;
  api.open_device = openDevice;
  api.close_device = closeDevice;
  api.alloc = alloc;
  api.free_buffer = freeBuffer;
  api.copy_to_device = copyToDevice;
  api.copy_to_host = copyToHost;
  api.load_kernel = loadKernel;
  api.unload_kernel = unloadKernel;
  api.launch = launch;
  api.synchronize = synchronize;
  api.release_status = releaseStatus;
  api.launch_on_stream = launchOnStream;
#if defined(FAKE_VARIANT_BAD_VERSION)
  api.version = TRIDENT_RUNTIME_ABI_VERSION + 1;
#elif defined(FAKE_VARIANT_SMALL)
  api.struct_size = 40;
#elif defined(FAKE_VARIANT_NULL_LAUNCH)
  api.launch = nullptr;
#elif defined(FAKE_VARIANT_V1_0)
  // A runtime built before launch_on_stream (and raw addresses) existed.
  api.struct_size = TRIDENT_RUNTIME_API_V1_0_SIZE;
  api.launch_on_stream = nullptr;
#endif
  return api;
}

const TridentRuntimeApi kApi = makeApi();

} // namespace

#if defined(FAKE_VARIANT_NO_ENTRY)
extern "C" TRIDENT_PLUGIN_EXPORT const TridentRuntimeApi *
trident_runtime_entry_misspelt(void) {
  return &kApi;
}
#elif defined(FAKE_VARIANT_NULL_API)
extern "C" TRIDENT_PLUGIN_EXPORT const TridentRuntimeApi *
trident_runtime_entry(void) {
  return nullptr;
}
#else
extern "C" TRIDENT_PLUGIN_EXPORT const TridentRuntimeApi *
trident_runtime_entry(void) {
  return &kApi;
}
#endif

//===- CudaRuntime.cpp - Runs nvidia kernels through the CUDA driver ------===//
//
// TridentRuntimeApi for the nvidia target, without LLVM, MLIR or the CUDA
// toolkit:
//
//   driver    libcuda.so.1, opened with dlopen on first use; every entry
//             point is looked up by name and every CUresult is turned into
//             "cuXxx failed: CUDA_ERROR_... (the driver's own words)"
//   devices   the driver's ordinals; TRIDENT_CUDA_DEVICE=N restricts the
//             runtime to device N (it is then device 0 here)
//   context   the device's primary context, with one stream per device
//   kernels   the bundle's cubin, loaded with cuModuleLoadData; kernels
//             that need more than 48 KB of dynamic shared memory opt in
//             with cuFuncSetAttribute
//   launches  cuLaunchKernel on the device's stream, or on the caller's
//             CUstream (launch_on_stream): grid = the program grid, block =
//             num_warps x threads_per_warp threads, dynamic shared memory =
//             the bundle's shared bytes; arguments checked against the
//             bundle's signature first; a pointer parameter takes a buffer
//             or a raw CUdeviceptr of the caller's (TRIDENT_ARG_ADDRESS)
//
//===----------------------------------------------------------------------===//

#include "CudaRuntime.h"
#include "trident/Runtime/RuntimeSupport.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

// The few driver API types and constants used here (cuda.h, CUDA 12 ABI).
typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;

namespace {
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
constexpr uint32_t kDefaultSharedLimit = 48 * 1024;
} // namespace

struct TridentDevice {
  int32_t index;
  CUdevice device;
  CUcontext context;
  CUstream stream;
  std::string name;
  int major, minor;
  int sharedOptin;
};

struct TridentBuffer {
  TridentDevice *device;
  CUdeviceptr pointer;
  uint64_t bytes;
};

struct TridentKernel {
  TridentDevice *device;
  CUmodule module;
  CUfunction function;
  std::string name;
  std::vector<uint32_t> argKinds;
  uint32_t threads;
  uint32_t sharedBytes;
};

namespace {

using namespace trident::runtime_support;

//===----------------------------------------------------------------------===//
// The driver, opened lazily
//===----------------------------------------------------------------------===//

struct Driver {
  void *library = nullptr;
  std::string loadError; // why the driver cannot be used, if it cannot

#define TRIDENT_CUDA_FUNCTIONS(X)                                              \
  X(cuInit, CUresult (*)(unsigned))                                            \
  X(cuGetErrorName, CUresult (*)(CUresult, const char **))                     \
  X(cuGetErrorString, CUresult (*)(CUresult, const char **))                   \
  X(cuDeviceGetCount, CUresult (*)(int *))                                     \
  X(cuDeviceGet, CUresult (*)(CUdevice *, int))                                \
  X(cuDeviceGetName, CUresult (*)(char *, int, CUdevice))                      \
  X(cuDeviceGetAttribute, CUresult (*)(int *, int, CUdevice))                  \
  X(cuDevicePrimaryCtxRetain, CUresult (*)(CUcontext *, CUdevice))             \
  X(cuDevicePrimaryCtxRelease, CUresult (*)(CUdevice), "_v2")                  \
  X(cuCtxSetCurrent, CUresult (*)(CUcontext))                                  \
  X(cuStreamCreate, CUresult (*)(CUstream *, unsigned))                        \
  X(cuStreamDestroy, CUresult (*)(CUstream), "_v2")                            \
  X(cuStreamSynchronize, CUresult (*)(CUstream))                               \
  X(cuMemAlloc, CUresult (*)(CUdeviceptr *, size_t), "_v2")                    \
  X(cuMemFree, CUresult (*)(CUdeviceptr), "_v2")                               \
  X(cuMemsetD8Async, CUresult (*)(CUdeviceptr, unsigned char, size_t,          \
                                  CUstream))                                   \
  X(cuMemcpyHtoDAsync,                                                         \
    CUresult (*)(CUdeviceptr, const void *, size_t, CUstream), "_v2")          \
  X(cuMemcpyDtoHAsync, CUresult (*)(void *, CUdeviceptr, size_t, CUstream),    \
    "_v2")                                                                     \
  X(cuModuleLoadData, CUresult (*)(CUmodule *, const void *))                  \
  X(cuModuleUnload, CUresult (*)(CUmodule))                                    \
  X(cuModuleGetFunction, CUresult (*)(CUfunction *, CUmodule, const char *))   \
  X(cuFuncSetAttribute, CUresult (*)(CUfunction, int, int))                    \
  X(cuLaunchKernel,                                                            \
    CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned,           \
                 unsigned, unsigned, unsigned, CUstream, void **, void **))

#define TRIDENT_CUDA_MEMBER(name, type, ...)                                   \
  using name##Fn = type;                                                       \
  name##Fn name = nullptr;
  TRIDENT_CUDA_FUNCTIONS(TRIDENT_CUDA_MEMBER)
#undef TRIDENT_CUDA_MEMBER
};

/// The versioned symbol of a driver function: `suffix` when given.
const char *symbolSuffix() { return ""; }
const char *symbolSuffix(const char *suffix) { return suffix; }

Driver &getDriver() {
  static Driver driver;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *path = "libcuda.so.1";
    driver.library = ::dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!driver.library) {
      const char *why = ::dlerror();
      driver.loadError = std::string("the CUDA driver (libcuda.so.1) cannot "
                                     "be loaded: ") +
                         (why ? why : "dlopen failed") +
                         "; install the NVIDIA driver to run nvidia kernels";
      return;
    }
#define TRIDENT_CUDA_LOOKUP(name, type, ...)                                   \
  {                                                                            \
    std::string symbol =                                                       \
        std::string(#name) + symbolSuffix(__VA_ARGS__);                        \
    driver.name = reinterpret_cast<type>(::dlsym(driver.library,              \
                                                 symbol.c_str()));             \
    if (!driver.name && driver.loadError.empty())                              \
      driver.loadError = "the CUDA driver (libcuda.so.1) has no '" + symbol +  \
                         "': the driver is too old; update it";                \
  }
    TRIDENT_CUDA_FUNCTIONS(TRIDENT_CUDA_LOOKUP)
#undef TRIDENT_CUDA_LOOKUP
    if (!driver.loadError.empty())
      return;
    CUresult result = driver.cuInit(0);
    if (result == CUDA_ERROR_NO_DEVICE) {
      driver.loadError = "the CUDA driver found no GPU (cuInit: "
                         "CUDA_ERROR_NO_DEVICE)";
    } else if (result != CUDA_SUCCESS) {
      const char *name = nullptr, *text = nullptr;
      driver.cuGetErrorName(result, &name);
      driver.cuGetErrorString(result, &text);
      driver.loadError = std::string("cuInit failed: ") +
                         (name ? name : "CUDA error " + std::to_string(result)) +
                         (text ? std::string(" (") + text + ")" : "");
    }
  });
  return driver;
}

/// "what failed: CUDA_ERROR_X (the driver's description)".
std::string describe(const char *what, CUresult result) {
  Driver &driver = getDriver();
  const char *name = nullptr, *text = nullptr;
  if (driver.cuGetErrorName)
    driver.cuGetErrorName(result, &name);
  if (driver.cuGetErrorString)
    driver.cuGetErrorString(result, &text);
  std::string message = std::string(what) + " failed: ";
  message += name ? name : "CUDA error " + std::to_string(result);
  if (text)
    message += std::string(" (") + text + ")";
  return message;
}

/// A status for a failed driver call, or nullptr on success.
TridentStatus *check(CUresult result, const char *what) {
  if (result == CUDA_SUCCESS)
    return nullptr;
  return makeStatus(describe(what, result));
}

#define TRIDENT_CUDA_CHECK(call)                                               \
  do {                                                                         \
    if (TridentStatus *status_ = check(getDriver().call, #call))               \
      return status_;                                                          \
  } while (false)

/// The ordinal TRIDENT_CUDA_DEVICE names, -1 when unset; -2 when malformed.
int getForcedOrdinal() {
  const char *value = std::getenv("TRIDENT_CUDA_DEVICE");
  if (!value || !*value)
    return -1;
  char *end = nullptr;
  long ordinal = std::strtol(value, &end, 10);
  if (*end || ordinal < 0 || ordinal > 1 << 20)
    return -2;
  return int(ordinal);
}

//===----------------------------------------------------------------------===//
// The API
//===----------------------------------------------------------------------===//

TridentStatus *probe(int32_t *count) {
  *count = 0;
  Driver &driver = getDriver();
  if (!driver.loadError.empty())
    return makeStatus(driver.loadError);
  int devices = 0;
  TRIDENT_CUDA_CHECK(cuDeviceGetCount(&devices));
  int forced = getForcedOrdinal();
  if (forced == -2)
    return makeStatus(std::string("TRIDENT_CUDA_DEVICE is '") +
                      std::getenv("TRIDENT_CUDA_DEVICE") +
                      "'; set it to a device ordinal (0, 1, ...)");
  if (forced >= 0) {
    if (forced >= devices)
      return makeStatus("TRIDENT_CUDA_DEVICE is " + std::to_string(forced) +
                        ", but the CUDA driver sees " +
                        std::to_string(devices) + " device(s)");
    devices = 1;
  }
  if (devices == 0)
    return makeStatus("the CUDA driver sees no GPU");
  *count = devices;
  return nullptr;
}

TridentStatus *openDevice(int32_t index, TridentDevice **result) {
  int32_t count = 0;
  if (TridentStatus *status = probe(&count))
    return status;
  if (index < 0 || index >= count)
    return makeStatus("no CUDA device " + std::to_string(index) + " (there " +
                      (count == 1 ? "is 1" : "are " + std::to_string(count)) +
                      ")");
  int forced = getForcedOrdinal();
  int ordinal = forced >= 0 ? forced : index;
  Driver &driver = getDriver();
  auto device = std::make_unique<TridentDevice>();
  device->index = index;
  TRIDENT_CUDA_CHECK(cuDeviceGet(&device->device, ordinal));
  char name[256] = {0};
  TRIDENT_CUDA_CHECK(cuDeviceGetName(name, sizeof(name) - 1, device->device));
  device->name = name;
  TRIDENT_CUDA_CHECK(cuDeviceGetAttribute(
      &device->major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
      device->device));
  TRIDENT_CUDA_CHECK(cuDeviceGetAttribute(
      &device->minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
      device->device));
  if (driver.cuDeviceGetAttribute(
          &device->sharedOptin,
          CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
          device->device) != CUDA_SUCCESS)
    TRIDENT_CUDA_CHECK(cuDeviceGetAttribute(
        &device->sharedOptin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
        device->device));
  TRIDENT_CUDA_CHECK(
      cuDevicePrimaryCtxRetain(&device->context, device->device));
  if (TridentStatus *status =
          check(driver.cuCtxSetCurrent(device->context), "cuCtxSetCurrent")) {
    driver.cuDevicePrimaryCtxRelease(device->device);
    return status;
  }
  if (TridentStatus *status =
          check(driver.cuStreamCreate(&device->stream, CU_STREAM_NON_BLOCKING),
                "cuStreamCreate")) {
    driver.cuDevicePrimaryCtxRelease(device->device);
    return status;
  }
  *result = device.release();
  return nullptr;
}

void closeDevice(TridentDevice *device) {
  if (!device)
    return;
  Driver &driver = getDriver();
  driver.cuCtxSetCurrent(device->context);
  driver.cuStreamSynchronize(device->stream);
  driver.cuStreamDestroy(device->stream);
  driver.cuDevicePrimaryCtxRelease(device->device);
  delete device;
}

TridentStatus *alloc(TridentDevice *device, uint64_t bytes,
                     TridentBuffer **buffer) {
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  CUdeviceptr pointer = 0;
  uint64_t size = bytes ? bytes : 1;
  TRIDENT_CUDA_CHECK(cuMemAlloc(&pointer, size));
  // Fresh buffers read as zeros, as on every target.
  if (TridentStatus *status =
          check(getDriver().cuMemsetD8Async(pointer, 0, size, device->stream),
                "cuMemsetD8Async")) {
    getDriver().cuMemFree(pointer);
    return status;
  }
  TRIDENT_CUDA_CHECK(cuStreamSynchronize(device->stream));
  *buffer = new TridentBuffer{device, pointer, bytes};
  return nullptr;
}

void freeBuffer(TridentBuffer *buffer) {
  if (!buffer)
    return;
  Driver &driver = getDriver();
  driver.cuCtxSetCurrent(buffer->device->context);
  driver.cuMemFree(buffer->pointer);
  delete buffer;
}

TridentStatus *copyToDevice(TridentBuffer *buffer, const void *host,
                            uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes into a CUDA buffer of " +
                      std::to_string(buffer->bytes));
  if (!bytes)
    return nullptr;
  TridentDevice *device = buffer->device;
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  TRIDENT_CUDA_CHECK(
      cuMemcpyHtoDAsync(buffer->pointer, host, bytes, device->stream));
  TRIDENT_CUDA_CHECK(cuStreamSynchronize(device->stream));
  return nullptr;
}

TridentStatus *copyToHost(TridentBuffer *buffer, void *host, uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes out of a CUDA buffer of " +
                      std::to_string(buffer->bytes));
  if (!bytes)
    return nullptr;
  TridentDevice *device = buffer->device;
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  TRIDENT_CUDA_CHECK(
      cuMemcpyDtoHAsync(host, buffer->pointer, bytes, device->stream));
  TRIDENT_CUDA_CHECK(cuStreamSynchronize(device->stream));
  return nullptr;
}

/// The compute capability a target string names ("nvidia:sm_90a" -> 90,
/// arch-specific), or -1.
int parseCapability(const std::string &target, bool &archSpecific) {
  size_t at = target.find("sm_");
  archSpecific = false;
  if (at == std::string::npos)
    return -1;
  int capability = 0;
  size_t i = at + 3;
  for (; i < target.size() && target[i] >= '0' && target[i] <= '9'; ++i)
    capability = capability * 10 + (target[i] - '0');
  archSpecific = i < target.size() && target[i] == 'a';
  return capability;
}

TridentStatus *loadKernel(TridentDevice *device,
                          const TridentKernelImage *image,
                          TridentKernel **kernel) {
  if (!image || image->struct_size < sizeof(TridentKernelImage))
    return makeStatus("the nvidia runtime got a kernel image it cannot read "
                      "(older ABI?)");
  std::string name = image->kernel_name ? image->kernel_name : "";
  std::string target = image->target ? image->target : "";
  static const char kElfMagic[4] = {0x7f, 'E', 'L', 'F'};
  if (image->binary_size < 4 ||
      std::memcmp(image->binary, kElfMagic, sizeof(kElfMagic)) != 0)
    return makeStatus("the binary of kernel '" + name +
                      "' is not a cubin; recompile it with --target nvidia");

  // A cubin runs on its own major version, on minors at least its own; an
  // arch-specific one (sm_90a) only on exactly its architecture.
  bool archSpecific = false;
  int capability = parseCapability(target, archSpecific);
  int deviceCapability = device->major * 10 + device->minor;
  if (capability > 0 &&
      (capability / 10 != device->major || capability > deviceCapability ||
       (archSpecific && capability != deviceCapability)))
    return makeStatus("kernel '" + name + "' was compiled for " + target +
                      ", which cannot run on device " +
                      std::to_string(device->index) + " (" + device->name +
                      ", sm_" + std::to_string(deviceCapability) +
                      "); recompile it with --target nvidia:sm_" +
                      std::to_string(deviceCapability));

  uint32_t threads = image->num_warps * image->threads_per_warp;
  if (threads == 0 || threads > 1024)
    return makeStatus("kernel '" + name + "' asks for " +
                      std::to_string(image->num_warps) + " warps of " +
                      std::to_string(image->threads_per_warp) +
                      " threads; a CUDA block holds 1 to 1024 threads");
  if (image->shared_bytes > uint32_t(device->sharedOptin))
    return makeStatus("kernel '" + name + "' needs " +
                      std::to_string(image->shared_bytes) +
                      " bytes of shared memory; " + device->name +
                      " allows at most " +
                      std::to_string(device->sharedOptin) + " per block");

  Driver &driver = getDriver();
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  CUmodule module = nullptr;
  TRIDENT_CUDA_CHECK(cuModuleLoadData(&module, image->binary));
  CUfunction function = nullptr;
  if (CUresult result =
          driver.cuModuleGetFunction(&function, module, name.c_str())) {
    driver.cuModuleUnload(module);
    return makeStatus("the cubin of kernel '" + name + "' has no kernel '" +
                      name + "': " + describe("cuModuleGetFunction", result));
  }
  if (image->shared_bytes > kDefaultSharedLimit) {
    if (CUresult result = driver.cuFuncSetAttribute(
            function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            int(image->shared_bytes))) {
      driver.cuModuleUnload(module);
      return makeStatus(describe("cuFuncSetAttribute(max dynamic shared "
                                 "memory)",
                                 result));
    }
  }
  auto *result = new TridentKernel;
  result->device = device;
  result->module = module;
  result->function = function;
  result->name = name;
  if (image->arg_kinds)
    result->argKinds.assign(image->arg_kinds,
                            image->arg_kinds + image->num_args);
  result->threads = threads;
  result->sharedBytes = image->shared_bytes;
  *kernel = result;
  return nullptr;
}

void unloadKernel(TridentKernel *kernel) {
  if (!kernel)
    return;
  Driver &driver = getDriver();
  driver.cuCtxSetCurrent(kernel->device->context);
  driver.cuModuleUnload(kernel->module);
  delete kernel;
}

/// Launches on `stream`, or on the device's own stream when it is null.
TridentStatus *launchOnStream(TridentKernel *kernel, const uint32_t grid[3],
                              const TridentArg *args, uint32_t numArgs,
                              void *stream) {
  // Reused from launch to launch on this thread (cuLaunchKernel copies the
  // parameters before it returns): a launch allocates nothing.
  thread_local std::vector<uint64_t> slots;
  thread_local std::vector<void *> pointers;
  std::string problem = packLaunchArguments(
      kernel->name, kernel->argKinds, args, numArgs,
      [&](TridentBuffer *buffer, std::string &error) -> uint64_t {
        if (buffer->device != kernel->device)
          error = "lives on another device";
        return buffer->pointer;
      },
      slots, pointers);
  if (!problem.empty())
    return makeStatus(problem);
  for (int axis = 0; axis < 3; ++axis) {
    uint32_t limit = axis == 0 ? 0x7fffffffu : 65535u;
    if (grid[axis] > limit)
      return makeStatus("grid dimension " + std::to_string(axis) + " is " +
                        std::to_string(grid[axis]) + "; CUDA allows at most " +
                        std::to_string(limit));
  }
  if (uint64_t(grid[0]) * grid[1] * grid[2] == 0)
    return nullptr;
  TridentDevice *device = kernel->device;
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  TRIDENT_CUDA_CHECK(cuLaunchKernel(
      kernel->function, grid[0], grid[1], grid[2], kernel->threads, 1, 1,
      kernel->sharedBytes,
      stream ? static_cast<CUstream>(stream) : device->stream,
      numArgs ? pointers.data() : nullptr, nullptr));
  return nullptr;
}

TridentStatus *launch(TridentKernel *kernel, const uint32_t grid[3],
                      const TridentArg *args, uint32_t numArgs) {
  return launchOnStream(kernel, grid, args, numArgs, nullptr);
}

TridentStatus *synchronize(TridentDevice *device) {
  TRIDENT_CUDA_CHECK(cuCtxSetCurrent(device->context));
  TRIDENT_CUDA_CHECK(cuStreamSynchronize(device->stream));
  return nullptr;
}

} // namespace

extern "C" int tridentNvidiaProbeDevice(char *why, unsigned long size) {
  int32_t count = 0;
  TridentStatus *status = probe(&count);
  if (!status)
    return 1;
  if (why && size) {
    std::strncpy(why, status->message ? status->message : "", size - 1);
    why[size - 1] = '\0';
  }
  releaseStatus(status);
  return 0;
}

extern "C" const TridentRuntimeApi *tridentNvidiaGetCudaRuntime(void) {
  static const TridentRuntimeApi api = makeRuntimeApi(
      "nvidia", {probe, openDevice, closeDevice, alloc, freeBuffer, copyToDevice,
             copyToHost, loadKernel, unloadKernel, launch, synchronize,
             releaseStatus, launchOnStream});
  return &api;
}

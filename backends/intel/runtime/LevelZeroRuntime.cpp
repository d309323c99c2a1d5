//===- LevelZeroRuntime.cpp - Runs intel kernels through Level Zero -------===//
//
// TridentRuntimeApi for the intel target, without LLVM or MLIR and without a
// link-time dependency on Level Zero (its headers give the types only):
//
//   loader    libze_loader.so.1 (TRIDENT_ZE_LOADER overrides the path),
//             opened with dlopen on first use; every entry point is looked
//             up by name and every ze_result_t becomes
//             "zeXxx failed: ZE_RESULT_ERROR_... (what it means)"
//   devices   the GPUs of every Level Zero driver, in the drivers' order
//   context   one per device, with one asynchronous in-order immediate
//             command list and one host-visible event: `synchronize`
//             appends a barrier that signals the event and waits for it on
//             the host (zeEventHostSynchronize), then resets it; copies
//             synchronize before they return
//   kernels   the bundle's SPIR-V, built with zeModuleCreate (build flags:
//             TRIDENT_INTEL_BUILD_FLAGS, appended to the defaults); a build
//             failure shows the driver's build log
//   launches  group size = num_warps x threads_per_warp (the sub-group
//             size, which the device must support), group count = the
//             program grid; arguments set one by one in the bundle's
//             signature's widths (a pointer parameter takes a buffer or a
//             raw USM address, TRIDENT_ARG_ADDRESS); shared memory as a
//             trailing local-memory argument of the bundle's size; appended
//             to the device's command list, or to the caller's
//             (launch_on_stream)
//
//===----------------------------------------------------------------------===//

#include "LevelZeroRuntime.h"
#include "trident/Runtime/RuntimeSupport.h"

#include <level_zero/ze_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct TridentDevice {
  int32_t index;
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_command_list_handle_t list;
  ze_event_pool_handle_t eventPool;
  ze_event_handle_t event;
  std::string name;
  std::vector<uint32_t> subGroupSizes;
  uint32_t maxGroupSize;
  uint32_t maxSharedBytes;
};

struct TridentBuffer {
  TridentDevice *device;
  void *pointer;
  uint64_t bytes;
};

struct TridentKernel {
  TridentDevice *device;
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  std::string name;
  std::vector<uint32_t> argKinds;
  uint32_t groupSize;
  uint32_t sharedBytes;
};

namespace {

using namespace trident::runtime_support;

constexpr const char *kDefaultBuildFlags =
    "-cl-intel-greater-than-4GB-buffer-required";

//===----------------------------------------------------------------------===//
// The loader, opened lazily
//===----------------------------------------------------------------------===//

struct Loader {
  void *library = nullptr;
  std::string path;
  std::string loadError; // why Level Zero cannot be used, if it cannot

#define TRIDENT_ZE_FUNCTIONS(X)                                                \
  X(zeInit, ze_result_t (*)(ze_init_flags_t))                                  \
  X(zeDriverGet, ze_result_t (*)(uint32_t *, ze_driver_handle_t *))            \
  X(zeDeviceGet,                                                               \
    ze_result_t (*)(ze_driver_handle_t, uint32_t *, ze_device_handle_t *))     \
  X(zeDeviceGetProperties,                                                     \
    ze_result_t (*)(ze_device_handle_t, ze_device_properties_t *))             \
  X(zeDeviceGetComputeProperties,                                              \
    ze_result_t (*)(ze_device_handle_t, ze_device_compute_properties_t *))     \
  X(zeContextCreate, ze_result_t (*)(ze_driver_handle_t,                       \
                                     const ze_context_desc_t *,                \
                                     ze_context_handle_t *))                   \
  X(zeContextDestroy, ze_result_t (*)(ze_context_handle_t))                    \
  X(zeCommandListCreateImmediate,                                              \
    ze_result_t (*)(ze_context_handle_t, ze_device_handle_t,                   \
                    const ze_command_queue_desc_t *,                           \
                    ze_command_list_handle_t *))                               \
  X(zeCommandListDestroy, ze_result_t (*)(ze_command_list_handle_t))           \
  X(zeCommandListAppendMemoryCopy,                                             \
    ze_result_t (*)(ze_command_list_handle_t, void *, const void *, size_t,    \
                    ze_event_handle_t, uint32_t, ze_event_handle_t *))         \
  X(zeCommandListAppendMemoryFill,                                             \
    ze_result_t (*)(ze_command_list_handle_t, void *, const void *, size_t,    \
                    size_t, ze_event_handle_t, uint32_t,                       \
                    ze_event_handle_t *))                                      \
  X(zeCommandListAppendLaunchKernel,                                           \
    ze_result_t (*)(ze_command_list_handle_t, ze_kernel_handle_t,              \
                    const ze_group_count_t *, ze_event_handle_t, uint32_t,     \
                    ze_event_handle_t *))                                      \
  X(zeCommandListAppendBarrier,                                                \
    ze_result_t (*)(ze_command_list_handle_t, ze_event_handle_t, uint32_t,     \
                    ze_event_handle_t *))                                      \
  X(zeEventPoolCreate,                                                         \
    ze_result_t (*)(ze_context_handle_t, const ze_event_pool_desc_t *,         \
                    uint32_t, ze_device_handle_t *, ze_event_pool_handle_t *)) \
  X(zeEventPoolDestroy, ze_result_t (*)(ze_event_pool_handle_t))               \
  X(zeEventCreate, ze_result_t (*)(ze_event_pool_handle_t,                     \
                                   const ze_event_desc_t *,                    \
                                   ze_event_handle_t *))                       \
  X(zeEventDestroy, ze_result_t (*)(ze_event_handle_t))                        \
  X(zeEventHostSynchronize, ze_result_t (*)(ze_event_handle_t, uint64_t))      \
  X(zeEventHostReset, ze_result_t (*)(ze_event_handle_t))                      \
  X(zeMemAllocDevice,                                                          \
    ze_result_t (*)(ze_context_handle_t, const ze_device_mem_alloc_desc_t *,   \
                    size_t, size_t, ze_device_handle_t, void **))              \
  X(zeMemFree, ze_result_t (*)(ze_context_handle_t, void *))                   \
  X(zeModuleCreate,                                                            \
    ze_result_t (*)(ze_context_handle_t, ze_device_handle_t,                   \
                    const ze_module_desc_t *, ze_module_handle_t *,            \
                    ze_module_build_log_handle_t *))                           \
  X(zeModuleDestroy, ze_result_t (*)(ze_module_handle_t))                      \
  X(zeModuleBuildLogGetString,                                                 \
    ze_result_t (*)(ze_module_build_log_handle_t, size_t *, char *))           \
  X(zeModuleBuildLogDestroy, ze_result_t (*)(ze_module_build_log_handle_t))    \
  X(zeKernelCreate, ze_result_t (*)(ze_module_handle_t,                        \
                                    const ze_kernel_desc_t *,                  \
                                    ze_kernel_handle_t *))                     \
  X(zeKernelDestroy, ze_result_t (*)(ze_kernel_handle_t))                      \
  X(zeKernelSetGroupSize,                                                      \
    ze_result_t (*)(ze_kernel_handle_t, uint32_t, uint32_t, uint32_t))         \
  X(zeKernelSetArgumentValue,                                                  \
    ze_result_t (*)(ze_kernel_handle_t, uint32_t, size_t, const void *))

#define TRIDENT_ZE_MEMBER(name, type)                                          \
  using name##Fn = type;                                                       \
  name##Fn name = nullptr;
  TRIDENT_ZE_FUNCTIONS(TRIDENT_ZE_MEMBER)
#undef TRIDENT_ZE_MEMBER

  /// Every usable device: (driver, device) in the drivers' order.
  std::vector<std::pair<ze_driver_handle_t, ze_device_handle_t>> devices;
};

/// The ze_result_t's name and what it means.
std::string describeResult(ze_result_t result) {
  switch (result) {
#define CASE(name, text)                                                       \
  case name:                                                                   \
    return std::string(#name) + " (" + text + ")";
    CASE(ZE_RESULT_NOT_READY, "not ready")
    CASE(ZE_RESULT_ERROR_DEVICE_LOST, "the device was lost")
    CASE(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, "out of host memory")
    CASE(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, "out of device memory")
    CASE(ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
         "the driver could not build the module")
    CASE(ZE_RESULT_ERROR_MODULE_LINK_FAILURE,
         "the driver could not link the module")
    CASE(ZE_RESULT_ERROR_UNINITIALIZED,
         "no Level Zero driver could be initialized")
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_VERSION, "unsupported API version")
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "unsupported feature")
    CASE(ZE_RESULT_ERROR_INVALID_ARGUMENT, "invalid argument")
    CASE(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "invalid null handle")
    CASE(ZE_RESULT_ERROR_INVALID_NULL_POINTER, "invalid null pointer")
    CASE(ZE_RESULT_ERROR_INVALID_SIZE, "invalid size")
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "unsupported size")
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT, "unsupported alignment")
    CASE(ZE_RESULT_ERROR_INVALID_ENUMERATION, "invalid enumeration")
    CASE(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
         "the binary is not one the device can run")
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
         "the module has no kernel of that name")
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX,
         "invalid kernel argument index")
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
         "invalid kernel argument size")
    CASE(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
         "invalid work-group size")
    CASE(ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION,
         "invalid global width")
    CASE(ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED, "the module is not linked")
    CASE(ZE_RESULT_ERROR_UNKNOWN, "unknown error")
#undef CASE
  default: {
    char hex[16];
    std::snprintf(hex, sizeof(hex), "0x%08x", unsigned(result));
    return std::string("ze_result_t ") + hex;
  }
  }
}

Loader &getLoader() {
  static Loader loader;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *override = std::getenv("TRIDENT_ZE_LOADER");
    loader.path = override && *override ? override : "libze_loader.so.1";
    loader.library = ::dlopen(loader.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!loader.library) {
      const char *why = ::dlerror();
      loader.loadError = "the Level Zero loader (" + loader.path +
                         ") cannot be loaded: " +
                         (why ? why : "dlopen failed") +
                         "; install the Level Zero loader and Intel's GPU "
                         "driver to run intel kernels";
      return;
    }
#define TRIDENT_ZE_LOOKUP(name, type)                                          \
  loader.name = reinterpret_cast<type>(::dlsym(loader.library, #name));        \
  if (!loader.name && loader.loadError.empty())                                \
    loader.loadError = "the Level Zero loader (" + loader.path +               \
                       ") has no '" #name "': the loader is too old; update "  \
                       "it";
    TRIDENT_ZE_FUNCTIONS(TRIDENT_ZE_LOOKUP)
#undef TRIDENT_ZE_LOOKUP
    if (!loader.loadError.empty())
      return;
    ze_result_t result = loader.zeInit(ZE_INIT_FLAG_GPU_ONLY);
    if (result != ZE_RESULT_SUCCESS) {
      loader.loadError = "zeInit failed: " + describeResult(result) +
                         "; install Intel's GPU driver (a Level Zero "
                         "driver) to run intel kernels";
      return;
    }
    uint32_t count = 0;
    result = loader.zeDriverGet(&count, nullptr);
    std::vector<ze_driver_handle_t> drivers(count);
    if (result == ZE_RESULT_SUCCESS && count)
      result = loader.zeDriverGet(&count, drivers.data());
    if (result != ZE_RESULT_SUCCESS) {
      loader.loadError = "zeDriverGet failed: " + describeResult(result);
      return;
    }
    drivers.resize(count);
    for (ze_driver_handle_t driver : drivers) {
      uint32_t devices = 0;
      result = loader.zeDeviceGet(driver, &devices, nullptr);
      std::vector<ze_device_handle_t> handles(devices);
      if (result == ZE_RESULT_SUCCESS && devices)
        result = loader.zeDeviceGet(driver, &devices, handles.data());
      if (result != ZE_RESULT_SUCCESS) {
        loader.loadError = "zeDeviceGet failed: " + describeResult(result);
        return;
      }
      handles.resize(devices);
      for (ze_device_handle_t device : handles)
        loader.devices.emplace_back(driver, device);
    }
  });
  return loader;
}

/// A status for a failed call, or nullptr on success.
TridentStatus *check(ze_result_t result, const char *what) {
  if (result == ZE_RESULT_SUCCESS)
    return nullptr;
  return makeStatus(std::string(what) + " failed: " + describeResult(result));
}

#define TRIDENT_ZE_CHECK(name, ...)                                            \
  do {                                                                         \
    if (TridentStatus *status_ = check(getLoader().name(__VA_ARGS__), #name))  \
      return status_;                                                          \
  } while (false)

//===----------------------------------------------------------------------===//
// The API
//===----------------------------------------------------------------------===//

TridentStatus *probe(int32_t *count) {
  *count = 0;
  Loader &loader = getLoader();
  if (!loader.loadError.empty())
    return makeStatus(loader.loadError);
  if (loader.devices.empty())
    return makeStatus("the Level Zero drivers report no GPU");
  *count = int32_t(loader.devices.size());
  return nullptr;
}

TridentStatus *openDevice(int32_t index, TridentDevice **result) {
  int32_t count = 0;
  if (TridentStatus *status = probe(&count))
    return status;
  if (index < 0 || index >= count)
    return makeStatus("no Level Zero device " + std::to_string(index) +
                      " (there " +
                      (count == 1 ? "is 1" : "are " + std::to_string(count)) +
                      ")");
  Loader &loader = getLoader();
  auto device = std::make_unique<TridentDevice>();
  device->index = index;
  device->driver = loader.devices[index].first;
  device->device = loader.devices[index].second;
  ze_device_properties_t properties = {};
  properties.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  TRIDENT_ZE_CHECK(zeDeviceGetProperties, device->device, &properties);
  device->name = properties.name;
  ze_device_compute_properties_t compute = {};
  compute.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES;
  TRIDENT_ZE_CHECK(zeDeviceGetComputeProperties, device->device, &compute);
  for (uint32_t i = 0; i < compute.numSubGroupSizes &&
                       i < ZE_SUBGROUPSIZE_COUNT;
       ++i)
    device->subGroupSizes.push_back(compute.subGroupSizes[i]);
  device->maxGroupSize = compute.maxTotalGroupSize;
  device->maxSharedBytes = compute.maxSharedLocalMemory;
  ze_context_desc_t contextDesc = {};
  contextDesc.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  TRIDENT_ZE_CHECK(zeContextCreate, device->driver, &contextDesc,
                   &device->context);
  ze_command_queue_desc_t queueDesc = {};
  queueDesc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  queueDesc.ordinal = 0;
  queueDesc.index = 0;
  queueDesc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  queueDesc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
  if (TridentStatus *status =
          check(loader.zeCommandListCreateImmediate(device->context,
                                                    device->device, &queueDesc,
                                                    &device->list),
                "zeCommandListCreateImmediate")) {
    loader.zeContextDestroy(device->context);
    return status;
  }
  ze_event_pool_desc_t poolDesc = {};
  poolDesc.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
  poolDesc.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
  poolDesc.count = 1;
  if (TridentStatus *status = check(
          loader.zeEventPoolCreate(device->context, &poolDesc, 1,
                                   &device->device, &device->eventPool),
          "zeEventPoolCreate")) {
    loader.zeCommandListDestroy(device->list);
    loader.zeContextDestroy(device->context);
    return status;
  }
  ze_event_desc_t eventDesc = {};
  eventDesc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
  eventDesc.index = 0;
  eventDesc.signal = ZE_EVENT_SCOPE_FLAG_HOST;
  eventDesc.wait = ZE_EVENT_SCOPE_FLAG_HOST;
  if (TridentStatus *status =
          check(loader.zeEventCreate(device->eventPool, &eventDesc,
                                     &device->event),
                "zeEventCreate")) {
    loader.zeEventPoolDestroy(device->eventPool);
    loader.zeCommandListDestroy(device->list);
    loader.zeContextDestroy(device->context);
    return status;
  }
  *result = device.release();
  return nullptr;
}

/// Waits until everything appended to the device's list has completed.
TridentStatus *synchronize(TridentDevice *device) {
  TRIDENT_ZE_CHECK(zeCommandListAppendBarrier, device->list, device->event, 0,
                   nullptr);
  TRIDENT_ZE_CHECK(zeEventHostSynchronize, device->event, UINT64_MAX);
  TRIDENT_ZE_CHECK(zeEventHostReset, device->event);
  return nullptr;
}

void closeDevice(TridentDevice *device) {
  if (!device)
    return;
  Loader &loader = getLoader();
  if (TridentStatus *status = synchronize(device))
    releaseStatus(status);
  loader.zeEventDestroy(device->event);
  loader.zeEventPoolDestroy(device->eventPool);
  loader.zeCommandListDestroy(device->list);
  loader.zeContextDestroy(device->context);
  delete device;
}

TridentStatus *alloc(TridentDevice *device, uint64_t bytes,
                     TridentBuffer **buffer) {
  Loader &loader = getLoader();
  ze_device_mem_alloc_desc_t desc = {};
  desc.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC;
  uint64_t size = bytes ? bytes : 1;
  void *pointer = nullptr;
  TRIDENT_ZE_CHECK(zeMemAllocDevice, device->context, &desc, size_t(size),
                   /*alignment=*/64, device->device, &pointer);
  // Fresh buffers read as zeros, as on every target.
  const uint8_t zero = 0;
  if (TridentStatus *status = check(
          loader.zeCommandListAppendMemoryFill(device->list, pointer, &zero,
                                               sizeof(zero), size_t(size),
                                               nullptr, 0, nullptr),
          "zeCommandListAppendMemoryFill")) {
    loader.zeMemFree(device->context, pointer);
    return status;
  }
  // The list is in order: the fill completes before anything after it.
  *buffer = new TridentBuffer{device, pointer, bytes};
  return nullptr;
}

void freeBuffer(TridentBuffer *buffer) {
  if (!buffer)
    return;
  // A launch still running may use the buffer.
  if (TridentStatus *status = synchronize(buffer->device))
    releaseStatus(status);
  getLoader().zeMemFree(buffer->device->context, buffer->pointer);
  delete buffer;
}

TridentStatus *copyToDevice(TridentBuffer *buffer, const void *host,
                            uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes into a Level Zero buffer of " +
                      std::to_string(buffer->bytes));
  if (!bytes)
    return nullptr;
  TRIDENT_ZE_CHECK(zeCommandListAppendMemoryCopy, buffer->device->list,
                   buffer->pointer, host, size_t(bytes), nullptr, 0, nullptr);
  return synchronize(buffer->device);
}

TridentStatus *copyToHost(TridentBuffer *buffer, void *host, uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes out of a Level Zero buffer of " +
                      std::to_string(buffer->bytes));
  if (!bytes)
    return nullptr;
  TRIDENT_ZE_CHECK(zeCommandListAppendMemoryCopy, buffer->device->list, host,
                   buffer->pointer, size_t(bytes), nullptr, 0, nullptr);
  return synchronize(buffer->device);
}

/// The build log of a failed zeModuleCreate, trimmed; empty if none.
std::string readBuildLog(ze_module_build_log_handle_t log) {
  if (!log)
    return "";
  Loader &loader = getLoader();
  size_t size = 0;
  std::string text;
  if (loader.zeModuleBuildLogGetString(log, &size, nullptr) ==
          ZE_RESULT_SUCCESS &&
      size > 1) {
    std::vector<char> buffer(size, '\0');
    if (loader.zeModuleBuildLogGetString(log, &size, buffer.data()) ==
        ZE_RESULT_SUCCESS)
      text.assign(buffer.data(), strnlen(buffer.data(), buffer.size()));
  }
  loader.zeModuleBuildLogDestroy(log);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' ||
                           text.back() == '\r'))
    text.pop_back();
  // One line on stderr: the log's lines joined.
  for (char &c : text)
    if (c == '\n')
      c = ';';
  return text;
}

TridentStatus *loadKernel(TridentDevice *device,
                          const TridentKernelImage *image,
                          TridentKernel **kernel) {
  if (!image || image->struct_size < sizeof(TridentKernelImage))
    return makeStatus("the intel runtime got a kernel image it cannot read "
                      "(older ABI?)");
  std::string name = image->kernel_name ? image->kernel_name : "";
  const auto *bytes = static_cast<const uint8_t *>(image->binary);
  uint32_t magic = 0;
  if (image->binary_size >= 4)
    std::memcpy(&magic, bytes, 4);
  if (image->binary_size < 20 || image->binary_size % 4 || magic != 0x07230203u)
    return makeStatus("the binary of kernel '" + name +
                      "' is not a SPIR-V module; recompile it with --target "
                      "intel");

  uint32_t subGroup = image->threads_per_warp;
  bool supported = false;
  std::string sizes;
  for (uint32_t size : device->subGroupSizes) {
    supported |= size == subGroup;
    sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
  }
  if (!supported)
    return makeStatus("kernel '" + name + "' was compiled for sub-groups of " +
                      std::to_string(subGroup) + "; " + device->name +
                      " supports sub-group sizes " + sizes);
  uint64_t groupSize = uint64_t(image->num_warps) * subGroup;
  if (groupSize == 0 || groupSize > device->maxGroupSize)
    return makeStatus("kernel '" + name + "' asks for " +
                      std::to_string(image->num_warps) + " sub-groups of " +
                      std::to_string(subGroup) + " work-items; " +
                      device->name + " allows 1 to " +
                      std::to_string(device->maxGroupSize) +
                      " work-items per work-group");
  if (image->shared_bytes > device->maxSharedBytes)
    return makeStatus("kernel '" + name + "' needs " +
                      std::to_string(image->shared_bytes) +
                      " bytes of shared local memory; " + device->name +
                      " allows at most " +
                      std::to_string(device->maxSharedBytes));

  Loader &loader = getLoader();
  std::string flags = kDefaultBuildFlags;
  if (const char *extra = std::getenv("TRIDENT_INTEL_BUILD_FLAGS"))
    if (*extra)
      flags += std::string(" ") + extra;
  ze_module_desc_t moduleDesc = {};
  moduleDesc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  moduleDesc.format = ZE_MODULE_FORMAT_IL_SPIRV;
  moduleDesc.inputSize = size_t(image->binary_size);
  moduleDesc.pInputModule = bytes;
  moduleDesc.pBuildFlags = flags.c_str();
  ze_module_handle_t module = nullptr;
  ze_module_build_log_handle_t log = nullptr;
  ze_result_t result = loader.zeModuleCreate(device->context, device->device,
                                             &moduleDesc, &module, &log);
  std::string buildLog = readBuildLog(log);
  if (result != ZE_RESULT_SUCCESS)
    return makeStatus("zeModuleCreate failed: " + describeResult(result) +
                      (buildLog.empty() ? std::string("; the driver gave no "
                                                      "build log")
                                        : "; build log: " + buildLog));
  ze_kernel_desc_t kernelDesc = {};
  kernelDesc.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
  kernelDesc.pKernelName = name.c_str();
  ze_kernel_handle_t handle = nullptr;
  if (TridentStatus *status =
          check(loader.zeKernelCreate(module, &kernelDesc, &handle),
                ("zeKernelCreate('" + name + "')").c_str())) {
    loader.zeModuleDestroy(module);
    return status;
  }
  if (TridentStatus *status = check(
          loader.zeKernelSetGroupSize(handle, uint32_t(groupSize), 1, 1),
          "zeKernelSetGroupSize")) {
    loader.zeKernelDestroy(handle);
    loader.zeModuleDestroy(module);
    return status;
  }
  auto *created = new TridentKernel;
  created->device = device;
  created->module = module;
  created->kernel = handle;
  created->name = name;
  if (image->arg_kinds)
    created->argKinds.assign(image->arg_kinds,
                             image->arg_kinds + image->num_args);
  created->groupSize = uint32_t(groupSize);
  created->sharedBytes = image->shared_bytes;
  *kernel = created;
  return nullptr;
}

void unloadKernel(TridentKernel *kernel) {
  if (!kernel)
    return;
  Loader &loader = getLoader();
  loader.zeKernelDestroy(kernel->kernel);
  loader.zeModuleDestroy(kernel->module);
  delete kernel;
}

/// The bytes of scalar `arg` in its own width into `slot`; returns the width.
size_t storeScalar(const TridentArg &arg, uint64_t &slot) {
  slot = 0;
  void *bytes = &slot;
  switch (arg.kind) {
  case TRIDENT_ARG_I1:
  case TRIDENT_ARG_I8: {
    int8_t value = static_cast<int8_t>(
        arg.kind == TRIDENT_ARG_I1 ? arg.value.i != 0 : arg.value.i);
    std::memcpy(bytes, &value, 1);
    return 1;
  }
  case TRIDENT_ARG_I16: {
    int16_t value = static_cast<int16_t>(arg.value.i);
    std::memcpy(bytes, &value, 2);
    return 2;
  }
  case TRIDENT_ARG_I32: {
    int32_t value = static_cast<int32_t>(arg.value.i);
    std::memcpy(bytes, &value, 4);
    return 4;
  }
  case TRIDENT_ARG_I64:
    std::memcpy(bytes, &arg.value.i, 8);
    return 8;
  case TRIDENT_ARG_F16:
  case TRIDENT_ARG_BF16:
    std::memcpy(bytes, &arg.value.bits16, 2);
    return 2;
  case TRIDENT_ARG_F32:
    std::memcpy(bytes, &arg.value.f32, 4);
    return 4;
  case TRIDENT_ARG_F64:
    std::memcpy(bytes, &arg.value.f64, 8);
    return 8;
  default:
    return 0;
  }
}

/// Appends the launch to `stream` (a ze_command_list_handle_t of the
/// caller's, on the kernel's device and context), or to the device's own
/// immediate command list when it is null.
TridentStatus *launchOnStream(TridentKernel *kernel, const uint32_t grid[3],
                              const TridentArg *args, uint32_t numArgs,
                              void *stream) {
  if (numArgs != kernel->argKinds.size())
    return makeStatus("kernel '" + kernel->name + "' takes " +
                      std::to_string(kernel->argKinds.size()) +
                      " arguments, got " + std::to_string(numArgs));
  for (uint32_t i = 0; i < numArgs; ++i) {
    // A raw device address (USM memory of the caller's) for a pointer.
    if (args[i].kind == TRIDENT_ARG_ADDRESS &&
        kernel->argKinds[i] == TRIDENT_ARG_POINTER) {
      void *pointer =
          reinterpret_cast<void *>(static_cast<uintptr_t>(args[i].value.i));
      TRIDENT_ZE_CHECK(zeKernelSetArgumentValue, kernel->kernel, i,
                       sizeof(void *), &pointer);
      continue;
    }
    if (args[i].kind != kernel->argKinds[i])
      return makeStatus("argument " + std::to_string(i + 1) + " of kernel '" +
                        kernel->name + "' is a " + getArgKindName(args[i].kind) +
                        ", the kernel expects a " +
                        getArgKindName(kernel->argKinds[i]));
    if (args[i].kind == TRIDENT_ARG_POINTER) {
      TridentBuffer *buffer = args[i].value.buffer;
      if (!buffer)
        return makeStatus("argument " + std::to_string(i + 1) +
                          " of kernel '" + kernel->name +
                          "' is a null buffer");
      if (buffer->device != kernel->device)
        return makeStatus("argument " + std::to_string(i + 1) +
                          " of kernel '" + kernel->name +
                          "' lives on another device");
      TRIDENT_ZE_CHECK(zeKernelSetArgumentValue, kernel->kernel, i,
                       sizeof(void *), &buffer->pointer);
    } else {
      uint64_t slot;
      size_t width = storeScalar(args[i], slot);
      if (!width)
        return makeStatus("argument " + std::to_string(i + 1) +
                          " of kernel '" + kernel->name +
                          "' has an unknown kind");
      TRIDENT_ZE_CHECK(zeKernelSetArgumentValue, kernel->kernel, i, width,
                       &slot);
    }
  }
  // Shared memory: a local-memory argument after the signature's.
  if (kernel->sharedBytes)
    TRIDENT_ZE_CHECK(zeKernelSetArgumentValue, kernel->kernel, numArgs,
                     size_t(kernel->sharedBytes), nullptr);
  if (uint64_t(grid[0]) * grid[1] * grid[2] == 0)
    return nullptr;
  ze_group_count_t groups = {grid[0], grid[1], grid[2]};
  ze_command_list_handle_t list =
      stream ? static_cast<ze_command_list_handle_t>(stream)
             : kernel->device->list;
  TRIDENT_ZE_CHECK(zeCommandListAppendLaunchKernel, list, kernel->kernel,
                   &groups, nullptr, 0, nullptr);
  return nullptr;
}

TridentStatus *launch(TridentKernel *kernel, const uint32_t grid[3],
                      const TridentArg *args, uint32_t numArgs) {
  return launchOnStream(kernel, grid, args, numArgs, nullptr);
}

} // namespace

extern "C" const TridentRuntimeApi *tridentIntelGetLevelZeroRuntime(void) {
  static const TridentRuntimeApi api = makeRuntimeApi(
      "intel", {probe, openDevice, closeDevice, alloc, freeBuffer, copyToDevice,
                copyToHost, loadKernel, unloadKernel, launch, synchronize,
                releaseStatus, launchOnStream});
  return &api;
}

extern "C" int tridentIntelProbeDevice(char *why, unsigned long size) {
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

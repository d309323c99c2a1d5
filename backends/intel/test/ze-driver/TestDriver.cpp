//===- TestDriver.cpp - A Level Zero driver for the runtime's tests -------===//
//
// libze_trident_test_driver.so implements the Level Zero driver interface
// (the zeGet*ProcAddrTable entry points the loader looks up) over host
// memory, so that the intel runtime is tested through the real loader
// (ZE_ENABLE_ALT_DRIVERS=<this library>) on a machine without an Intel GPU.
//
//   TRIDENT_ZE_TEST_LOG=<file>        every call the runtime makes, with its
//                                     arguments, one line each (appended)
//   TRIDENT_ZE_TEST_DEVICES=<n>       number of devices (default 1)
//   TRIDENT_ZE_TEST_BUILD_LOG=<text>  zeModuleCreate fails with
//                                     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE and
//                                     this text as its build log
//
// Appends execute at once, in order. Events are signaled by the append that
// names them and zeEventHostSynchronize on an event nothing signaled returns
// ZE_RESULT_NOT_READY, so a runtime that waits without signaling shows.
//
// Modules must be SPIR-V (magic number checked); kernels are looked up among
// the module's OpEntryPoint names. A launch of a kernel named `vadd`
// (f32 x, y, out pointers and an i32 n) is executed on the host: work-item i
// of the launch, over groupCountX x groupSizeX work-items, computes
// out[i] = x[i] + y[i] for i < n. Other kernels are only logged.
//
//===----------------------------------------------------------------------===//

#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

std::mutex gMutex;

void logLine(const char *format, ...) __attribute__((format(printf, 1, 2)));
void logLine(const char *format, ...) {
  const char *path = std::getenv("TRIDENT_ZE_TEST_LOG");
  if (!path || !*path)
    return;
  FILE *file = std::fopen(path, "a");
  if (!file)
    return;
  va_list args;
  va_start(args, format);
  std::vfprintf(file, format, args);
  va_end(args);
  std::fputc('\n', file);
  std::fclose(file);
}

// Handles are pointers to these objects.
struct Object {
  uint32_t magic;
};
constexpr uint32_t kDriverMagic = 0x44525652, kDeviceMagic = 0x44455643,
                   kContextMagic = 0x43545854, kListMagic = 0x4c495354,
                   kModuleMagic = 0x4d4f444c, kKernelMagic = 0x4b524e4c,
                   kLogMagic = 0x424c4f47, kPoolMagic = 0x504f4f4c,
                   kEventMagic = 0x45564e54;

struct Driver : Object {};
struct Device : Object {
  uint32_t index;
};
struct Context : Object {};
struct List : Object {};
struct Module : Object {
  std::vector<std::string> entryPoints;
};
struct Kernel : Object {
  std::string name;
  uint32_t groupSize[3] = {0, 0, 0};
  std::map<uint32_t, std::vector<uint8_t>> args;
};
struct BuildLog : Object {
  std::string text;
};
struct EventPool : Object {};
struct Event : Object {
  bool signaled = false;
};

Driver gDriver{{kDriverMagic}};
Device gDevices[4] = {{{kDeviceMagic}, 0}, {{kDeviceMagic}, 1},
                      {{kDeviceMagic}, 2}, {{kDeviceMagic}, 3}};

struct Allocation {
  uint32_t id;
  size_t bytes;
};
std::map<uintptr_t, Allocation> gAllocations; // by base address
uint32_t gNextAllocation = 1;

uint32_t deviceCount() {
  const char *value = std::getenv("TRIDENT_ZE_TEST_DEVICES");
  if (!value || !*value)
    return 1;
  long count = std::strtol(value, nullptr, 10);
  return count < 0 ? 0 : count > 4 ? 4 : uint32_t(count);
}

template <typename T> bool isA(const void *handle, uint32_t magic) {
  return handle && static_cast<const T *>(handle)->magic == magic;
}

/// "buffer#<id>+<offset>" for a device address, or "host" when it is none.
std::string describeAddress(const void *pointer) {
  uintptr_t address = reinterpret_cast<uintptr_t>(pointer);
  auto it = gAllocations.upper_bound(address);
  if (it != gAllocations.begin()) {
    --it;
    if (address < it->first + it->second.bytes)
      return "buffer#" + std::to_string(it->second.id) + "+" +
             std::to_string(address - it->first);
  }
  return "host";
}

//===----------------------------------------------------------------------===//
// The entry points
//===----------------------------------------------------------------------===//

ze_result_t ZE_APICALL init(ze_init_flags_t flags) {
  std::lock_guard<std::mutex> lock(gMutex);
  logLine("zeInit flags=%u", unsigned(flags));
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL driverGet(uint32_t *count, ze_driver_handle_t *drivers) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!count)
    return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  logLine("zeDriverGet count=%u%s", *count, drivers ? "" : " (query)");
  if (drivers && *count >= 1)
    drivers[0] = reinterpret_cast<ze_driver_handle_t>(&gDriver);
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL driverGetApiVersion(ze_driver_handle_t,
                                           ze_api_version_t *version) {
  *version = ZE_API_VERSION_1_4;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL driverGetProperties(ze_driver_handle_t,
                                           ze_driver_properties_t *props) {
  std::memset(props->uuid.id, 0x5a, sizeof(props->uuid.id));
  props->driverVersion = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL deviceGet(ze_driver_handle_t driver, uint32_t *count,
                                 ze_device_handle_t *devices) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Driver>(driver, kDriverMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  uint32_t available = deviceCount();
  logLine("zeDeviceGet count=%u%s", *count, devices ? "" : " (query)");
  if (devices) {
    uint32_t n = *count < available ? *count : available;
    for (uint32_t i = 0; i < n; ++i)
      devices[i] = reinterpret_cast<ze_device_handle_t>(&gDevices[i]);
    *count = n;
  } else {
    *count = available;
  }
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL deviceGetProperties(ze_device_handle_t device,
                                           ze_device_properties_t *props) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Device>(device, kDeviceMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeDeviceGetProperties device=%u",
          static_cast<Device *>(static_cast<void *>(device))->index);
  props->type = ZE_DEVICE_TYPE_GPU;
  props->vendorId = 0x8086;
  props->deviceId = 0x0bd5;
  props->maxHardwareContexts = 1;
  props->maxMemAllocSize = uint64_t(1) << 32;
  std::snprintf(props->name, sizeof(props->name),
                "Trident Level Zero test device %u",
                static_cast<Device *>(static_cast<void *>(device))->index);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL
deviceGetComputeProperties(ze_device_handle_t device,
                           ze_device_compute_properties_t *props) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Device>(device, kDeviceMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeDeviceGetComputeProperties");
  props->maxTotalGroupSize = 1024;
  props->maxGroupSizeX = props->maxGroupSizeY = props->maxGroupSizeZ = 1024;
  props->maxGroupCountX = props->maxGroupCountY = props->maxGroupCountZ =
      0xffffffffu;
  props->maxSharedLocalMemory = 128 * 1024;
  props->numSubGroupSizes = 3;
  props->subGroupSizes[0] = 8;
  props->subGroupSizes[1] = 16;
  props->subGroupSizes[2] = 32;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL contextCreate(ze_driver_handle_t driver,
                                     const ze_context_desc_t *,
                                     ze_context_handle_t *context) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Driver>(driver, kDriverMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeContextCreate");
  *context = reinterpret_cast<ze_context_handle_t>(new Context{{kContextMagic}});
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL contextDestroy(ze_context_handle_t context) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Context>(context, kContextMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeContextDestroy");
  delete reinterpret_cast<Context *>(context);
  return ZE_RESULT_SUCCESS;
}

const char *modeName(ze_command_queue_mode_t mode) {
  switch (mode) {
  case ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS:
    return "synchronous";
  case ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS:
    return "asynchronous";
  default:
    return "default";
  }
}

ze_result_t ZE_APICALL listCreateImmediate(ze_context_handle_t context,
                                           ze_device_handle_t device,
                                           const ze_command_queue_desc_t *desc,
                                           ze_command_list_handle_t *list) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Context>(context, kContextMagic) ||
      !isA<Device>(device, kDeviceMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeCommandListCreateImmediate mode=%s", modeName(desc->mode));
  *list = reinterpret_cast<ze_command_list_handle_t>(new List{{kListMagic}});
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL listDestroy(ze_command_list_handle_t list) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<List>(list, kListMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeCommandListDestroy");
  delete reinterpret_cast<List *>(list);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL eventPoolCreate(ze_context_handle_t context,
                                       const ze_event_pool_desc_t *desc,
                                       uint32_t, ze_device_handle_t *,
                                       ze_event_pool_handle_t *pool) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Context>(context, kContextMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeEventPoolCreate count=%u host_visible=%d", desc->count,
          (desc->flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE) != 0);
  *pool = reinterpret_cast<ze_event_pool_handle_t>(new EventPool{{kPoolMagic}});
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL eventPoolDestroy(ze_event_pool_handle_t pool) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<EventPool>(pool, kPoolMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeEventPoolDestroy");
  delete reinterpret_cast<EventPool *>(pool);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL eventCreate(ze_event_pool_handle_t pool,
                                   const ze_event_desc_t *desc,
                                   ze_event_handle_t *event) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<EventPool>(pool, kPoolMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeEventCreate index=%u", desc->index);
  *event = reinterpret_cast<ze_event_handle_t>(new Event{{kEventMagic}});
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL eventDestroy(ze_event_handle_t event) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Event>(event, kEventMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeEventDestroy");
  delete reinterpret_cast<Event *>(event);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL eventHostSynchronize(ze_event_handle_t event,
                                            uint64_t) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Event>(event, kEventMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  bool signaled = reinterpret_cast<Event *>(event)->signaled;
  logLine("zeEventHostSynchronize%s", signaled ? "" : " (not signaled)");
  return signaled ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
}

ze_result_t ZE_APICALL eventHostReset(ze_event_handle_t event) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Event>(event, kEventMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeEventHostReset");
  reinterpret_cast<Event *>(event)->signaled = false;
  return ZE_RESULT_SUCCESS;
}

/// Marks the event an append signals; appends complete at once.
void signal(ze_event_handle_t event) {
  if (isA<Event>(event, kEventMagic))
    reinterpret_cast<Event *>(event)->signaled = true;
}

const char *eventName(ze_event_handle_t event) {
  return event ? " signal=event" : "";
}

ze_result_t ZE_APICALL listAppendBarrier(ze_command_list_handle_t list,
                                         ze_event_handle_t event, uint32_t,
                                         ze_event_handle_t *) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<List>(list, kListMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeCommandListAppendBarrier%s", eventName(event));
  signal(event);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL memAllocDevice(ze_context_handle_t context,
                                      const ze_device_mem_alloc_desc_t *,
                                      size_t size, size_t alignment,
                                      ze_device_handle_t device, void **out) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Context>(context, kContextMagic) ||
      !isA<Device>(device, kDeviceMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  if (size == 0)
    return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
  // Poisoned, so that a runtime that forgets to clear its buffers shows.
  void *memory = std::aligned_alloc(64, (size + 63) / 64 * 64);
  if (!memory)
    return ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
  std::memset(memory, 0xA5, size);
  uint32_t id = gNextAllocation++;
  gAllocations[reinterpret_cast<uintptr_t>(memory)] = {id, size};
  logLine("zeMemAllocDevice size=%zu alignment=%zu -> buffer#%u", size,
          alignment, id);
  *out = memory;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL memFree(ze_context_handle_t, void *pointer) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto it = gAllocations.find(reinterpret_cast<uintptr_t>(pointer));
  if (it == gAllocations.end())
    return ZE_RESULT_ERROR_INVALID_ARGUMENT;
  logLine("zeMemFree buffer#%u", it->second.id);
  gAllocations.erase(it);
  std::free(pointer);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL listAppendMemoryCopy(ze_command_list_handle_t list,
                                            void *dst, const void *src,
                                            size_t size, ze_event_handle_t event,
                                            uint32_t, ze_event_handle_t *) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<List>(list, kListMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeCommandListAppendMemoryCopy dst=%s src=%s size=%zu",
          describeAddress(dst).c_str(), describeAddress(src).c_str(), size);
  std::memmove(dst, src, size);
  signal(event);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL listAppendMemoryFill(ze_command_list_handle_t list,
                                            void *dst, const void *pattern,
                                            size_t patternSize, size_t size,
                                            ze_event_handle_t event, uint32_t,
                                            ze_event_handle_t *) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<List>(list, kListMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  signal(event);
  logLine("zeCommandListAppendMemoryFill dst=%s pattern_size=%zu size=%zu",
          describeAddress(dst).c_str(), patternSize, size);
  auto *bytes = static_cast<uint8_t *>(dst);
  const auto *from = static_cast<const uint8_t *>(pattern);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = from[i % patternSize];
  return ZE_RESULT_SUCCESS;
}

/// The names of a SPIR-V module's OpEntryPoints; false if it is not SPIR-V.
bool readEntryPoints(const uint8_t *data, size_t size,
                     std::vector<std::string> &names) {
  if (size < 20 || size % 4)
    return false;
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), data, size);
  if (words[0] != 0x07230203u)
    return false;
  for (size_t at = 5; at < words.size();) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffffu;
    if (count == 0 || at + count > words.size())
      return false;
    if (opcode == 15 && count > 3) // OpEntryPoint model id "name" ...
      names.emplace_back(reinterpret_cast<const char *>(&words[at + 3]),
                         strnlen(reinterpret_cast<const char *>(&words[at + 3]),
                                 (count - 3) * 4));
    at += count;
  }
  return true;
}

ze_result_t makeLog(ze_module_build_log_handle_t *out, const std::string &text) {
  if (out)
    *out = reinterpret_cast<ze_module_build_log_handle_t>(
        new BuildLog{{kLogMagic}, text});
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL moduleCreate(ze_context_handle_t context,
                                    ze_device_handle_t device,
                                    const ze_module_desc_t *desc,
                                    ze_module_handle_t *module,
                                    ze_module_build_log_handle_t *log) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Context>(context, kContextMagic) ||
      !isA<Device>(device, kDeviceMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeModuleCreate format=%s size=%zu flags='%s'",
          desc->format == ZE_MODULE_FORMAT_IL_SPIRV ? "spirv" : "native",
          desc->inputSize, desc->pBuildFlags ? desc->pBuildFlags : "");
  if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV) {
    makeLog(log, "the test driver builds SPIR-V modules only");
    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
  }
  auto created = new Module{{kModuleMagic}, {}};
  if (!readEntryPoints(desc->pInputModule, desc->inputSize,
                       created->entryPoints)) {
    delete created;
    makeLog(log, "error: the input is not a SPIR-V module (bad magic number "
                 "or truncated instruction)");
    return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
  }
  const char *failure = std::getenv("TRIDENT_ZE_TEST_BUILD_LOG");
  if (failure && *failure) {
    delete created;
    makeLog(log, failure);
    return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
  }
  makeLog(log, "");
  *module = reinterpret_cast<ze_module_handle_t>(created);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL moduleDestroy(ze_module_handle_t module) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Module>(module, kModuleMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeModuleDestroy");
  delete reinterpret_cast<Module *>(module);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL logGetString(ze_module_build_log_handle_t log,
                                    size_t *size, char *text) {
  if (!isA<BuildLog>(log, kLogMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  const std::string &value = reinterpret_cast<BuildLog *>(log)->text;
  if (text && *size > 0) {
    size_t n = value.size() < *size - 1 ? value.size() : *size - 1;
    std::memcpy(text, value.data(), n);
    text[n] = '\0';
  }
  *size = value.size() + 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL logDestroy(ze_module_build_log_handle_t log) {
  if (!isA<BuildLog>(log, kLogMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  delete reinterpret_cast<BuildLog *>(log);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL kernelCreate(ze_module_handle_t module,
                                    const ze_kernel_desc_t *desc,
                                    ze_kernel_handle_t *kernel) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Module>(module, kModuleMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeKernelCreate name=%s", desc->pKernelName);
  const auto &names = reinterpret_cast<Module *>(module)->entryPoints;
  bool found = false;
  for (const std::string &name : names)
    found |= name == desc->pKernelName;
  if (!found)
    return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
  auto *created = new Kernel{{kKernelMagic}, desc->pKernelName, {}, {}};
  *kernel = reinterpret_cast<ze_kernel_handle_t>(created);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL kernelDestroy(ze_kernel_handle_t kernel) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Kernel>(kernel, kKernelMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeKernelDestroy");
  delete reinterpret_cast<Kernel *>(kernel);
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL kernelSetGroupSize(ze_kernel_handle_t kernel,
                                          uint32_t x, uint32_t y, uint32_t z) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Kernel>(kernel, kKernelMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  logLine("zeKernelSetGroupSize %u %u %u", x, y, z);
  if (x * y * z == 0 || x * y * z > 1024)
    return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
  auto *k = reinterpret_cast<Kernel *>(kernel);
  k->groupSize[0] = x;
  k->groupSize[1] = y;
  k->groupSize[2] = z;
  return ZE_RESULT_SUCCESS;
}

ze_result_t ZE_APICALL kernelSetArgumentValue(ze_kernel_handle_t kernel,
                                              uint32_t index, size_t size,
                                              const void *value) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!isA<Kernel>(kernel, kKernelMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  std::string shown;
  if (!value) {
    shown = "null";
  } else if (size == sizeof(void *)) {
    void *pointer;
    std::memcpy(&pointer, value, sizeof(pointer));
    std::string address = describeAddress(pointer);
    if (address != "host")
      shown = address;
  }
  if (shown.empty() && value) {
    // Little-endian bytes, as the kernel receives them.
    char hex[3];
    shown = "0x";
    for (size_t i = size; i-- > 0;) {
      std::snprintf(hex, sizeof(hex), "%02x",
                    static_cast<const uint8_t *>(value)[i]);
      shown += hex;
    }
  }
  logLine("zeKernelSetArgumentValue index=%u size=%zu value=%s", index, size,
          shown.c_str());
  auto *k = reinterpret_cast<Kernel *>(kernel);
  const auto *bytes = static_cast<const uint8_t *>(value);
  k->args[index] = value ? std::vector<uint8_t>(bytes, bytes + size)
                         : std::vector<uint8_t>();
  return ZE_RESULT_SUCCESS;
}

/// The `vadd` kernel on the host; false if its arguments do not fit.
bool runVadd(const Kernel &kernel, const ze_group_count_t &groups) {
  if (kernel.args.size() != 4)
    return false;
  float *pointers[3];
  for (uint32_t i = 0; i < 3; ++i) {
    auto it = kernel.args.find(i);
    if (it == kernel.args.end() || it->second.size() != sizeof(void *))
      return false;
    std::memcpy(&pointers[i], it->second.data(), sizeof(void *));
    if (describeAddress(pointers[i]) == "host")
      return false;
  }
  auto it = kernel.args.find(3);
  if (it == kernel.args.end() || it->second.size() != 4)
    return false;
  int32_t n;
  std::memcpy(&n, it->second.data(), 4);
  uint64_t items = uint64_t(groups.groupCountX) * kernel.groupSize[0];
  for (uint64_t i = 0; i < items && int64_t(i) < n; ++i)
    pointers[2][i] = pointers[0][i] + pointers[1][i];
  return true;
}

ze_result_t ZE_APICALL listAppendLaunchKernel(ze_command_list_handle_t list,
                                              ze_kernel_handle_t kernel,
                                              const ze_group_count_t *groups,
                                              ze_event_handle_t event, uint32_t,
                                              ze_event_handle_t *) {
  std::lock_guard<std::mutex> lock(gMutex);
  signal(event);
  if (!isA<List>(list, kListMagic) || !isA<Kernel>(kernel, kKernelMagic))
    return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  const Kernel &k = *reinterpret_cast<Kernel *>(kernel);
  logLine("zeCommandListAppendLaunchKernel kernel=%s groups=%u,%u,%u",
          k.name.c_str(), groups->groupCountX, groups->groupCountY,
          groups->groupCountZ);
  if (k.groupSize[0] == 0)
    return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
  if (k.name == "vadd" && !runVadd(k, *groups)) {
    logLine("vadd: the arguments are not (ptr, ptr, ptr, i32)");
    return ZE_RESULT_ERROR_INVALID_ARGUMENT;
  }
  return ZE_RESULT_SUCCESS;
}

} // namespace

//===----------------------------------------------------------------------===//
// The tables the loader asks for
//===----------------------------------------------------------------------===//

static ze_result_t checkVersion(ze_api_version_t version, const void *table) {
  if (!table)
    return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (ZE_MAJOR_VERSION(version) != ZE_MAJOR_VERSION(ZE_API_VERSION_CURRENT))
    return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
  return ZE_RESULT_SUCCESS;
}

#define TABLE(prefix, name, type, fill)                                        \
  EXPORT ze_result_t ZE_APICALL prefix##Get##name##ProcAddrTable(              \
      ze_api_version_t version, type *table) {                                 \
    if (ze_result_t result = checkVersion(version, table))                     \
      return result;                                                           \
    std::memset(table, 0, sizeof(*table));                                     \
    fill;                                                                      \
    return ZE_RESULT_SUCCESS;                                                  \
  }

TABLE(ze, Global, ze_global_dditable_t, table->pfnInit = init)
TABLE(ze, Driver, ze_driver_dditable_t, {
  table->pfnGet = driverGet;
  table->pfnGetApiVersion = driverGetApiVersion;
  table->pfnGetProperties = driverGetProperties;
})
TABLE(ze, Device, ze_device_dditable_t, {
  table->pfnGet = deviceGet;
  table->pfnGetProperties = deviceGetProperties;
  table->pfnGetComputeProperties = deviceGetComputeProperties;
})
TABLE(ze, Context, ze_context_dditable_t, {
  table->pfnCreate = contextCreate;
  table->pfnDestroy = contextDestroy;
})
TABLE(ze, CommandList, ze_command_list_dditable_t, {
  table->pfnCreateImmediate = listCreateImmediate;
  table->pfnDestroy = listDestroy;
  table->pfnAppendMemoryCopy = listAppendMemoryCopy;
  table->pfnAppendMemoryFill = listAppendMemoryFill;
  table->pfnAppendLaunchKernel = listAppendLaunchKernel;
  table->pfnAppendBarrier = listAppendBarrier;
})
TABLE(ze, EventPool, ze_event_pool_dditable_t, {
  table->pfnCreate = eventPoolCreate;
  table->pfnDestroy = eventPoolDestroy;
})
TABLE(ze, Event, ze_event_dditable_t, {
  table->pfnCreate = eventCreate;
  table->pfnDestroy = eventDestroy;
  table->pfnHostSynchronize = eventHostSynchronize;
  table->pfnHostReset = eventHostReset;
})
TABLE(ze, Mem, ze_mem_dditable_t, {
  table->pfnAllocDevice = memAllocDevice;
  table->pfnFree = memFree;
})
TABLE(ze, Module, ze_module_dditable_t, {
  table->pfnCreate = moduleCreate;
  table->pfnDestroy = moduleDestroy;
})
TABLE(ze, ModuleBuildLog, ze_module_build_log_dditable_t, {
  table->pfnGetString = logGetString;
  table->pfnDestroy = logDestroy;
})
TABLE(ze, Kernel, ze_kernel_dditable_t, {
  table->pfnCreate = kernelCreate;
  table->pfnDestroy = kernelDestroy;
  table->pfnSetGroupSize = kernelSetGroupSize;
  table->pfnSetArgumentValue = kernelSetArgumentValue;
})
// The rest: present (the loader requires every table it knows), empty.
TABLE(ze, DeviceExp, ze_device_exp_dditable_t, )
TABLE(ze, CommandQueue, ze_command_queue_dditable_t, )
TABLE(ze, Image, ze_image_dditable_t, )
TABLE(ze, ImageExp, ze_image_exp_dditable_t, )
TABLE(ze, Fence, ze_fence_dditable_t, )
TABLE(ze, EventExp, ze_event_exp_dditable_t, )
TABLE(ze, KernelExp, ze_kernel_exp_dditable_t, )
TABLE(ze, Sampler, ze_sampler_dditable_t, )
TABLE(ze, PhysicalMem, ze_physical_mem_dditable_t, )
TABLE(ze, VirtualMem, ze_virtual_mem_dditable_t, )
TABLE(ze, FabricVertexExp, ze_fabric_vertex_exp_dditable_t, )
TABLE(ze, FabricEdgeExp, ze_fabric_edge_exp_dditable_t, )
TABLE(zet, Device, zet_device_dditable_t, )
TABLE(zet, Context, zet_context_dditable_t, )
TABLE(zet, CommandList, zet_command_list_dditable_t, )
TABLE(zet, Module, zet_module_dditable_t, )
TABLE(zet, Kernel, zet_kernel_dditable_t, )
TABLE(zet, MetricGroup, zet_metric_group_dditable_t, )
TABLE(zet, MetricGroupExp, zet_metric_group_exp_dditable_t, )
TABLE(zet, Metric, zet_metric_dditable_t, )
TABLE(zet, MetricStreamer, zet_metric_streamer_dditable_t, )
TABLE(zet, MetricQueryPool, zet_metric_query_pool_dditable_t, )
TABLE(zet, MetricQuery, zet_metric_query_dditable_t, )
TABLE(zet, TracerExp, zet_tracer_exp_dditable_t, )
TABLE(zet, Debug, zet_debug_dditable_t, )
TABLE(zes, Driver, zes_driver_dditable_t, )
TABLE(zes, Device, zes_device_dditable_t, )
TABLE(zes, Scheduler, zes_scheduler_dditable_t, )
TABLE(zes, PerformanceFactor, zes_performance_factor_dditable_t, )
TABLE(zes, Power, zes_power_dditable_t, )
TABLE(zes, Frequency, zes_frequency_dditable_t, )
TABLE(zes, Engine, zes_engine_dditable_t, )
TABLE(zes, Standby, zes_standby_dditable_t, )
TABLE(zes, Firmware, zes_firmware_dditable_t, )
TABLE(zes, Memory, zes_memory_dditable_t, )
TABLE(zes, FabricPort, zes_fabric_port_dditable_t, )
TABLE(zes, Temperature, zes_temperature_dditable_t, )
TABLE(zes, Psu, zes_psu_dditable_t, )
TABLE(zes, Fan, zes_fan_dditable_t, )
TABLE(zes, Led, zes_led_dditable_t, )
TABLE(zes, Ras, zes_ras_dditable_t, )
TABLE(zes, Diagnostics, zes_diagnostics_dditable_t, )

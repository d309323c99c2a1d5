//===- Runtime.cpp - Loading runtimes and launching kernels ---------------===//
//
// dlopen-based loading of runtime libraries, validation of the
// TridentRuntimeApi they export, and the device session built on it.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Runtime.h"
#include "trident/Runtime/ElementType.h"
#include "trident/Runtime/Manifest.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <dlfcn.h>

using namespace trident;

namespace trident {

/// An open device. Buffers, kernels and the session share it, so the device
/// is closed only after the last of them is gone.
struct DeviceState {
  std::shared_ptr<RuntimeLibrary> library;
  TridentDevice *device = nullptr;

  const TridentRuntimeApi &api() const { return library->api(); }
  /// "the 'cpu' device", for messages.
  std::string deviceName() const {
    return "the '" + library->targetKind() + "' device";
  }

  ~DeviceState() {
    if (device && api().close_device)
      api().close_device(device);
  }
};

} // namespace trident

namespace {

/// Checks an API for use by this host: size, version, target kind and every
/// entry point. Returns an empty string when it is usable.
std::string validateApi(const TridentRuntimeApi *api, const std::string &origin,
                        std::string_view expectedKind) {
  std::string which = "runtime library '" + origin + "'";
  if (!api)
    return which + " returned no runtime from " TRIDENT_RUNTIME_ENTRY_NAME
                   "; rebuild or reinstall the plugin";
  constexpr size_t kVersionEnd =
      offsetof(TridentRuntimeApi, version) + sizeof(uint32_t);
  if (api->struct_size < kVersionEnd)
    return which + " has a TridentRuntimeApi of " +
           std::to_string(api->struct_size) +
           " bytes, too small to hold a version; rebuild it against "
           "trident-c/Runtime.h";
  if (api->version != TRIDENT_RUNTIME_ABI_VERSION)
    return which + " implements runtime ABI version " +
           std::to_string(api->version) + ", this host implements version " +
           std::to_string(TRIDENT_RUNTIME_ABI_VERSION) +
           "; rebuild the plugin against this Trident";
  // Entries are only ever appended: an API of version 1.0's size is whole,
  // it merely lacks launch_on_stream (see hasLaunchOnStream).
  if (api->struct_size < TRIDENT_RUNTIME_API_V1_0_SIZE)
    return which + " has a TridentRuntimeApi of " +
           std::to_string(api->struct_size) + " bytes, smaller than the " +
           std::to_string(TRIDENT_RUNTIME_API_V1_0_SIZE) +
           " this host reads; rebuild it against this Trident";
  if (!api->target_kind || !*api->target_kind)
    return which + " names no target kind; rebuild it with target_kind set";
  if (!expectedKind.empty() && expectedKind != api->target_kind)
    return which + " runs '" + api->target_kind + "' kernels, not '" +
           std::string(expectedKind) + "'; fix the manifest that names it";
  struct Entry {
    const char *name;
    bool present;
  };
  const Entry entries[] = {
      {"probe", api->probe != nullptr},
      {"open_device", api->open_device != nullptr},
      {"close_device", api->close_device != nullptr},
      {"alloc", api->alloc != nullptr},
      {"free_buffer", api->free_buffer != nullptr},
      {"copy_to_device", api->copy_to_device != nullptr},
      {"copy_to_host", api->copy_to_host != nullptr},
      {"load_kernel", api->load_kernel != nullptr},
      {"unload_kernel", api->unload_kernel != nullptr},
      {"launch", api->launch != nullptr},
      {"synchronize", api->synchronize != nullptr},
      {"release_status", api->release_status != nullptr},
  };
  for (const Entry &entry : entries)
    if (!entry.present)
      return which + " leaves '" + entry.name +
             "' unset; rebuild it with every TridentRuntimeApi entry filled "
             "in";
  return "";
}

/// Whether `api` (already validated) has launch_on_stream, hence takes
/// TRIDENT_ARG_ADDRESS arguments.
bool hasLaunchOnStream(const TridentRuntimeApi &api) {
  return api.struct_size >= offsetof(TridentRuntimeApi, launch_on_stream) +
                                sizeof(api.launch_on_stream) &&
         api.launch_on_stream != nullptr;
}

std::string gridString(const std::array<uint32_t, 3> &grid) {
  return std::to_string(grid[0]) + "x" + std::to_string(grid[1]) + "x" +
         std::to_string(grid[2]);
}

} // namespace

//===----------------------------------------------------------------------===//
// RuntimeLibrary
//===----------------------------------------------------------------------===//

std::shared_ptr<RuntimeLibrary>
RuntimeLibrary::load(const std::string &path, std::string_view expectedKind,
                     std::string &error) {
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = ::dlerror();
    error = "cannot load runtime library '" + path +
            "': " + (why ? why : "unknown dlopen error") +
            "; reinstall the plugin or fix the manifest that names it";
    return nullptr;
  }
  void *symbol = ::dlsym(handle, TRIDENT_RUNTIME_ENTRY_NAME);
  if (!symbol) {
    ::dlclose(handle);
    error = "runtime library '" + path +
            "' does not export " TRIDENT_RUNTIME_ENTRY_NAME
            "; it is not a Trident runtime (build it against "
            "trident-c/Runtime.h)";
    return nullptr;
  }
  TridentRuntimeEntryFn entry;
  static_assert(sizeof(entry) == sizeof(symbol),
                "function and data pointers differ in size");
  std::memcpy(&entry, &symbol, sizeof(entry));
  std::shared_ptr<RuntimeLibrary> library =
      fromApi(entry(), path, expectedKind, error);
  if (!library)
    ::dlclose(handle);
  // On success the handle is deliberately kept open for the life of the
  // process (see Runtime.h).
  return library;
}

std::shared_ptr<RuntimeLibrary>
RuntimeLibrary::fromApi(const TridentRuntimeApi *api, const std::string &origin,
                        std::string_view expectedKind, std::string &error) {
  std::string invalid = validateApi(api, origin, expectedKind);
  if (!invalid.empty()) {
    error = invalid;
    return nullptr;
  }
  return std::make_shared<RuntimeLibrary>(api, origin);
}

std::string RuntimeLibrary::takeMessage(TridentStatus *status) const {
  std::string message = status && status->message && *status->message
                            ? status->message
                            : "the runtime gave no reason (code " +
                                  std::to_string(status ? status->code : 0) +
                                  ")";
  if (status)
    apiPtr->release_status(status);
  return message;
}

std::shared_ptr<RuntimeLibrary>
trident::loadRuntimeForKind(const std::vector<std::string> &directories,
                            std::string_view kind, std::string &error) {
  std::optional<PluginManifest> manifest =
      findRuntimeManifest(directories, kind, error);
  if (!manifest)
    return nullptr;
  return RuntimeLibrary::load(manifest->runtimeLibrary, kind, error);
}

//===----------------------------------------------------------------------===//
// DeviceBuffer, LoadedKernel
//===----------------------------------------------------------------------===//

DeviceBuffer::DeviceBuffer(std::shared_ptr<DeviceState> device,
                           TridentBuffer *buffer, uint64_t size)
    : device(std::move(device)), buffer(buffer), bytes(size) {}

DeviceBuffer::~DeviceBuffer() {
  if (buffer)
    device->api().free_buffer(buffer);
}

LoadedKernel::LoadedKernel(std::shared_ptr<DeviceState> device,
                           const Bundle &bundle)
    : device(std::move(device)), source(bundle), argKinds(bundle.argKinds()) {
  std::memset(&kernelImage, 0, sizeof(kernelImage));
  kernelImage.struct_size = sizeof(TridentKernelImage);
  kernelImage.kernel_name = source.kernelName.c_str();
  kernelImage.target = source.target.c_str();
  kernelImage.binary = source.binary.data();
  kernelImage.binary_size = source.binary.size();
  kernelImage.num_args = static_cast<uint32_t>(argKinds.size());
  kernelImage.arg_kinds = argKinds.data();
  kernelImage.num_warps = source.numWarps;
  kernelImage.threads_per_warp = source.threadsPerWarp;
  kernelImage.shared_bytes = source.sharedBytes;
}

LoadedKernel::~LoadedKernel() {
  if (kernel)
    device->api().unload_kernel(kernel);
}

//===----------------------------------------------------------------------===//
// RuntimeSession
//===----------------------------------------------------------------------===//

RuntimeSession::~RuntimeSession() = default;

const RuntimeLibrary &RuntimeSession::library() const {
  return *state->library;
}

std::unique_ptr<RuntimeSession>
RuntimeSession::open(std::shared_ptr<RuntimeLibrary> library, int32_t index,
                     std::string &error) {
  if (!library) {
    error = "no runtime library was given; load one first";
    return nullptr;
  }
  const TridentRuntimeApi &api = library->api();
  std::string kind = library->targetKind();
  int32_t count = 0;
  if (TridentStatus *status = api.probe(&count)) {
    error =
        "no '" + kind + "' device is usable: " + library->takeMessage(status);
    return nullptr;
  }
  if (count <= 0) {
    error = "the '" + kind +
            "' runtime found no device; check that one is installed and "
            "visible to this process";
    return nullptr;
  }
  if (index < 0 || index >= count) {
    error = "device " + std::to_string(index) + " was requested, but the '" +
            kind + "' runtime found " + std::to_string(count) +
            (count == 1 ? " device" : " devices") + "; pick one from 0 to " +
            std::to_string(count - 1);
    return nullptr;
  }
  auto state = std::make_shared<DeviceState>();
  state->library = library;
  TridentDevice *device = nullptr;
  if (TridentStatus *status = api.open_device(index, &device)) {
    error = "cannot open '" + kind + "' device " + std::to_string(index) +
            ": " + library->takeMessage(status);
    return nullptr;
  }
  state->device = device;
  std::unique_ptr<RuntimeSession> session(new RuntimeSession());
  session->state = std::move(state);
  session->numDevices = count;
  session->index = index;
  return session;
}

std::unique_ptr<DeviceBuffer> RuntimeSession::allocate(uint64_t bytes,
                                                       std::string &error) {
  TridentBuffer *buffer = nullptr;
  if (TridentStatus *status =
          state->api().alloc(state->device, bytes, &buffer)) {
    error = "cannot allocate " + std::to_string(bytes) + " bytes on " +
            state->deviceName() + ": " + state->library->takeMessage(status);
    return nullptr;
  }
  return std::make_unique<DeviceBuffer>(state, buffer, bytes);
}

bool RuntimeSession::copyToDevice(DeviceBuffer &buffer, const void *host,
                                  uint64_t bytes, std::string &error) {
  if (bytes > buffer.size()) {
    error = "cannot copy " + std::to_string(bytes) +
            " bytes into a buffer of " + std::to_string(buffer.size()) +
            " bytes";
    return false;
  }
  if (TridentStatus *status =
          state->api().copy_to_device(buffer.handle(), host, bytes)) {
    error = "cannot copy " + std::to_string(bytes) + " bytes to " +
            state->deviceName() + ": " + state->library->takeMessage(status);
    return false;
  }
  return true;
}

bool RuntimeSession::copyToHost(const DeviceBuffer &buffer, void *host,
                                uint64_t bytes, std::string &error) {
  if (bytes > buffer.size()) {
    error = "cannot copy " + std::to_string(bytes) + " bytes out of a buffer " +
            "of " + std::to_string(buffer.size()) + " bytes";
    return false;
  }
  if (TridentStatus *status =
          state->api().copy_to_host(buffer.handle(), host, bytes)) {
    error = "cannot copy " + std::to_string(bytes) + " bytes from " +
            state->deviceName() + ": " + state->library->takeMessage(status);
    return false;
  }
  return true;
}

std::unique_ptr<LoadedKernel> RuntimeSession::loadKernel(const Bundle &bundle,
                                                         std::string &error) {
  std::string kind = state->library->targetKind();
  if (bundle.targetKind() != kind) {
    error = "kernel '" + bundle.kernelName + "' was compiled for '" +
            bundle.target + "', but this runtime runs '" + kind +
            "' kernels; run it with --target " + bundle.targetKind() +
            " or recompile it for " + kind;
    return nullptr;
  }
  auto kernel = std::make_unique<LoadedKernel>(state, bundle);
  TridentKernel *handle = nullptr;
  if (TridentStatus *status =
          state->api().load_kernel(state->device, &kernel->image(), &handle)) {
    error = "cannot load kernel '" + bundle.kernelName + "' on " +
            state->deviceName() + ": " + state->library->takeMessage(status);
    return nullptr;
  }
  kernel->kernel = handle;
  return kernel;
}

bool RuntimeSession::launch(LoadedKernel &kernel,
                            const std::array<uint32_t, 3> &grid,
                            const std::vector<TridentArg> &args,
                            std::string &error) {
  std::string which = "kernel '" + kernel.name() + "'";
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0) {
    error = "cannot launch " + which + " over the grid " + gridString(grid) +
            ": every grid size must be at least 1";
    return false;
  }
  const TridentKernelImage &image = kernel.image();
  if (args.size() != image.num_args) {
    error = "cannot launch " + which + ": it takes " +
            std::to_string(image.num_args) + " arguments, got " +
            std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind == TRIDENT_ARG_ADDRESS &&
        image.arg_kinds[i] == TRIDENT_ARG_POINTER) {
      // Runtimes learned raw addresses together with launch_on_stream.
      if (!hasLaunchOnStream(state->api())) {
        error = "cannot launch " + which + ": argument " +
                std::to_string(i + 1) + " is a raw address, which " +
                state->library->origin() +
                " does not take (it predates TRIDENT_ARG_ADDRESS); pass a "
                "buffer, or rebuild the plugin against this Trident";
        return false;
      }
      continue;
    }
    if (args[i].kind != image.arg_kinds[i]) {
      error = "cannot launch " + which + ": argument " + std::to_string(i + 1) +
              " is " + argKindName(args[i].kind) + ", the kernel expects " +
              argKindName(image.arg_kinds[i]);
      return false;
    }
  }
  if (TridentStatus *status =
          state->api().launch(kernel.handle(), grid.data(), args.data(),
                              static_cast<uint32_t>(args.size()))) {
    error = "cannot launch " + which + " on " + state->deviceName() + ": " +
            state->library->takeMessage(status);
    return false;
  }
  return true;
}

bool RuntimeSession::synchronize(std::string &error) {
  if (TridentStatus *status = state->api().synchronize(state->device)) {
    error = "kernel execution failed on " + state->deviceName() + ": " +
            state->library->takeMessage(status);
    return false;
  }
  return true;
}

std::optional<DeviceArguments>
RuntimeSession::upload(const std::vector<HostArgument> &arguments,
                       std::string &error) {
  DeviceArguments device;
  for (const HostArgument &argument : arguments) {
    if (!argument.isBuffer) {
      device.args.push_back(argument.scalar);
      device.buffers.push_back(nullptr);
      continue;
    }
    uint64_t bytes = argument.buffer.byteSize();
    // An empty array still gets a (one-byte) buffer to point to.
    std::unique_ptr<DeviceBuffer> buffer =
        allocate(std::max<uint64_t>(bytes, 1), error);
    if (!buffer) {
      error = "--arg " + argument.name + ": " + error;
      return std::nullopt;
    }
    if (bytes &&
        !copyToDevice(*buffer, argument.buffer.data.data(), bytes, error)) {
      error = "--arg " + argument.name + ": " + error;
      return std::nullopt;
    }
    TridentArg arg;
    std::memset(&arg, 0, sizeof(arg));
    arg.kind = TRIDENT_ARG_POINTER;
    arg.value.buffer = buffer->handle();
    device.args.push_back(arg);
    device.buffers.push_back(std::move(buffer));
  }
  return device;
}

bool RuntimeSession::download(const DeviceArguments &device,
                              std::vector<HostArgument> &arguments,
                              std::string &error) {
  if (device.buffers.size() != arguments.size()) {
    error =
        "cannot copy results back: " + std::to_string(device.buffers.size()) +
        " device arguments for " + std::to_string(arguments.size()) +
        " host arguments";
    return false;
  }
  for (size_t i = 0; i < arguments.size(); ++i) {
    HostArgument &argument = arguments[i];
    if (!argument.isBuffer || !device.buffers[i])
      continue;
    uint64_t bytes = argument.buffer.byteSize();
    if (bytes && !copyToHost(*device.buffers[i], argument.buffer.data.data(),
                             bytes, error)) {
      error = "--arg " + argument.name + ": " + error;
      return false;
    }
  }
  return true;
}

bool RuntimeSession::run(LoadedKernel &kernel,
                         const std::array<uint32_t, 3> &grid,
                         std::vector<HostArgument> &arguments,
                         std::string &error) {
  std::optional<DeviceArguments> device = upload(arguments, error);
  return device && launch(kernel, grid, device->args, error) &&
         synchronize(error) && download(*device, arguments, error);
}

std::optional<BenchResult>
RuntimeSession::bench(LoadedKernel &kernel, const std::array<uint32_t, 3> &grid,
                      const std::vector<TridentArg> &args, unsigned warmup,
                      unsigned runs, std::string &error) {
  if (runs == 0) {
    error = "cannot benchmark kernel '" + kernel.name() +
            "' with 0 timed runs; ask for at least one";
    return std::nullopt;
  }
  for (unsigned i = 0; i < warmup; ++i)
    if (!launch(kernel, grid, args, error))
      return std::nullopt;
  if (warmup && !synchronize(error))
    return std::nullopt;
  BenchResult result;
  result.warmup = warmup;
  result.samplesMs.reserve(runs);
  for (unsigned i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (!launch(kernel, grid, args, error) || !synchronize(error))
      return std::nullopt;
    auto stop = std::chrono::steady_clock::now();
    result.samplesMs.push_back(
        std::chrono::duration<double, std::milli>(stop - start).count());
  }
  std::vector<double> sorted = result.samplesMs;
  std::sort(sorted.begin(), sorted.end());
  size_t mid = sorted.size() / 2;
  result.medianMs =
      sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  result.minMs = sorted.front();
  result.maxMs = sorted.back();
  return result;
}

//===- Runtime.h - Loading runtimes and launching kernels -------*- C++ -*-===//
//
// The host side of the runtime ABI (trident-c/Runtime.h), without LLVM:
// RuntimeLibrary opens a plugin's runtime library with dlopen and checks
// the TridentRuntimeApi it exports under TRIDENT_RUNTIME_ENTRY_NAME;
// RuntimeSession probes and opens a device, moves buffers, loads a kernel
// from a Bundle, launches it over a grid, synchronizes and times launches.
//
// Every failure is returned as a value with one line saying what, why and
// what to do; a status from the runtime is released through its
// `release_status`. Buffers and kernels keep their device open, so they may
// outlive the session that made them. Runtime libraries are never unloaded
// (like LLVM's DynamicLibrary): a driver's threads may outlive any handle.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_RUNTIME_H
#define TRIDENT_RUNTIME_RUNTIME_H

#include "trident-c/Runtime.h"
#include "trident/Runtime/Arguments.h"
#include "trident/Runtime/Bundle.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident {

/// A validated runtime API and where it came from.
class RuntimeLibrary {
public:
  /// Opens the library at `path` (dlopen with RTLD_NOW | RTLD_LOCAL),
  /// resolves TRIDENT_RUNTIME_ENTRY_NAME and checks the API: its size, its
  /// version (TRIDENT_RUNTIME_ABI_VERSION), every entry point, and, when
  /// `expectedKind` is not empty, its target kind.
  static std::shared_ptr<RuntimeLibrary> load(const std::string &path,
                                              std::string_view expectedKind,
                                              std::string &error);

  /// Checks and wraps an API obtained another way (a plugin descriptor's
  /// `get_runtime`, a runtime linked into the program). `origin` names it in
  /// messages.
  static std::shared_ptr<RuntimeLibrary> fromApi(const TridentRuntimeApi *api,
                                                 const std::string &origin,
                                                 std::string_view expectedKind,
                                                 std::string &error);

  const TridentRuntimeApi &api() const { return *apiPtr; }
  /// The library's path (or the `origin` given to fromApi).
  const std::string &origin() const { return originName; }
  /// The API's target kind ("cpu", "nvidia", ...).
  std::string targetKind() const { return apiPtr->target_kind; }

  /// Returns the message of `status` and releases it through the API; for a
  /// status without a message, says so.
  std::string takeMessage(TridentStatus *status) const;

  RuntimeLibrary(const TridentRuntimeApi *api, std::string origin)
      : apiPtr(api), originName(std::move(origin)) {}

private:
  const TridentRuntimeApi *apiPtr;
  std::string originName;
};

/// Finds the manifest that provides the runtime of `kind` in `directories`
/// (see trident/Runtime/Manifest.h) and loads its runtime library.
std::shared_ptr<RuntimeLibrary>
loadRuntimeForKind(const std::vector<std::string> &directories,
                   std::string_view kind, std::string &error);

struct DeviceState;

/// A buffer on a device; freed when destroyed.
class DeviceBuffer {
public:
  DeviceBuffer(std::shared_ptr<DeviceState> device, TridentBuffer *buffer,
               uint64_t size);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  TridentBuffer *handle() const { return buffer; }
  uint64_t size() const { return bytes; }

private:
  std::shared_ptr<DeviceState> device;
  TridentBuffer *buffer;
  uint64_t bytes;
};

/// A kernel loaded on a device, with the bundle it came from; unloaded when
/// destroyed.
class LoadedKernel {
public:
  LoadedKernel(std::shared_ptr<DeviceState> device, const Bundle &bundle);
  ~LoadedKernel();
  LoadedKernel(const LoadedKernel &) = delete;
  LoadedKernel &operator=(const LoadedKernel &) = delete;

  const Bundle &bundle() const { return source; }
  const std::string &name() const { return source.kernelName; }
  /// The image handed to `load_kernel`; it and what it points to live as
  /// long as this object.
  const TridentKernelImage &image() const { return kernelImage; }
  TridentKernel *handle() const { return kernel; }

private:
  friend class RuntimeSession;
  std::shared_ptr<DeviceState> device;
  Bundle source;
  std::vector<uint32_t> argKinds;
  TridentKernelImage kernelImage;
  TridentKernel *kernel = nullptr;
};

/// Launch arguments on a device: `args` is what `launch` takes; `buffers`
/// is parallel to it (null for scalars) and owns the device buffers.
struct DeviceArguments {
  std::vector<TridentArg> args;
  std::vector<std::unique_ptr<DeviceBuffer>> buffers;
};

/// Launch timings of `--bench`, in milliseconds, each measured from the
/// launch to the end of `synchronize`.
struct BenchResult {
  unsigned warmup = 0;
  std::vector<double> samplesMs;
  double medianMs = 0;
  double minMs = 0;
  double maxMs = 0;
};

/// One open device of one runtime.
class RuntimeSession {
public:
  /// Probes the runtime and opens device `index`.
  static std::unique_ptr<RuntimeSession>
  open(std::shared_ptr<RuntimeLibrary> library, int32_t index,
       std::string &error);

  const RuntimeLibrary &library() const;
  /// The number of devices the probe found.
  int32_t deviceCount() const { return numDevices; }
  int32_t deviceIndex() const { return index; }

  std::unique_ptr<DeviceBuffer> allocate(uint64_t bytes, std::string &error);
  bool copyToDevice(DeviceBuffer &buffer, const void *host, uint64_t bytes,
                    std::string &error);
  bool copyToHost(const DeviceBuffer &buffer, void *host, uint64_t bytes,
                  std::string &error);

  /// Loads `bundle`'s kernel; its target kind must be the runtime's.
  std::unique_ptr<LoadedKernel> loadKernel(const Bundle &bundle,
                                           std::string &error);

  /// Launches over grid[0] x grid[1] x grid[2] programs; does not wait.
  /// Checks the grid and the argument count and kinds first.
  bool launch(LoadedKernel &kernel, const std::array<uint32_t, 3> &grid,
              const std::vector<TridentArg> &args, std::string &error);

  /// Waits for the device to finish what was launched.
  bool synchronize(std::string &error);

  /// Allocates a device buffer per host buffer, copies it there, and builds
  /// the launch arguments (scalars are passed as they are).
  std::optional<DeviceArguments>
  upload(const std::vector<HostArgument> &arguments, std::string &error);

  /// Copies every device buffer back into its host argument.
  bool download(const DeviceArguments &device,
                std::vector<HostArgument> &arguments, std::string &error);

  /// Launch, synchronize and copy back: what `trident run` does.
  bool run(LoadedKernel &kernel, const std::array<uint32_t, 3> &grid,
           std::vector<HostArgument> &arguments, std::string &error);

  /// Runs `warmup` untimed launches, then `runs` timed ones (each launch
  /// followed by synchronize) and reports their median.
  std::optional<BenchResult> bench(LoadedKernel &kernel,
                                   const std::array<uint32_t, 3> &grid,
                                   const std::vector<TridentArg> &args,
                                   unsigned warmup, unsigned runs,
                                   std::string &error);

  ~RuntimeSession();

private:
  RuntimeSession() = default;
  std::shared_ptr<DeviceState> state;
  int32_t numDevices = 0;
  int32_t index = 0;
};

} // namespace trident

#endif // TRIDENT_RUNTIME_RUNTIME_H

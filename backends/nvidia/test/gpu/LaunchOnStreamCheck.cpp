//===- LaunchOnStreamCheck.cpp - Raw addresses on the caller's stream -----===//
//
// What the Python package does with torch tensors, on a GPU: memory and a
// CUstream of the caller's (allocated here through libcuda directly), and a
// kernel launched through libTridentNvidiaRuntime's launch_on_stream with
// TRIDENT_ARG_ADDRESS arguments. The kernel is Inputs/vadd.ptx, turned into
// a cubin by the driver's own linker, so that the check needs neither ptxas
// nor the compiler. Checks launch_on_stream on the caller's stream and on
// NULL (the device's stream), `launch` with raw addresses, and that a raw
// address for a scalar is refused. Usage: LaunchOnStreamCheck RUNTIME PTX.
//
//===----------------------------------------------------------------------===//

#include "trident-c/Runtime.h"

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using CUresult = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void *;
using CUstream = void *;
using CUlinkState = void *;
constexpr int kJitInputPtx = 1;
constexpr unsigned kStreamNonBlocking = 1;

std::string take(const TridentRuntimeApi *api, TridentStatus *status) {
  if (!status)
    return "";
  std::string message = status->message ? status->message : "(no message)";
  api->release_status(status);
  return message;
}

int fail(const std::string &what) {
  std::printf("FAILED: %s\n", what.c_str());
  return 1;
}

} // namespace

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    if (CUresult result = (call))                                              \
      return fail(#call " returned " + std::to_string(result));                \
  } while (0)

#define CHECK_STATUS(call)                                                     \
  do {                                                                         \
    std::string message = take(api, (call));                                   \
    if (!message.empty())                                                      \
      return fail(#call ": " + message);                                       \
  } while (0)

int main(int argc, char **argv) {
  if (argc != 3)
    return fail("usage: LaunchOnStreamCheck RUNTIME PTX");
  void *runtime = ::dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!runtime)
    return fail(::dlerror());
  auto entry = reinterpret_cast<TridentRuntimeEntryFn>(
      ::dlsym(runtime, TRIDENT_RUNTIME_ENTRY_NAME));
  const TridentRuntimeApi *api = entry ? entry() : nullptr;
  if (!api || api->struct_size < sizeof(TridentRuntimeApi) ||
      !api->launch_on_stream)
    return fail("the runtime has no launch_on_stream");
  int32_t count = 0;
  CHECK_STATUS(api->probe(&count));
  TridentDevice *device = nullptr;
  CHECK_STATUS(api->open_device(0, &device));

  void *cuda = ::dlopen("libcuda.so.1", RTLD_NOW);
  if (!cuda)
    return fail(::dlerror());
#define SYMBOL(name, type)                                                     \
  auto name = reinterpret_cast<type>(::dlsym(cuda, #name));                    \
  if (!name)                                                                   \
    return fail("libcuda has no " #name);
  SYMBOL(cuDevicePrimaryCtxRetain, CUresult(*)(CUcontext *, int));
  SYMBOL(cuCtxSetCurrent, CUresult(*)(CUcontext));
  SYMBOL(cuMemAlloc_v2, CUresult(*)(CUdeviceptr *, size_t));
  SYMBOL(cuMemFree_v2, CUresult(*)(CUdeviceptr));
  SYMBOL(cuMemcpyHtoD_v2, CUresult(*)(CUdeviceptr, const void *, size_t));
  SYMBOL(cuMemcpyDtoH_v2, CUresult(*)(void *, CUdeviceptr, size_t));
  SYMBOL(cuStreamCreate, CUresult(*)(CUstream *, unsigned));
  SYMBOL(cuStreamDestroy_v2, CUresult(*)(CUstream));
  SYMBOL(cuStreamSynchronize, CUresult(*)(CUstream));
  SYMBOL(cuLinkCreate_v2, CUresult(*)(unsigned, int *, void **, CUlinkState *));
  SYMBOL(cuLinkAddData_v2, CUresult(*)(CUlinkState, int, void *, size_t,
                                       const char *, unsigned, int *, void **));
  SYMBOL(cuLinkComplete, CUresult(*)(CUlinkState, void **, size_t *));
  SYMBOL(cuLinkDestroy, CUresult(*)(CUlinkState));
#undef SYMBOL
  // The runtime works in the device's primary context; so does the caller.
  CUcontext context = nullptr;
  CHECK_CUDA(cuDevicePrimaryCtxRetain(&context, 0));
  CHECK_CUDA(cuCtxSetCurrent(context));

  std::ifstream in(argv[2]);
  std::string ptx((std::istreambuf_iterator<char>(in)), {});
  if (ptx.empty())
    return fail(std::string("cannot read ") + argv[2]);
  CUlinkState link = nullptr;
  CHECK_CUDA(cuLinkCreate_v2(0, nullptr, nullptr, &link));
  CHECK_CUDA(cuLinkAddData_v2(link, kJitInputPtx, ptx.data(), ptx.size() + 1,
                              "vadd.ptx", 0, nullptr, nullptr));
  void *cubin = nullptr;
  size_t cubinSize = 0;
  CHECK_CUDA(cuLinkComplete(link, &cubin, &cubinSize));

  const uint32_t kinds[4] = {TRIDENT_ARG_POINTER, TRIDENT_ARG_POINTER,
                             TRIDENT_ARG_POINTER, TRIDENT_ARG_I32};
  TridentKernelImage image;
  std::memset(&image, 0, sizeof(image));
  image.struct_size = sizeof(image);
  image.kernel_name = "vadd";
  image.target = "nvidia";
  image.binary = cubin;
  image.binary_size = cubinSize;
  image.num_args = 4;
  image.arg_kinds = kinds;
  image.num_warps = 4;
  image.threads_per_warp = 32;
  TridentKernel *kernel = nullptr;
  CHECK_STATUS(api->load_kernel(device, &image, &kernel));
  CHECK_CUDA(cuLinkDestroy(link));

  const int n = 100000;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 1.0f / (i + 1);
  }
  CHECK_CUDA(cuCtxSetCurrent(context));
  CUdeviceptr pointers[3] = {};
  for (CUdeviceptr &pointer : pointers)
    CHECK_CUDA(cuMemAlloc_v2(&pointer, n * sizeof(float)));
  CHECK_CUDA(cuMemcpyHtoD_v2(pointers[0], x.data(), n * sizeof(float)));
  CHECK_CUDA(cuMemcpyHtoD_v2(pointers[1], y.data(), n * sizeof(float)));
  CUstream stream = nullptr;
  CHECK_CUDA(cuStreamCreate(&stream, kStreamNonBlocking));

  TridentArg args[4];
  std::memset(args, 0, sizeof(args));
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TRIDENT_ARG_ADDRESS;
    args[i].value.i = static_cast<int64_t>(pointers[i]);
  }
  args[3].kind = TRIDENT_ARG_I32;
  args[3].value.i = n;
  const uint32_t grid[3] = {(n + 127) / 128, 1, 1};
  const char *modes[] = {"launch_on_stream on the caller's stream",
                         "launch_on_stream on NULL (the device's stream)",
                         "launch"};
  for (int mode = 0; mode < 3; ++mode) {
    std::vector<float> stale(n, -1.0f);
    CHECK_CUDA(cuCtxSetCurrent(context));
    CHECK_CUDA(cuMemcpyHtoD_v2(pointers[2], stale.data(), n * sizeof(float)));
    if (mode == 0) {
      CHECK_STATUS(api->launch_on_stream(kernel, grid, args, 4, stream));
      CHECK_CUDA(cuStreamSynchronize(stream));
    } else {
      if (mode == 1)
        CHECK_STATUS(api->launch_on_stream(kernel, grid, args, 4, nullptr));
      else
        CHECK_STATUS(api->launch(kernel, grid, args, 4));
      CHECK_STATUS(api->synchronize(device));
    }
    CHECK_CUDA(cuCtxSetCurrent(context));
    CHECK_CUDA(cuMemcpyDtoH_v2(out.data(), pointers[2], n * sizeof(float)));
    for (int i = 0; i < n; ++i)
      if (out[i] != x[i] + y[i])
        return fail(std::string(modes[mode]) + ": out[" + std::to_string(i) +
                    "] = " + std::to_string(out[i]) + ", expected " +
                    std::to_string(x[i] + y[i]));
    std::printf("ok: %s, %d elements\n", modes[mode], n);
  }

  args[3].kind = TRIDENT_ARG_ADDRESS;
  std::string refused =
      take(api, api->launch_on_stream(kernel, grid, args, 4, stream));
  const std::string expected = "argument 4 of kernel 'vadd' is a raw "
                               "address, the kernel expects a i32";
  if (refused != expected)
    return fail("a raw address for a scalar: got '" + refused + "'");
  std::printf("ok: a raw address for a scalar is refused\n");

  api->unload_kernel(kernel);
  CHECK_CUDA(cuCtxSetCurrent(context));
  CHECK_CUDA(cuStreamDestroy_v2(stream));
  for (CUdeviceptr pointer : pointers)
    CHECK_CUDA(cuMemFree_v2(pointer));
  api->close_device(device);
  return 0;
}

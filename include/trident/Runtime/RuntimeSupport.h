//===- RuntimeSupport.h - Helpers for a plugin's runtime half -*- C++ -*-===//
//
// What every runtime half (include/trident-c/Runtime.h) does the same way:
// statuses carrying a malloc'ed message, the names of argument kinds,
// checking a launch's arguments against the kernel's signature while packing
// them into one 8-byte slot each, and the table of entry points. Header-only and free of LLVM, so that a
// runtime built alone (no libTridentCore, no libTridentRuntime) can use it.
//
// A status made here must be released by the same runtime's release_status,
// which calls releaseStatus below.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_RUNTIMESUPPORT_H
#define TRIDENT_RUNTIME_RUNTIMESUPPORT_H

#include "trident-c/Runtime.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace trident::runtime_support {

/// A failed status whose message is a copy of `message`.
inline TridentStatus *makeStatus(const std::string &message) {
  auto *status = new TridentStatus;
  status->code = 1;
  char *copy = static_cast<char *>(std::malloc(message.size() + 1));
  if (copy)
    std::memcpy(copy, message.c_str(), message.size() + 1);
  status->message = copy;
  return status;
}

/// Frees a status made by makeStatus; null is fine.
inline void releaseStatus(TridentStatus *status) {
  if (!status)
    return;
  std::free(const_cast<char *>(status->message));
  delete status;
}

/// "pointer", "i32", "bf16", ... for messages.
inline const char *getArgKindName(uint32_t kind) {
  switch (kind) {
  case TRIDENT_ARG_POINTER:
    return "pointer";
  case TRIDENT_ARG_I1:
    return "i1";
  case TRIDENT_ARG_I8:
    return "i8";
  case TRIDENT_ARG_I16:
    return "i16";
  case TRIDENT_ARG_I32:
    return "i32";
  case TRIDENT_ARG_I64:
    return "i64";
  case TRIDENT_ARG_F16:
    return "f16";
  case TRIDENT_ARG_BF16:
    return "bf16";
  case TRIDENT_ARG_F32:
    return "f32";
  case TRIDENT_ARG_F64:
    return "f64";
  case TRIDENT_ARG_ADDRESS:
    return "raw address";
  default:
    return "unknown";
  }
}

/// Stores scalar `arg` into the low bytes of `slot` in its own width (an i1
/// as one byte, 0 or 1), the rest zero: the layout a kernel parameter of
/// that type has in memory on a little-endian host and device.
inline void packScalar(const TridentArg &arg, uint64_t &slot) {
  slot = 0;
  void *bytes = &slot;
  switch (arg.kind) {
  case TRIDENT_ARG_I1: {
    uint8_t value = arg.value.i != 0;
    std::memcpy(bytes, &value, 1);
    break;
  }
  case TRIDENT_ARG_I8: {
    int8_t value = static_cast<int8_t>(arg.value.i);
    std::memcpy(bytes, &value, 1);
    break;
  }
  case TRIDENT_ARG_I16: {
    int16_t value = static_cast<int16_t>(arg.value.i);
    std::memcpy(bytes, &value, 2);
    break;
  }
  case TRIDENT_ARG_I32: {
    int32_t value = static_cast<int32_t>(arg.value.i);
    std::memcpy(bytes, &value, 4);
    break;
  }
  case TRIDENT_ARG_I64:
    std::memcpy(bytes, &arg.value.i, 8);
    break;
  case TRIDENT_ARG_F16:
  case TRIDENT_ARG_BF16:
    std::memcpy(bytes, &arg.value.bits16, 2);
    break;
  case TRIDENT_ARG_F32:
    std::memcpy(bytes, &arg.value.f32, 4);
    break;
  case TRIDENT_ARG_F64:
    std::memcpy(bytes, &arg.value.f64, 8);
    break;
  default:
    break;
  }
}

/// Checks `args` against the kernel's signature `expectedKinds` and packs
/// them: `slots[i]` holds argument i (a buffer as the address
/// `bufferAddress(buffer, error)` returns; a TRIDENT_ARG_ADDRESS given for a
/// pointer parameter as its `value.i`; a scalar as packScalar stores it)
/// and `pointers[i]` points at `slots[i]`, the array launch APIs take.
/// Returns an empty string, or the first problem as one line.
/// `bufferAddress` returns the address to pass for a non-null buffer, or sets
/// its `error` (e.g. a buffer of another device).
template <typename BufferAddressFn>
std::string packLaunchArguments(const std::string &kernelName,
                                const std::vector<uint32_t> &expectedKinds,
                                const TridentArg *args, uint32_t numArgs,
                                BufferAddressFn bufferAddress,
                                std::vector<uint64_t> &slots,
                                std::vector<void *> &pointers) {
  if (numArgs != expectedKinds.size())
    return "kernel '" + kernelName + "' takes " +
           std::to_string(expectedKinds.size()) + " arguments, got " +
           std::to_string(numArgs);
  slots.assign(numArgs, 0);
  pointers.assign(numArgs, nullptr);
  for (uint32_t i = 0; i < numArgs; ++i) {
    // Built only for a message: this loop runs on every launch.
    auto which = [&] {
      return "argument " + std::to_string(i + 1) + " of kernel '" +
             kernelName + "'";
    };
    // A raw address stands for a buffer: memory the caller owns, passed as
    // is.
    bool address = args[i].kind == TRIDENT_ARG_ADDRESS &&
                   expectedKinds[i] == TRIDENT_ARG_POINTER;
    if (args[i].kind != expectedKinds[i] && !address)
      return which() + " is a " + getArgKindName(args[i].kind) +
             ", the kernel expects a " + getArgKindName(expectedKinds[i]);
    if (address) {
      slots[i] = static_cast<uint64_t>(args[i].value.i);
    } else if (args[i].kind == TRIDENT_ARG_POINTER) {
      if (!args[i].value.buffer)
        return which() + " is a null buffer";
      std::string error;
      slots[i] = bufferAddress(args[i].value.buffer, error);
      if (!error.empty())
        return which() + " " + error;
    } else {
      packScalar(args[i], slots[i]);
    }
    pointers[i] = &slots[i];
  }
  return {};
}

/// The entry points of one target's runtime, in the order of
/// TridentRuntimeApi's fields.
struct RuntimeEntryPoints {
  decltype(TridentRuntimeApi::probe) probe;
  decltype(TridentRuntimeApi::open_device) openDevice;
  decltype(TridentRuntimeApi::close_device) closeDevice;
  decltype(TridentRuntimeApi::alloc) alloc;
  decltype(TridentRuntimeApi::free_buffer) freeBuffer;
  decltype(TridentRuntimeApi::copy_to_device) copyToDevice;
  decltype(TridentRuntimeApi::copy_to_host) copyToHost;
  decltype(TridentRuntimeApi::load_kernel) loadKernel;
  decltype(TridentRuntimeApi::unload_kernel) unloadKernel;
  decltype(TridentRuntimeApi::launch) launch;
  decltype(TridentRuntimeApi::synchronize) synchronize;
  decltype(TridentRuntimeApi::release_status) releaseStatus;
  decltype(TridentRuntimeApi::launch_on_stream) launchOnStream;
};

/// The runtime ABI's table (this header's size and version) of target kind
/// `kind` over `entries`, for the one `static const` table a runtime's
/// entry function returns.
inline TridentRuntimeApi makeRuntimeApi(const char *kind,
                                        const RuntimeEntryPoints &entries) {
  TridentRuntimeApi api;
  std::memset(&api, 0, sizeof(api));
  api.struct_size = sizeof(TridentRuntimeApi);
  api.version = TRIDENT_RUNTIME_ABI_VERSION;
  api.target_kind = kind;
  api.probe = entries.probe;
  api.open_device = entries.openDevice;
  api.close_device = entries.closeDevice;
  api.alloc = entries.alloc;
  api.free_buffer = entries.freeBuffer;
  api.copy_to_device = entries.copyToDevice;
  api.copy_to_host = entries.copyToHost;
  api.load_kernel = entries.loadKernel;
  api.unload_kernel = entries.unloadKernel;
  api.launch = entries.launch;
  api.synchronize = entries.synchronize;
  api.release_status = entries.releaseStatus;
  api.launch_on_stream = entries.launchOnStream;
  return api;
}

} // namespace trident::runtime_support

#endif // TRIDENT_RUNTIME_RUNTIMESUPPORT_H

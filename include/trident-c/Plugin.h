/*===- trident-c/Plugin.h - The stable plugin entry ABI -----------*- C -*-===*\
 *
 * The one boundary between the Trident host and a plugin that stays stable
 * across releases. A plugin exports one C symbol, TRIDENT_PLUGIN_ENTRY_NAME,
 * returning a descriptor that starts with its own size. The host accepts the
 * same major ABI version only, negotiates the highest common minor, and never
 * reads past the size the plugin reported: fields are only ever appended.
 *
 * What a plugin registers into the compiler (dialects, passes, targets) goes
 * through the C++ SDK (trident/Plugin/PluginAPI.h), which is tied to one
 * Trident release and one LLVM build; the descriptor carries a hash of the
 * SDK headers so that the host refuses a plugin built against other headers.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_C_PLUGIN_H
#define TRIDENT_C_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_PLUGIN_ABI_MAJOR 1
#define TRIDENT_PLUGIN_ABI_MINOR 1

#define TRIDENT_PLUGIN_ENTRY_NAME "trident_plugin_entry"
#define TRIDENT_PLUGIN_EXPORT __attribute__((visibility("default")))

/* What a plugin provides (a bit mask). */
enum {
  TRIDENT_PROVIDES_COMPILER = 1u << 0, /* dialects, passes, targets, stages */
  TRIDENT_PROVIDES_RUNTIME = 1u << 1   /* a launcher: TridentRuntimeApi */
};

/* A status crossing the boundary: NULL means success. A non-NULL status is
 * owned by the side that returned it and released through the descriptor's
 * `release_status`, so each side frees what it allocated. */
typedef struct TridentStatus {
  int32_t code;        /* non-zero */
  const char *message; /* one line: what failed, why, and what to do */
} TridentStatus;

/* Opaque handle to the host's registrar; only the C++ SDK looks inside. */
typedef struct TridentRegistrar TridentRegistrar;

struct TridentRuntimeApi; /* trident-c/Runtime.h */

/* The descriptor. Minor 0 defines every field up to `release_status`;
 * minor 1 appends `get_runtime`. A host reads a field only if both the
 * negotiated minor defines it and `struct_size` covers it. */
typedef struct TridentPluginDescriptor {
  /* minor 0 */
  uint32_t struct_size;         /* sizeof(TridentPluginDescriptor) as built */
  uint16_t abi_major;           /* must equal the host's major */
  uint16_t abi_minor;           /* the minor the plugin was built against */
  uint16_t abi_minor_required;  /* the oldest host minor it can work with */
  uint16_t reserved;
  uint32_t provides;            /* TRIDENT_PROVIDES_* */
  const char *name;             /* e.g. "nvidia" */
  const char *version;          /* the plugin's own version */
  const char *sdk_version;      /* Trident SDK release it was built against */
  const char *sdk_hash;         /* hash of the SDK headers it was built with */
  /* Registers the compiler half through the C++ SDK. May be NULL when the
   * plugin provides no compiler. */
  TridentStatus *(*register_compiler)(TridentRegistrar *registrar);
  void (*release_status)(TridentStatus *status);
  /* minor 1 */
  const struct TridentRuntimeApi *(*get_runtime)(void);
} TridentPluginDescriptor;

/* Size of the minor-0 prefix of the descriptor. */
#define TRIDENT_PLUGIN_DESCRIPTOR_V1_0_SIZE                                   \
  (offsetof(TridentPluginDescriptor, release_status) +                        \
   sizeof(void (*)(TridentStatus *)))

/* The entry point every plugin exports under TRIDENT_PLUGIN_ENTRY_NAME. The
 * host passes its own ABI version so that a plugin may adapt; the returned
 * descriptor lives as long as the library is loaded. */
typedef const TridentPluginDescriptor *(*TridentPluginEntryFn)(
    uint16_t host_abi_major, uint16_t host_abi_minor);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_C_PLUGIN_H */

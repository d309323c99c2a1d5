//===- Bundle.h - Compiled-kernel bundles (.tkb) ----------------*- C++ -*-===//
//
// A bundle is one self-describing file holding a compiled kernel: its name,
// target, argument signature, launch parameters, provenance (compiler
// version, source and option hashes), the binary, and optionally the text of
// every IR stage. The layout is documented in docs/bundle.md; this header is
// the C++ reader and writer (trident-c/Bundle.h is the C API). Part of
// libTridentRuntime: plain C++17, no LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_BUNDLE_H
#define TRIDENT_RUNTIME_BUNDLE_H

#include "trident-c/Runtime.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident {

/// The record tags of the bundle format. The numbers are part of the file
/// format: never renumber or reuse one. Readers skip tags they do not know.
enum class BundleTag : uint32_t {
  KernelName = 1,
  Target = 2,
  Arch = 3,
  Signature = 4,
  NumWarps = 5,
  ThreadsPerWarp = 6,
  NumCtas = 7,
  SharedBytes = 8,
  CompilerVersion = 9,
  SourceHash = 10,
  OptionHash = 11,
  Binary = 12,
  Stage = 13,
};

/// The first 8 bytes of every bundle.
inline constexpr char kBundleMagic[8] = {'T', 'R', 'I', 'D',
                                         'E', 'N', 'T', 'B'};
/// The format version this library writes and the newest it reads.
inline constexpr uint32_t kBundleFormatVersion = 1;
/// Magic (8), format version (4), record count (4), total size (8).
inline constexpr size_t kBundleHeaderSize = 24;
/// The trailing CRC-32 of every byte before it.
inline constexpr size_t kBundleChecksumSize = 4;

/// One kernel parameter in a bundle's signature.
struct BundleParameter {
  /// A TridentArgKind: TRIDENT_ARG_POINTER or a scalar kind.
  TridentArgKind kind = TRIDENT_ARG_POINTER;
  /// For a pointer, the Triton name of the pointee ("f32", "bf16", "i64",
  /// "f8E4M3FN", ...); empty when unknown (no check is made then). Unused
  /// for scalars.
  std::string elementType;
  /// The divisibility the kernel was specialised for (16 for a pointer
  /// aligned to 16 bytes or an integer that is a multiple of 16); 1 when
  /// nothing is assumed.
  uint32_t divisibility = 1;
  /// The parameter's name in the source, when the compiler knows it; may be
  /// empty (messages then use the position).
  std::string name;

  bool operator==(const BundleParameter &other) const;
  bool operator!=(const BundleParameter &other) const {
    return !(*this == other);
  }
};

/// The text of one IR stage ("ttir", "ttgir", "llir", ...).
struct BundleStage {
  std::string name;
  std::string text;

  bool operator==(const BundleStage &other) const {
    return name == other.name && text == other.text;
  }
  bool operator!=(const BundleStage &other) const { return !(*this == other); }
};

/// A compiled kernel. Every field but `stages` is written as a record and
/// required when reading.
struct Bundle {
  std::string kernelName;
  /// The canonical target, "kind:arch" (e.g. "nvidia:sm_90"), or just the
  /// kind for a target without architectures (e.g. "cpu").
  std::string target;
  std::string arch;
  std::vector<BundleParameter> signature;
  uint32_t numWarps = 4;
  uint32_t threadsPerWarp = 32;
  uint32_t numCtas = 1;
  uint32_t sharedBytes = 0;
  std::string compilerVersion;
  /// Hex digests computed by the compiler.
  std::string sourceHash;
  std::string optionHash;
  /// The binary the runtime loads (a device binary, a shared library, ...).
  std::string binary;
  std::vector<BundleStage> stages;

  /// The part of `target` before ':' ("nvidia" for "nvidia:sm_90").
  std::string targetKind() const;

  /// The TridentArgKind of each parameter, in order.
  std::vector<uint32_t> argKinds() const;

  /// The text of stage `name`, or nullptr when the bundle has none.
  const std::string *findStage(std::string_view name) const;

  /// Returns the reason this bundle cannot be written (an empty kernel name
  /// or target, a NUL inside a name, an invalid argument kind), or an empty
  /// string when it can.
  std::string validate() const;

  /// The bundle's bytes in the .tkb format.
  std::string serialize() const;

  /// Reads a bundle from memory. `name` (usually the file's path) is used in
  /// messages. On failure returns std::nullopt and sets `error` to one line,
  /// e.g. "bundle 'k.tkb' is corrupted: checksum mismatch; recompile it".
  static std::optional<Bundle> parse(const void *data, size_t size,
                                     std::string &error,
                                     std::string_view name = "<memory>");

  /// Reads the bundle file at `path`.
  static std::optional<Bundle> readFile(const std::string &path,
                                        std::string &error);

  /// Writes the bundle to `path` atomically: the bytes go to a temporary
  /// file in the same directory, which is then renamed over `path`, so a
  /// reader never sees a partial bundle. Returns false and sets `error` on
  /// failure (nothing is left behind then).
  bool writeFile(const std::string &path, std::string &error) const;

  bool operator==(const Bundle &other) const;
  bool operator!=(const Bundle &other) const { return !(*this == other); }
};

/// The CRC-32 (IEEE 802.3, as in zlib and Python's zlib.crc32) of `size`
/// bytes, continuing from `crc` (0 to start).
uint32_t crc32(const void *data, size_t size, uint32_t crc = 0);

} // namespace trident

#endif // TRIDENT_RUNTIME_BUNDLE_H

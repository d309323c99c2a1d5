//===- TestUtil.h - Helpers of the runtime library's tests ------*- C++ -*-===//
//
// A scratch directory per test, whole-file reads and writes, and a bundle
// with every field set.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TEST_RUNTIME_TESTUTIL_H
#define TRIDENT_TEST_RUNTIME_TESTUTIL_H

#include "trident/Runtime/Bundle.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace trident::test {

/// A fresh directory under the system's temporary directory, removed with
/// everything in it when the object goes.
class ScratchDir {
public:
  ScratchDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "trident-rt-XXXXXX").string();
    if (::mkdtemp(pattern.data()))
      dir = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!dir.empty())
      std::filesystem::remove_all(dir, ignored);
  }
  ScratchDir(const ScratchDir &) = delete;
  ScratchDir &operator=(const ScratchDir &) = delete;

  std::string path(const std::string &name) const { return dir + "/" + name; }
  const std::string &str() const { return dir; }

private:
  std::string dir;
};

inline std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void writeBytes(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// A bundle for the fake runtime's "vadd" with every field set.
inline Bundle makeVaddBundle() {
  Bundle bundle;
  bundle.kernelName = "vadd";
  bundle.target = "fake:v1";
  bundle.arch = "v1";
  bundle.signature = {
      {TRIDENT_ARG_POINTER, "f32", 16, "x"},
      {TRIDENT_ARG_POINTER, "f32", 16, "y"},
      {TRIDENT_ARG_POINTER, "f32", 16, "out"},
      {TRIDENT_ARG_I32, "", 1, "n"},
  };
  bundle.numWarps = 8;
  bundle.threadsPerWarp = 32;
  bundle.numCtas = 2;
  bundle.sharedBytes = 4096;
  bundle.compilerVersion = "trident 0.1.0 (LLVM 22.1)";
  bundle.sourceHash = "0123456789abcdef0123456789abcdef";
  bundle.optionHash = "fedcba9876543210";
  bundle.binary = "FAKE:vadd";
  bundle.stages = {{"ttir", "module {\n}\n"}, {"ttgir", "module {}"}};
  return bundle;
}

/// Recomputes the trailing CRC-32 of serialized bundle bytes after a test
/// edited them on purpose.
inline void resealBundle(std::string &bytes) {
  uint32_t crc = crc32(bytes.data(), bytes.size() - kBundleChecksumSize);
  for (int i = 0; i < 4; ++i)
    bytes[bytes.size() - 4 + i] = static_cast<char>((crc >> (8 * i)) & 0xff);
}

} // namespace trident::test

#endif // TRIDENT_TEST_RUNTIME_TESTUTIL_H

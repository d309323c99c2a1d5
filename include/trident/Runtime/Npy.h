//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Reading and writing NumPy's .npy format (versions 1.0, 2.0 and 3.0) for
// the host buffers of `trident run`: little-endian bool, signed and
// unsigned integers of 1 to 8 bytes and IEEE floats of 2, 4 and 8 bytes, in
// C order. bf16 has no NumPy dtype: a bf16 array is written as uint16 bit
// patterns, and 16-bit data is read as bf16 by reinterpreting it
// (`--arg NAME=@in.npy:bf16`). Part of libTridentRuntime: no LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_NPY_H
#define TRIDENT_RUNTIME_NPY_H

#include "trident/Runtime/ElementType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident {

/// A dense, C-ordered host array.
struct NpyArray {
  ElementType type = ElementType::F32;
  /// Empty for a 0-d array (one element).
  std::vector<int64_t> shape;
  /// numElements() * elementTypeWidth(type) bytes, little-endian.
  std::vector<uint8_t> data;

  /// The product of `shape` (1 for a 0-d array).
  int64_t numElements() const;
  size_t byteSize() const { return data.size(); }

  /// A zero-filled array of `type` and `shape`.
  static NpyArray zeros(ElementType type, std::vector<int64_t> shape);
};

/// The NumPy dtype string written for `type` ("<f4", "|b1", "<u2" for
/// bf16, ...).
std::string_view npyDescr(ElementType type);

/// The shape written as in messages and specs: "64x64", "1024", "scalar".
std::string shapeString(const std::vector<int64_t> &shape);

/// Decodes a .npy file held in memory; `name` names it in messages. On
/// failure returns std::nullopt and sets `error` to one line, e.g.
/// "'a.npy' is in Fortran order; save a C-ordered array
/// (numpy.ascontiguousarray)".
std::optional<NpyArray> parseNpy(const void *data, size_t size,
                                 std::string_view name, std::string &error);

/// Reads the .npy file at `path`.
std::optional<NpyArray> readNpy(const std::string &path, std::string &error);

/// The bytes of `array` as a .npy file (version 1.0, or 2.0 when the header
/// needs it).
std::string serializeNpy(const NpyArray &array);

/// Writes `array` to `path` atomically. Returns false and sets `error` on
/// failure.
bool writeNpy(const std::string &path, const NpyArray &array,
              std::string &error);

} // namespace trident

#endif // TRIDENT_RUNTIME_NPY_H

//===- ElementType.h - Element and scalar types of the runtime --*- C++ -*-===//
//
// The element types a host buffer can hold (the NumPy dtypes Trident reads
// and writes, plus bf16), the scalar kinds of kernel arguments, and the
// conversions between their spellings ("f32", "i64", ...), their widths and
// their bits. Part of libTridentRuntime: plain C++17, no LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_ELEMENTTYPE_H
#define TRIDENT_RUNTIME_ELEMENTTYPE_H

#include "trident-c/Runtime.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trident {

/// The element type of a host buffer. The names follow Triton's element
/// types ("i1", "i8", ..., "bf16", "f32"), with "u8" ... "u64" for NumPy's
/// unsigned dtypes; "i1" is NumPy's bool (one byte per element).
enum class ElementType : uint8_t {
  I1,
  I8,
  U8,
  I16,
  U16,
  I32,
  U32,
  I64,
  U64,
  F16,
  BF16,
  F32,
  F64,
};

/// "i1", "i8", "u8", ..., "f64".
std::string_view elementTypeName(ElementType type);

/// The width of one element in bytes (1 for i1).
size_t elementTypeWidth(ElementType type);

/// Parses an element type name; std::nullopt for an unknown name.
std::optional<ElementType> parseElementType(std::string_view name);

/// Every element type name, comma separated, for messages.
std::string_view elementTypeNames();

/// The width in bytes of a Triton element type name as a bundle records it
/// for a pointee ("f32", "i64", "f8E4M3FN", ...); 0 for an unknown name.
size_t tritonTypeWidth(std::string_view name);

/// Whether a buffer of `type` may be passed for a pointer whose pointee is
/// the Triton type `pointee`: the same type, an unsigned integer for a
/// (signless) integer of the same width, or one-byte integers for an 8-bit
/// float (bit patterns).
bool isCompatiblePointee(ElementType type, std::string_view pointee);

/// "pointer", "i1", "i8", ..., "f64"; "kind N" for a value outside the enum.
std::string argKindName(uint32_t kind);

/// Whether `kind` is one of the TridentArgKind values.
bool isValidArgKind(uint32_t kind);

/// Parses a scalar kind name ("i1" ... "f64"); std::nullopt for anything
/// else, "pointer" included.
std::optional<TridentArgKind> parseScalarKind(std::string_view name);

/// The scalar kind names, for messages.
std::string_view scalarKindNames();

/// Parses the text of a scalar of kind `kind` into a launch argument:
/// integers in decimal or 0x hexadecimal (signless: i8 accepts -128..255),
/// i1 also as true/false, floats in decimal (inf and nan included); f16 and
/// bf16 are rounded to nearest even and stored as bits. On failure returns
/// std::nullopt and sets `error` to the reason (without a prefix), e.g.
/// "'300' is out of range for i8 (-128 to 255)".
std::optional<TridentArg> parseScalarValue(TridentArgKind kind,
                                           std::string_view text,
                                           std::string &error);

/// The bits of the IEEE half nearest to `value` (ties to even); infinities
/// and NaN map to themselves, values too large become infinity.
uint16_t toF16Bits(double value);
/// The bits of the bfloat16 nearest to `value` (ties to even).
uint16_t toBF16Bits(double value);
/// The value of IEEE half bits.
double fromF16Bits(uint16_t bits);
/// The value of bfloat16 bits.
double fromBF16Bits(uint16_t bits);

} // namespace trident

#endif // TRIDENT_RUNTIME_ELEMENTTYPE_H

//===- ElementType.cpp - Element and scalar types of the runtime ----------===//
//
// Names, widths and bit conversions of buffer element types and scalar
// argument kinds; the parser of scalar argument values. f16 and bf16 are
// rounded from double directly (one rounding, to nearest even) so that a
// decimal literal gets the same bits as NumPy's float16 gives it.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/ElementType.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace trident;

namespace {

struct ElementInfo {
  ElementType type;
  std::string_view name;
  size_t width;
};

constexpr ElementInfo kElements[] = {
    {ElementType::I1, "i1", 1},     {ElementType::I8, "i8", 1},
    {ElementType::U8, "u8", 1},     {ElementType::I16, "i16", 2},
    {ElementType::U16, "u16", 2},   {ElementType::I32, "i32", 4},
    {ElementType::U32, "u32", 4},   {ElementType::I64, "i64", 8},
    {ElementType::U64, "u64", 8},   {ElementType::F16, "f16", 2},
    {ElementType::BF16, "bf16", 2}, {ElementType::F32, "f32", 4},
    {ElementType::F64, "f64", 8},
};

struct KindInfo {
  TridentArgKind kind;
  std::string_view name;
};

constexpr KindInfo kScalarKinds[] = {
    {TRIDENT_ARG_I1, "i1"},     {TRIDENT_ARG_I8, "i8"},
    {TRIDENT_ARG_I16, "i16"},   {TRIDENT_ARG_I32, "i32"},
    {TRIDENT_ARG_I64, "i64"},   {TRIDENT_ARG_F16, "f16"},
    {TRIDENT_ARG_BF16, "bf16"}, {TRIDENT_ARG_F32, "f32"},
    {TRIDENT_ARG_F64, "f64"},
};

/// Rounds `value` to the nearest float with `expBits` exponent and
/// `mantBits` mantissa bits (ties to even) and returns its bits.
uint16_t roundToSmallFloat(double value, int expBits, int mantBits) {
  const int bias = (1 << (expBits - 1)) - 1;
  const int emin = 1 - bias;
  const uint32_t signBit =
      std::signbit(value) ? 1u << (expBits + mantBits) : 0u;
  const uint32_t expAll = ((1u << expBits) - 1) << mantBits;
  if (std::isnan(value))
    return static_cast<uint16_t>(signBit | expAll | (1u << (mantBits - 1)));
  double a = std::fabs(value);
  if (std::isinf(a))
    return static_cast<uint16_t>(signBit | expAll);
  if (a == 0)
    return static_cast<uint16_t>(signBit);
  int e;
  std::frexp(a, &e);
  e -= 1; // a is in [2^e, 2^(e+1)).
  if (e < emin)
    e = emin;
  if (e > bias + 1)
    return static_cast<uint16_t>(signBit | expAll);
  // Scaling by a power of two is exact; q holds the mantissa with the
  // implicit bit, plus the fraction to round away.
  double q = std::ldexp(a, mantBits - e);
  double floorQ = std::floor(q);
  double diff = q - floorQ;
  if (diff > 0.5 || (diff == 0.5 && std::fmod(floorQ, 2.0) != 0.0))
    floorQ += 1.0;
  // One formula covers subnormals (e == emin, q < 2^mantBits) and the carry
  // of a rounding into the next binade.
  uint64_t bits = (static_cast<uint64_t>(e - emin) << mantBits) +
                  static_cast<uint64_t>(floorQ);
  if (bits >= expAll)
    return static_cast<uint16_t>(signBit | expAll);
  return static_cast<uint16_t>(signBit | bits);
}

double smallFloatValue(uint16_t bits, int expBits, int mantBits) {
  const int bias = (1 << (expBits - 1)) - 1;
  const uint32_t mantMask = (1u << mantBits) - 1;
  const uint32_t expMax = (1u << expBits) - 1;
  bool negative = (bits >> (expBits + mantBits)) & 1;
  uint32_t exp = (bits >> mantBits) & expMax;
  uint32_t mant = bits & mantMask;
  double result;
  if (exp == 0)
    result = std::ldexp(static_cast<double>(mant), 1 - bias - mantBits);
  else if (exp == expMax)
    result = mant ? std::numeric_limits<double>::quiet_NaN()
                  : std::numeric_limits<double>::infinity();
  else
    result = std::ldexp(static_cast<double>(mant | (1u << mantBits)),
                        static_cast<int>(exp) - bias - mantBits);
  return negative ? -result : result;
}

int integerBits(TridentArgKind kind) {
  switch (kind) {
  case TRIDENT_ARG_I1:
    return 1;
  case TRIDENT_ARG_I8:
    return 8;
  case TRIDENT_ARG_I16:
    return 16;
  case TRIDENT_ARG_I32:
    return 32;
  case TRIDENT_ARG_I64:
    return 64;
  default:
    return 0;
  }
}

std::string quotedText(std::string_view text) {
  return "'" + std::string(text) + "'";
}

std::optional<TridentArg>
parseInteger(TridentArgKind kind, std::string_view text, std::string &error) {
  TridentArg arg;
  std::memset(&arg, 0, sizeof(arg));
  arg.kind = kind;
  int bits = integerBits(kind);
  if (bits == 1) {
    if (text == "0" || text == "false") {
      arg.value.i = 0;
      return arg;
    }
    if (text == "1" || text == "true") {
      arg.value.i = 1;
      return arg;
    }
    error = quotedText(text) + " is not an i1 (use 0, 1, true or false)";
    return std::nullopt;
  }
  std::string_view digits = text;
  bool negative = false;
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) {
    negative = digits.front() == '-';
    digits.remove_prefix(1);
  }
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' &&
      (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    digits.remove_prefix(2);
  }
  uint64_t magnitude = 0;
  const char *end = digits.data() + digits.size();
  auto [ptr, ec] = std::from_chars(digits.data(), end, magnitude, base);
  if (digits.empty() || ptr != end ||
      (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    error = quotedText(text) + " is not an integer";
    return std::nullopt;
  }
  // Signless: an N-bit integer accepts -2^(N-1) .. 2^N - 1.
  uint64_t maxPositive = bits == 64 ? std::numeric_limits<uint64_t>::max()
                                    : (uint64_t(1) << bits) - 1;
  uint64_t maxNegative = uint64_t(1) << (bits - 1);
  bool outOfRange =
      ec == std::errc::result_out_of_range ||
      (negative ? magnitude > maxNegative : magnitude > maxPositive);
  if (outOfRange) {
    std::string low = "-" + std::to_string(maxNegative);
    error = quotedText(text) + " is out of range for " +
            std::string(argKindName(kind)) + " (" + low + " to " +
            std::to_string(maxPositive) + ")";
    return std::nullopt;
  }
  uint64_t value = negative ? uint64_t(0) - magnitude : magnitude;
  std::memcpy(&arg.value.i, &value, sizeof(value));
  return arg;
}

std::string floatRangeError(TridentArgKind kind, std::string_view text) {
  std::string_view largest = "1.79769e+308";
  if (kind == TRIDENT_ARG_F16)
    largest = "65504";
  else if (kind == TRIDENT_ARG_BF16)
    largest = "3.38953e+38";
  else if (kind == TRIDENT_ARG_F32)
    largest = "3.40282e+38";
  return quotedText(text) + " is out of range for " + argKindName(kind) +
         " (largest finite " + std::string(largest) + ")";
}

std::optional<TridentArg> parseFloat(TridentArgKind kind, std::string_view text,
                                     std::string &error) {
  TridentArg arg;
  std::memset(&arg, 0, sizeof(arg));
  arg.kind = kind;
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+')
    digits.remove_prefix(1);
  double value = 0;
  const char *end = digits.data() + digits.size();
  auto [ptr, ec] = std::from_chars(digits.data(), end, value);
  if (digits.empty() || ptr != end ||
      (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    error = quotedText(text) + " is not a number";
    return std::nullopt;
  }
  if (ec == std::errc::result_out_of_range) {
    // from_chars reports underflow as out of range too. Only overflow is an
    // error; a tiny value rounds to (signed) zero as it would in NumPy.
    std::string copy(digits);
    double approx = std::strtod(copy.c_str(), nullptr);
    if (std::isinf(approx)) {
      error = floatRangeError(kind, text);
      return std::nullopt;
    }
    value = digits.front() == '-' ? -0.0 : 0.0;
  }
  bool overflowed = false;
  switch (kind) {
  case TRIDENT_ARG_F16:
    arg.value.bits16 = toF16Bits(value);
    overflowed = (arg.value.bits16 & 0x7fff) == 0x7c00 && !std::isinf(value);
    break;
  case TRIDENT_ARG_BF16:
    arg.value.bits16 = toBF16Bits(value);
    overflowed = (arg.value.bits16 & 0x7fff) == 0x7f80 && !std::isinf(value);
    break;
  case TRIDENT_ARG_F32:
    arg.value.f32 = static_cast<float>(value);
    overflowed = std::isinf(arg.value.f32) && !std::isinf(value);
    break;
  default:
    arg.value.f64 = value;
    break;
  }
  if (overflowed) {
    error = floatRangeError(kind, text);
    return std::nullopt;
  }
  return arg;
}

} // namespace

std::string_view trident::elementTypeName(ElementType type) {
  for (const ElementInfo &info : kElements)
    if (info.type == type)
      return info.name;
  return "?";
}

size_t trident::elementTypeWidth(ElementType type) {
  for (const ElementInfo &info : kElements)
    if (info.type == type)
      return info.width;
  return 0;
}

std::optional<ElementType> trident::parseElementType(std::string_view name) {
  for (const ElementInfo &info : kElements)
    if (info.name == name)
      return info.type;
  return std::nullopt;
}

std::string_view trident::elementTypeNames() {
  return "i1, i8, u8, i16, u16, i32, u32, i64, u64, f16, bf16, f32, f64";
}

size_t trident::tritonTypeWidth(std::string_view name) {
  if (name == "i1" || name == "i8")
    return 1;
  if (name == "i16" || name == "f16" || name == "bf16")
    return 2;
  if (name == "i32" || name == "f32")
    return 4;
  if (name == "i64" || name == "f64")
    return 8;
  if (name == "f8E4M3FN" || name == "f8E5M2" || name == "f8E4M3FNUZ" ||
      name == "f8E5M2FNUZ" || name == "f8E4M3B11FNUZ")
    return 1;
  return 0;
}

bool trident::isCompatiblePointee(ElementType type, std::string_view pointee) {
  if (pointee.empty() || pointee == elementTypeName(type))
    return true;
  switch (type) {
  case ElementType::U8:
    return pointee == "i8" ||
           (pointee.substr(0, 2) == "f8" && tritonTypeWidth(pointee) == 1);
  case ElementType::I8:
    return pointee.substr(0, 2) == "f8" && tritonTypeWidth(pointee) == 1;
  case ElementType::U16:
    return pointee == "i16";
  case ElementType::U32:
    return pointee == "i32";
  case ElementType::U64:
    return pointee == "i64";
  default:
    return false;
  }
}

bool trident::isValidArgKind(uint32_t kind) {
  return kind >= TRIDENT_ARG_POINTER && kind <= TRIDENT_ARG_F64;
}

std::string trident::argKindName(uint32_t kind) {
  if (kind == TRIDENT_ARG_POINTER)
    return "pointer";
  if (kind == TRIDENT_ARG_ADDRESS)
    return "raw address";
  for (const KindInfo &info : kScalarKinds)
    if (static_cast<uint32_t>(info.kind) == kind)
      return std::string(info.name);
  return "kind " + std::to_string(kind);
}

std::optional<TridentArgKind> trident::parseScalarKind(std::string_view name) {
  for (const KindInfo &info : kScalarKinds)
    if (info.name == name)
      return info.kind;
  return std::nullopt;
}

std::string_view trident::scalarKindNames() {
  return "i1, i8, i16, i32, i64, f16, bf16, f32, f64";
}

std::optional<TridentArg> trident::parseScalarValue(TridentArgKind kind,
                                                    std::string_view text,
                                                    std::string &error) {
  if (integerBits(kind) != 0)
    return parseInteger(kind, text, error);
  switch (kind) {
  case TRIDENT_ARG_F16:
  case TRIDENT_ARG_BF16:
  case TRIDENT_ARG_F32:
  case TRIDENT_ARG_F64:
    return parseFloat(kind, text, error);
  default:
    error = argKindName(kind) + " is not a scalar kind";
    return std::nullopt;
  }
}

uint16_t trident::toF16Bits(double value) {
  return roundToSmallFloat(value, 5, 10);
}

uint16_t trident::toBF16Bits(double value) {
  return roundToSmallFloat(value, 8, 7);
}

double trident::fromF16Bits(uint16_t bits) {
  return smallFloatValue(bits, 5, 10);
}

double trident::fromBF16Bits(uint16_t bits) {
  return smallFloatValue(bits, 8, 7);
}

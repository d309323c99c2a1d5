//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// A strict reader and a writer of NumPy's .npy format. The header is a
// Python dict literal; the reader parses exactly the subset numpy.save
// writes (strings, True/False, tuples of integers) and reports anything else
// with the byte offset inside the header.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Npy.h"

#include "FileUtil.h"

#include <cctype>
#include <cstring>
#include <limits>

using namespace trident;

namespace {

constexpr char kNpyMagic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

struct DescrInfo {
  char kind;
  int width;
  ElementType type;
};

constexpr DescrInfo kDescrs[] = {
    {'b', 1, ElementType::I1},  {'i', 1, ElementType::I8},
    {'u', 1, ElementType::U8},  {'i', 2, ElementType::I16},
    {'u', 2, ElementType::U16}, {'i', 4, ElementType::I32},
    {'u', 4, ElementType::U32}, {'i', 8, ElementType::I64},
    {'u', 8, ElementType::U64}, {'f', 2, ElementType::F16},
    {'f', 4, ElementType::F32}, {'f', 8, ElementType::F64},
};

/// The header's dict literal, parsed into the three keys numpy.save writes.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
  bool hasDescr = false, hasFortranOrder = false, hasShape = false;
  bool descrIsString = true;
};

/// A parser for the subset of Python literals in a .npy header.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view text) : text(text) {}

  /// Parses the dict; returns false and sets `why` on failure.
  bool parse(NpyHeader &header, std::string &why) {
    skipSpace();
    if (!expect('{', why))
      return false;
    for (;;) {
      skipSpace();
      if (peek() == '}') {
        ++pos;
        break;
      }
      std::string key;
      if (!parseString(key, why))
        return false;
      skipSpace();
      if (!expect(':', why))
        return false;
      skipSpace();
      if (key == "descr") {
        header.hasDescr = true;
        if (peek() == '[') {
          header.descrIsString = false;
          if (!skipValue(why))
            return false;
        } else if (!parseString(header.descr, why)) {
          return false;
        }
      } else if (key == "fortran_order") {
        header.hasFortranOrder = true;
        if (!parseBool(header.fortranOrder, why))
          return false;
      } else if (key == "shape") {
        header.hasShape = true;
        if (!parseShape(header.shape, why))
          return false;
      } else if (!skipValue(why)) {
        return false;
      }
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == '}') {
        ++pos;
        break;
      }
      return failAt("expected ',' or '}'", why);
    }
    skipSpace();
    if (pos != text.size())
      return failAt("unexpected text after the dict", why);
    return true;
  }

private:
  std::string_view text;
  size_t pos = 0;

  char peek() const { return pos < text.size() ? text[pos] : '\0'; }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                                 text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool failAt(const std::string &what, std::string &why) {
    why = what + " at offset " + std::to_string(pos) + " of the header";
    return false;
  }

  bool expect(char c, std::string &why) {
    if (peek() != c)
      return failAt(std::string("expected '") + c + "'", why);
    ++pos;
    return true;
  }

  bool parseString(std::string &out, std::string &why) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return failAt("expected a quoted string", why);
    size_t start = ++pos;
    while (pos < text.size() && text[pos] != quote) {
      if (text[pos] == '\\')
        return failAt("escapes are not supported in header strings", why);
      ++pos;
    }
    if (pos >= text.size())
      return failAt("unterminated string", why);
    out.assign(text.substr(start, pos - start));
    ++pos;
    return true;
  }

  bool parseBool(bool &out, std::string &why) {
    if (text.substr(pos, 4) == "True") {
      out = true;
      pos += 4;
      return true;
    }
    if (text.substr(pos, 5) == "False") {
      out = false;
      pos += 5;
      return true;
    }
    return failAt("expected True or False", why);
  }

  bool parseShape(std::vector<int64_t> &shape, std::string &why) {
    if (!expect('(', why))
      return false;
    shape.clear();
    for (;;) {
      skipSpace();
      if (peek() == ')') {
        ++pos;
        return true;
      }
      if (peek() < '0' || peek() > '9')
        return failAt("expected a non-negative integer in the shape", why);
      int64_t value = 0;
      while (peek() >= '0' && peek() <= '9') {
        int digit = peek() - '0';
        if (value > (std::numeric_limits<int64_t>::max() - digit) / 10)
          return failAt("dimension too large", why);
        value = value * 10 + digit;
        ++pos;
      }
      if (peek() == 'L') // Python 2 longs.
        ++pos;
      shape.push_back(value);
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() != ')')
        return failAt("expected ',' or ')' in the shape", why);
    }
  }

  /// Skips a value of a key we do not use: a string, a bool, a number or a
  /// bracketed list or tuple of those.
  bool skipValue(std::string &why) {
    char c = peek();
    if (c == '\'' || c == '"') {
      std::string ignored;
      return parseString(ignored, why);
    }
    if (c == '[' || c == '(') {
      char close = c == '[' ? ']' : ')';
      ++pos;
      for (;;) {
        skipSpace();
        if (peek() == close) {
          ++pos;
          return true;
        }
        if (!skipValue(why))
          return false;
        skipSpace();
        if (peek() == ',')
          ++pos;
        else if (peek() != close)
          return failAt(std::string("expected ',' or '") + close + "'", why);
      }
    }
    size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) ||
            text[pos] == '-' || text[pos] == '.' || text[pos] == '_'))
      ++pos;
    if (pos == start)
      return failAt("expected a value", why);
    return true;
  }
};

uint32_t readLE(const unsigned char *p, int bytes) {
  uint32_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= uint32_t(p[i]) << (8 * i);
  return value;
}

/// The product of `shape`, or std::nullopt when it overflows `limit`.
std::optional<int64_t> checkedProduct(const std::vector<int64_t> &shape,
                                      int64_t limit) {
  int64_t product = 1;
  for (int64_t dim : shape) {
    if (dim < 0)
      return std::nullopt;
    if (dim != 0 && product > limit / dim)
      return std::nullopt;
    product *= dim;
  }
  return product;
}

} // namespace

int64_t NpyArray::numElements() const {
  int64_t product = 1;
  for (int64_t dim : shape)
    product *= dim;
  return product;
}

NpyArray NpyArray::zeros(ElementType type, std::vector<int64_t> shape) {
  NpyArray array;
  array.type = type;
  array.shape = std::move(shape);
  array.data.assign(
      static_cast<size_t>(array.numElements()) * elementTypeWidth(type), 0);
  return array;
}

std::string_view trident::npyDescr(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return "|b1";
  case ElementType::I8:
    return "|i1";
  case ElementType::U8:
    return "|u1";
  case ElementType::I16:
    return "<i2";
  case ElementType::U16:
  case ElementType::BF16:
    return "<u2";
  case ElementType::I32:
    return "<i4";
  case ElementType::U32:
    return "<u4";
  case ElementType::I64:
    return "<i8";
  case ElementType::U64:
    return "<u8";
  case ElementType::F16:
    return "<f2";
  case ElementType::F32:
    return "<f4";
  case ElementType::F64:
    return "<f8";
  }
  return "?";
}

std::string trident::shapeString(const std::vector<int64_t> &shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      text += 'x';
    text += std::to_string(shape[i]);
  }
  return text;
}

std::optional<NpyArray> trident::parseNpy(const void *data, size_t size,
                                          std::string_view name,
                                          std::string &error) {
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  std::string quoted = "'" + std::string(name) + "'";
  auto fail = [&](const std::string &message) -> std::optional<NpyArray> {
    error = quoted + message;
    return std::nullopt;
  };
  auto malformed = [&](const std::string &why) {
    return fail(" has a malformed .npy header (" + why +
                "); save it with numpy.save");
  };

  if (size < 8 || !data || std::memcmp(bytes, kNpyMagic, 6) != 0)
    return fail(" is not a .npy file (no NUMPY magic); save the array "
                "with numpy.save");
  int major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3)
    return fail(" uses .npy format version " + std::to_string(major) + "." +
                std::to_string(minor) +
                ", which Trident does not read (1.0 to 3.0); save it with "
                "numpy.save");
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (size < 8 + lengthBytes)
    return fail(" is truncated: its header is cut short; save it again");
  size_t headerLength = readLE(bytes + 8, static_cast<int>(lengthBytes));
  size_t dataOffset = 8 + lengthBytes + headerLength;
  if (headerLength > size - 8 - lengthBytes)
    return fail(" is truncated: its header is cut short; save it again");
  std::string_view headerText(
      reinterpret_cast<const char *>(bytes) + 8 + lengthBytes, headerLength);

  NpyHeader header;
  std::string why;
  if (!HeaderParser(headerText).parse(header, why))
    return malformed(why);
  for (auto [present, key] :
       {std::pair{header.hasDescr, "descr"},
        std::pair{header.hasFortranOrder, "fortran_order"},
        std::pair{header.hasShape, "shape"}})
    if (!present)
      return malformed(std::string("no '") + key + "' key");

  if (!header.descrIsString)
    return fail(" has a structured dtype, which Trident cannot use; save a "
                "plain numeric array");
  const std::string &descr = header.descr;
  std::optional<ElementType> type;
  if (descr.size() >= 3) {
    char order = descr[0];
    char kind = descr[1];
    std::string widthText = descr.substr(2);
    int width = widthText == "1"   ? 1
                : widthText == "2" ? 2
                : widthText == "4" ? 4
                : widthText == "8" ? 8
                                   : 0;
    for (const DescrInfo &info : kDescrs)
      if (info.kind == kind && info.width == width)
        type = info.type;
    if (type && order == '>' && width > 1)
      return fail(" holds big-endian data ('" + descr +
                  "'); convert it with arr.astype('<" + descr.substr(1) + "')");
    bool orderOk = order == '<' || order == '=' ||
                   ((order == '|' || order == '>') && width == 1);
    if (!orderOk)
      type.reset();
  }
  if (!type)
    return fail(" has dtype '" + descr +
                "', which Trident cannot use (supported: bool, int8 to "
                "int64, uint8 to uint64, float16, float32, float64); "
                "convert it with arr.astype");
  if (header.fortranOrder)
    return fail(" is in Fortran order; save a C-ordered array "
                "(numpy.ascontiguousarray)");

  size_t width = elementTypeWidth(*type);
  std::optional<int64_t> count =
      checkedProduct(header.shape, std::numeric_limits<int64_t>::max() /
                                       static_cast<int64_t>(width));
  if (!count)
    return fail(" has a shape too large to hold (" + shapeString(header.shape) +
                "); save a smaller array");
  uint64_t expected = static_cast<uint64_t>(*count) * width;
  uint64_t available = size - dataOffset;
  if (available < expected)
    return fail(" is truncated: its header promises " + std::to_string(*count) +
                " elements (" + std::to_string(expected) + " bytes) but " +
                std::to_string(available) + " bytes follow; save it again");
  if (available > expected)
    return fail(" has " + std::to_string(available - expected) +
                " unexpected bytes after its data; save it with numpy.save");

  NpyArray array;
  array.type = *type;
  array.shape = std::move(header.shape);
  array.data.assign(bytes + dataOffset, bytes + size);
  return array;
}

std::optional<NpyArray> trident::readNpy(const std::string &path,
                                         std::string &error) {
  std::string data, reason;
  if (!detail::readWholeFile(path, data, reason)) {
    error = "cannot read '" + path + "': " + reason + "; check the path";
    return std::nullopt;
  }
  return parseNpy(data.data(), data.size(), path, error);
}

std::string trident::serializeNpy(const NpyArray &array) {
  std::string dict = "{'descr': '" + std::string(npyDescr(array.type)) +
                     "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array.shape.size(); ++i) {
    if (i)
      dict += ", ";
    dict += std::to_string(array.shape[i]);
  }
  if (array.shape.size() == 1)
    dict += ',';
  dict += "), }";
  // The header ends in '\n' and is padded with spaces so that the data
  // starts at a multiple of 64 bytes.
  size_t prefix = 10;
  int major = 1;
  size_t padded = (prefix + dict.size() + 1 + 63) / 64 * 64;
  if (padded - prefix > 0xffff) {
    prefix = 12;
    major = 2;
    padded = (prefix + dict.size() + 1 + 63) / 64 * 64;
  }
  size_t headerLength = padded - prefix;
  dict.append(headerLength - dict.size() - 1, ' ');
  dict += '\n';

  std::string out(kNpyMagic, sizeof(kNpyMagic));
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  for (size_t i = 0; i < prefix - 8; ++i)
    out.push_back(static_cast<char>((headerLength >> (8 * i)) & 0xff));
  out += dict;
  out.append(reinterpret_cast<const char *>(array.data.data()),
             array.data.size());
  return out;
}

bool trident::writeNpy(const std::string &path, const NpyArray &array,
                       std::string &error) {
  std::string reason;
  if (!detail::writeFileAtomically(path, serializeNpy(array), reason)) {
    error = "cannot write '" + path + "': " + reason +
            "; check that the directory exists and is writable";
    return false;
  }
  return true;
}

//===- Json.cpp - A small strict JSON reader ------------------------------===//
//
// A recursive-descent reader of RFC 8259 JSON with a nesting limit, used for
// plugin manifests (see Json.h for why this is not LLVM's).
//
//===----------------------------------------------------------------------===//

#include "Json.h"

#include <charconv>

using namespace trident;
using namespace trident::detail;

namespace {

constexpr int kMaxDepth = 64;

class JsonParser {
public:
  explicit JsonParser(std::string_view text) : text(text) {}

  std::optional<JsonValue> parseDocument(std::string &error) {
    JsonValue value;
    skipSpace();
    if (!parseValue(value, 0)) {
      error = "offset " + std::to_string(pos) + ": " + why;
      return std::nullopt;
    }
    skipSpace();
    if (pos != text.size()) {
      error = "offset " + std::to_string(pos) +
              ": unexpected text after the JSON value";
      return std::nullopt;
    }
    return value;
  }

private:
  std::string_view text;
  size_t pos = 0;
  std::string why;

  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  bool atEnd() const { return pos >= text.size(); }

  bool fail(std::string what) {
    why = std::move(what);
    return false;
  }

  void skipSpace() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool parseLiteral(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return fail("expected a JSON value");
    pos += word.size();
    return true;
  }

  bool parseValue(JsonValue &value, int depth) {
    if (depth > kMaxDepth)
      return fail("nested deeper than " + std::to_string(kMaxDepth) +
                  " levels");
    value.offset = pos;
    switch (peek()) {
    case '{':
      value.kind = JsonValue::Kind::Object;
      return parseObject(value, depth);
    case '[':
      value.kind = JsonValue::Kind::Array;
      return parseArray(value, depth);
    case '"':
      value.kind = JsonValue::Kind::String;
      return parseString(value.string);
    case 't':
      value.kind = JsonValue::Kind::Bool;
      value.boolean = true;
      return parseLiteral("true");
    case 'f':
      value.kind = JsonValue::Kind::Bool;
      value.boolean = false;
      return parseLiteral("false");
    case 'n':
      value.kind = JsonValue::Kind::Null;
      return parseLiteral("null");
    default:
      if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
        value.kind = JsonValue::Kind::Number;
        return parseNumber(value.number);
      }
      if (atEnd())
        return fail("unexpected end of input");
      return fail("expected a JSON value");
    }
  }

  bool parseObject(JsonValue &value, int depth) {
    ++pos; // '{'
    skipSpace();
    if (peek() == '}') {
      ++pos;
      return true;
    }
    for (;;) {
      skipSpace();
      if (peek() != '"')
        return fail("expected a string key");
      size_t keyOffset = pos;
      std::string key;
      if (!parseString(key))
        return false;
      for (const auto &member : value.object) {
        if (member.first == key) {
          pos = keyOffset;
          return fail("duplicate key \"" + key + "\"");
        }
      }
      skipSpace();
      if (peek() != ':')
        return fail("expected ':'");
      ++pos;
      skipSpace();
      JsonValue member;
      if (!parseValue(member, depth + 1))
        return false;
      value.object.emplace_back(std::move(key), std::move(member));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == '}') {
        ++pos;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool parseArray(JsonValue &value, int depth) {
    ++pos; // '['
    skipSpace();
    if (peek() == ']') {
      ++pos;
      return true;
    }
    for (;;) {
      skipSpace();
      JsonValue element;
      if (!parseValue(element, depth + 1))
        return false;
      value.array.push_back(std::move(element));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == ']') {
        ++pos;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  static void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xc0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xe0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }

  bool parseHex4(uint32_t &value) {
    if (text.size() - pos < 4)
      return fail("truncated \\u escape");
    value = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      value <<= 4;
      if (c >= '0' && c <= '9')
        value |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        value |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        value |= static_cast<uint32_t>(c - 'A' + 10);
      else {
        --pos;
        return fail("bad hex digit in \\u escape");
      }
    }
    return true;
  }

  bool parseString(std::string &out) {
    ++pos; // '"'
    for (;;) {
      if (atEnd())
        return fail("unterminated string");
      char c = text[pos];
      if (c == '"') {
        ++pos;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string (escape it)");
      if (c != '\\') {
        out += c;
        ++pos;
        continue;
      }
      ++pos;
      if (atEnd())
        return fail("unterminated string");
      char escape = text[pos++];
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t cp;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          uint32_t low;
          if (text.substr(pos, 2) != "\\u")
            return fail("unpaired surrogate in \\u escape");
          pos += 2;
          if (!parseHex4(low))
            return false;
          if (low < 0xdc00 || low > 0xdfff)
            return fail("unpaired surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          return fail("unpaired surrogate in \\u escape");
        }
        if (cp == 0)
          return fail("\\u0000 is not allowed in a manifest string");
        appendUtf8(out, cp);
        break;
      }
      default:
        --pos;
        return fail(std::string("unknown escape '\\") + escape + "'");
      }
    }
  }

  bool parseNumber(double &value) {
    size_t start = pos;
    if (peek() == '-')
      ++pos;
    if (peek() == '0') {
      ++pos;
    } else if (peek() >= '1' && peek() <= '9') {
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    } else {
      return fail("expected a digit");
    }
    if (peek() == '.') {
      ++pos;
      if (!(peek() >= '0' && peek() <= '9'))
        return fail("expected a digit after '.'");
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!(peek() >= '0' && peek() <= '9'))
        return fail("expected a digit in the exponent");
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    }
    auto [ptr, ec] =
        std::from_chars(text.data() + start, text.data() + pos, value);
    if (ec != std::errc() || ptr != text.data() + pos) {
      pos = start;
      return fail("number out of range");
    }
    return true;
  }
};

} // namespace

const JsonValue *JsonValue::find(std::string_view key) const {
  for (const auto &member : object)
    if (member.first == key)
      return &member.second;
  return nullptr;
}

std::optional<JsonValue> detail::parseJson(std::string_view text,
                                           std::string &error) {
  return JsonParser(text).parseDocument(error);
}

const char *detail::jsonKindName(JsonValue::Kind kind) {
  switch (kind) {
  case JsonValue::Kind::Null:
    return "null";
  case JsonValue::Kind::Bool:
    return "a boolean";
  case JsonValue::Kind::Number:
    return "a number";
  case JsonValue::Kind::String:
    return "a string";
  case JsonValue::Kind::Array:
    return "an array";
  case JsonValue::Kind::Object:
    return "an object";
  }
  return "a value";
}

//===- Json.h - A small strict JSON reader ----------------------*- C++ -*-===//
//
// Private to libTridentRuntime, which may not use LLVM's JSON support: a
// reader of RFC 8259 JSON for plugin manifests. Strict (no comments, no
// trailing commas, no duplicate keys, UTF-8 checked at escapes only) and
// small; errors carry the byte offset.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_RUNTIME_JSON_H
#define TRIDENT_CORE_RUNTIME_JSON_H

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trident {
namespace detail {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> array;
  std::vector<std::pair<std::string, JsonValue>> object;
  /// Where the value starts in the text.
  size_t offset = 0;

  /// The member `key` of an object, or nullptr.
  const JsonValue *find(std::string_view key) const;
};

/// Parses `text`. On failure sets `error` to "offset N: what" and returns
/// std::nullopt.
std::optional<JsonValue> parseJson(std::string_view text, std::string &error);

/// "a string", "an array", ... for messages.
const char *jsonKindName(JsonValue::Kind kind);

} // namespace detail
} // namespace trident

#endif // TRIDENT_CORE_RUNTIME_JSON_H

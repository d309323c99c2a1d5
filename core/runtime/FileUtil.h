//===- FileUtil.h - File helpers of the runtime library ---------*- C++ -*-===//
//
// Private to libTridentRuntime: reading a whole file and writing one
// atomically (temporary file in the same directory, then rename), with the
// reason of a failure as text.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_RUNTIME_FILEUTIL_H
#define TRIDENT_CORE_RUNTIME_FILEUTIL_H

#include <string>
#include <string_view>

namespace trident {
namespace detail {

/// Reads the file at `path` into `data`. On failure returns false and sets
/// `reason` to the system's words (e.g. "No such file or directory").
bool readWholeFile(const std::string &path, std::string &data,
                   std::string &reason);

/// Writes `data` to `path` through a temporary file in the same directory
/// that is renamed over `path`. The file gets mode 0666 less the umask. On
/// failure returns false, removes the temporary file and sets `reason`.
bool writeFileAtomically(const std::string &path, std::string_view data,
                         std::string &reason);

/// The directory part of `path` ("." when it has none).
std::string parentDirectory(const std::string &path);

} // namespace detail
} // namespace trident

#endif // TRIDENT_CORE_RUNTIME_FILEUTIL_H

//===- FileUtil.cpp - File helpers of the runtime library -----------------===//
//
// POSIX implementations of the helpers declared in FileUtil.h.
//
//===----------------------------------------------------------------------===//

#include "FileUtil.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace trident;

namespace {

/// The process's umask, read without changing it (Linux reports it in
/// /proc/self/status); 022 when it cannot be read.
mode_t currentUmask() {
  mode_t mask = 022;
  if (FILE *status = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof(line), status)) {
      if (std::strncmp(line, "Umask:", 6) == 0) {
        mask = static_cast<mode_t>(std::strtoul(line + 6, nullptr, 8));
        break;
      }
    }
    std::fclose(status);
  }
  return mask;
}

} // namespace

bool detail::readWholeFile(const std::string &path, std::string &data,
                           std::string &reason) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    reason = std::strerror(errno);
    return false;
  }
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd);
    reason = std::strerror(EISDIR);
    return false;
  }
  data.clear();
  char chunk[1 << 16];
  for (;;) {
    ssize_t got = ::read(fd, chunk, sizeof(chunk));
    if (got < 0) {
      if (errno == EINTR)
        continue;
      reason = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (got == 0)
      break;
    data.append(chunk, static_cast<size_t>(got));
  }
  ::close(fd);
  return true;
}

std::string detail::parentDirectory(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  if (slash == 0)
    return "/";
  return path.substr(0, slash);
}

bool detail::writeFileAtomically(const std::string &path, std::string_view data,
                                 std::string &reason) {
  size_t slash = path.rfind('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string dir =
      slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
  std::string temp = dir + "." + base + ".tmp.XXXXXX";
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) {
    reason = std::strerror(errno);
    return false;
  }
  auto fail = [&](int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    reason = std::strerror(err);
    return false;
  };
  if (::fchmod(fd, 0666 & ~currentUmask()) != 0)
    return fail(errno);
  const char *next = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t wrote = ::write(fd, next, left);
    if (wrote < 0) {
      if (errno == EINTR)
        continue;
      return fail(errno);
    }
    next += wrote;
    left -= static_cast<size_t>(wrote);
  }
  if (::fsync(fd) != 0)
    return fail(errno);
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    reason = std::strerror(err);
    return false;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    reason = std::strerror(err);
    return false;
  }
  return true;
}

//===- Bundle.cpp - Compiled-kernel bundles (.tkb) ------------------------===//
//
// Writer and reader of the bundle format described in docs/bundle.md. The
// reader trusts nothing: it checks the magic, the format version, the total
// size and the trailing CRC-32 before it decodes a record, checks every
// length against the bytes left, and skips records it does not know.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Bundle.h"
#include "trident/Runtime/ElementType.h"

#include "FileUtil.h"

#include <array>
#include <cstring>

using namespace trident;

namespace {

//===----------------------------------------------------------------------===//
// Little-endian encoding
//===----------------------------------------------------------------------===//

void putU32(std::string &out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void putU64(std::string &out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void setU64(std::string &out, size_t offset, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out[offset + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

uint32_t getU32(const unsigned char *p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
         uint32_t(p[3]) << 24;
}

uint64_t getU64(const unsigned char *p) {
  return uint64_t(getU32(p)) | uint64_t(getU32(p + 4)) << 32;
}

void putString(std::string &out, std::string_view text) {
  putU32(out, static_cast<uint32_t>(text.size()));
  out.append(text.data(), text.size());
}

/// A bounds-checked cursor over one record's bytes.
class Cursor {
public:
  Cursor(const unsigned char *data, size_t size) : data(data), size(size) {}

  size_t left() const { return size - pos; }

  bool readU32(uint32_t &value) {
    if (left() < 4)
      return false;
    value = getU32(data + pos);
    pos += 4;
    return true;
  }

  bool readString(std::string &value) {
    uint32_t length;
    if (!readU32(length) || left() < length)
      return false;
    value.assign(reinterpret_cast<const char *>(data + pos), length);
    pos += length;
    return true;
  }

  bool skip(size_t bytes) {
    if (left() < bytes)
      return false;
    pos += bytes;
    return true;
  }

  const unsigned char *current() const { return data + pos; }

private:
  const unsigned char *data;
  size_t size;
  size_t pos = 0;
};

//===----------------------------------------------------------------------===//
// Record bodies
//===----------------------------------------------------------------------===//

void putRecord(std::string &out, uint32_t &count, BundleTag tag,
               std::string_view body) {
  putU32(out, static_cast<uint32_t>(tag));
  putU64(out, body.size());
  out.append(body.data(), body.size());
  ++count;
}

std::string u32Body(uint32_t value) {
  std::string body;
  putU32(body, value);
  return body;
}

std::string signatureBody(const std::vector<BundleParameter> &signature) {
  std::string body;
  putU32(body, static_cast<uint32_t>(signature.size()));
  for (const BundleParameter &param : signature) {
    std::string entry;
    putU32(entry, static_cast<uint32_t>(param.kind));
    putU32(entry, param.divisibility);
    putString(entry, param.elementType);
    putString(entry, param.name);
    putU32(body, static_cast<uint32_t>(entry.size()));
    body += entry;
  }
  return body;
}

std::string stageBody(const BundleStage &stage) {
  std::string body;
  putString(body, stage.name);
  body += stage.text;
  return body;
}

/// The snake_case name of a record, as docs/bundle.md spells it.
const char *recordName(BundleTag tag) {
  switch (tag) {
  case BundleTag::KernelName:
    return "kernel_name";
  case BundleTag::Target:
    return "target";
  case BundleTag::Arch:
    return "arch";
  case BundleTag::Signature:
    return "signature";
  case BundleTag::NumWarps:
    return "num_warps";
  case BundleTag::ThreadsPerWarp:
    return "threads_per_warp";
  case BundleTag::NumCtas:
    return "num_ctas";
  case BundleTag::SharedBytes:
    return "shared_bytes";
  case BundleTag::CompilerVersion:
    return "compiler_version";
  case BundleTag::SourceHash:
    return "source_hash";
  case BundleTag::OptionHash:
    return "option_hash";
  case BundleTag::Binary:
    return "binary";
  case BundleTag::Stage:
    return "stage";
  }
  return "unknown";
}

constexpr uint32_t kLastKnownTag = static_cast<uint32_t>(BundleTag::Stage);

bool hasNul(const std::string &text) {
  return text.find('\0') != std::string::npos;
}

std::array<uint32_t, 256> makeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}

} // namespace

uint32_t trident::crc32(const void *data, size_t size, uint32_t crc) {
  static const std::array<uint32_t, 256> table = makeCrcTable();
  const unsigned char *p = static_cast<const unsigned char *>(data);
  crc = ~crc;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

//===----------------------------------------------------------------------===//
// Bundle
//===----------------------------------------------------------------------===//

bool BundleParameter::operator==(const BundleParameter &other) const {
  return kind == other.kind && elementType == other.elementType &&
         divisibility == other.divisibility && name == other.name;
}

bool Bundle::operator==(const Bundle &other) const {
  return kernelName == other.kernelName && target == other.target &&
         arch == other.arch && signature == other.signature &&
         numWarps == other.numWarps && threadsPerWarp == other.threadsPerWarp &&
         numCtas == other.numCtas && sharedBytes == other.sharedBytes &&
         compilerVersion == other.compilerVersion &&
         sourceHash == other.sourceHash && optionHash == other.optionHash &&
         binary == other.binary && stages == other.stages;
}

std::string Bundle::targetKind() const {
  return target.substr(0, target.find(':'));
}

std::vector<uint32_t> Bundle::argKinds() const {
  std::vector<uint32_t> kinds;
  kinds.reserve(signature.size());
  for (const BundleParameter &param : signature)
    kinds.push_back(static_cast<uint32_t>(param.kind));
  return kinds;
}

const std::string *Bundle::findStage(std::string_view name) const {
  for (const BundleStage &stage : stages)
    if (stage.name == name)
      return &stage.text;
  return nullptr;
}

std::string Bundle::validate() const {
  if (kernelName.empty())
    return "the kernel name is empty";
  if (target.empty())
    return "the target is empty";
  if (hasNul(kernelName) || hasNul(target) || hasNul(arch) ||
      hasNul(compilerVersion) || hasNul(sourceHash) || hasNul(optionHash))
    return "a name or hash contains a NUL byte";
  for (size_t i = 0; i < signature.size(); ++i) {
    const BundleParameter &param = signature[i];
    std::string which = "parameter " + std::to_string(i + 1);
    if (!isValidArgKind(param.kind))
      return which + " has argument kind " + std::to_string(param.kind) +
             ", which is not a TridentArgKind";
    if (param.divisibility == 0)
      return which + " has divisibility 0 (1 means none)";
    if (hasNul(param.elementType) || hasNul(param.name))
      return which + " has a NUL byte in its name or element type";
  }
  for (const BundleStage &stage : stages)
    if (hasNul(stage.name))
      return "a stage name contains a NUL byte";
  return "";
}

std::string Bundle::serialize() const {
  std::string out(kBundleMagic, sizeof(kBundleMagic));
  putU32(out, kBundleFormatVersion);
  size_t countOffset = out.size();
  putU32(out, 0);
  size_t sizeOffset = out.size();
  putU64(out, 0);

  uint32_t count = 0;
  putRecord(out, count, BundleTag::KernelName, kernelName);
  putRecord(out, count, BundleTag::Target, target);
  putRecord(out, count, BundleTag::Arch, arch);
  putRecord(out, count, BundleTag::Signature, signatureBody(signature));
  putRecord(out, count, BundleTag::NumWarps, u32Body(numWarps));
  putRecord(out, count, BundleTag::ThreadsPerWarp, u32Body(threadsPerWarp));
  putRecord(out, count, BundleTag::NumCtas, u32Body(numCtas));
  putRecord(out, count, BundleTag::SharedBytes, u32Body(sharedBytes));
  putRecord(out, count, BundleTag::CompilerVersion, compilerVersion);
  putRecord(out, count, BundleTag::SourceHash, sourceHash);
  putRecord(out, count, BundleTag::OptionHash, optionHash);
  putRecord(out, count, BundleTag::Binary, binary);
  for (const BundleStage &stage : stages)
    putRecord(out, count, BundleTag::Stage, stageBody(stage));

  for (int i = 0; i < 4; ++i)
    out[countOffset + i] = static_cast<char>((count >> (8 * i)) & 0xff);
  setU64(out, sizeOffset, out.size() + kBundleChecksumSize);
  putU32(out, crc32(out.data(), out.size()));
  return out;
}

std::optional<Bundle> Bundle::parse(const void *data, size_t size,
                                    std::string &error, std::string_view name) {
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  std::string quoted = "'" + std::string(name) + "'";
  auto fail = [&](std::string message) -> std::optional<Bundle> {
    error = std::move(message);
    return std::nullopt;
  };
  auto corrupted = [&](const std::string &why) {
    return fail("bundle " + quoted + " is corrupted: " + why +
                "; recompile it");
  };

  // The magic first, so that any other file is named for what it is.
  size_t magicBytes = size < sizeof(kBundleMagic) ? size : sizeof(kBundleMagic);
  if (size == 0 || data == nullptr ||
      std::memcmp(bytes, kBundleMagic, magicBytes) != 0)
    return fail(quoted + " is not a Trident bundle (no TRIDENTB magic); "
                         "pass a .tkb file written by 'trident compile'");
  if (size < kBundleHeaderSize + kBundleChecksumSize)
    return fail("bundle " + quoted + " is truncated: it has " +
                std::to_string(size) +
                " bytes, fewer than a bundle header; recompile it");

  uint32_t version = getU32(bytes + 8);
  uint32_t count = getU32(bytes + 12);
  uint64_t total = getU64(bytes + 16);
  if (version > kBundleFormatVersion)
    return fail("bundle " + quoted + " has format version " +
                std::to_string(version) +
                ", newer than this runtime reads (up to " +
                std::to_string(kBundleFormatVersion) +
                "); update Trident or recompile the kernel with this one");
  if (version == 0)
    return corrupted("format version 0 is invalid");
  if (total > size)
    return fail("bundle " + quoted + " is truncated: the header says " +
                std::to_string(total) + " bytes, the file has " +
                std::to_string(size) + "; recompile it");
  if (total < kBundleHeaderSize + kBundleChecksumSize)
    return corrupted("the header's total size " + std::to_string(total) +
                     " is smaller than a header");
  if (total < size)
    return corrupted(std::to_string(size - total) +
                     " unexpected bytes follow the end of the bundle");
  size_t end = size - kBundleChecksumSize;
  if (crc32(bytes, end) != getU32(bytes + end))
    return corrupted("checksum mismatch");

  Bundle bundle;
  bool seen[kLastKnownTag + 1] = {};
  size_t pos = kBundleHeaderSize;
  for (uint32_t index = 1; index <= count; ++index) {
    std::string which =
        "record " + std::to_string(index) + " of " + std::to_string(count);
    if (end - pos < 12)
      return corrupted(which + " runs past the end of the records");
    uint32_t tag = getU32(bytes + pos);
    uint64_t length = getU64(bytes + pos + 4);
    pos += 12;
    if (length > end - pos)
      return corrupted(which + " runs past the end of the records");
    const unsigned char *body = bytes + pos;
    pos += static_cast<size_t>(length);
    if (tag == 0 || tag > kLastKnownTag)
      continue; // A newer writer's record: skip it.

    BundleTag known = static_cast<BundleTag>(tag);
    std::string recName = recordName(known);
    if (known != BundleTag::Stage) {
      if (seen[tag])
        return corrupted("more than one " + recName + " record");
      seen[tag] = true;
    }
    std::string text(reinterpret_cast<const char *>(body),
                     static_cast<size_t>(length));
    auto readU32Record = [&](uint32_t &field) {
      if (length != 4)
        return false;
      field = getU32(body);
      return true;
    };
    bool ok = true;
    switch (known) {
    case BundleTag::KernelName:
      bundle.kernelName = std::move(text);
      break;
    case BundleTag::Target:
      bundle.target = std::move(text);
      break;
    case BundleTag::Arch:
      bundle.arch = std::move(text);
      break;
    case BundleTag::CompilerVersion:
      bundle.compilerVersion = std::move(text);
      break;
    case BundleTag::SourceHash:
      bundle.sourceHash = std::move(text);
      break;
    case BundleTag::OptionHash:
      bundle.optionHash = std::move(text);
      break;
    case BundleTag::Binary:
      bundle.binary = std::move(text);
      break;
    case BundleTag::NumWarps:
      ok = readU32Record(bundle.numWarps);
      break;
    case BundleTag::ThreadsPerWarp:
      ok = readU32Record(bundle.threadsPerWarp);
      break;
    case BundleTag::NumCtas:
      ok = readU32Record(bundle.numCtas);
      break;
    case BundleTag::SharedBytes:
      ok = readU32Record(bundle.sharedBytes);
      break;
    case BundleTag::Stage: {
      Cursor cursor(body, static_cast<size_t>(length));
      BundleStage stage;
      if (!cursor.readString(stage.name))
        return corrupted("a stage record is malformed");
      stage.text.assign(reinterpret_cast<const char *>(cursor.current()),
                        cursor.left());
      bundle.stages.push_back(std::move(stage));
      break;
    }
    case BundleTag::Signature: {
      Cursor cursor(body, static_cast<size_t>(length));
      uint32_t numParams;
      if (!cursor.readU32(numParams))
        return corrupted("the signature record is malformed");
      for (uint32_t i = 1; i <= numParams; ++i) {
        std::string paramWhich = "parameter " + std::to_string(i);
        uint32_t entrySize;
        if (!cursor.readU32(entrySize) || cursor.left() < entrySize)
          return corrupted("the signature record is malformed (" + paramWhich +
                           " runs past its end)");
        Cursor entry(cursor.current(), entrySize);
        cursor.skip(entrySize);
        uint32_t kind;
        BundleParameter param;
        if (!entry.readU32(kind) || !entry.readU32(param.divisibility) ||
            !entry.readString(param.elementType) ||
            !entry.readString(param.name))
          return corrupted("the signature record is malformed (" + paramWhich +
                           " is cut short)");
        // Bytes after the known fields of an entry belong to a newer
        // writer and are skipped.
        if (!isValidArgKind(kind))
          return fail("bundle " + quoted + " gives " + paramWhich +
                      " the argument kind " + std::to_string(kind) +
                      ", which this runtime does not know; update Trident");
        param.kind = static_cast<TridentArgKind>(kind);
        bundle.signature.push_back(std::move(param));
      }
      break;
    }
    }
    if (!ok)
      return corrupted("the " + recName + " record has " +
                       std::to_string(length) + " bytes, expected 4");
  }
  if (pos != end)
    return corrupted(std::to_string(end - pos) +
                     " bytes follow the last record");

  for (uint32_t tag = 1; tag <= kLastKnownTag; ++tag) {
    if (tag == static_cast<uint32_t>(BundleTag::Stage) || seen[tag])
      continue;
    return corrupted(std::string("it has no ") +
                     recordName(static_cast<BundleTag>(tag)) + " record");
  }
  std::string invalid = bundle.validate();
  if (!invalid.empty())
    return corrupted(invalid);
  return bundle;
}

std::optional<Bundle> Bundle::readFile(const std::string &path,
                                       std::string &error) {
  std::string data, reason;
  if (!detail::readWholeFile(path, data, reason)) {
    error = "cannot read bundle '" + path + "': " + reason + "; check the path";
    return std::nullopt;
  }
  return parse(data.data(), data.size(), error, path);
}

bool Bundle::writeFile(const std::string &path, std::string &error) const {
  std::string invalid = validate();
  if (!invalid.empty()) {
    error = "cannot write bundle '" + path + "': " + invalid;
    return false;
  }
  std::string reason;
  if (!detail::writeFileAtomically(path, serialize(), reason)) {
    error = "cannot write bundle '" + path + "': " + reason +
            "; check that the directory exists and is writable";
    return false;
  }
  return true;
}

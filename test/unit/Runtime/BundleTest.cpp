//===- BundleTest.cpp - Tests of the bundle format ------------------------===//
//
// Round trips of every bundle field, the byte layout docs/bundle.md
// promises, and every way a bundle can be damaged: truncation, flipped
// bytes, a wrong magic, a newer format version, malformed records. Unknown
// records must be skipped.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident/Runtime/Bundle.h"

#include "gtest/gtest.h"

#include <sys/stat.h>
#include <utility>
#include <vector>

using namespace trident;
using namespace trident::test;

namespace {

using Record = std::pair<uint32_t, std::string>;

uint32_t getU32(const std::string &bytes, size_t offset) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i)
    value |= uint32_t(static_cast<unsigned char>(bytes[offset + i])) << (8 * i);
  return value;
}

uint64_t getU64(const std::string &bytes, size_t offset) {
  return uint64_t(getU32(bytes, offset)) | uint64_t(getU32(bytes, offset + 4))
                                               << 32;
}

void putU32(std::string &out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void putU64(std::string &out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

/// The records of well-formed bundle bytes, read independently of the
/// library's reader.
std::vector<Record> splitRecords(const std::string &bytes) {
  std::vector<Record> records;
  uint32_t count = getU32(bytes, 12);
  size_t pos = kBundleHeaderSize;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t tag = getU32(bytes, pos);
    uint64_t length = getU64(bytes, pos + 4);
    records.emplace_back(tag, bytes.substr(pos + 12, length));
    pos += 12 + length;
  }
  return records;
}

/// Bundle bytes from records, with a correct header and checksum.
std::string assemble(const std::vector<Record> &records,
                     uint32_t version = kBundleFormatVersion) {
  std::string out(kBundleMagic, sizeof(kBundleMagic));
  putU32(out, version);
  putU32(out, static_cast<uint32_t>(records.size()));
  putU64(out, 0);
  for (const Record &record : records) {
    putU32(out, record.first);
    putU64(out, record.second.size());
    out += record.second;
  }
  std::string size;
  putU64(size, out.size() + kBundleChecksumSize);
  out.replace(16, 8, size);
  putU32(out, crc32(out.data(), out.size()));
  return out;
}

std::vector<Record> withoutTag(std::vector<Record> records, BundleTag tag) {
  std::vector<Record> kept;
  for (Record &record : records)
    if (record.first != static_cast<uint32_t>(tag))
      kept.push_back(std::move(record));
  return kept;
}

std::string parseError(const std::string &bytes,
                       const std::string &name = "x.tkb") {
  std::string error;
  std::optional<Bundle> bundle =
      Bundle::parse(bytes.data(), bytes.size(), error, name);
  EXPECT_FALSE(bundle.has_value());
  return error;
}

TEST(BundleTest, RoundTripsEveryField) {
  Bundle bundle = makeVaddBundle();
  bundle.binary = std::string("\0\xff\x01"
                              "FAKE",
                              7);
  bundle.signature.push_back({TRIDENT_ARG_POINTER, "bf16", 1, ""});
  bundle.signature.push_back({TRIDENT_ARG_F64, "", 1, "alpha"});
  std::string bytes = bundle.serialize();
  std::string error;
  std::optional<Bundle> parsed =
      Bundle::parse(bytes.data(), bytes.size(), error, "k.tkb");
  ASSERT_TRUE(parsed) << error;
  EXPECT_EQ(parsed->kernelName, "vadd");
  EXPECT_EQ(parsed->target, "fake:v1");
  EXPECT_EQ(parsed->targetKind(), "fake");
  EXPECT_EQ(parsed->arch, "v1");
  ASSERT_EQ(parsed->signature.size(), 6u);
  EXPECT_EQ(parsed->signature[0].kind, TRIDENT_ARG_POINTER);
  EXPECT_EQ(parsed->signature[0].elementType, "f32");
  EXPECT_EQ(parsed->signature[0].divisibility, 16u);
  EXPECT_EQ(parsed->signature[0].name, "x");
  EXPECT_EQ(parsed->signature[3].kind, TRIDENT_ARG_I32);
  EXPECT_EQ(parsed->signature[3].name, "n");
  EXPECT_EQ(parsed->signature[4].elementType, "bf16");
  EXPECT_EQ(parsed->signature[4].name, "");
  EXPECT_EQ(parsed->signature[5].kind, TRIDENT_ARG_F64);
  EXPECT_EQ(parsed->numWarps, 8u);
  EXPECT_EQ(parsed->threadsPerWarp, 32u);
  EXPECT_EQ(parsed->numCtas, 2u);
  EXPECT_EQ(parsed->sharedBytes, 4096u);
  EXPECT_EQ(parsed->compilerVersion, "trident 0.1.0 (LLVM 22.1)");
  EXPECT_EQ(parsed->sourceHash, "0123456789abcdef0123456789abcdef");
  EXPECT_EQ(parsed->optionHash, "fedcba9876543210");
  EXPECT_EQ(parsed->binary, std::string("\0\xff\x01"
                                        "FAKE",
                                        7));
  ASSERT_EQ(parsed->stages.size(), 2u);
  EXPECT_EQ(parsed->stages[0].name, "ttir");
  EXPECT_EQ(parsed->stages[0].text, "module {\n}\n");
  ASSERT_NE(parsed->findStage("ttgir"), nullptr);
  EXPECT_EQ(*parsed->findStage("ttgir"), "module {}");
  EXPECT_EQ(parsed->findStage("llir"), nullptr);
  EXPECT_EQ(*parsed, bundle);
  EXPECT_EQ(parsed->argKinds(),
            (std::vector<uint32_t>{TRIDENT_ARG_POINTER, TRIDENT_ARG_POINTER,
                                   TRIDENT_ARG_POINTER, TRIDENT_ARG_I32,
                                   TRIDENT_ARG_POINTER, TRIDENT_ARG_F64}));
}

TEST(BundleTest, RoundTripsAnEmptySignatureWithoutStages) {
  Bundle bundle;
  bundle.kernelName = "noop";
  bundle.target = "cpu";
  std::string bytes = bundle.serialize();
  std::string error;
  std::optional<Bundle> parsed =
      Bundle::parse(bytes.data(), bytes.size(), error);
  ASSERT_TRUE(parsed) << error;
  EXPECT_EQ(*parsed, bundle);
  EXPECT_EQ(parsed->targetKind(), "cpu");
  EXPECT_TRUE(parsed->stages.empty());
}

TEST(BundleTest, HeaderLayoutIsAsDocumented) {
  Bundle bundle = makeVaddBundle();
  std::string bytes = bundle.serialize();
  EXPECT_EQ(bytes.substr(0, 8), "TRIDENTB");
  EXPECT_EQ(getU32(bytes, 8), 1u);
  EXPECT_EQ(getU32(bytes, 12), 14u); // 12 records + 2 stages.
  EXPECT_EQ(getU64(bytes, 16), bytes.size());
  EXPECT_EQ(getU32(bytes, bytes.size() - 4),
            crc32(bytes.data(), bytes.size() - 4));
  std::vector<Record> records = splitRecords(bytes);
  ASSERT_EQ(records.size(), 14u);
  for (uint32_t tag = 1; tag <= 12; ++tag)
    EXPECT_EQ(records[tag - 1].first, tag);
  EXPECT_EQ(records[0].second, "vadd");
  EXPECT_EQ(records[1].second, "fake:v1");
  EXPECT_EQ(records[4].second, std::string("\x08\0\0\0", 4));
  // Stage: u32 name length, name, text.
  EXPECT_EQ(records[12].second,
            std::string("\x04\0\0\0ttir", 8) + "module {\n}\n");
  // Signature: u32 count, then per parameter u32 entry size, u32 kind,
  // u32 divisibility, u32 + element type, u32 + name.
  std::string signature = records[3].second;
  EXPECT_EQ(getU32(signature, 0), 4u);
  EXPECT_EQ(getU32(signature, 4), 4u + 4 + 4 + 3 + 4 + 1);
  EXPECT_EQ(getU32(signature, 8), uint32_t(TRIDENT_ARG_POINTER));
  EXPECT_EQ(getU32(signature, 12), 16u);
  EXPECT_EQ(signature.substr(16, 7), std::string("\x03\0\0\0f32", 7));
  EXPECT_EQ(signature.substr(23, 5), std::string("\x01\0\0\0x", 5));
}

TEST(BundleTest, Crc32MatchesZlib) {
  EXPECT_EQ(crc32("123456789", 9), 0xcbf43926u);
  EXPECT_EQ(crc32("", 0), 0u);
  // Incremental use gives the same result.
  EXPECT_EQ(crc32("6789", 4, crc32("12345", 5)), 0xcbf43926u);
}

TEST(BundleTest, FileRoundTripIsAtomic) {
  ScratchDir dir;
  Bundle bundle = makeVaddBundle();
  std::string error;
  std::string path = dir.path("vadd.tkb");
  ASSERT_TRUE(bundle.writeFile(path, error)) << error;
  std::optional<Bundle> read = Bundle::readFile(path, error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(*read, bundle);
  // Overwriting works too and leaves no temporary file behind.
  bundle.numWarps = 2;
  ASSERT_TRUE(bundle.writeFile(path, error)) << error;
  read = Bundle::readFile(path, error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(read->numWarps, 2u);
  size_t files = 0;
  for (const auto &entry : std::filesystem::directory_iterator(dir.str())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u);
  struct stat info;
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(info.st_mode & 0777, 0666u & ~mask);
}

TEST(BundleTest, ReportsUnreadableAndUnwritableFiles) {
  ScratchDir dir;
  std::string error;
  std::string missing = dir.path("missing.tkb");
  EXPECT_FALSE(Bundle::readFile(missing, error));
  EXPECT_EQ(error, "cannot read bundle '" + missing +
                       "': No such file or directory; check the path");
  std::string nowhere = dir.path("no/such/dir/k.tkb");
  EXPECT_FALSE(makeVaddBundle().writeFile(nowhere, error));
  EXPECT_EQ(error, "cannot write bundle '" + nowhere +
                       "': No such file or directory; check that the "
                       "directory exists and is writable");
  Bundle unnamed = makeVaddBundle();
  unnamed.kernelName.clear();
  EXPECT_FALSE(unnamed.writeFile(dir.path("k.tkb"), error));
  EXPECT_EQ(error, "cannot write bundle '" + dir.path("k.tkb") +
                       "': the kernel name is empty");
  Bundle badKind = makeVaddBundle();
  // 15 is no kind, yet a value the enum can hold (its enumerators need four
  // bits): a larger one would be undefined behaviour in this test itself.
  badKind.signature[1].kind = static_cast<TridentArgKind>(15);
  EXPECT_EQ(badKind.validate(),
            "parameter 2 has argument kind 15, which is not a TridentArgKind");
  Bundle zeroDiv = makeVaddBundle();
  zeroDiv.signature[0].divisibility = 0;
  EXPECT_EQ(zeroDiv.validate(),
            "parameter 1 has divisibility 0 (1 means none)");
}

TEST(BundleTest, DetectsTruncation) {
  std::string bytes = makeVaddBundle().serialize();
  std::string total = std::to_string(bytes.size());
  EXPECT_EQ(parseError(bytes.substr(0, bytes.size() - 1)),
            "bundle 'x.tkb' is truncated: the header says " + total +
                " bytes, the file has " + std::to_string(bytes.size() - 1) +
                "; recompile it");
  EXPECT_EQ(parseError(bytes.substr(0, 10)),
            "bundle 'x.tkb' is truncated: it has 10 bytes, fewer than a "
            "bundle header; recompile it");
  EXPECT_EQ(parseError(bytes.substr(0, 5)),
            "bundle 'x.tkb' is truncated: it has 5 bytes, fewer than a "
            "bundle header; recompile it");
  // Every prefix is rejected.
  for (size_t size = 0; size < bytes.size(); ++size)
    parseError(bytes.substr(0, size));

  ScratchDir dir;
  std::string path = dir.path("cut.tkb");
  writeBytes(path, bytes.substr(0, 100));
  std::string error;
  EXPECT_FALSE(Bundle::readFile(path, error));
  EXPECT_EQ(error, "bundle '" + path + "' is truncated: the header says " +
                       total + " bytes, the file has 100; recompile it");
}

TEST(BundleTest, DetectsAFlippedByte) {
  std::string bytes = makeVaddBundle().serialize();
  std::string flipped = bytes;
  flipped[60] ^= 0x20;
  EXPECT_EQ(parseError(flipped),
            "bundle 'x.tkb' is corrupted: checksum mismatch; recompile it");
  // The checksum itself.
  flipped = bytes;
  flipped.back() ^= 1;
  EXPECT_EQ(parseError(flipped),
            "bundle 'x.tkb' is corrupted: checksum mismatch; recompile it");
  // No single flipped byte anywhere goes unnoticed.
  for (size_t i = 0; i < bytes.size(); ++i) {
    flipped = bytes;
    flipped[i] ^= 0x5a;
    std::string error = parseError(flipped);
    EXPECT_FALSE(error.empty()) << "byte " << i;
  }
}

TEST(BundleTest, RejectsOtherFiles) {
  std::string bytes = makeVaddBundle().serialize();
  bytes[0] = 'X';
  std::string notBundle = "'x.tkb' is not a Trident bundle (no TRIDENTB "
                          "magic); pass a .tkb file written by 'trident "
                          "compile'";
  EXPECT_EQ(parseError(bytes), notBundle);
  EXPECT_EQ(parseError("\x7f"
                       "ELF"),
            notBundle);
  EXPECT_EQ(parseError(""), notBundle);
  std::string error;
  EXPECT_FALSE(Bundle::parse(nullptr, 0, error, "x.tkb"));
  EXPECT_EQ(error, notBundle);
}

TEST(BundleTest, RejectsANewerFormatVersion) {
  std::string bytes = assemble(splitRecords(makeVaddBundle().serialize()), 2);
  EXPECT_EQ(parseError(bytes),
            "bundle 'x.tkb' has format version 2, newer than this runtime "
            "reads (up to 1); update Trident or recompile the kernel with "
            "this one");
  bytes = assemble(splitRecords(makeVaddBundle().serialize()), 0);
  EXPECT_EQ(parseError(bytes), "bundle 'x.tkb' is corrupted: format version "
                               "0 is invalid; recompile it");
}

TEST(BundleTest, SkipsUnknownRecords) {
  Bundle bundle = makeVaddBundle();
  std::vector<Record> records = splitRecords(bundle.serialize());
  records.insert(records.begin() + 2, Record{999, "from the future"});
  records.insert(records.begin(), Record{0, ""});
  records.push_back(Record{0xffffffffu, std::string(1000, 'z')});
  std::string bytes = assemble(records);
  std::string error;
  std::optional<Bundle> parsed =
      Bundle::parse(bytes.data(), bytes.size(), error, "x.tkb");
  ASSERT_TRUE(parsed) << error;
  EXPECT_EQ(*parsed, bundle);
}

TEST(BundleTest, SkipsUnknownBytesInSignatureEntries) {
  std::string signature;
  putU32(signature, 1);
  std::string entry;
  putU32(entry, TRIDENT_ARG_POINTER);
  putU32(entry, 16);
  putU32(entry, 3);
  entry += "f16";
  putU32(entry, 1);
  entry += "p";
  entry += "future fields";
  putU32(signature, static_cast<uint32_t>(entry.size()));
  signature += entry;
  std::vector<Record> records = splitRecords(makeVaddBundle().serialize());
  records[3].second = signature;
  std::string bytes = assemble(records);
  std::string error;
  std::optional<Bundle> parsed =
      Bundle::parse(bytes.data(), bytes.size(), error);
  ASSERT_TRUE(parsed) << error;
  ASSERT_EQ(parsed->signature.size(), 1u);
  EXPECT_EQ(parsed->signature[0],
            (BundleParameter{TRIDENT_ARG_POINTER, "f16", 16, "p"}));
}

TEST(BundleTest, RejectsMalformedRecords) {
  std::vector<Record> good = splitRecords(makeVaddBundle().serialize());
  auto corrupted = [](const std::string &why) {
    return "bundle 'x.tkb' is corrupted: " + why + "; recompile it";
  };

  EXPECT_EQ(parseError(assemble(withoutTag(good, BundleTag::Binary))),
            corrupted("it has no binary record"));
  EXPECT_EQ(parseError(assemble(withoutTag(good, BundleTag::KernelName))),
            corrupted("it has no kernel_name record"));
  EXPECT_EQ(parseError(assemble(withoutTag(good, BundleTag::Signature))),
            corrupted("it has no signature record"));

  std::vector<Record> twice = good;
  twice.push_back(good[0]);
  EXPECT_EQ(parseError(assemble(twice)),
            corrupted("more than one kernel_name record"));

  std::vector<Record> shortWarps = good;
  shortWarps[4].second = "abc";
  EXPECT_EQ(parseError(assemble(shortWarps)),
            corrupted("the num_warps record has 3 bytes, expected 4"));

  std::vector<Record> emptyName = good;
  emptyName[0].second = "";
  EXPECT_EQ(parseError(assemble(emptyName)),
            corrupted("the kernel name is empty"));

  std::vector<Record> badStage = good;
  badStage[12].second = "\x05";
  EXPECT_EQ(parseError(assemble(badStage)),
            corrupted("a stage record is malformed"));

  std::vector<Record> badSignature = good;
  badSignature[3].second = "\x01\0";
  EXPECT_EQ(parseError(assemble(badSignature)),
            corrupted("the signature record is malformed"));
  badSignature[3].second = std::string("\x02\0\0\0\x40\0\0\0", 8);
  EXPECT_EQ(parseError(assemble(badSignature)),
            corrupted("the signature record is malformed (parameter 1 runs "
                      "past its end)"));
  badSignature[3].second = std::string("\x01\0\0\0\x04\0\0\0\x01\0\0\0", 12);
  EXPECT_EQ(parseError(assemble(badSignature)),
            corrupted("the signature record is malformed (parameter 1 is cut "
                      "short)"));

  std::string unknownKind;
  putU32(unknownKind, 1);
  putU32(unknownKind, 16);
  putU32(unknownKind, 42);
  putU32(unknownKind, 1);
  putU32(unknownKind, 0);
  putU32(unknownKind, 0);
  badSignature[3].second = unknownKind;
  EXPECT_EQ(parseError(assemble(badSignature)),
            "bundle 'x.tkb' gives parameter 1 the argument kind 42, which "
            "this runtime does not know; update Trident");

  // A header whose record count disagrees with the records.
  std::string bytes = assemble(good);
  bytes[12] = 15;
  resealBundle(bytes);
  EXPECT_EQ(parseError(bytes),
            corrupted("record 15 of 15 runs past the end of the records"));
  bytes[12] = 13;
  resealBundle(bytes);
  size_t lastRecord = 12 + good[13].second.size();
  EXPECT_EQ(parseError(bytes), corrupted(std::to_string(lastRecord) +
                                         " bytes follow the last record"));

  // A record length beyond the end.
  bytes = assemble(good);
  bytes[kBundleHeaderSize + 11] = '\x7f';
  resealBundle(bytes);
  EXPECT_EQ(parseError(bytes),
            corrupted("record 1 of 14 runs past the end of the records"));

  // Bytes after the bundle's total size.
  bytes = assemble(good) + "junk";
  EXPECT_EQ(parseError(bytes),
            corrupted("4 unexpected bytes follow the end of the bundle"));
}

} // namespace

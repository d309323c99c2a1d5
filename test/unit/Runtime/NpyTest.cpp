//===- NpyTest.cpp - Tests of .npy reading and writing --------------------===//
//
// Round trips of every dtype and of 0-d, 1-d, 2-d and 3-d shapes, the bytes
// numpy.save writes, the header variants NumPy produces, and every header
// the reader must refuse, with its message.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident/Runtime/Npy.h"

#include "gtest/gtest.h"

using namespace trident;
using namespace trident::test;

namespace {

/// A .npy file with `header` (padded as numpy.save pads it) and `data`.
std::string npyFile(const std::string &dict, const std::string &data,
                    int major = 1) {
  size_t prefix = major == 1 ? 10 : 12;
  size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  std::string header =
      dict + std::string(total - prefix - dict.size() - 1, ' ') + "\n";
  std::string out = std::string("\x93NUMPY", 6);
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  for (size_t i = 0; i < prefix - 8; ++i)
    out.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xff));
  return out + header + data;
}

std::string parseError(const std::string &bytes) {
  std::string error;
  std::optional<NpyArray> array =
      parseNpy(bytes.data(), bytes.size(), "a.npy", error);
  EXPECT_FALSE(array.has_value());
  return error;
}

NpyArray parseOk(const std::string &bytes) {
  std::string error;
  std::optional<NpyArray> array =
      parseNpy(bytes.data(), bytes.size(), "a.npy", error);
  EXPECT_TRUE(array.has_value()) << error;
  return array ? *array : NpyArray();
}

TEST(NpyTest, RoundTripsEveryDtype) {
  const ElementType types[] = {
      ElementType::I1,  ElementType::I8,  ElementType::U8,  ElementType::I16,
      ElementType::U16, ElementType::I32, ElementType::U32, ElementType::I64,
      ElementType::U64, ElementType::F16, ElementType::F32, ElementType::F64};
  for (ElementType type : types) {
    NpyArray array = NpyArray::zeros(type, {5});
    for (size_t i = 0; i < array.data.size(); ++i)
      array.data[i] =
          static_cast<uint8_t>(type == ElementType::I1 ? i % 2 : i * 7 + 1);
    std::string bytes = serializeNpy(array);
    EXPECT_EQ(bytes.size() % 64, array.data.size() % 64);
    NpyArray back = parseOk(bytes);
    EXPECT_EQ(back.type, type) << elementTypeName(type);
    EXPECT_EQ(back.shape, array.shape);
    EXPECT_EQ(back.data, array.data);
  }
}

TEST(NpyTest, WritesBF16AsUint16) {
  NpyArray array = NpyArray::zeros(ElementType::BF16, {2});
  array.data = {0x80, 0x3f, 0x00, 0x40}; // 1.0, 2.0
  std::string bytes = serializeNpy(array);
  EXPECT_NE(bytes.find("'descr': '<u2'"), std::string::npos);
  NpyArray back = parseOk(bytes);
  EXPECT_EQ(back.type, ElementType::U16);
  EXPECT_EQ(back.data, array.data);
  EXPECT_EQ(npyDescr(ElementType::BF16), "<u2");
}

TEST(NpyTest, RoundTripsShapes) {
  for (std::vector<int64_t> shape : {std::vector<int64_t>{},
                                     {1},
                                     {0},
                                     {2, 3},
                                     {64, 64},
                                     {2, 3, 4},
                                     {3, 0, 2}}) {
    NpyArray array = NpyArray::zeros(ElementType::F32, shape);
    for (size_t i = 0; i < array.data.size(); ++i)
      array.data[i] = static_cast<uint8_t>(i);
    NpyArray back = parseOk(serializeNpy(array));
    EXPECT_EQ(back.shape, shape) << shapeString(shape);
    EXPECT_EQ(back.data, array.data);
    EXPECT_EQ(back.numElements(), array.numElements());
  }
  EXPECT_EQ(shapeString({}), "scalar");
  EXPECT_EQ(shapeString({64, 64}), "64x64");
  EXPECT_EQ(shapeString({1024}), "1024");
}

TEST(NpyTest, WritesWhatNumpySaveWrites) {
  NpyArray array = NpyArray::zeros(ElementType::F32, {3});
  std::string expected =
      npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
              std::string(12, '\0'));
  EXPECT_EQ(serializeNpy(array), expected);
  EXPECT_EQ(expected.size(), 128u + 12u);
  NpyArray matrix = NpyArray::zeros(ElementType::I1, {2, 3});
  EXPECT_EQ(serializeNpy(matrix),
            npyFile("{'descr': '|b1', 'fortran_order': False, 'shape': (2, "
                    "3), }",
                    std::string(6, '\0')));
  NpyArray scalar = NpyArray::zeros(ElementType::F64, {});
  EXPECT_EQ(serializeNpy(scalar),
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                    std::string(8, '\0')));
}

TEST(NpyTest, ReadsHeaderVariants) {
  std::string four(4, '\x01');
  // Key order, quotes, spacing and the trailing comma vary between writers.
  NpyArray a = parseOk(npyFile(
      "{\"shape\": (2, 2), \"fortran_order\": False, \"descr\": \"|u1\"}",
      four));
  EXPECT_EQ(a.type, ElementType::U8);
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 2}));
  // Version 2.0 and 3.0 headers, extra keys, Python 2 longs.
  NpyArray b = parseOk(npyFile(
      "{'descr': '<i4', 'fortran_order': False, 'shape': (1L,), 'x': [1, "
      "'a', (2,)]}",
      four, 2));
  EXPECT_EQ(b.type, ElementType::I32);
  NpyArray c = parseOk(npyFile(
      "{'descr': '<i2', 'fortran_order': False, 'shape': (2,)}", four, 3));
  EXPECT_EQ(c.type, ElementType::I16);
  // Single-byte types in any byte order; '=' as little-endian.
  EXPECT_EQ(parseOk(npyFile("{'descr': '>i1', 'fortran_order': False, "
                            "'shape': (4,)}",
                            four))
                .type,
            ElementType::I8);
  EXPECT_EQ(parseOk(npyFile("{'descr': '=u4', 'fortran_order': False, "
                            "'shape': (1,)}",
                            four))
                .type,
            ElementType::U32);
  // Fortran order is harmless for one dimension, but still refused: NumPy
  // writes False for 1-D arrays.
}

TEST(NpyTest, RejectsBadFiles) {
  std::string eight(8, '\0');
  EXPECT_EQ(parseError("PK\x03\x04 not npy"),
            "'a.npy' is not a .npy file (no NUMPY magic); save the array with "
            "numpy.save");
  EXPECT_EQ(parseError(""), "'a.npy' is not a .npy file (no NUMPY magic); "
                            "save the array with numpy.save");
  std::string v4 = npyFile("{'descr': '<f4', 'fortran_order': False, "
                           "'shape': (2,)}",
                           eight, 2);
  v4[6] = 4;
  EXPECT_EQ(parseError(v4),
            "'a.npy' uses .npy format version 4.0, which Trident does not "
            "read (1.0 to 3.0); save it with numpy.save");
  EXPECT_EQ(parseError(std::string("\x93NUMPY\x01\x00\x10", 9)),
            "'a.npy' is truncated: its header is cut short; save it again");
  std::string good = npyFile("{'descr': '<f4', 'fortran_order': False, "
                             "'shape': (2,)}",
                             eight);
  EXPECT_EQ(parseError(good.substr(0, 40)),
            "'a.npy' is truncated: its header is cut short; save it again");
  EXPECT_EQ(parseError(good.substr(0, good.size() - 1)),
            "'a.npy' is truncated: its header promises 2 elements (8 bytes) "
            "but 7 bytes follow; save it again");
  EXPECT_EQ(parseError(good + "xy"),
            "'a.npy' has 2 unexpected bytes after its data; save it with "
            "numpy.save");
  EXPECT_EQ(parseError(npyFile("{'descr': '>f4', 'fortran_order': False, "
                               "'shape': (2,)}",
                               eight)),
            "'a.npy' holds big-endian data ('>f4'); convert it with "
            "arr.astype('<f4')");
  EXPECT_EQ(parseError(npyFile("{'descr': '<f4', 'fortran_order': True, "
                               "'shape': (2,)}",
                               eight)),
            "'a.npy' is in Fortran order; save a C-ordered array "
            "(numpy.ascontiguousarray)");
  std::string unsupported =
      "', which Trident cannot use (supported: bool, int8 to int64, uint8 to "
      "uint64, float16, float32, float64); convert it with arr.astype";
  EXPECT_EQ(parseError(npyFile("{'descr': '<c8', 'fortran_order': False, "
                               "'shape': (1,)}",
                               eight)),
            "'a.npy' has dtype '<c8" + unsupported);
  EXPECT_EQ(parseError(npyFile("{'descr': '|O', 'fortran_order': False, "
                               "'shape': (1,)}",
                               eight)),
            "'a.npy' has dtype '|O" + unsupported);
  EXPECT_EQ(parseError(npyFile("{'descr': '|f4', 'fortran_order': False, "
                               "'shape': (2,)}",
                               eight)),
            "'a.npy' has dtype '|f4" + unsupported);
  EXPECT_EQ(parseError(npyFile("{'descr': [('a', '<f4')], 'fortran_order': "
                               "False, 'shape': (2,)}",
                               eight)),
            "'a.npy' has a structured dtype, which Trident cannot use; save a "
            "plain numeric array");
  std::string malformed = "'a.npy' has a malformed .npy header (";
  std::string saveIt = "); save it with numpy.save";
  EXPECT_EQ(parseError(npyFile("{'descr' '<f4', 'fortran_order': False, "
                               "'shape': (2,)}",
                               eight)),
            malformed + "expected ':' at offset 9 of the header" + saveIt);
  EXPECT_EQ(
      parseError(npyFile("{'descr': '<f4', 'fortran_order': False}", eight)),
      malformed + "no 'shape' key" + saveIt);
  EXPECT_EQ(parseError(npyFile("{'descr': '<f4', 'fortran_order': 0, "
                               "'shape': (2,)}",
                               eight)),
            malformed + "expected True or False at offset 34 of the header" +
                saveIt);
  EXPECT_EQ(parseError(npyFile("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (-2,)}",
                               eight)),
            malformed +
                "expected a non-negative integer in the shape at offset 51 "
                "of the header" +
                saveIt);
  EXPECT_EQ(parseError(npyFile("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (2,)} x",
                               eight)),
            malformed +
                "unexpected text after the dict at offset 56 of the "
                "header" +
                saveIt);
  EXPECT_EQ(parseError(npyFile("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (99999999999, 99999999999)}",
                               eight)),
            "'a.npy' has a shape too large to hold (99999999999x99999999999); "
            "save a smaller array");
}

TEST(NpyTest, ReadsAndWritesFiles) {
  ScratchDir dir;
  NpyArray array = NpyArray::zeros(ElementType::F64, {4, 2});
  array.data[3] = 0x40;
  std::string error;
  std::string path = dir.path("x.npy");
  ASSERT_TRUE(writeNpy(path, array, error)) << error;
  std::optional<NpyArray> back = readNpy(path, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->data, array.data);
  EXPECT_EQ(back->shape, array.shape);

  EXPECT_FALSE(readNpy(dir.path("missing.npy"), error));
  EXPECT_EQ(error, "cannot read '" + dir.path("missing.npy") +
                       "': No such file or directory; check the path");
  EXPECT_FALSE(readNpy(dir.str(), error));
  EXPECT_EQ(error,
            "cannot read '" + dir.str() + "': Is a directory; check the path");
  EXPECT_FALSE(writeNpy(dir.path("no/dir/x.npy"), array, error));
  EXPECT_EQ(error, "cannot write '" + dir.path("no/dir/x.npy") +
                       "': No such file or directory; check that the "
                       "directory exists and is writable");
}

} // namespace

//===- ArgumentsTest.cpp - Tests of --arg, --save and --grid --------------===//
//
// Every form of `--arg` and every message of its parser, scalar conversions
// (f16 and bf16 rounding included), the checks of arguments against a
// bundle's signature, `--save` and `--grid`.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "trident/Runtime/Arguments.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace trident;
using namespace trident::test;

namespace {

ArgSpec parseOk(const std::string &text) {
  std::string error;
  std::optional<ArgSpec> spec = parseArgSpec(text, error);
  EXPECT_TRUE(spec.has_value()) << text << ": " << error;
  return spec ? *spec : ArgSpec();
}

std::string parseFails(const std::string &text) {
  std::string error;
  EXPECT_FALSE(parseArgSpec(text, error).has_value()) << text;
  return error;
}

TridentArg scalar(TridentArgKind kind, const std::string &text) {
  std::string error;
  std::optional<TridentArg> arg = parseScalarValue(kind, text, error);
  EXPECT_TRUE(arg.has_value()) << text << ": " << error;
  return arg ? *arg : TridentArg{};
}

std::string scalarFails(TridentArgKind kind, const std::string &text) {
  std::string error;
  EXPECT_FALSE(parseScalarValue(kind, text, error).has_value()) << text;
  return error;
}

TEST(ArgSpecTest, ParsesFileBuffers) {
  ArgSpec a = parseOk("x=@in.npy");
  EXPECT_EQ(a.kind, ArgSpec::Kind::File);
  EXPECT_EQ(a.name, "x");
  EXPECT_EQ(a.value, "@in.npy");
  EXPECT_EQ(a.path, "in.npy");
  EXPECT_FALSE(a.reinterpretAs.has_value());

  ArgSpec b = parseOk("w=@data/w.npy:bf16");
  EXPECT_EQ(b.path, "data/w.npy");
  EXPECT_EQ(b.reinterpretAs, ElementType::BF16);

  // A ':' in a directory name is part of the path.
  ArgSpec c = parseOk("y=@run:3/y.npy");
  EXPECT_EQ(c.path, "run:3/y.npy");
  EXPECT_FALSE(c.reinterpretAs.has_value());
  ArgSpec d = parseOk("y=@run:3/y.npy:u32");
  EXPECT_EQ(d.path, "run:3/y.npy");
  EXPECT_EQ(d.reinterpretAs, ElementType::U32);
}

TEST(ArgSpecTest, ParsesZeros) {
  ArgSpec a = parseOk("out=zeros:f32:1024");
  EXPECT_EQ(a.kind, ArgSpec::Kind::Zeros);
  EXPECT_EQ(a.elementType, ElementType::F32);
  EXPECT_EQ(a.shape, (std::vector<int64_t>{1024}));
  ArgSpec b = parseOk("c=zeros:bf16:64x64");
  EXPECT_EQ(b.elementType, ElementType::BF16);
  EXPECT_EQ(b.shape, (std::vector<int64_t>{64, 64}));
  ArgSpec c = parseOk("t=zeros:i1:2x3x4");
  EXPECT_EQ(c.elementType, ElementType::I1);
  EXPECT_EQ(c.shape, (std::vector<int64_t>{2, 3, 4}));
}

TEST(ArgSpecTest, ParsesScalarsOfEveryKind) {
  ArgSpec n = parseOk("n=i32:5000");
  EXPECT_EQ(n.kind, ArgSpec::Kind::Scalar);
  EXPECT_EQ(n.scalar.kind, uint32_t(TRIDENT_ARG_I32));
  EXPECT_EQ(n.scalar.value.i, 5000);

  EXPECT_EQ(scalar(TRIDENT_ARG_I1, "true").value.i, 1);
  EXPECT_EQ(scalar(TRIDENT_ARG_I1, "0").value.i, 0);
  EXPECT_EQ(scalar(TRIDENT_ARG_I8, "-128").value.i, -128);
  EXPECT_EQ(scalar(TRIDENT_ARG_I8, "255").value.i, 255);
  EXPECT_EQ(scalar(TRIDENT_ARG_I16, "0x7fff").value.i, 0x7fff);
  EXPECT_EQ(scalar(TRIDENT_ARG_I32, "-2147483648").value.i, -2147483648LL);
  EXPECT_EQ(scalar(TRIDENT_ARG_I32, "+7").value.i, 7);
  EXPECT_EQ(scalar(TRIDENT_ARG_I64, "-9223372036854775808").value.i, INT64_MIN);
  EXPECT_EQ(scalar(TRIDENT_ARG_I64, "18446744073709551615").value.i, -1);
  EXPECT_EQ(scalar(TRIDENT_ARG_F32, "1.5").value.f32, 1.5f);
  EXPECT_EQ(scalar(TRIDENT_ARG_F32, "-2e-3").value.f32, -2e-3f);
  EXPECT_EQ(scalar(TRIDENT_ARG_F64, "0.1").value.f64, 0.1);
  EXPECT_TRUE(std::isinf(scalar(TRIDENT_ARG_F64, "-inf").value.f64));
  EXPECT_TRUE(std::isnan(scalar(TRIDENT_ARG_F32, "nan").value.f32));
  EXPECT_EQ(scalar(TRIDENT_ARG_F64, "1e-400").value.f64, 0.0);
  EXPECT_EQ(scalar(TRIDENT_ARG_F16, "1").value.bits16, 0x3c00);
  EXPECT_EQ(scalar(TRIDENT_ARG_BF16, "1").value.bits16, 0x3f80);
  EXPECT_EQ(parseOk("h=f16:-2.5").scalar.value.bits16, 0xc100);
  EXPECT_EQ(parseOk("b=bf16:3.14159").scalar.value.bits16, 0x4049);
}

TEST(ArgSpecTest, RoundsHalfFloatsToNearestEven) {
  EXPECT_EQ(toF16Bits(0.1), 0x2e66);
  EXPECT_EQ(toF16Bits(65504), 0x7bff);
  EXPECT_EQ(toF16Bits(65519), 0x7bff);
  EXPECT_EQ(toF16Bits(65520), 0x7c00);  // A tie, to even: infinity.
  EXPECT_EQ(toF16Bits(2049), 0x6800);   // Tie between 2048 and 2050.
  EXPECT_EQ(toF16Bits(2051), 0x6802);   // Tie between 2050 and 2052.
  EXPECT_EQ(toF16Bits(6.0e-8), 0x0001); // Smallest subnormal.
  EXPECT_EQ(toF16Bits(1e-8), 0x0000);
  EXPECT_EQ(toF16Bits(-0.0), 0x8000);
  EXPECT_EQ(toF16Bits(std::ldexp(1.0, -14)), 0x0400);    // Smallest normal.
  EXPECT_EQ(toF16Bits(std::ldexp(1023.5, -24)), 0x0400); // Rounds up to it.
  EXPECT_EQ(toF16Bits(INFINITY), 0x7c00);
  EXPECT_EQ(toF16Bits(NAN) & 0x7e00, 0x7e00);
  EXPECT_EQ(toBF16Bits(0.1), 0x3dcd);
  EXPECT_EQ(toBF16Bits(1.0 + std::ldexp(1.0, -8)), 0x3f80); // Tie, even.
  EXPECT_EQ(toBF16Bits(1.0 + 3 * std::ldexp(1.0, -8)), 0x3f82);
  EXPECT_EQ(toBF16Bits(-3.0e38), 0xff62);
  EXPECT_EQ(toBF16Bits(1e-45), 0x0000);
  EXPECT_EQ(toBF16Bits(std::ldexp(1.0, -133)), 0x0001);
  for (uint32_t bits = 0; bits < 0x7c00; ++bits) {
    EXPECT_EQ(toF16Bits(fromF16Bits(static_cast<uint16_t>(bits))), bits);
    EXPECT_EQ(toBF16Bits(fromBF16Bits(static_cast<uint16_t>(bits))), bits);
  }
  EXPECT_EQ(fromF16Bits(0x3c00), 1.0);
  EXPECT_EQ(fromBF16Bits(0xc000), -2.0);
}

TEST(ArgSpecTest, ReportsEveryParseError) {
  EXPECT_EQ(parseFails("i32:5"),
            "--arg 'i32:5': expected NAME=VALUE (NAME=@in.npy[:dtype], "
            "NAME=zeros:f32:1024 or NAME=i32:5000)");
  EXPECT_EQ(parseFails("=i32:5"),
            "--arg '=i32:5': the name is empty; write NAME=VALUE");
  EXPECT_EQ(parseFails("a b=i32:5"),
            "--arg 'a b=i32:5': the name 'a b' may hold only letters, "
            "digits, '_', '-' and '.'");
  EXPECT_EQ(parseFails("x="),
            "--arg 'x=': the value is empty; write x=@in.npy, "
            "x=zeros:f32:1024 or x=i32:5000");
  EXPECT_EQ(parseFails("x=@"),
            "--arg 'x=@': the file name is empty; write x=@in.npy");
  EXPECT_EQ(parseFails("x=@:bf16"),
            "--arg 'x=@:bf16': the file name is empty; write x=@in.npy");
  std::string known = "(known: i1, i8, u8, i16, u16, i32, u32, i64, u64, "
                      "f16, bf16, f32, f64)";
  EXPECT_EQ(parseFails("x=@in.npy:f33"),
            "--arg 'x=@in.npy:f33': unknown element type 'f33' " + known);
  EXPECT_EQ(parseFails("x=zeros"),
            "--arg 'x=zeros': expected zeros:DTYPE:SHAPE, e.g. "
            "x=zeros:f32:1024 or x=zeros:f32:64x64");
  EXPECT_EQ(parseFails("x=zeros:f32"),
            "--arg 'x=zeros:f32': expected zeros:DTYPE:SHAPE, e.g. "
            "x=zeros:f32:1024 or x=zeros:f32:64x64");
  EXPECT_EQ(parseFails("x=zeros:float:4"),
            "--arg 'x=zeros:float:4': unknown element type 'float' " + known);
  for (std::string shape :
       {"", "0", "64x", "x64", "64xx64", "-4", "4.5", "64X64", "1x0"})
    EXPECT_EQ(parseFails("x=zeros:f32:" + shape),
              "--arg 'x=zeros:f32:" + shape + "': bad shape '" + shape +
                  "'; write positive sizes joined by 'x', e.g. 1024 or 64x64");
  EXPECT_EQ(parseFails("x=zeros:f64:4294967296x4294967296"),
            "--arg 'x=zeros:f64:4294967296x4294967296': the shape "
            "'4294967296x4294967296' is too large; use a smaller one");
  EXPECT_EQ(parseFails("x=5"),
            "--arg 'x=5': a scalar needs its type, e.g. x=i32:5; a buffer is "
            "x=@FILE.npy or x=zeros:f32:N");
  EXPECT_EQ(parseFails("x=in.npy"),
            "--arg 'x=in.npy': a file needs '@': write x=@in.npy");
  std::string scalars = "(known: i1, i8, i16, i32, i64, f16, bf16, f32, f64)";
  EXPECT_EQ(parseFails("x=u32:5"),
            "--arg 'x=u32:5': unknown scalar type 'u32' " + scalars);
  EXPECT_EQ(parseFails("x=int:5"),
            "--arg 'x=int:5': unknown scalar type 'int' " + scalars);
  EXPECT_EQ(parseFails("x=i8:300"),
            "--arg 'x=i8:300': '300' is out of range for i8 (-128 to 255)");
  EXPECT_EQ(parseFails("x=i32:5.5"),
            "--arg 'x=i32:5.5': '5.5' is not an integer");
  EXPECT_EQ(parseFails("x=i32:"), "--arg 'x=i32:': '' is not an integer");
  EXPECT_EQ(parseFails("x=f32:abc"), "--arg 'x=f32:abc': 'abc' is not a "
                                     "number");
  EXPECT_EQ(parseFails("x=i1:2"),
            "--arg 'x=i1:2': '2' is not an i1 (use 0, 1, true or false)");
}

TEST(ArgSpecTest, ReportsScalarRanges) {
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I8, "-129"),
            "'-129' is out of range for i8 (-128 to 255)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I16, "65536"),
            "'65536' is out of range for i16 (-32768 to 65535)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I32, "0x100000000"),
            "'0x100000000' is out of range for i32 (-2147483648 to "
            "4294967295)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I64, "18446744073709551616"),
            "'18446744073709551616' is out of range for i64 "
            "(-9223372036854775808 to 18446744073709551615)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I64, "-9223372036854775809"),
            "'-9223372036854775809' is out of range for i64 "
            "(-9223372036854775808 to 18446744073709551615)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I32, "0x"), "'0x' is not an integer");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_I32, "--1"), "'--1' is not an integer");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_F16, "65520"),
            "'65520' is out of range for f16 (largest finite 65504)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_BF16, "3.4e38"),
            "'3.4e38' is out of range for bf16 (largest finite 3.38953e+38)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_F32, "1e39"),
            "'1e39' is out of range for f32 (largest finite 3.40282e+38)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_F64, "1e400"),
            "'1e400' is out of range for f64 (largest finite 1.79769e+308)");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_F64, "1.0.0"), "'1.0.0' is not a number");
  EXPECT_EQ(scalarFails(TRIDENT_ARG_POINTER, "1"),
            "pointer is not a scalar kind");
}

TEST(ArgSpecTest, ParsesSavesAndGrids) {
  std::string error;
  std::optional<SaveSpec> save = parseSaveSpec("out=res/out.npy", error);
  ASSERT_TRUE(save);
  EXPECT_EQ(save->name, "out");
  EXPECT_EQ(save->path, "res/out.npy");
  for (std::string bad : {"out", "=x.npy", "out="}) {
    EXPECT_FALSE(parseSaveSpec(bad, error));
    EXPECT_EQ(error, "--save '" + bad +
                         "': expected NAME=FILE.npy, e.g. --save out=out.npy");
  }

  EXPECT_EQ(parseGrid("128", error), (std::array<uint32_t, 3>{128, 1, 1}));
  EXPECT_EQ(parseGrid("16,8", error), (std::array<uint32_t, 3>{16, 8, 1}));
  EXPECT_EQ(parseGrid("2,3,4", error), (std::array<uint32_t, 3>{2, 3, 4}));
  EXPECT_EQ(parseGrid("4294967295", error),
            (std::array<uint32_t, 3>{4294967295u, 1, 1}));
  for (std::string bad :
       {"", "0", "1,2,3,4", "1,,2", "a", "-1", "1,", "4294967296", "1x2"}) {
    EXPECT_FALSE(parseGrid(bad, error)) << bad;
    EXPECT_EQ(error, "--grid '" + bad +
                         "': expected X[,Y[,Z]] of one to three positive "
                         "integers, e.g. --grid 128 or --grid 16,16");
  }
}

//===----------------------------------------------------------------------===//
// Checks against a signature
//===----------------------------------------------------------------------===//

class SignatureTest : public ::testing::Test {
protected:
  ScratchDir dir;
  Bundle bundle = makeVaddBundle();

  std::string npy(const std::string &name, ElementType type,
                  std::vector<int64_t> shape) {
    std::string path = dir.path(name);
    std::string error;
    EXPECT_TRUE(writeNpy(path, NpyArray::zeros(type, std::move(shape)), error))
        << error;
    return path;
  }

  std::vector<ArgSpec> specs(const std::vector<std::string> &texts) {
    std::vector<ArgSpec> result;
    for (const std::string &text : texts)
      result.push_back(parseOk(text));
    return result;
  }

  std::string prepareFails(const std::vector<std::string> &texts) {
    std::string error;
    EXPECT_FALSE(prepareArguments(specs(texts), bundle, error).has_value());
    return error;
  }
};

TEST_F(SignatureTest, AcceptsMatchingArguments) {
  std::string x = npy("x.npy", ElementType::F32, {1024});
  std::string error;
  std::optional<std::vector<HostArgument>> args =
      prepareArguments(specs({"x=@" + x, "y=zeros:f32:32x32",
                              "out=zeros:f32:1024", "n=i32:1024"}),
                       bundle, error);
  ASSERT_TRUE(args) << error;
  ASSERT_EQ(args->size(), 4u);
  EXPECT_TRUE((*args)[0].isBuffer);
  EXPECT_EQ((*args)[0].buffer.byteSize(), 4096u);
  EXPECT_EQ((*args)[0].source, "@" + x);
  EXPECT_EQ((*args)[1].buffer.shape, (std::vector<int64_t>{32, 32}));
  EXPECT_FALSE((*args)[3].isBuffer);
  EXPECT_EQ((*args)[3].scalar.value.i, 1024);
  EXPECT_TRUE(checkSaves({{"out", "o.npy"}, {"x", "x2.npy"}}, *args, error));
}

TEST_F(SignatureTest, ReportsCountMismatches) {
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4"}),
            "kernel 'vadd' takes 4 arguments, got 3: missing argument 4 "
            "('n': i32); pass one --arg per parameter, in order");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4"}),
            "kernel 'vadd' takes 4 arguments, got 1: missing argument 2 "
            "('y': pointer to f32), argument 3 ('out': pointer to f32), "
            "argument 4 ('n': i32); pass one --arg per parameter, in order");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=i32:4", "e=i32:1"}),
            "kernel 'vadd' takes 4 arguments, got 5: --arg e has no "
            "parameter; remove it");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=i32:4", "e=i32:1", "f=i32:2"}),
            "kernel 'vadd' takes 4 arguments, got 6: --arg e, f have no "
            "parameters; remove them");
  // Without names in the signature, positions alone.
  for (BundleParameter &param : bundle.signature)
    param.name.clear();
  bundle.signature[1].elementType.clear();
  EXPECT_EQ(prepareFails({"x=zeros:f32:4"}),
            "kernel 'vadd' takes 4 arguments, got 1: missing argument 2 "
            "(pointer), argument 3 (pointer to f32), argument 4 (i32); pass "
            "one --arg per parameter, in order");
  bundle.signature.resize(1);
  EXPECT_EQ(prepareFails({}),
            "kernel 'vadd' takes 1 argument, got 0: missing argument 1 "
            "(pointer to f32); pass one --arg per parameter, in order");
  // The count is checked before any file is read.
  EXPECT_EQ(prepareFails({"x=@missing.npy", "y=@missing.npy"}),
            "kernel 'vadd' takes 1 argument, got 2: --arg y has no "
            "parameter; remove it");
}

TEST_F(SignatureTest, ReportsDuplicateNames) {
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "x=zeros:f32:4", "out=zeros:f32:4",
                          "n=i32:4"}),
            "--arg x is given twice; give each argument its own name");
}

TEST_F(SignatureTest, ReportsPointerScalarMismatches) {
  EXPECT_EQ(
      prepareFails({"x=zeros:f32:4", "y=i32:5", "out=zeros:f32:4", "n=i32:4"}),
      "argument 2 ('y') of kernel 'vadd' is a pointer to f32, but "
      "--arg y is the scalar i32:5; pass a buffer (y=@FILE.npy or "
      "y=zeros:f32:N)");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=zeros:i32:1"}),
            "argument 4 ('n') of kernel 'vadd' is an i32 scalar, but --arg n "
            "is a buffer (zeros:i32:1); pass n=i32:VALUE");
  bundle.signature[3].name.clear();
  bundle.signature[3].kind = TRIDENT_ARG_BF16;
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=zeros:i32:1"}),
            "argument 4 of kernel 'vadd' is a bf16 scalar, but --arg n is a "
            "buffer (zeros:i32:1); pass n=bf16:VALUE");
}

TEST_F(SignatureTest, ReportsScalarTypeMismatches) {
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=i64:4"}),
            "argument 4 ('n') of kernel 'vadd' is an i32 scalar, but --arg n "
            "is i64:4; pass n=i32:4");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=f32:4.5"}),
            "argument 4 ('n') of kernel 'vadd' is an i32 scalar, but --arg n "
            "is f32:4.5; pass n=i32:4.5");
}

TEST_F(SignatureTest, ReportsElementTypeMismatches) {
  std::string h = npy("h.npy", ElementType::F16, {4});
  std::string i = npy("i.npy", ElementType::I32, {4});
  EXPECT_EQ(
      prepareFails({"x=@" + h, "y=zeros:f32:4", "out=zeros:f32:4", "n=i32:4"}),
      "argument 1 ('x') of kernel 'vadd' points to f32, but --arg x "
      "holds f16 data (@" +
          h + "); convert the data to f32");
  EXPECT_EQ(
      prepareFails({"x=@" + i, "y=zeros:f32:4", "out=zeros:f32:4", "n=i32:4"}),
      "argument 1 ('x') of kernel 'vadd' points to f32, but --arg x "
      "holds i32 data (@" +
          i + "); reinterpret it with x=@" + i +
          ":f32 if its bits are f32, or convert the data");
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f64:2x2", "out=zeros:f32:4",
                          "n=i32:4"}),
            "argument 2 ('y') of kernel 'vadd' points to f32, but --arg y "
            "holds f64 data (zeros:f64:2x2); write y=zeros:f32:2x2");
  // A reinterpretation must keep the element width.
  EXPECT_EQ(prepareFails({"x=@" + i + ":bf16", "y=zeros:f32:4",
                          "out=zeros:f32:4", "n=i32:4"}),
            "--arg x: cannot reinterpret the i32 data of '" + i +
                "' as bf16: the element widths differ (4 and 2 bytes); "
                "convert the data instead");
  EXPECT_EQ(prepareFails({"x=@" + dir.path("none.npy"), "y=zeros:f32:4",
                          "out=zeros:f32:4", "n=i32:4"}),
            "--arg x: cannot read '" + dir.path("none.npy") +
                "': No such file or directory; check the path");
}

TEST_F(SignatureTest, AcceptsCompatibleElementTypes) {
  std::string i = npy("i.npy", ElementType::I32, {4});
  std::string u = npy("u.npy", ElementType::U16, {4});
  std::string error;
  // Reinterpreting i32 as f32.
  EXPECT_TRUE(prepareArguments(specs({"x=@" + i + ":f32", "y=zeros:f32:4",
                                      "out=zeros:f32:4", "n=i32:4"}),
                               bundle, error))
      << error;
  // Unsigned data for a signless integer pointee; uint16 read as bf16.
  bundle.signature[0].elementType = "i16";
  bundle.signature[1].elementType = "bf16";
  bundle.signature[2].elementType = "f8E4M3FN";
  std::optional<std::vector<HostArgument>> args = prepareArguments(
      specs({"x=@" + u, "y=@" + u + ":bf16", "out=zeros:u8:4", "n=i32:4"}),
      bundle, error);
  ASSERT_TRUE(args) << error;
  EXPECT_EQ((*args)[1].buffer.type, ElementType::BF16);
  // An unknown pointee is not checked.
  bundle.signature[0].elementType.clear();
  EXPECT_TRUE(prepareArguments(
      specs({"x=zeros:i1:4", "y=@" + u + ":bf16", "out=zeros:i8:4", "n=i32:4"}),
      bundle, error))
      << error;
  EXPECT_TRUE(isCompatiblePointee(ElementType::U64, "i64"));
  EXPECT_FALSE(isCompatiblePointee(ElementType::I64, "u64"));
  EXPECT_FALSE(isCompatiblePointee(ElementType::U16, "f16"));
  EXPECT_FALSE(isCompatiblePointee(ElementType::I1, "i8"));
}

TEST_F(SignatureTest, ChecksDivisibility) {
  bundle.signature[3].divisibility = 16;
  std::string error;
  EXPECT_TRUE(prepareArguments(specs({"x=zeros:f32:4", "y=zeros:f32:4",
                                      "out=zeros:f32:4", "n=i32:1024"}),
                               bundle, error))
      << error;
  EXPECT_EQ(prepareFails({"x=zeros:f32:4", "y=zeros:f32:4", "out=zeros:f32:4",
                          "n=i32:1000"}),
            "argument 4 ('n') of kernel 'vadd' was specialised for multiples "
            "of 16, but --arg n is 1000; pass a multiple of 16 or recompile "
            "without the specialisation");
}

TEST_F(SignatureTest, ChecksSaves) {
  std::string error;
  bundle.signature[2].elementType = "bf16";
  std::optional<std::vector<HostArgument>> args =
      prepareArguments(specs({"x=zeros:f32:4", "y=zeros:f32:4",
                              "out=zeros:bf16:2x2", "n=i32:4"}),
                       bundle, error);
  ASSERT_TRUE(args) << error;
  EXPECT_FALSE(checkSaves({{"out", "o.npy"}, {"z", "z.npy"}}, *args, error));
  EXPECT_EQ(error, "--save z: no --arg is named 'z'; name a buffer argument "
                   "(--arg z=...)");
  EXPECT_FALSE(checkSaves({{"n", "n.npy"}}, *args, error));
  EXPECT_EQ(error, "--save n: --arg n is a scalar; only buffers can be saved");
  (*args)[2].buffer.data[0] = 0x80;
  (*args)[2].buffer.data[1] = 0x3f;
  std::string out = dir.path("out.npy");
  ASSERT_TRUE(saveOutputs({{"out", out}}, *args, error)) << error;
  std::optional<NpyArray> saved = readNpy(out, error);
  ASSERT_TRUE(saved) << error;
  EXPECT_EQ(saved->type, ElementType::U16); // bf16 as uint16 bits.
  EXPECT_EQ(saved->shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(saved->data, (*args)[2].buffer.data);
  std::string bad = dir.path("no/dir/out.npy");
  EXPECT_FALSE(saveOutputs({{"out", bad}}, *args, error));
  EXPECT_EQ(error, "--save out: cannot write '" + bad +
                       "': No such file or directory; check that the "
                       "directory exists and is writable");
}

} // namespace

//===- Arguments.cpp - Kernel arguments from the command line -------------===//
//
// Parsing of `--arg`, `--save` and `--grid`, materialisation of host
// buffers, and the checks of arguments against a bundle's signature. The
// messages here are what a user of `trident run` reads, so each one names
// the argument as written and says how to fix it.
//
//===----------------------------------------------------------------------===//

#include "trident/Runtime/Arguments.h"

#include <charconv>
#include <limits>
#include <new>

using namespace trident;

namespace {

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

/// Parses a positive decimal integer that fits `limit`.
bool parsePositive(std::string_view text, uint64_t limit, uint64_t &value) {
  if (text.empty())
    return false;
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value, 10);
  return ec == std::errc() && ptr == end && value > 0 && value <= limit;
}

/// "an i32", "a bf16": the article of a type name.
std::string withArticle(const std::string &type) {
  return (type.substr(0, 2) == "bf" ? "a " : "an ") + type;
}

std::string pointerDescription(const BundleParameter &param) {
  return param.elementType.empty() ? "pointer"
                                   : "pointer to " + param.elementType;
}

std::string typeDescription(const BundleParameter &param) {
  return param.kind == TRIDENT_ARG_POINTER ? pointerDescription(param)
                                           : argKindName(param.kind);
}

/// "argument 4 ('n') of kernel 'vadd'".
std::string parameterReference(const Bundle &bundle, size_t index) {
  const BundleParameter &param = bundle.signature[index];
  std::string ref = "argument " + std::to_string(index + 1);
  if (!param.name.empty())
    ref += " ('" + param.name + "')";
  return ref + " of kernel '" + bundle.kernelName + "'";
}

/// The text after the first ':' of a scalar spec ("5" for "i32:5").
std::string scalarValueText(const std::string &source) {
  size_t colon = source.find(':');
  return colon == std::string::npos ? source : source.substr(colon + 1);
}

const HostArgument *findArgument(const std::vector<HostArgument> &arguments,
                                 const SaveSpec &save, std::string &error) {
  for (const HostArgument &argument : arguments) {
    if (argument.name != save.name)
      continue;
    if (!argument.isBuffer) {
      error = "--save " + save.name + ": --arg " + save.name +
              " is a scalar; only buffers can be saved";
      return nullptr;
    }
    return &argument;
  }
  error = "--save " + save.name + ": no --arg is named '" + save.name +
          "'; name a buffer argument (--arg " + save.name + "=...)";
  return nullptr;
}

} // namespace

std::optional<ArgSpec> trident::parseArgSpec(std::string_view text,
                                             std::string &error) {
  std::string prefix = "--arg '" + std::string(text) + "': ";
  auto fail = [&](const std::string &why) -> std::optional<ArgSpec> {
    error = prefix + why;
    return std::nullopt;
  };
  size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return fail("expected NAME=VALUE (NAME=@in.npy[:dtype], "
                "NAME=zeros:f32:1024 or NAME=i32:5000)");
  ArgSpec spec;
  spec.name = std::string(text.substr(0, eq));
  spec.value = std::string(text.substr(eq + 1));
  const std::string &name = spec.name;
  std::string_view value = spec.value;
  if (name.empty())
    return fail("the name is empty; write NAME=VALUE");
  for (char c : name)
    if (!isNameChar(c))
      return fail("the name '" + name +
                  "' may hold only letters, digits, '_', '-' and '.'");
  if (value.empty())
    return fail("the value is empty; write " + name + "=@in.npy, " + name +
                "=zeros:f32:1024 or " + name + "=i32:5000");

  // A buffer from a file: @path[:dtype].
  if (value.front() == '@') {
    spec.kind = ArgSpec::Kind::File;
    std::string_view rest = value.substr(1);
    size_t colon = rest.rfind(':');
    size_t slash = rest.rfind('/');
    if (colon != std::string_view::npos &&
        (slash == std::string_view::npos || colon > slash)) {
      std::string_view dtype = rest.substr(colon + 1);
      std::optional<ElementType> type = parseElementType(dtype);
      if (!type)
        return fail("unknown element type '" + std::string(dtype) +
                    "' (known: " + std::string(elementTypeNames()) + ")");
      spec.reinterpretAs = type;
      rest = rest.substr(0, colon);
    }
    if (rest.empty())
      return fail("the file name is empty; write " + name + "=@in.npy");
    spec.path = std::string(rest);
    return spec;
  }

  // A buffer of zeros: zeros:DTYPE:SHAPE.
  if (value.substr(0, 6) == "zeros:" || value == "zeros") {
    spec.kind = ArgSpec::Kind::Zeros;
    std::string_view rest = value.size() > 6 ? value.substr(6) : "";
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos)
      return fail("expected zeros:DTYPE:SHAPE, e.g. " + name +
                  "=zeros:f32:1024 or " + name + "=zeros:f32:64x64");
    std::string_view dtype = rest.substr(0, colon);
    std::string_view shape = rest.substr(colon + 1);
    std::optional<ElementType> type = parseElementType(dtype);
    if (!type)
      return fail("unknown element type '" + std::string(dtype) +
                  "' (known: " + std::string(elementTypeNames()) + ")");
    spec.elementType = *type;
    uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max() /
                                           elementTypeWidth(*type));
    uint64_t total = 1;
    for (size_t start = 0;;) {
      size_t x = shape.find('x', start);
      std::string_view dim = shape.substr(start, x == std::string_view::npos
                                                     ? std::string_view::npos
                                                     : x - start);
      uint64_t size;
      if (!parsePositive(dim, std::numeric_limits<int64_t>::max(), size))
        return fail("bad shape '" + std::string(shape) +
                    "'; write positive sizes joined by 'x', e.g. 1024 or "
                    "64x64");
      if (size > limit / total)
        return fail("the shape '" + std::string(shape) +
                    "' is too large; use a smaller one");
      total *= size;
      spec.shape.push_back(static_cast<int64_t>(size));
      if (x == std::string_view::npos)
        break;
      start = x + 1;
    }
    return spec;
  }

  // A scalar: TYPE:VALUE.
  spec.kind = ArgSpec::Kind::Scalar;
  size_t colon = value.find(':');
  if (colon == std::string_view::npos) {
    if (value.size() > 4 && value.substr(value.size() - 4) == ".npy")
      return fail("a file needs '@': write " + name + "=@" +
                  std::string(value));
    return fail("a scalar needs its type, e.g. " + name +
                "=i32:" + std::string(value) + "; a buffer is " + name +
                "=@FILE.npy or " + name + "=zeros:f32:N");
  }
  std::string_view kindText = value.substr(0, colon);
  std::optional<TridentArgKind> kind = parseScalarKind(kindText);
  if (!kind)
    return fail("unknown scalar type '" + std::string(kindText) +
                "' (known: " + std::string(scalarKindNames()) + ")");
  std::string why;
  std::optional<TridentArg> scalar =
      parseScalarValue(*kind, value.substr(colon + 1), why);
  if (!scalar)
    return fail(why);
  spec.scalar = *scalar;
  return spec;
}

std::optional<SaveSpec> trident::parseSaveSpec(std::string_view text,
                                               std::string &error) {
  size_t eq = text.find('=');
  SaveSpec save;
  if (eq != std::string_view::npos) {
    save.name = std::string(text.substr(0, eq));
    save.path = std::string(text.substr(eq + 1));
  }
  if (eq == std::string_view::npos || save.name.empty() || save.path.empty()) {
    error = "--save '" + std::string(text) +
            "': expected NAME=FILE.npy, e.g. --save out=out.npy";
    return std::nullopt;
  }
  return save;
}

std::optional<std::array<uint32_t, 3>> trident::parseGrid(std::string_view text,
                                                          std::string &error) {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  size_t dims = 0;
  bool ok = !text.empty();
  for (size_t start = 0; ok;) {
    size_t comma = text.find(',', start);
    std::string_view part = text.substr(start, comma == std::string_view::npos
                                                   ? std::string_view::npos
                                                   : comma - start);
    uint64_t size;
    if (dims == 3 ||
        !parsePositive(part, std::numeric_limits<uint32_t>::max(), size)) {
      ok = false;
      break;
    }
    grid[dims++] = static_cast<uint32_t>(size);
    if (comma == std::string_view::npos)
      break;
    start = comma + 1;
  }
  if (!ok) {
    error = "--grid '" + std::string(text) +
            "': expected X[,Y[,Z]] of one to three positive integers, e.g. "
            "--grid 128 or --grid 16,16";
    return std::nullopt;
  }
  return grid;
}

std::optional<HostArgument> trident::materializeArgument(const ArgSpec &spec,
                                                         std::string &error) {
  HostArgument argument;
  argument.name = spec.name;
  argument.source = spec.value;
  std::string prefix = "--arg " + spec.name + ": ";
  switch (spec.kind) {
  case ArgSpec::Kind::Scalar:
    argument.scalar = spec.scalar;
    return argument;
  case ArgSpec::Kind::Zeros:
    argument.isBuffer = true;
    try {
      argument.buffer = NpyArray::zeros(spec.elementType, spec.shape);
    } catch (const std::bad_alloc &) {
      error = prefix + "cannot allocate the host buffer for " + spec.value +
              "; use a smaller shape";
      return std::nullopt;
    }
    return argument;
  case ArgSpec::Kind::File: {
    argument.isBuffer = true;
    std::string why;
    std::optional<NpyArray> array = readNpy(spec.path, why);
    if (!array) {
      error = prefix + why;
      return std::nullopt;
    }
    if (spec.reinterpretAs && *spec.reinterpretAs != array->type) {
      size_t from = elementTypeWidth(array->type);
      size_t to = elementTypeWidth(*spec.reinterpretAs);
      if (from != to) {
        error = prefix + "cannot reinterpret the " +
                std::string(elementTypeName(array->type)) + " data of '" +
                spec.path + "' as " +
                std::string(elementTypeName(*spec.reinterpretAs)) +
                ": the element widths differ (" + std::to_string(from) +
                " and " + std::to_string(to) +
                " bytes); convert the data instead";
        return std::nullopt;
      }
      array->type = *spec.reinterpretAs;
    }
    argument.buffer = std::move(*array);
    return argument;
  }
  }
  error = prefix + "unknown argument form";
  return std::nullopt;
}

bool trident::checkArgumentCount(size_t count,
                                 const std::vector<std::string> &names,
                                 const Bundle &bundle, std::string &error) {
  size_t expected = bundle.signature.size();
  if (count == expected)
    return true;
  std::string head = "kernel '" + bundle.kernelName + "' takes " +
                     std::to_string(expected) +
                     (expected == 1 ? " argument" : " arguments") + ", got " +
                     std::to_string(count) + ": ";
  if (count < expected) {
    std::string missing;
    for (size_t i = count; i < expected; ++i) {
      const BundleParameter &param = bundle.signature[i];
      if (i != count)
        missing += ", ";
      missing += "argument " + std::to_string(i + 1) + " (";
      if (!param.name.empty())
        missing += "'" + param.name + "': ";
      missing += typeDescription(param) + ")";
    }
    error = head + "missing " + missing +
            "; pass one --arg per parameter, in order";
    return false;
  }
  std::string extra;
  for (size_t i = expected; i < count; ++i) {
    if (i != expected)
      extra += ", ";
    extra += i < names.size() ? names[i] : "#" + std::to_string(i + 1);
  }
  error = head + "--arg " + extra +
          (count - expected == 1 ? " has no parameter; remove it"
                                 : " have no parameters; remove them");
  return false;
}

bool trident::checkArgument(const HostArgument &argument, const Bundle &bundle,
                            size_t index, std::string &error) {
  if (index >= bundle.signature.size()) {
    error = "kernel '" + bundle.kernelName + "' has no argument " +
            std::to_string(index + 1);
    return false;
  }
  const BundleParameter &param = bundle.signature[index];
  std::string ref = parameterReference(bundle, index);
  const std::string &name = argument.name;

  if (param.kind == TRIDENT_ARG_POINTER) {
    std::string dtype = param.elementType.empty() ? "DTYPE" : param.elementType;
    if (!argument.isBuffer) {
      error = ref + " is a " + pointerDescription(param) + ", but --arg " +
              name + " is the scalar " + argument.source + "; pass a buffer (" +
              name + "=@FILE.npy or " + name + "=zeros:" + dtype + ":N)";
      return false;
    }
    ElementType type = argument.buffer.type;
    if (isCompatiblePointee(type, param.elementType))
      return true;
    std::string have(elementTypeName(type));
    error = ref + " points to " + param.elementType + ", but --arg " + name +
            " holds " + have + " data (" + argument.source + "); ";
    std::optional<ElementType> wanted = parseElementType(param.elementType);
    bool fromFile = !argument.source.empty() && argument.source[0] == '@';
    if (!fromFile) {
      error += "write " + name + "=zeros:" + param.elementType + ":" +
               shapeString(argument.buffer.shape);
    } else if (wanted && elementTypeWidth(*wanted) == elementTypeWidth(type)) {
      std::string path = argument.source.substr(1);
      size_t colon = path.rfind(':');
      size_t slash = path.rfind('/');
      if (colon != std::string::npos &&
          (slash == std::string::npos || colon > slash))
        path = path.substr(0, colon);
      error += "reinterpret it with " + name + "=@" + path + ":" +
               param.elementType + " if its bits are " + param.elementType +
               ", or convert the data";
    } else {
      error += "convert the data to " + param.elementType;
    }
    return false;
  }

  std::string kind = argKindName(param.kind);
  if (argument.isBuffer) {
    error = ref + " is " + withArticle(kind) + " scalar, but --arg " + name +
            " is a buffer (" + argument.source + "); pass " + name + "=" +
            kind + ":VALUE";
    return false;
  }
  if (argument.scalar.kind != static_cast<uint32_t>(param.kind)) {
    error = ref + " is " + withArticle(kind) + " scalar, but --arg " + name +
            " is " + argument.source + "; pass " + name + "=" + kind + ":" +
            scalarValueText(argument.source);
    return false;
  }
  bool isInteger =
      param.kind == TRIDENT_ARG_I8 || param.kind == TRIDENT_ARG_I16 ||
      param.kind == TRIDENT_ARG_I32 || param.kind == TRIDENT_ARG_I64;
  if (isInteger && param.divisibility > 1 &&
      argument.scalar.value.i % static_cast<int64_t>(param.divisibility) != 0) {
    std::string multiple = std::to_string(param.divisibility);
    error = ref + " was specialised for multiples of " + multiple +
            ", but --arg " + name + " is " + scalarValueText(argument.source) +
            "; pass a multiple of " + multiple +
            " or recompile without the specialisation";
    return false;
  }
  return true;
}

std::optional<std::vector<HostArgument>>
trident::prepareArguments(const std::vector<ArgSpec> &specs,
                          const Bundle &bundle, std::string &error) {
  std::vector<std::string> names;
  for (const ArgSpec &spec : specs) {
    for (const std::string &seen : names) {
      if (seen == spec.name) {
        error = "--arg " + spec.name +
                " is given twice; give each argument its own name";
        return std::nullopt;
      }
    }
    names.push_back(spec.name);
  }
  if (!checkArgumentCount(specs.size(), names, bundle, error))
    return std::nullopt;
  std::vector<HostArgument> arguments;
  arguments.reserve(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    std::optional<HostArgument> argument = materializeArgument(specs[i], error);
    if (!argument || !checkArgument(*argument, bundle, i, error))
      return std::nullopt;
    arguments.push_back(std::move(*argument));
  }
  return arguments;
}

bool trident::checkSaves(const std::vector<SaveSpec> &saves,
                         const std::vector<HostArgument> &arguments,
                         std::string &error) {
  for (const SaveSpec &save : saves)
    if (!findArgument(arguments, save, error))
      return false;
  return true;
}

bool trident::saveOutputs(const std::vector<SaveSpec> &saves,
                          const std::vector<HostArgument> &arguments,
                          std::string &error) {
  for (const SaveSpec &save : saves) {
    const HostArgument *argument = findArgument(arguments, save, error);
    if (!argument)
      return false;
    std::string why;
    if (!writeNpy(save.path, argument->buffer, why)) {
      error = "--save " + save.name + ": " + why;
      return false;
    }
  }
  return true;
}

//===- Arguments.h - Kernel arguments from the command line -----*- C++ -*-===//
//
// The `--arg`, `--save` and `--grid` forms of `trident run` (docs/cli.md,
// "trident run"): parsing them, turning them into host buffers and scalar
// launch arguments, checking those against a bundle's signature, and
// writing buffers back to .npy files after a launch. Uploading to a device
// is RuntimeSession's job (trident/Runtime/Runtime.h). Part of
// libTridentRuntime: no LLVM or MLIR.
//
//   NAME=@in.npy[:dtype]   a buffer read from a .npy file; `:dtype`
//                          reinterprets same-width data (`:bf16` on 16-bit)
//   NAME=zeros:f32:1024    a buffer of zeros; the shape may be 64x64
//   NAME=i32:5000          a scalar: i1 i8 i16 i32 i64 f16 bf16 f32 f64
//
// Every function reports errors as values: one line saying what, why and
// what to do.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_RUNTIME_ARGUMENTS_H
#define TRIDENT_RUNTIME_ARGUMENTS_H

#include "trident/Runtime/Bundle.h"
#include "trident/Runtime/ElementType.h"
#include "trident/Runtime/Npy.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trident {

/// One parsed `--arg NAME=VALUE`.
struct ArgSpec {
  enum class Kind { File, Zeros, Scalar };

  Kind kind = Kind::Scalar;
  /// NAME: the label `--save` refers to.
  std::string name;
  /// VALUE as written, for messages.
  std::string value;

  /// File: the .npy path and the optional `:dtype` reinterpretation.
  std::string path;
  std::optional<ElementType> reinterpretAs;

  /// Zeros: the element type and the shape.
  ElementType elementType = ElementType::F32;
  std::vector<int64_t> shape;

  /// Scalar: the launch argument (kind and value; f16/bf16 as bits).
  TridentArg scalar{};
};

/// Parses `NAME=VALUE`. On failure sets `error`, e.g. "--arg 'x=i8:300':
/// '300' is out of range for i8 (-128 to 255)".
std::optional<ArgSpec> parseArgSpec(std::string_view text, std::string &error);

/// One parsed `--save NAME=out.npy`.
struct SaveSpec {
  std::string name;
  std::string path;
};

/// Parses `NAME=FILE`.
std::optional<SaveSpec> parseSaveSpec(std::string_view text,
                                      std::string &error);

/// Parses `--grid X[,Y[,Z]]`; missing sizes are 1.
std::optional<std::array<uint32_t, 3>> parseGrid(std::string_view text,
                                                 std::string &error);

/// One kernel argument ready to launch: a host buffer or a scalar.
struct HostArgument {
  /// The `--arg` label.
  std::string name;
  /// Where a buffer came from, for messages: "'in.npy'" or
  /// "zeros:f32:1024".
  std::string source;
  bool isBuffer = false;
  /// The buffer's contents (after a launch, what was copied back).
  NpyArray buffer;
  /// The scalar launch argument when !isBuffer.
  TridentArg scalar{};
};

/// Turns one spec into a host argument: reads the .npy file (applying the
/// reinterpretation, which must keep the element width), creates zeros, or
/// copies the scalar.
std::optional<HostArgument> materializeArgument(const ArgSpec &spec,
                                                std::string &error);

/// Checks `argument` against parameter `index` (from 0) of `bundle`'s
/// signature: pointer or scalar, the scalar's type, the buffer's element
/// type against the pointee, and integer divisibility specialisations.
bool checkArgument(const HostArgument &argument, const Bundle &bundle,
                   size_t index, std::string &error);

/// Checks the number of arguments against the signature, e.g. "kernel
/// 'vadd' takes 4 arguments, got 3: missing argument 4 ('n': i32); pass one
/// --arg per parameter, in order".
bool checkArgumentCount(size_t count, const std::vector<std::string> &names,
                        const Bundle &bundle, std::string &error);

/// Everything above, in order: rejects duplicate names, checks the count
/// (before reading any file), then materialises and checks each argument.
std::optional<std::vector<HostArgument>>
prepareArguments(const std::vector<ArgSpec> &specs, const Bundle &bundle,
                 std::string &error);

/// Checks that every save names a buffer argument (do this before
/// launching, so that a typo does not cost a run).
bool checkSaves(const std::vector<SaveSpec> &saves,
                const std::vector<HostArgument> &arguments, std::string &error);

/// Writes each saved buffer to its .npy file (bf16 as uint16 bits).
bool saveOutputs(const std::vector<SaveSpec> &saves,
                 const std::vector<HostArgument> &arguments,
                 std::string &error);

} // namespace trident

#endif // TRIDENT_RUNTIME_ARGUMENTS_H

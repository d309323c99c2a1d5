//===- ElfCheck.h - Checks of a plugin library before dlopen ---*- C++ -*-===//
//
// Reads a plugin library as an ELF file, without loading it: whether it is a
// shared object, whether it carries a private static copy of LLVM/MLIR, and
// whether the entry symbol is defined and exported (to tell "hidden" from
// "absent" when dlsym fails). Private to core/Plugin.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_PLUGIN_ELFCHECK_H
#define TRIDENT_CORE_PLUGIN_ELFCHECK_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace trident::plugin {

/// What the ELF file says about a would-be plugin.
struct ElfFacts {
  /// The demangled name of the first LLVM/MLIR marker symbol the library
  /// defines (see ElfCheck.cpp); empty when it defines none.
  std::string privateLLVMSymbol;
  /// The entry symbol is defined in .symtab or .dynsym.
  bool entryDefined = false;
  /// ... and exported: in .dynsym, global or weak, default or protected.
  bool entryExported = false;
};

/// Why a file is not a readable ELF shared object.
enum class ElfProblem { None, Unreadable, NotSharedObject };

/// Reads `path`. On failure returns the problem and sets `why` to a short
/// phrase ("the file starts with no ELF header", "it is an ELF executable",
/// or the reader's error).
ElfProblem inspectElf(llvm::StringRef path, llvm::StringRef entryName,
                      ElfFacts &facts, std::string &why);

} // namespace trident::plugin

#endif // TRIDENT_CORE_PLUGIN_ELFCHECK_H

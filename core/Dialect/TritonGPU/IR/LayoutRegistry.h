//===- LayoutRegistry.h - Layouts added to ttg at run time ------*- C++ -*-===//
//
// Private to the ttg dialect: the table of layout attributes that plugins add
// through TritonGPUDialect::registerLayout<AttrT>(), keyed by mnemonic (for
// the parser) and by TypeID (for the printer and the alias names).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_DIALECT_TRITONGPU_IR_LAYOUTREGISTRY_H
#define TRIDENT_CORE_DIALECT_TRITONGPU_IR_LAYOUTREGISTRY_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <string>

namespace mlir::triton::gpu::detail {

struct LayoutRegistry {
  struct Entry {
    std::string mnemonic;
    std::string aliasName;
    TypeID typeID;
    Attribute (*parse)(AsmParser &, Type);
    void (*print)(Attribute, AsmPrinter &);
  };

  /// The entry for a mnemonic or an attribute kind, or null.
  const Entry *lookup(StringRef mnemonic) const;
  const Entry *lookup(TypeID typeID) const;

  /// Entries in registration order. A deque, so that the strings stay put
  /// when entries are added (callers hold StringRefs to them).
  std::deque<Entry> entries;
  llvm::StringMap<unsigned> byMnemonic;
  llvm::DenseMap<TypeID, unsigned> byTypeID;
};

/// The mnemonics of the layouts built into the core (those the ODS parser
/// knows); a plugin may not reuse them.
ArrayRef<StringRef> getBuiltinLayoutMnemonics();

} // namespace mlir::triton::gpu::detail

#endif // TRIDENT_CORE_DIALECT_TRITONGPU_IR_LAYOUTREGISTRY_H

//===- LayoutRegistry.cpp - Layouts added to ttg at run time --------------===//
//
// The bookkeeping behind TritonGPUDialect::registerLayout<AttrT>(): which
// mnemonics and attribute kinds plugins added, how to parse and print them,
// and which alias names they asked for. Parsing and printing themselves are
// in Attributes.cpp, next to the generated parser they fall back from.
//
//===----------------------------------------------------------------------===//

#include "LayoutRegistry.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace mlir::triton::gpu::detail {

const LayoutRegistry::Entry *LayoutRegistry::lookup(StringRef mnemonic) const {
  auto it = byMnemonic.find(mnemonic);
  return it == byMnemonic.end() ? nullptr : &entries[it->second];
}

const LayoutRegistry::Entry *LayoutRegistry::lookup(TypeID typeID) const {
  auto it = byTypeID.find(typeID);
  return it == byTypeID.end() ? nullptr : &entries[it->second];
}

ArrayRef<StringRef> getBuiltinLayoutMnemonics() {
  static const StringRef mnemonics[] = {
      BlockedEncodingAttr::getMnemonic(),
      SliceEncodingAttr::getMnemonic(),
      DotOperandEncodingAttr::getMnemonic(),
      LinearEncodingAttr::getMnemonic(),
      SwizzledSharedEncodingAttr::getMnemonic(),
      PaddedSharedEncodingAttr::getMnemonic(),
      SharedLinearEncodingAttr::getMnemonic(),
      SharedMemorySpaceAttr::getMnemonic(),
  };
  return mnemonics;
}

} // namespace mlir::triton::gpu::detail

using mlir::triton::gpu::detail::getBuiltinLayoutMnemonics;
using mlir::triton::gpu::detail::LayoutRegistry;

FailureOr<bool> TritonGPUDialect::checkLayoutRegistration(StringRef mnemonic,
                                                          TypeID id) {
  auto refuse = [&](const Twine &why) {
    emitError(UnknownLoc::get(getContext()))
        << "cannot register ttg layout '#ttg." << mnemonic << "': " << why
        << "; each layout mnemonic can be provided by only one plugin";
    return failure();
  };
  if (mnemonic.empty())
    return refuse("the attribute has no mnemonic");
  if (llvm::is_contained(getBuiltinLayoutMnemonics(), mnemonic))
    return refuse("the mnemonic names a built-in layout");

  const LayoutRegistry::Entry *byName = layoutRegistry->lookup(mnemonic);
  const LayoutRegistry::Entry *byType = layoutRegistry->lookup(id);
  if (byName && byName->typeID == id)
    return true;
  if (byName)
    return refuse("another layout attribute already uses this mnemonic");
  if (byType)
    return refuse("the attribute is already registered as '#ttg." +
                  byType->mnemonic + "'");
  return false;
}

void TritonGPUDialect::recordLayout(StringRef mnemonic, TypeID id,
                                    StringRef aliasName, LayoutParseFn parse,
                                    LayoutPrintFn print) {
  unsigned index = layoutRegistry->entries.size();
  layoutRegistry->entries.push_back(
      {mnemonic.str(), aliasName.str(), id, parse, print});
  layoutRegistry->byMnemonic[mnemonic] = index;
  layoutRegistry->byTypeID[id] = index;
}

bool TritonGPUDialect::isKnownLayout(StringRef mnemonic) const {
  return llvm::is_contained(getBuiltinLayoutMnemonics(), mnemonic) ||
         layoutRegistry->lookup(mnemonic) != nullptr;
}

SmallVector<StringRef> TritonGPUDialect::getRegisteredLayoutMnemonics() const {
  SmallVector<StringRef> mnemonics;
  for (const LayoutRegistry::Entry &entry : layoutRegistry->entries)
    mnemonics.push_back(entry.mnemonic);
  return mnemonics;
}

StringRef TritonGPUDialect::getRegisteredLayoutAlias(TypeID id) const {
  if (const LayoutRegistry::Entry *entry = layoutRegistry->lookup(id))
    return entry->aliasName;
  return {};
}

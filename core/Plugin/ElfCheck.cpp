//===- ElfCheck.cpp - What the host checks in a plugin before dlopen ------===//
//
// A plugin that links LLVM or MLIR statically brings a second copy of their
// global state (the cl::opt registry, ManagedStatics, TypeIDs, the pass
// registry) into a process that already has one in libLLVM/libMLIR. The two
// copies silently disagree: options registered twice abort, types compare
// unequal, passes vanish. The host therefore refuses such a library before
// dlopen runs any of its code.
//
// The rule: the library DEFINES (not merely references), with a binding
// other than weak, one of a few marker symbols. The markers are out-of-line,
// non-template, non-inline functions and variables that exist only in
// LLVM's and MLIR's own libraries (raw_ostream::write, cl::Option::
// addArgument, MLIRContext's constructors, ...). A normal plugin references
// them as undefined symbols. It can still define plenty of symbols in the
// llvm:: and mlir:: namespaces without being refused: its own classes
// (mlir::triton::...), template instantiations (weak, or local once
// hidden), inline functions and TypeID storage -- which is why the rule names
// exact functions instead of matching namespaces. Local symbols count too:
// a static copy linked with hidden visibility still defines them.
//
//===----------------------------------------------------------------------===//

#include "ElfCheck.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace trident::plugin;

namespace {
/// A marker symbol: an exact mangled name, or a prefix naming an overload
/// set (e.g. every MLIRContext constructor).
struct Marker {
  const char *mangled;
  bool isPrefix;
};
} // namespace

// In the order they are reported: the first one a library defines names the
// problem in the message, so keep the most recognisable first.
static const Marker kMarkers[] = {
    {"_ZN4llvm11raw_ostream5writeEPKcm", false}, // raw_ostream::write
    {"_ZN4llvm11raw_ostreamD2Ev", false},        // ~raw_ostream
    {"_ZN4llvm4outsEv", false},                  // llvm::outs()
    {"_ZN4llvm4errsEv", false},                  // llvm::errs()
    {"_ZN4llvm2cl6Option11addArgumentEv", false},
    {"_ZN4llvm2cl22ParseCommandLineOptionsE", true},
    {"_ZN4llvm23EnableABIBreakingChecksE", false},
    {"_ZN4llvm24DisableABIBreakingChecksE", false},
    {"_ZN4mlir11MLIRContextC1E", true},
    {"_ZN4mlir11MLIRContextC2E", true},
    {"_ZN4mlir12registerPassE", true},
    {"_ZN4mlir9Operation6createE", true},
};

static int findMarker(StringRef name) {
  // Every marker starts with one of these; most symbols are rejected here.
  if (!name.starts_with("_ZN4llvm") && !name.starts_with("_ZN4mlir"))
    return -1;
  for (auto [index, marker] : llvm::enumerate(kMarkers)) {
    if (marker.isPrefix ? name.starts_with(marker.mangled)
                        : name == marker.mangled)
      return static_cast<int>(index);
  }
  return -1;
}

static StringRef describeNonSharedObject(file_magic magic) {
  switch (magic) {
  case file_magic::elf_relocatable:
    return "it is an ELF relocatable object (.o)";
  case file_magic::elf_executable:
    return "it is an ELF executable";
  case file_magic::elf_core:
    return "it is an ELF core dump";
  case file_magic::elf:
    return "it is an ELF file of unknown type";
  case file_magic::archive:
    return "it is a static archive (.a)";
  default:
    return "the file does not start with an ELF header";
  }
}

/// Whether the object is a position-independent executable: ET_DYN like a
/// shared library, but marked DF_1_PIE, which glibc refuses to dlopen.
template <class ELFT>
static bool isPositionIndependentExecutable(const object::ELFFile<ELFT> &file) {
  auto entries = file.dynamicEntries();
  if (!entries) {
    consumeError(entries.takeError());
    return false;
  }
  for (const auto &entry : *entries)
    if (entry.getTag() == ELF::DT_FLAGS_1 && (entry.getVal() & ELF::DF_1_PIE))
      return true;
  return false;
}

static bool
isPositionIndependentExecutable(const object::ELFObjectFileBase &elf) {
  if (auto *object = dyn_cast<object::ELF64LEObjectFile>(&elf))
    return isPositionIndependentExecutable(object->getELFFile());
  if (auto *object = dyn_cast<object::ELF64BEObjectFile>(&elf))
    return isPositionIndependentExecutable(object->getELFFile());
  if (auto *object = dyn_cast<object::ELF32LEObjectFile>(&elf))
    return isPositionIndependentExecutable(object->getELFFile());
  if (auto *object = dyn_cast<object::ELF32BEObjectFile>(&elf))
    return isPositionIndependentExecutable(object->getELFFile());
  return false;
}

ElfProblem trident::plugin::inspectElf(StringRef path, StringRef entryName,
                                       ElfFacts &facts, std::string &why) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(
      path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer) {
    why = buffer.getError().message();
    return ElfProblem::Unreadable;
  }
  file_magic magic = identify_magic((*buffer)->getBuffer());
  if (magic != file_magic::elf_shared_object) {
    why = describeNonSharedObject(magic).str();
    return ElfProblem::NotSharedObject;
  }
  Expected<std::unique_ptr<object::ObjectFile>> object =
      object::ObjectFile::createObjectFile((*buffer)->getMemBufferRef(), magic);
  if (!object) {
    why = "corrupt ELF file: " + toString(object.takeError());
    return ElfProblem::NotSharedObject;
  }
  auto *elf = dyn_cast<object::ELFObjectFileBase>(object->get());
  if (!elf || elf->getEType() != ELF::ET_DYN) {
    why = "it is not an ELF shared object";
    return ElfProblem::NotSharedObject;
  }
  if (isPositionIndependentExecutable(*elf)) {
    why = "it is an ELF executable (position-independent)";
    return ElfProblem::NotSharedObject;
  }

  int firstMarker = -1;
  std::string markerName;
  auto visit = [&](const object::ELFSymbolRef &symbol, bool dynamic) {
    Expected<uint32_t> flags = symbol.getFlags();
    Expected<StringRef> name = symbol.getName();
    if (!flags || !name) {
      // A symbol we cannot read cannot be a marker; the dynamic loader
      // reports a truly broken table itself.
      consumeError(flags.takeError());
      consumeError(name.takeError());
      return;
    }
    if (*flags & object::SymbolRef::SF_Undefined)
      return;
    if (*name == entryName) {
      facts.entryDefined = true;
      uint8_t visibility = symbol.getOther() & 0x3;
      if (dynamic && symbol.getBinding() != ELF::STB_LOCAL &&
          (visibility == ELF::STV_DEFAULT || visibility == ELF::STV_PROTECTED))
        facts.entryExported = true;
      return;
    }
    if (symbol.getBinding() == ELF::STB_WEAK)
      return;
    int index = findMarker(*name);
    if (index >= 0 && (firstMarker < 0 || index < firstMarker)) {
      firstMarker = index;
      markerName = name->str();
    }
  };
  for (object::ELFSymbolRef symbol : elf->symbols())
    visit(symbol, /*dynamic=*/false);
  for (object::ELFSymbolRef symbol : elf->getDynamicSymbolIterators())
    visit(symbol, /*dynamic=*/true);
  if (firstMarker >= 0)
    facts.privateLLVMSymbol = llvm::demangle(markerName);
  return ElfProblem::None;
}

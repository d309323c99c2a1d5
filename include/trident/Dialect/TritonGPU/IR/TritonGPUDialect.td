//===- TritonGPUDialect.td - The ttg dialect definition ------*- tablegen -*-===//
//
// The `ttg` dialect: Triton's tile IR annotated with data layouts (how the
// elements of a tensor are spread over registers, lanes, warps and blocks, or
// laid out in shared memory), with the textual syntax upstream Triton 3.6
// prints.
//
// The dialect is vendor neutral. Layouts that only make sense for one vendor
// (tensor-core accumulators, vendor shared-memory swizzles) are defined by
// plugins as ordinary ODS attributes of this dialect and added at run time
// through TritonGPUDialect::registerLayout<AttrT>(); see
// docs/layout-registry.md.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_DIALECT
#define TRIDENT_TRITONGPU_DIALECT

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton tile IR with GPU data layouts";
  let description = [{
    The TritonGPU dialect attaches layouts to the tensors of the `tt` dialect
    and adds the operations that move data between layouts and memories:

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<128x64xf16, #blocked>) {
        %m = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        tt.return
      }
    }
    ```

    Module attributes: `ttg.num-warps`, `ttg.num-ctas`,
    `ttg.threads-per-warp`, `ttg.total-num-warps` and `ttg.shared` (positive
    or non-negative integers) and `ttg.target` (a string naming the
    target).

    Layouts that belong to a vendor (tensor-core accumulators, vendor shared
    memory swizzles) are not part of the core: a plugin registers them with
    `TritonGPUDialect::registerLayout<AttrT>()`. Parsing a layout whose plugin
    is not loaded is an error that names the layout.
  }];

  let dependentDialects = [
    "triton::TritonDialect"
  ];

  let extraClassDeclaration = [{
    /// Names of the module (and function) attributes the dialect owns.
    static constexpr llvm::StringLiteral kNumWarpsAttrName = "ttg.num-warps";
    static constexpr llvm::StringLiteral kNumCTAsAttrName = "ttg.num-ctas";
    static constexpr llvm::StringLiteral kThreadsPerWarpAttrName =
        "ttg.threads-per-warp";
    static constexpr llvm::StringLiteral kTargetAttrName = "ttg.target";
    static constexpr llvm::StringLiteral kSharedAttrName = "ttg.shared";
    static constexpr llvm::StringLiteral kTotalNumWarpsAttrName =
        "ttg.total-num-warps";

    /// Module attribute accessors. When the attribute is absent these return
    /// the upstream defaults (num-ctas 1, threads-per-warp 32) or nullopt.
    static std::optional<int> getNumWarps(::mlir::ModuleOp module);
    static int getNumCTAs(::mlir::ModuleOp module);
    static int getThreadsPerWarp(::mlir::ModuleOp module);
    static std::optional<::llvm::StringRef> getTarget(::mlir::ModuleOp module);
    static std::optional<int> getSharedMemorySize(::mlir::ModuleOp module);
    static std::optional<int> getTotalNumWarps(::mlir::ModuleOp module);

    /// Adds a layout attribute defined outside the core (by a plugin). The
    /// attribute must be an ODS AttrDef of this dialect with a mnemonic and a
    /// custom assembly format; `aliasName`, when not empty, is the name the
    /// printer uses for `#alias = ...` definitions (layouts implementing
    /// MmaEncodingTrait or SharedEncodingTrait get "mma" / "shared" without
    /// one). Registering the same attribute again is a no-op; a mnemonic or
    /// attribute already taken by another layout is reported and fails,
    /// registering nothing.
    template <typename AttrT>
    ::llvm::LogicalResult registerLayout(::llvm::StringRef aliasName = {}) {
      ::llvm::StringRef mnemonic = AttrT::getMnemonic();
      ::mlir::TypeID id = ::mlir::TypeID::get<AttrT>();
      ::mlir::FailureOr<bool> alreadyRegistered =
          checkLayoutRegistration(mnemonic, id);
      if (::mlir::failed(alreadyRegistered))
        return ::mlir::failure();
      if (*alreadyRegistered)
        return ::mlir::success();
      addAttributes<AttrT>();
      recordLayout(mnemonic, id, aliasName,
                   [](::mlir::AsmParser &parser,
                      ::mlir::Type type) -> ::mlir::Attribute {
                     return AttrT::parse(parser, type);
                   },
                   [](::mlir::Attribute attr, ::mlir::AsmPrinter &printer) {
                     ::llvm::cast<AttrT>(attr).print(printer);
                   });
      return ::mlir::success();
    }

    /// True when `mnemonic` names a layout this dialect can parse now
    /// (built in or registered by a plugin).
    bool isKnownLayout(::llvm::StringRef mnemonic) const;

    /// Mnemonics registered through registerLayout, in registration order.
    ::llvm::SmallVector<::llvm::StringRef> getRegisteredLayoutMnemonics() const;

    /// The alias name a registered layout asked for, or an empty string.
    ::llvm::StringRef getRegisteredLayoutAlias(::mlir::TypeID id) const;

    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

  private:
    using LayoutParseFn =
        ::mlir::Attribute (*)(::mlir::AsmParser &, ::mlir::Type);
    using LayoutPrintFn = void (*)(::mlir::Attribute, ::mlir::AsmPrinter &);

    /// True if exactly this layout is already registered, false if it can be
    /// added; fails (with a diagnostic) on a conflict.
    ::mlir::FailureOr<bool> checkLayoutRegistration(::llvm::StringRef mnemonic,
                                                    ::mlir::TypeID id);
    void recordLayout(::llvm::StringRef mnemonic, ::mlir::TypeID id,
                      ::llvm::StringRef aliasName, LayoutParseFn parse,
                      LayoutPrintFn print);
    void registerTypes();
    void registerAttributes();
    void registerOperations();

    std::unique_ptr<detail::LayoutRegistry> layoutRegistry;
  }];

  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 0;
  let hasOperationAttrVerify = 1;
  let usePropertiesForAttributes = 1;
}

#endif // TRIDENT_TRITONGPU_DIALECT

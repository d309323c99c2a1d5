//===- ExamplePlugin.cpp - Entry of the example vendor plugin -------------===//
//
// Everything the plugin hands to the Trident host, in one place:
//
//   dialect   example                  include/example/IR
//   pass      example-annotate         include/example/Transforms/Passes.td
//   pipeline  example-annotated-stage  the target's `annotated` stage
//   target    example (alias ex)       ttir      the core's stage, always first
//                                      annotated example-annotate (MLIR)
//                                      report    a text summary (the "binary")
//
// TRIDENT_DEFINE_PLUGIN at the bottom defines the exported C entry point
// that the host finds with dlsym; the rest is the C++ SDK
// (trident/Plugin/PluginAPI.h).
//
//===----------------------------------------------------------------------===//

#include "example/IR/ExampleDialect.h"
#include "example/Transforms/Passes.h"

#include "trident/Plugin/PluginAPI.h"

#include "llvm/Support/raw_ostream.h"

using namespace trident;

namespace {
/// The `report` stage: leaves MLIR and produces the target's output, here
/// one line of text per kernel that the `annotated` stage recorded.
mlir::FailureOr<std::string> emitReport(mlir::ModuleOp module,
                                        llvm::StringRef /*previous*/,
                                        const TargetOptions &options,
                                        std::string &error) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "example report (target " << options.str() << ", num_warps "
     << options.numWarps << ")\n";
  bool any = false;
  for (auto info : module.getOps<example::KernelInfoOp>()) {
    os << "kernel " << info.getKernel() << ": " << info.getLoads() << " loads, "
       << info.getStores() << " stores\n";
    any = true;
  }
  if (!any) {
    error = "the module has no example.kernel_info: the annotated stage must "
            "run before the report stage";
    return mlir::failure();
  }
  return text;
}

class ExampleTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "example"; }
  std::vector<std::string> getAliases() const override { return {"ex"}; }

  /// The example target has no architectures: only `example` (or `ex`).
  mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                    std::string &normalized,
                                    std::string &error) const override {
    error = "the example target has no architecture '" + arch.str() +
            "': write plain 'example'";
    return mlir::failure();
  }

  /// The stages after the core's `ttir`, in order. `trident compile
  /// --emit <name>` stops after the named one; without --emit, the last
  /// stage's output becomes the bundle's binary.
  std::vector<Stage> getStages() const override {
    Stage annotated;
    annotated.name = "annotated";
    annotated.extension = "mlir";
    annotated.buildPipeline = [](mlir::OpPassManager &pm,
                                 const TargetOptions &) {
      example::buildAnnotatedStage(pm);
      return mlir::success();
    };

    Stage report;
    report.name = "report";
    report.extension = "txt";
    report.emit = emitReport;
    return {annotated, report};
  }

  bool isDeviceAvailable(std::string &why) const override {
    why = "the example target only compiles: it has no device";
    return false;
  }
};

void registerExamplePlugin(PluginRegistrar &registrar) {
  registrar.addDialects([](mlir::DialectRegistry &registry) {
    registry.insert<example::ExampleDialect>();
  });
  registrar.addPass([] { return example::createExampleAnnotate(); });
  registrar.addPassPipeline("example-annotated-stage",
                            "The example target's annotated stage",
                            example::buildAnnotatedStage);
  registrar.addTarget(std::make_unique<ExampleTarget>());
}
} // namespace

// The C entry point: plugin name `example` (as in the manifest), its version,
// the registration function and no runtime (nullptr).
TRIDENT_DEFINE_PLUGIN(example, EXAMPLE_PLUGIN_VERSION, registerExamplePlugin,
                      nullptr)

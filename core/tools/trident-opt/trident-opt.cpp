//===- trident-opt.cpp - mlir-opt for Trident -----------------------------===//
//
// Loads every core dialect, pass and pipeline, so that any stage of any
// pipeline can be reproduced with --pass-pipeline. Plugins add theirs through
// the plugin host (see docs/architecture.md).
//
//===----------------------------------------------------------------------===//

#include "trident/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#ifdef TRIDENT_WITH_TEST_LIB
namespace trident::test {
void registerTestDialectExtensions(mlir::DialectRegistry &registry);
} // namespace trident::test
#endif

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  trident::registerAllDialects(registry);
  trident::registerAllPasses();
#ifdef TRIDENT_WITH_TEST_LIB
  trident::test::registerTestDialectExtensions(registry);
#endif
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Trident modular optimizer driver\n", registry));
}

//===- TestDialectExtensions.cpp - Test extensions of the core dialects ---===//
//
// The entry point trident-opt calls (when built with TRIDENT_WITH_TEST_LIB)
// to add the test-only dialect extensions: the test layouts of ttg and a
// plugin-style axis-info model of gpu.block_dim.
//
//===----------------------------------------------------------------------===//

#include "TestLayouts/TestLayouts.h"

namespace trident::test {

void registerTestAxisInfoPass();
void registerTestAxisInfoModels(mlir::DialectRegistry &registry);
void registerTestConversionPasses();

void registerTestDialectExtensions(mlir::DialectRegistry &registry) {
  mlir::triton::gpu::test::registerTestLayouts(registry);
  registerTestAxisInfoModels(registry);
  // Test passes are registered here too: this is the test library's one
  // entry point from trident-opt, called once before it parses its options.
  static bool passesRegistered = false;
  if (!passesRegistered) {
    passesRegistered = true;
    registerTestAxisInfoPass();
    registerTestConversionPasses();
  }
}

} // namespace trident::test

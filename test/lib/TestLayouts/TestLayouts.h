//===- TestLayouts.h - Layouts that exercise the ttg registry ---*- C++ -*-===//
//
// `#ttg.test_mma` and `#ttg.test_shared`: layouts defined outside the core
// the way a vendor plugin defines its own, registered into the ttg dialect
// at run time. Used by the lit tests (through trident-opt) and the unit
// tests. Like every AttrDef of the ttg dialect, their classes
// (TestMmaEncodingAttr, TestSharedEncodingAttr) are in mlir::triton::gpu.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TEST_LIB_TESTLAYOUTS_TESTLAYOUTS_H
#define TRIDENT_TEST_LIB_TESTLAYOUTS_TESTLAYOUTS_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#define GET_ATTRDEF_CLASSES
#include "TestLayouts/TestLayouts.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton::gpu::test {

/// Adds a dialect extension that registers the test layouts into ttg: the
/// same mechanism a plugin uses. `#ttg.test_shared` asks for the alias
/// `#tshared`; `#ttg.test_mma` gets `#mma` from MmaEncodingTrait.
void registerTestLayouts(DialectRegistry &registry);

/// Registers the test layouts into an already loaded dialect (what the
/// extension does). registerLayout must be called in the file that includes
/// the generated attribute definitions, where the attribute storage is
/// complete; plugins have the same constraint.
LogicalResult registerTestLayoutsInto(TritonGPUDialect *dialect);

} // namespace mlir::triton::gpu::test

#endif // TRIDENT_TEST_LIB_TESTLAYOUTS_TESTLAYOUTS_H

//===- trident-linalg-opt.cpp - mlir-opt for the linalg backend -----------===//
//
// The core's dialects, passes and pipelines, every upstream dialect, pass
// and extension (so that the linalg output can be bufferized and lowered
// further in tests), and the passes of the linalg backend. Until the plugin
// registers these passes in trident-opt, this tool is how they are tested.
//
//===----------------------------------------------------------------------===//

#include "linalg/Conversion/TritonToLinalg/Passes.h"
#include "trident/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  trident::registerAllDialects(registry);
  trident::registerAllPasses();
  mlir::triton::cpu::registerTritonLinalgPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Trident linalg backend optimizer driver\n", registry));
}

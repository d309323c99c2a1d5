//===- TritonDialect.td - The tt dialect definition ---------*- tablegen -*-===//
//
// The `tt` dialect: Triton's hardware-independent tile IR, with the exact
// textual syntax that upstream Triton 3.x prints.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITON_DIALECT
#define TRIDENT_TRITON_DIALECT

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton's tile-level IR";
  let description = [{
    The Triton dialect describes programs over blocks (tiles) of values: a
    kernel is a `tt.func` run once per program instance of a launch grid, and
    its values are scalars or ranked tensors whose elements may be pointers.

    ```mlir
    tt.func public @vadd(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      tt.return
    }
    ```
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let extraClassDeclaration = [{
    void registerTypes();
  }];
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

#endif // TRIDENT_TRITON_DIALECT

//===- ExampleOps.td - The example dialect's operations ------*- tablegen -*-===//
//
// `example.kernel_info`: what the example target knows about one kernel. It
// refers to a `tt.func` of the core's `tt` dialect by symbol, so it also
// shows a plugin's IR using the core's dialects through the SDK.
//
//===----------------------------------------------------------------------===//

#ifndef EXAMPLE_IR_EXAMPLEOPS
#define EXAMPLE_IR_EXAMPLEOPS

include "example/IR/ExampleDialect.td"
include "mlir/IR/SymbolInterfaces.td"

def Example_KernelInfoOp : Example_Op<"kernel_info", [
    HasParent<"::mlir::ModuleOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the number of loads and stores of a kernel";
  let description = [{
    Records how many `tt.load` and `tt.store` operations the kernel `@kernel`
    contains (nested regions included). It sits in the module beside the
    kernel, which must be a `tt.func` of the same module. Written by the
    `example-annotate` pass and read by the example target's `report` stage.

    ```mlir
    example.kernel_info @add_kernel loads 2 stores 1
    tt.func public @add_kernel(...) { ... }
    ```
  }];

  let arguments = (ins
    FlatSymbolRefAttr:$kernel,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$loads,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$stores);

  let assemblyFormat = "$kernel `loads` $loads `stores` $stores attr-dict";
}

#endif // EXAMPLE_IR_EXAMPLEOPS

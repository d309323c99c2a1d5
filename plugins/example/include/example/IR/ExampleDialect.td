//===- ExampleDialect.td - The example dialect ---------------*- tablegen -*-===//
//
// `example`: the dialect of the example vendor plugin. A real vendor puts its
// hardware's operations here; this one has a single operation that records
// what the `example-annotate` pass learned about a kernel.
//
//===----------------------------------------------------------------------===//

#ifndef EXAMPLE_IR_EXAMPLEDIALECT
#define EXAMPLE_IR_EXAMPLEDIALECT

include "mlir/IR/OpBase.td"

def Example_Dialect : Dialect {
  let name = "example";
  let cppNamespace = "::example";
  let summary = "The example vendor plugin's dialect";
  let description = [{
    A dialect defined outside Trident, in a plugin built against the
    installed SDK. Its namespace must be its own: the plugin host refuses a
    plugin whose dialect namespace is already registered by the core or by
    another plugin.

    ```mlir
    example.kernel_info @add_kernel loads 2 stores 1
    ```
  }];
}

/// Base class of the example dialect's operations.
class Example_Op<string mnemonic, list<Trait> traits = []>
    : Op<Example_Dialect, mnemonic, traits>;

#endif // EXAMPLE_IR_EXAMPLEDIALECT

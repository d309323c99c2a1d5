//===- Passes.td - The example plugin's passes ---------------*- tablegen -*-===//
//
// Declared here, generated with GEN_PASS_DECL/GEN_PASS_DEF, registered with
// the plugin host by ExamplePlugin.cpp. The pass argument starts with the
// plugin's name: passes share one namespace with the core's and every other
// plugin's, and the host refuses a duplicate.
//
//===----------------------------------------------------------------------===//

#ifndef EXAMPLE_TRANSFORMS_PASSES
#define EXAMPLE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ExampleAnnotate : Pass<"example-annotate", "::mlir::ModuleOp"> {
  let summary = "Records each kernel's loads and stores in example.kernel_info";
  let description = [{
    For every `tt.func` with a body, counts the `tt.load` and `tt.store`
    operations it contains (nested regions included) and puts an
    `example.kernel_info` operation with the counts just before it, replacing
    the one an earlier run left. The kernels themselves are not changed.

    Example:

    ```mlir
    tt.func public @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
      %v = tt.load %src : !tt.ptr<f32>
      tt.store %dst, %v : !tt.ptr<f32>
      tt.return
    }
    ```

    becomes

    ```mlir
    example.kernel_info @copy loads 1 stores 1
    tt.func public @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
      ...
    }
    ```
  }];
  let dependentDialects = ["::example::ExampleDialect"];
  let options = [
    Option<"publicOnly", "public-only", "bool", /*default=*/"false",
           "Annotate only public kernels, not the private helpers they call">,
  ];
}

#endif // EXAMPLE_TRANSFORMS_PASSES

// RUN: trident-opt --plugin %example_plugin %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'example.kernel_info' op '@missing' does not name a symbol of the module}}
example.kernel_info @missing loads 0 stores 0

// -----

func.func @not_a_kernel() {
  return
}
// expected-error @+1 {{'example.kernel_info' op '@not_a_kernel' names a 'func.func', not a tt.func}}
example.kernel_info @not_a_kernel loads 0 stores 0

// -----

tt.func @kernel() {
  tt.return
}
// expected-error @+1 {{'example.kernel_info' op attribute 'stores' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
example.kernel_info @kernel loads 0 stores -1

// -----

tt.func @kernel() {
  // expected-error @+1 {{'example.kernel_info' op expects parent op 'builtin.module'}}
  example.kernel_info @kernel loads 0 stores 0
  tt.return
}

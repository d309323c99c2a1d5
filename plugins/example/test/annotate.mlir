// RUN: trident-opt --plugin %example_plugin --example-annotate %s | FileCheck %s
// RUN: trident-opt --plugin %example_plugin --example-annotate=public-only=true %s | FileCheck %s --check-prefix=PUBLIC
// Running twice replaces the first run's annotations.
// RUN: trident-opt --plugin %example_plugin --example-annotate --example-annotate %s | FileCheck %s
// The target's stage, reproduced through its registered pipeline.
// RUN: trident-opt --plugin %example_plugin --pass-pipeline='builtin.module(example-annotated-stage)' %s | FileCheck %s

// CHECK: example.kernel_info @copy loads 1 stores 1
// CHECK-LABEL: tt.func public @copy(
// PUBLIC: example.kernel_info @copy loads 1 stores 1
tt.func public @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
  %v = tt.load %src : !tt.ptr<f32>
  tt.store %dst, %v : !tt.ptr<f32>
  tt.return
}

// Operations in nested regions count too.
// CHECK: example.kernel_info @sum loads 2 stores 1
// CHECK-LABEL: tt.func private @sum(
// PUBLIC-NOT: example.kernel_info @sum
tt.func private @sum(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %x = tt.load %a : !tt.ptr<f32>
    %y = tt.load %b : !tt.ptr<f32>
    %xy = arith.addf %x, %y : f32
    %next = arith.addf %acc, %xy : f32
    scf.yield %next : f32
  }
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// A declaration has nothing to count.
// CHECK-NOT: example.kernel_info @external
// CHECK-LABEL: tt.func private @external(
tt.func private @external(%p: !tt.ptr<f32>)

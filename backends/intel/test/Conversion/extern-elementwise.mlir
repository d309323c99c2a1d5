// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --split-input-file --intel-convert-triton-gpu-to-llvm %s | FileCheck %s

// libdevice math functions (Triton's tt.extern_elementwise names) become
// calls of the OpenCL built-ins of the same meaning, one per register.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-DAG: llvm.func spir_funccc @_Z3expf(f32) -> f32
// CHECK-DAG: llvm.func spir_funccc @_Z3powdd(f64, f64) -> f64
// CHECK-LABEL: llvm.func spir_kernelcc @libdevice
// CHECK-COUNT-2: llvm.call spir_funccc @_Z3expf(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call spir_funccc @_Z3powdd(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
tt.func public @libdevice(%x: tensor<32xf32, #blocked>, %a: f64, %b: f64) -> (tensor<32xf32, #blocked>, f64) {
  %e = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
  %p = tt.extern_elementwise %a, %b {libname = "", libpath = "", pure = true, symbol = "__nv_pow"} : (f64, f64) -> f64
  tt.return %e, %p : tensor<32xf32, #blocked>, f64
}
}

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

// -----

// powi is OpenCL's pown (an i32 exponent); finite is an ordered compare of
// |x| with infinity, zero-extended to libdevice's i32 result.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 16 : i32} {
// CHECK-DAG: llvm.func spir_funccc @_Z4pownfi(f32, i32) -> f32
// CHECK-LABEL: llvm.func spir_kernelcc @powi_finite
// CHECK: llvm.call spir_funccc @_Z4pownfi(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// CHECK: %[[ABS:.*]] = llvm.call spir_funccc @_Z4fabsf(%{{.*}}) : (f32) -> f32
// CHECK: %[[FINITE:.*]] = llvm.fcmp "olt" %[[ABS]], %{{.*}} : f32
// CHECK: llvm.zext %[[FINITE]] : i1 to i32
tt.func public @powi_finite(%x: f32, %n: i32) -> (f32, i32) {
  %p = tt.extern_elementwise %x, %n {libname = "", libpath = "", pure = true, symbol = "__nv_powif"} : (f32, i32) -> f32
  %f = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_finitef"} : (f32) -> i32
  tt.return %p, %f : f32, i32
}
}

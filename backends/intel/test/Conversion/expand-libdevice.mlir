// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin --intel-expand-libdevice %s | FileCheck %s

// What an OpenCL built-in computes stays a call for the llir stage; what
// none computes and the core can (directed roundings, integer functions,
// the Bessel functions) becomes arith, math and scf ops; a name libdevice
// does not have stays, for the llir stage to refuse by name.

// CHECK-LABEL: tt.func @mixed
// CHECK: tt.extern_elementwise %arg0 {{.*}}symbol = "__nv_sinpif"
// CHECK: tt.extern_elementwise %arg0, %arg0 {{.*}}symbol = "__nv_fadd_rn"
// CHECK-NOT: symbol = "__nv_fadd_rd"
// CHECK: %[[SUM:.+]] = arith.addf %arg0, %arg0 : tensor<16xf32>
// CHECK: arith.bitcast %[[SUM]] : tensor<16xf32> to tensor<16xi32>
// CHECK: math.ctpop %arg1 : tensor<16xi32>
// CHECK-NOT: symbol = "__nv_j0f"
// CHECK: math.cos
// CHECK: tt.extern_elementwise %arg0 {{.*}}symbol = "__nv_nosuchf"
// CHECK-NOT: symbol = "__nv_jnf"
// CHECK: "tt.reduce"
// CHECK: arith.maxsi
// CHECK: scf.for
tt.func @mixed(%x: tensor<16xf32>, %i: tensor<16xi32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_sinpif"} : (tensor<16xf32>) -> tensor<16xf32>
  %1 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_rn"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %2 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_rd"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %3 = tt.extern_elementwise %i {libname = "", libpath = "", pure = true, symbol = "__nv_popc"} : (tensor<16xi32>) -> tensor<16xi32>
  %4 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_j0f"} : (tensor<16xf32>) -> tensor<16xf32>
  %5 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_nosuchf"} : (tensor<16xf32>) -> tensor<16xf32>
  %6 = tt.extern_elementwise %i, %x {libname = "", libpath = "", pure = true, symbol = "__nv_jnf"} : (tensor<16xi32>, tensor<16xf32>) -> tensor<16xf32>
  tt.return %0, %1, %2, %3, %4, %5, %6 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

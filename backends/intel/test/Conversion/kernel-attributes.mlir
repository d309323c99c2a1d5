// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %kernels/vadd.ttir --trident-ttgir="num-warps=2 threads-per-warp=32" | trident-opt --plugin %intel_plugin --intel-convert-triton-gpu-to-llvm | FileCheck %s
// RUN: trident-opt --plugin %intel_plugin %kernels/vadd.ttir --trident-ttgir="num-warps=4 threads-per-warp=8" | not trident-opt --plugin %intel_plugin --intel-convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: trident compile %kernels/vadd.ttir --plugin %intel_plugin --target intel --emit llir -o - | FileCheck %s --check-prefix=LLIR

// Public functions become OpenCL kernels with the launch shape of the
// module; ids are OpenCL work-item built-ins.

// CHECK: llvm.func spir_funccc @_Z12get_local_idj(i32) -> i64
// CHECK: llvm.func spir_funccc @_Z12get_group_idj(i32) -> i64
// CHECK-LABEL: llvm.func spir_kernelcc @vadd_kernel
// CHECK-SAME: intel_reqd_sub_group_size = 32 : i32
// CHECK-SAME: reqd_work_group_size = array<i32: 64, 1, 1>
// CHECK: %[[X:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.call spir_funccc @_Z12get_group_idj(%[[X]]) : (i32) -> i64

// BAD: error: intel GPUs run sub-groups of 16 or 32 lanes, got ttg.threads-per-warp = 8

// The llir stage: spirv64, sub-groups of 16 by default, shared local memory
// sized by the module.
// LLIR: target triple = "spirv64-unknown-unknown"
// LLIR: define spir_kernel void @vadd_kernel(ptr addrspace(1) %{{.*}}, ptr addrspace(1) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %{{.*}}) !reqd_work_group_size ![[WG:[0-9]+]] !intel_reqd_sub_group_size ![[SG:[0-9]+]]
// LLIR-DAG: ![[WG]] = !{i32 64, i32 1, i32 1}
// LLIR-DAG: ![[SG]] = !{i32 16}

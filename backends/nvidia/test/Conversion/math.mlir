// Math functions NVPTX has no instruction for become libdevice calls
// (__nv_expf), which the llir stage links from libdevice and inlines; the
// number of threads follows ttg.num-warps.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK: llvm.func @__nv_expf(f32) -> f32
// CHECK-LABEL: llvm.func @exp_kernel(
// CHECK-SAME: nvvm.maxntid = array<i32: 256>
// CHECK: llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32

// REQUIRES: libdevice
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit llir | FileCheck %s --check-prefix=LLIR
// LLIR-NOT: declare {{.*}}@__nv_expf
// LLIR: define ptx_kernel void @exp_kernel(
// LLIR-NOT: call {{.*}}@__nv_expf
// LLIR: ret void

// Without libdevice, the message says what is missing and what to set.
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s -o %t.mlir
// RUN: env TRIDENT_LIBDEVICE=%t.nowhere.bc not trident-nvidia-translate %t.mlir --arch sm_90 --emit llir 2>&1 | FileCheck %s --check-prefix=NOLIB
// NOLIB: trident-nvidia-translate: cannot read libdevice '{{.*}}nowhere.bc': Could not open input file: No such file or directory

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exp_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %x = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %x, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %xp : tensor<256x!tt.ptr<f32>, #blocked>
    %e = math.exp %v : tensor<256xf32, #blocked>
    %y = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %y, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %yp, %e : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

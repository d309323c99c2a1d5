// tt.fp_to_fp to and from fp8: f16 <-> f8E5M2 with integer arithmetic on
// the f16 bits (round to nearest even, NaN kept quiet); f32 -> f8E5M2 is the
// core's, rounded once on the f32 bits (through f16 it would round twice);
// f8E4M3FN with PTX cvt (sm_89+); for sm_80 an f8E4M3FN conversion is the
// core's integer arithmetic on the f32 bits (FloatConversions.h).
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-LABEL: llvm.func @fp8(
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: llvm.bitcast %{{.*}} : f16 to i16
// CHECK: llvm.lshr %{{.*}} : i16
// CHECK: %[[HI:.*]] = llvm.lshr %{{.*}}, %{{.*}} : i16
// CHECK: llvm.trunc %[[HI]] : i16 to i8
// CHECK: %[[W:.*]] = llvm.zext %{{.*}} : i8 to i16
// CHECK: %[[S:.*]] = llvm.shl %[[W]], %{{.*}} : i16
// CHECK: %[[F:.*]] = llvm.bitcast %[[S]] : i16 to f16
// CHECK: llvm.fpext %[[F]] : f16 to f32
// CHECK-NOT: llvm.fptrunc
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.trunc %{{.*}} : i32 to i8
// CHECK: llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,r,r"
// CHECK: llvm.inline_asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"
// CHECK-NOT: tt.fp_to_fp

// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm=compute-capability=80 %s | FileCheck %s --check-prefix=SM80
// SM80-NOT: e4m3x2
// SM80: llvm.mlir.constant(126 : i32)
// SM80: llvm.trunc %{{.*}} : i32 to i8
// SM80: llvm.mlir.constant(120 : i32)
// SM80-NOT: tt.fp_to_fp

// REQUIRES: ptxas
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit cubin -o %t.cubin

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %x = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %x, %offs : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %v = tt.load %xp : tensor<32x!tt.ptr<f32>, #blocked>
    %h = arith.truncf %v : tensor<32xf32, #blocked> to tensor<32xf16, #blocked>
    %q = tt.fp_to_fp %h, rounding = rtne : tensor<32xf16, #blocked> -> tensor<32xf8E5M2, #blocked>
    %back = tt.fp_to_fp %q : tensor<32xf8E5M2, #blocked> -> tensor<32xf32, #blocked>
    %q32 = tt.fp_to_fp %back, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E5M2, #blocked>
    %back32 = tt.fp_to_fp %q32 : tensor<32xf8E5M2, #blocked> -> tensor<32xf32, #blocked>
    %q4 = tt.fp_to_fp %back32, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E4M3FN, #blocked>
    %back4 = tt.fp_to_fp %q4 : tensor<32xf8E4M3FN, #blocked> -> tensor<32xf32, #blocked>
    %y = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %y, %offs : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    tt.store %yp, %back4 : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

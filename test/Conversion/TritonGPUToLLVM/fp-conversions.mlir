// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.fp_to_fp without a target instruction: fp8 (i8 bits in LLVM) and
// round-toward-zero narrowing are integer arithmetic on the f32 bits
// (FloatConversions.h); the numbers are checked on CPU by
// fp-conversions-cpu.mlir.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Narrowing to f8E5M2: the normal path rounds by adding 2^20 - 1 plus the
// kept lowest bit and rebiases (112 << 2), the subnormal one rounds
// |x| * 2^16 to an integer; overflow gives the infinity (0x7c).
// CHECK-LABEL: llvm.func @to_e5m2
// CHECK: %[[A:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: llvm.mlir.constant(1048575 : i32)
// CHECK: llvm.mlir.constant(448 : i32)
// CHECK: llvm.mlir.constant(6.553600e+04 : f32)
// CHECK: llvm.intr.roundeven
// CHECK: llvm.fptoui
// CHECK: llvm.mlir.constant(123 : i32)
// CHECK: llvm.mlir.constant(124 : i32)
// CHECK: llvm.trunc %{{.*}} : i32 to i8
tt.func public @to_e5m2(%x: tensor<32xf32, #blocked>) -> tensor<32xf8E5M2, #blocked> {
  %b = tt.fp_to_fp %x, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E5M2, #blocked>
  tt.return %b : tensor<32xf8E5M2, #blocked>
}

// f8E4M3FN saturates: overflow and infinities become 448 (0x7e).
// CHECK-LABEL: llvm.func @to_e4m3_rtz
// CHECK-NOT: llvm.intr.roundeven
// CHECK: %[[MAX:.*]] = llvm.mlir.constant(126 : i32)
// CHECK: llvm.icmp "ugt" %{{.*}}, %[[MAX]] : i32
// CHECK: llvm.trunc %{{.*}} : i32 to i8
tt.func public @to_e4m3_rtz(%x: f32) -> f8E4M3FN {
  %b = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
  tt.return %b : f8E4M3FN
}

// Widening from f8E4M3FN: normal values rebias (+120), subnormals are
// mantissa * 2^-9, S.1111.111 is the NaN; the f32 then narrows to bf16
// exactly.
// CHECK-LABEL: llvm.func @from_e4m3
// CHECK: llvm.zext %{{.*}} : i8 to i32
// CHECK: llvm.mlir.constant(120 : i32)
// CHECK: llvm.mlir.constant(0.001953125 : f32)
// CHECK: llvm.uitofp
// CHECK: llvm.mlir.constant(2143289344 : i32)
// CHECK: %[[F:.*]] = llvm.bitcast %{{.*}} : i32 to f32
// CHECK: llvm.fptrunc %[[F]] : f32 to bf16
tt.func public @from_e4m3(%x: tensor<32xf8E4M3FN, #blocked>) -> tensor<32xbf16, #blocked> {
  %b = tt.fp_to_fp %x : tensor<32xf8E4M3FN, #blocked> -> tensor<32xbf16, #blocked>
  tt.return %b : tensor<32xbf16, #blocked>
}

// f16 toward zero, which LLVM's fptrunc cannot: the same arithmetic, the
// bits then bitcast to f16.
// CHECK-LABEL: llvm.func @rtz_f16
// CHECK-NOT: llvm.fptrunc
// CHECK: %[[BITS:.*]] = llvm.trunc %{{.*}} : i32 to i16
// CHECK: llvm.bitcast %[[BITS]] : i16 to f16
tt.func public @rtz_f16(%x: f32) -> f16 {
  %b = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
  tt.return %b : f16
}

// f64 narrows to f32 toward zero first (one step back where fptrunc went
// past the value), so that the second rounding is the only one.
// CHECK-LABEL: llvm.func @f64_to_bf16_rtz
// CHECK: %[[T:.*]] = llvm.fptrunc %{{.*}} : f64 to f32
// CHECK: llvm.fcmp "ogt"
// CHECK: llvm.sub
// CHECK: llvm.lshr %{{.*}}, %{{.*}} : i32
// CHECK: %[[H:.*]] = llvm.trunc %{{.*}} : i32 to i16
// CHECK: llvm.bitcast %[[H]] : i16 to bf16
tt.func public @f64_to_bf16_rtz(%x: f64) -> bf16 {
  %b = tt.fp_to_fp %x, rounding = rtz : f64 -> bf16
  tt.return %b : bf16
}

// |x| and -x of fp8 (i8 bits in LLVM) clear and flip the sign bit; LLVM's
// fabs and fneg take LLVM floats only.
// CHECK-LABEL: llvm.func @fp8_sign
// CHECK: %[[CLEAR:.*]] = llvm.mlir.constant(127 : i8) : i8
// CHECK: llvm.and %{{.*}}, %[[CLEAR]] : i8
// CHECK: %[[FLIP:.*]] = llvm.mlir.constant(-128 : i8) : i8
// CHECK: llvm.xor %{{.*}}, %[[FLIP]] : i8
// CHECK-NOT: llvm.intr.fabs
// CHECK-NOT: llvm.fneg
tt.func public @fp8_sign(%x: tensor<32xf8E4M3FN, #blocked>) -> tensor<32xf8E4M3FN, #blocked> {
  %a = math.absf %x : tensor<32xf8E4M3FN, #blocked>
  %n = arith.negf %a : tensor<32xf8E4M3FN, #blocked>
  tt.return %n : tensor<32xf8E4M3FN, #blocked>
}

}

// REQUIRES: intel-plugin, spirv-val, spirv-dis
// The e2e corpus (test/kernels) compiled for intel: every kernel that
// compiles gives a SPIR-V module that spirv-val accepts. extern_asm stops
// with one line on stderr (no abort): its inline assembly is PTX.

// RUN: trident compile %kernels/argmax.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.argmax.spv
// RUN: spirv-val %t.argmax.spv
// RUN: trident compile %kernels/atomics.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.atomics.spv
// RUN: spirv-val %t.atomics.spv
// RUN: trident compile %kernels/bitops.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.bitops.spv
// RUN: spirv-val %t.bitops.spv
// RUN: trident compile %kernels/call.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.call.spv
// RUN: spirv-val %t.call.spv
// RUN: trident compile %kernels/control_flow.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.control_flow.spv
// RUN: spirv-val %t.control_flow.spv
// RUN: trident compile %kernels/early_return.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.early_return.spv
// RUN: spirv-val %t.early_return.spv
// RUN: trident compile %kernels/embedding.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.embedding.spv
// RUN: spirv-val %t.embedding.spv
// RUN: trident compile %kernels/gelu.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.gelu.spv
// RUN: spirv-val %t.gelu.spv
// RUN: trident compile %kernels/layernorm.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.layernorm.spv
// RUN: spirv-val %t.layernorm.spv
// RUN: trident compile %kernels/numerics.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.numerics.spv
// RUN: spirv-val %t.numerics.spv
// RUN: trident compile %kernels/math_ops.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.math_ops.spv
// RUN: spirv-val %t.math_ops.spv
// RUN: trident compile %kernels/scans.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.scans.spv
// RUN: spirv-val %t.scans.spv
// RUN: trident compile %kernels/shapes.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.shapes.spv
// RUN: spirv-val %t.shapes.spv
// RUN: trident compile %kernels/softmax.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.softmax.spv
// RUN: spirv-val %t.softmax.spv
// RUN: trident compile %kernels/transpose.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.transpose.spv
// RUN: spirv-val %t.transpose.spv
// RUN: trident compile %kernels/vadd.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.vadd.spv
// RUN: spirv-val %t.vadd.spv

// Dots: f16 operands into f32 take the DPAS layouts (intel-accelerate-matmul)
// and the matrix-engine built-in, f32 ones the core's FMA dot; operands go
// through shared memory.
// RUN: trident compile %kernels/attention.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.attention.spv
// RUN: spirv-val %t.attention.spv
// RUN: spirv-dis %t.attention.spv | FileCheck %s --check-prefix=DPAS
// RUN: trident compile %kernels/matmul.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul.spv
// RUN: spirv-val %t.matmul.spv
// RUN: spirv-dis %t.matmul.spv | FileCheck %s --check-prefix=DPAS
// RUN: trident compile %kernels/matmul_blockptr.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul_blockptr.spv
// RUN: spirv-val %t.matmul_blockptr.spv
// RUN: spirv-dis %t.matmul_blockptr.spv | FileCheck %s --check-prefix=DPAS
// DPAS: OpFunctionCall %v8float %{{.*}} %{{.*}} %{{.*}} %{{.*}}
// The loop-carried pointer tensors of matmul are phis of single pointers,
// and no struct of pointers is left for LLVM's SPIR-V target to mistype.
// RUN: trident compile %kernels/matmul.ttir --plugin %intel_plugin --target intel --emit llir -o - | FileCheck %s --check-prefix=LLIR
// LLIR: phi ptr addrspace(1)
// LLIR-NOT: insertvalue { ptr
// RUN: trident compile %kernels/matmul_f32.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul_f32.spv
// RUN: spirv-val %t.matmul_f32.spv
// RUN: spirv-dis %t.matmul_f32.spv | FileCheck %s --check-prefix=FMA
// RUN: trident compile %kernels/matmul_blockptr_f32.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul_blockptr_f32.spv
// RUN: spirv-val %t.matmul_blockptr_f32.spv
// RUN: spirv-dis %t.matmul_blockptr_f32.spv | FileCheck %s --check-prefix=FMA
// FMA-NOT: matrix_mad
// FMA: OpExtInst %float %{{.*}} fma
// bf16 is i16 bits in LLVM (no bfloat type without SPV_KHR_bfloat16, which
// the allow-list leaves out): f32 -> bf16 rounds by integer arithmetic, and
// the DPAS built-in takes the bits as shorts.
// RUN: trident compile %kernels/matmul_bf16.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul_bf16.spv
// RUN: spirv-val %t.matmul_bf16.spv
// RUN: spirv-dis %t.matmul_bf16.spv | FileCheck %s --check-prefix=BF16
// RUN: trident compile %kernels/matmul_blockptr_bf16.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.matmul_blockptr_bf16.spv
// RUN: spirv-val %t.matmul_blockptr_bf16.spv
// RUN: spirv-dis %t.matmul_blockptr_bf16.spv | FileCheck %s --check-prefix=BF16
// BF16-NOT: OpTypeFloat 16
// BF16: intel_sub_group_bf16_bf16_matrix_mad_k16
// BF16: OpFunctionCall %v8float %{{.*}} %{{.*}} %{{.*}} %{{.*}}
// extern_asm holds PTX (tt.elementwise_inline_asm): one line, no abort.
// Its libdevice call (__nv_expf) alone compiles to OpenCL's exp.
// RUN: not trident compile %kernels/extern_asm.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.extern_asm.spv 2>&1 | FileCheck %s --check-prefix=EXTERN-ASM
// EXTERN-ASM: {{^}}trident compile: kernels.py:302:65: 'tt.elementwise_inline_asm' is another target's assembly ("mov.b32 $0, $1;"), which the intel target cannot compile{{$}}
// EXTERN-ASM-NOT: {{.}}
// RUN: sed -e 's/tt.elementwise_inline_asm .* %bits : tensor<64xi32> -> tensor<64xi32>/tt.bitcast %x_27 : tensor<64xf32> -> tensor<64xi32>/' %kernels/extern_asm.ttir > %t.extern.ttir
// RUN: trident compile %t.extern.ttir --plugin %intel_plugin --target intel --emit spirv -o %t.extern.spv
// RUN: spirv-val %t.extern.spv
// RUN: spirv-dis %t.extern.spv | FileCheck %s --check-prefix=EXTERN
// EXTERN: OpExtInst %float %{{.*}} exp

// REQUIRES: intel-plugin, host-cc, host-avx2
// The numbers of the DPAS path, on CPU threads: matmul_blockptr compiled by
// the intel target to LLVM IR (DPAS layouts, triton_gen.dpas, the
// cl_intel_subgroup_matrix_multiply_accumulate built-in), retargeted to the
// host (the SPIR-V calling conventions and target lines dropped), and run by
// Inputs/opencl_simt_runtime.c, which implements the built-in from the
// extension's operand layouts over the core's CPU threads (%core_simt:
// test/Conversion/TritonGPUToLLVM/Inputs). Every element must equal the reference, and
// each of the 64 work-items of the 4 work-groups makes 8 tiles x 2 K steps
// x 2 iterations of DPAS calls.
//
// RUN: trident compile %kernels/matmul_blockptr.ttir --plugin %intel_plugin --target intel --emit llir -o %t.ll
// RUN: sed -e 's/spir_kernel //; s/spir_func //g; /^target /d' %t.ll > %t.host.ll
// RUN: llc -O1 -mattr=+avx2 -relocation-model=pic -filetype=obj %t.host.ll -o %t.o
// RUN: %host_cc -O1 -mavx2 -w -I%core_simt %core_simt/simt_runtime.c %S/Inputs/opencl_simt_runtime.c %S/Inputs/dpas_matmul_main.c %t.o -lpthread -lm -o %t
// RUN: %t | FileCheck %s
// CHECK: dpas calls 8192
// CHECK-NEXT: results rounded 0
// CHECK-NEXT: matmul wrong 0 of 16384
//
// The same with bf16 operands (emulated as i16 bits, the bf16 DPAS built-in)
// and a bf16 result, on operands scaled so that most results exceed 256 and
// round to even (as the reference rounds them).
// RUN: trident compile %kernels/matmul_blockptr_bf16.ttir --plugin %intel_plugin --target intel --emit llir -o %t.bf16.ll
// RUN: sed -e 's/spir_kernel //; s/spir_func //g; /^target /d' %t.bf16.ll > %t.bf16.host.ll
// RUN: llc -O1 -mattr=+avx2 -relocation-model=pic -filetype=obj %t.bf16.host.ll -o %t.bf16.o
// RUN: %host_cc -O1 -mavx2 -w -DBF16 -I%core_simt %core_simt/simt_runtime.c %S/Inputs/opencl_simt_runtime.c %S/Inputs/dpas_matmul_main.c %t.bf16.o -lpthread -lm -o %t.bf16
// RUN: %t.bf16 | FileCheck %s --check-prefix=BF16
// BF16: dpas calls 8192
// BF16-NEXT: results rounded {{[1-9][0-9]+}}
// BF16-NEXT: matmul wrong 0 of 16384

// REQUIRES: shared-kernels
//
// The Triton 3.6 vadd, gelu, softmax, layernorm, cumsum and histogram TTGIR, lowered by the
// core patterns with the test target, compiled for the host and run on CPU
// threads (Inputs/simt_runtime.c: one thread per GPU thread, shuffles and
// barriers over pthreads), checked against a reference computed in C:
// masked tails, vectorized accesses, warp shuffles, cross-warp reductions
// and scans through shared memory, and atomics all compute the right
// numbers.
//
// RUN: trident-opt %{shared_kernels}/vadd.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.vadd.ll
// RUN: llc -O2 -filetype=obj %t.vadd.ll -o %t.vadd.o
// RUN: clang -O1 -w -DKERNEL_VADD %S/Inputs/simt_runtime.c %S/Inputs/vadd_gelu_main.c %t.vadd.o -lpthread -lm -o %t.vadd
// RUN: %t.vadd | FileCheck %s
//
// RUN: trident-opt %{shared_kernels}/gelu.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.gelu.ll
// RUN: llc -O2 -filetype=obj %t.gelu.ll -o %t.gelu.o
// RUN: clang -O1 -w -DKERNEL_GELU %S/Inputs/simt_runtime.c %S/Inputs/vadd_gelu_main.c %t.gelu.o -lpthread -lm -o %t.gelu
// RUN: %t.gelu | FileCheck %s
//
// RUN: trident-opt %{shared_kernels}/softmax.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.softmax.ll
// RUN: llc -O2 -filetype=obj %t.softmax.ll -o %t.softmax.o
// RUN: clang -O1 -w -DKERNEL_SOFTMAX %S/Inputs/simt_runtime.c %S/Inputs/rows_main.c %t.softmax.o -lpthread -lm -o %t.softmax
// RUN: %t.softmax | FileCheck %s
//
// RUN: trident-opt %{shared_kernels}/layernorm.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.layernorm.ll
// RUN: llc -O2 -filetype=obj %t.layernorm.ll -o %t.layernorm.o
// RUN: clang -O1 -w -DKERNEL_LAYERNORM %S/Inputs/simt_runtime.c %S/Inputs/rows_main.c %t.layernorm.o -lpthread -lm -o %t.layernorm
// RUN: %t.layernorm | FileCheck %s
//
// RUN: trident-opt %{shared_kernels}/cumsum.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.cumsum.ll
// RUN: llc -O2 -filetype=obj %t.cumsum.ll -o %t.cumsum.o
// RUN: clang -O1 -w -DKERNEL_CUMSUM %S/Inputs/simt_runtime.c %S/Inputs/cumsum_histogram_main.c %t.cumsum.o -lpthread -lm -o %t.cumsum
// RUN: %t.cumsum | FileCheck %s
//
// RUN: trident-opt %{shared_kernels}/histogram.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.histogram.ll
// RUN: llc -O2 -filetype=obj %t.histogram.ll -o %t.histogram.o
// RUN: clang -O1 -w -DKERNEL_HISTOGRAM %S/Inputs/simt_runtime.c %S/Inputs/cumsum_histogram_main.c %t.histogram.o -lpthread -lm -o %t.histogram
// RUN: %t.histogram | FileCheck %s

// CHECK: tail untouched 1
// CHECK-NEXT: PASS

// Our matmul kernel (test/kernels/matmul.ttir: f16, 64x64x32 blocks, masked
// K tail) through trident-ttgir and ttg-pipeline with 3 stages, lowered by
// the core patterns with the test target (which has no asynchronous copies,
// so each copy is a load and a store) and run on CPU threads
// (Inputs/simt_runtime.c) against a reference in double: the prologue, the
// rotating slots, the pointers carried ahead and the copies masked off past
// the end compute the right product for K loops of 1, 3 and 7 steps.
//
// RUN: trident-opt %{kernels}/matmul.ttir --trident-ttir --trident-ttgir="num-warps=4" --ttg-pipeline="num-stages=3" | FileCheck %s --check-prefix=TTGIR
// TTGIR: ttg.async_copy_global_to_local
// TTGIR: scf.for
// TTGIR: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
//
// RUN: trident-opt %{kernels}/matmul.ttir --trident-ttir --trident-ttgir="num-warps=4" --ttg-pipeline="num-stages=3" --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O2 -filetype=obj %t.ll -o %t.o
// RUN: clang -O1 -w %S/Inputs/simt_runtime.c %S/Inputs/matmul_main.c %t.o -lpthread -lm -o %t
// RUN: %t 128 | FileCheck %s
// CHECK: 100x72x80: {{.*}}: PASS
// CHECK: 64x64x16: {{.*}}: PASS
// CHECK: 130x70x200: {{.*}}: PASS
// CHECK: ALL PASS
//
// The same with the dots reading their operands in windows of 16 along K
// (ttg-slice-dot-operands): the windows' origins are folded into the
// shared-memory offsets.
// RUN: trident-opt %{kernels}/matmul.ttir --trident-ttir --trident-ttgir="num-warps=4" --ttg-pipeline="num-stages=3" --ttg-slice-dot-operands --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.sliced.ll
// RUN: llc -O2 -filetype=obj %t.sliced.ll -o %t.sliced.o
// RUN: clang -O1 -w %S/Inputs/simt_runtime.c %S/Inputs/matmul_main.c %t.sliced.o -lpthread -lm -o %t.sliced
// RUN: %t.sliced 128 | FileCheck %s

// ttg.local_alloc (with a source and without), ttg.local_store,
// ttg.local_load and ttg.local_dealloc, lowered by the core patterns with the
// test target and run on CPU threads (Inputs/simt_runtime.c): a 32x32 f32
// tile goes from rows to a swizzled buffer (vector stores), back in
// columns, into a second buffer with another swizzle and back in rows; both
// outputs must equal the input element for element.
//
// RUN: trident-opt %S/Inputs/shared_roundtrip.mlir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O2 -filetype=obj %t.ll -o %t.o
// RUN: clang -O1 -w %S/Inputs/simt_runtime.c %S/Inputs/shared_roundtrip_main.c %t.o -lpthread -lm -o %t
// RUN: %t | FileCheck %s
// CHECK: local_alloc/local_load wrong 0, local_store/local_load wrong 0

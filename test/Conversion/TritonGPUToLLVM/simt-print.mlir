// tt.print lowered by the core patterns with the test target (whose printf
// is a C variadic call) and run on CPU threads for two programs: the lines
// say what Triton's would. Every thread prints its elements, copies
// included; `sort -u` keeps one of each line.
//
// RUN: trident-opt %S/Inputs/print.mlir --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O2 -relocation-model=pic -filetype=obj %t.ll -o %t.o
// RUN: clang -O1 -w %S/Inputs/simt_runtime.c %S/Inputs/print_main.c %t.o -lpthread -lm -o %t
// RUN: %t | sort -u | FileCheck %s
// RUN: %t | grep -c " x: " | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}64{{$}}

// Signed i32, x = 5 - 3 * i.
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (0) x: 5{{$}}
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (7) x: -16{{$}}
// CHECK-DAG: {{^}}pid (1, 0, 0) idx (3) x: -4{{$}}
// The same truncated to i8 and printed unsigned: -16 is 240.
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (7) u8: 240{{$}}
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (1) u8: 2{{$}}
// Two operands, f = 0.5 * i + 0.25.
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (5) f: (operand 0) 2.750000{{$}}
// CHECK-DAG: {{^}}pid (0, 0, 0) idx (5) f: (operand 1) 4294967286{{$}}
// The bits of 2.75f.
// CHECK-DAG: {{^}}pid (1, 0, 0) idx (5) bits: 0x40300000{{$}}
// CHECK-DAG: {{^}}pid (0, 0, 0) done{{$}}
// CHECK-DAG: {{^}}pid (1, 0, 0) done{{$}}

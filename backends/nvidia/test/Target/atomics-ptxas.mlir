// ptxas accepts every atom that Conversion/atomics.mlir emits: each
// ordering and scope, the integer, bitwise, exchange, f16/bf16 (packed too)
// and compare-and-swap forms, predicated or not.
//
// REQUIRES: ptxas
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %S/../Conversion/atomics.mlir | trident-nvidia-translate --arch sm_90 --emit cubin -o %t.cubin
// RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s
// CHECK: 7f 45 4c 46

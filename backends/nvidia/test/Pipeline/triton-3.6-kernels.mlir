// REQUIRES: nvidia-plugin, shared-kernels

// The TTGIR that upstream Triton 3.6 dumped for its Hopper kernels (wgmma
// accumulators, swizzled shared memory, ttng ops) parses, verifies and
// round-trips with the nvidia plugin loaded.

// Printing the printed IR again gives the same text, in the custom form, in
// the generic form and with locations; the bytecode form round-trips too.
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul.ttgir -o %t.matmul.1
// RUN: trident-opt --plugin %nvidia_plugin %t.matmul.1 -o %t.matmul.2
// RUN: diff %t.matmul.1 %t.matmul.2
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul.ttgir --mlir-print-op-generic | trident-opt --plugin %nvidia_plugin -o %t.matmul.3
// RUN: diff %t.matmul.1 %t.matmul.3
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/matmul.ttgir -o %t.matmul.4
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %t.matmul.4 -o %t.matmul.5
// RUN: diff %t.matmul.4 %t.matmul.5
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul.ttgir --verify-roundtrip -o /dev/null

// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/attention.ttgir -o %t.attention.1
// RUN: trident-opt --plugin %nvidia_plugin %t.attention.1 -o %t.attention.2
// RUN: diff %t.attention.1 %t.attention.2
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/attention.ttgir --mlir-print-op-generic | trident-opt --plugin %nvidia_plugin -o %t.attention.3
// RUN: diff %t.attention.1 %t.attention.3
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/attention.ttgir -o %t.attention.4
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %t.attention.4 -o %t.attention.5
// RUN: diff %t.attention.4 %t.attention.5
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/attention.ttgir --verify-roundtrip -o /dev/null

// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul_blockptr.ttgir -o %t.blockptr.1
// RUN: trident-opt --plugin %nvidia_plugin %t.blockptr.1 -o %t.blockptr.2
// RUN: diff %t.blockptr.1 %t.blockptr.2
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul_blockptr.ttgir --mlir-print-op-generic | trident-opt --plugin %nvidia_plugin -o %t.blockptr.3
// RUN: diff %t.blockptr.1 %t.blockptr.3
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/matmul_blockptr.ttgir -o %t.blockptr.4
// RUN: trident-opt --plugin %nvidia_plugin --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %t.blockptr.4 -o %t.blockptr.5
// RUN: diff %t.blockptr.4 %t.blockptr.5
// RUN: trident-opt --plugin %nvidia_plugin %{shared_kernels}/matmul_blockptr.ttgir --verify-roundtrip -o /dev/null

// Printed with locations, the IR is upstream's text except for value names:
// upstream named the loop-carried values after their locations, which its
// text does not record (the driver also ends the output with one more
// newline, which `head -c -1` drops).
// RUN: head -c -1 %t.matmul.4 | sed -E 's/%%[A-Za-z0-9_]+/%%V/g' > %t.matmul.ours
// RUN: sed -E 's/%%[A-Za-z0-9_]+/%%V/g' %{shared_kernels}/matmul.ttgir | diff - %t.matmul.ours
// RUN: head -c -1 %t.attention.4 | sed -E 's/%%[A-Za-z0-9_]+/%%V/g' > %t.attention.ours
// RUN: sed -E 's/%%[A-Za-z0-9_]+/%%V/g' %{shared_kernels}/attention.ttgir | diff - %t.attention.ours
// RUN: head -c -1 %t.blockptr.4 | sed -E 's/%%[A-Za-z0-9_]+/%%V/g' > %t.blockptr.ours
// RUN: sed -E 's/%%[A-Za-z0-9_]+/%%V/g' %{shared_kernels}/matmul_blockptr.ttgir | diff - %t.blockptr.ours

// What the plugin contributes, as printed.
// RUN: FileCheck %s --input-file=%t.matmul.1 --check-prefix=MATMUL
// RUN: FileCheck %s --input-file=%t.attention.1 --check-prefix=ATTN
// MATMUL: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// MATMUL: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// MATMUL-LABEL: tt.func public @matmul
// MATMUL: scf.for
// MATMUL: %[[ACC:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<128x256xf32, #mma>
// MATMUL-NEXT: ttng.warp_group_dot_wait %[[ACC]], %{{.*}}, %{{.*}} {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
// MATMUL: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32} : tensor<128x256xf32, #mma>

// ATTN: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// ATTN-LABEL: tt.func public @attn_fwd
// ATTN: ttng.fence_async_shared {bCluster = false}
// ATTN: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, isAsync = true} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>

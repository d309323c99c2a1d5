// REQUIRES: shared-kernels

// The TTGIR that upstream Triton 3.6 dumped for the reference kernels.
// Those that use only core layouts and ops print back byte for byte (the
// driver ends its output with one more newline, which `head -c -1` drops).

// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/vadd.ttgir -o %t.vadd
// RUN: head -c -1 %t.vadd | diff %{shared_kernels}/vadd.ttgir -
// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/softmax.ttgir -o %t.softmax
// RUN: head -c -1 %t.softmax | diff %{shared_kernels}/softmax.ttgir -
// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/layernorm.ttgir -o %t.layernorm
// RUN: head -c -1 %t.layernorm | diff %{shared_kernels}/layernorm.ttgir -
// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/gelu.ttgir -o %t.gelu
// RUN: head -c -1 %t.gelu | diff %{shared_kernels}/gelu.ttgir -
// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/cumsum.ttgir -o %t.cumsum
// RUN: head -c -1 %t.cumsum | diff %{shared_kernels}/cumsum.ttgir -
// RUN: trident-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix %{shared_kernels}/histogram.ttgir -o %t.histogram
// RUN: head -c -1 %t.histogram | diff %{shared_kernels}/histogram.ttgir -

// The others use vendor layouts (#ttg.nvidia_mma, #ttg.nvmma_shared), which
// the core does not know: without the plugin that provides them, the parser
// names the layout and says what to do.

// RUN: not trident-opt %{shared_kernels}/matmul.ttgir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not trident-opt %{shared_kernels}/attention.ttgir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not trident-opt %{shared_kernels}/matmul_blockptr.ttgir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: unknown ttg layout '#ttg.nvidia_mma': load the plugin that provides it (e.g. --plugin PATH)
// MISSING-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, {{[0-9]+}}, 16]}>

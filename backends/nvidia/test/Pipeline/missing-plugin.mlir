// REQUIRES: shared-kernels
// RUN: not trident-opt %{shared_kernels}/matmul.ttgir 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: not trident-opt %s 2>&1 | FileCheck %s --check-prefix=OPS

// Without the nvidia plugin (the lit config turns discovery off), the core
// knows neither the nvidia layouts nor the ttng dialect, and says so.

// LAYOUT: error: unknown ttg layout '#ttg.nvidia_mma'
// LAYOUT-SAME: --plugin

// OPS: error: Dialect `ttng' not found for custom op 'ttng.fence_async_shared'
module {
  tt.func @f() {
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }
}

// RUN: not trident-opt %s -convert-triton-to-tritongpu="num-warps=3" 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not trident-opt %s -convert-triton-to-tritongpu="num-warps=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not trident-opt %s -convert-triton-to-tritongpu="threads-per-warp=24" 2>&1 | FileCheck %s --check-prefix=LANES
// RUN: not trident-opt %s -convert-triton-to-tritongpu="num-ctas=-2" 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not trident-opt %s -convert-triton-to-tritongpu="num-warps=four" 2>&1 | FileCheck %s --check-prefix=PARSE

// WARPS: error: convert-triton-to-tritongpu: option 'num-warps' must be a positive power of two, but got 3
// ZERO: error: convert-triton-to-tritongpu: option 'num-warps' must be a positive power of two, but got 0
// LANES: error: convert-triton-to-tritongpu: option 'threads-per-warp' must be a positive power of two, but got 24
// CTAS: error: convert-triton-to-tritongpu: option 'num-ctas' must be a positive power of two, but got -2
// PARSE: for the --num-warps option: 'four' value invalid for integer argument

tt.func @f(%x: tensor<4xf32>) {
  tt.return
}

// The trident-ttgir pipeline passes its options on and fails the same way.
// RUN: not trident-opt %s --trident-ttgir="num-warps=6" 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: error: convert-triton-to-tritongpu: option 'num-warps' must be a positive power of two, but got 6

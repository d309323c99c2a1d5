// RUN: trident-opt %s -convert-triton-to-tritongpu="num-warps=4 num-ctas=2" | FileCheck %s

// Two CTAs split dimension 0; threads and warps then cover what one CTA
// holds (64 of the 128 rows).
// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32}
// CHECK: tt.func @f(%{{.*}}: tensor<128x64xf32, #[[B]]>)
tt.func @f(%x: tensor<128x64xf32>) {
  tt.return
}

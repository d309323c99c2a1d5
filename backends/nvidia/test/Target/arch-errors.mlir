// Architectures LLVM's NVPTX target does not know are refused before any
// code generation.
//
// RUN: not trident-nvidia-translate %s --arch sm_91 --emit ptx 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: trident-nvidia-translate: unknown architecture 'sm_91'
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit sass 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: trident-nvidia-translate: --emit must be llir, ptx or cubin, got 'sass'

module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// The target string is checked the same way.
// RUN: not trident targets --plugin %nvidia_plugin --resolve nvidia:sm_91 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: trident targets: invalid target 'nvidia:sm_91': unknown nvidia architecture 'sm_91': expected sm_80 or newer, e.g. sm_90, sm_90a or 90
// RUN: trident targets --plugin %nvidia_plugin --resolve cuda:90a | FileCheck %s --check-prefix=RESOLVED
// RESOLVED: nvidia:sm_90a (plugin nvidia)

// The nvidia runtime on a machine without the CUDA driver: the plugin loads,
// compiles, and says why no device is available; launching is a one-line
// error, never a crash.
//
// REQUIRES: !cuda-driver
// RUN: trident targets --plugin %nvidia_plugin | FileCheck %s --check-prefix=TARGETS
// TARGETS: nvidia (aliases: cuda): plugin nvidia, device unavailable: the CUDA driver (libcuda.so.1) cannot be loaded: libcuda.so.1: {{.*}}; install the NVIDIA driver to run nvidia kernels

// A real bundle (the vadd kernel of ../CodeGen, assembled by ptxas) does not
// launch, and says why.
// REQUIRES: ptxas
// RUN: trident-nvidia-translate %S/../CodeGen/vadd.mlir --arch sm_90 --emit cubin -o %t.cubin
// RUN: %python %S/../Inputs/make_bundle.py %t.cubin %t.tkb --kernel vadd --target nvidia:sm_90 --param ptr:f32:x --param ptr:f32:y --param ptr:f32:out --param i32:n
// RUN: not trident run %t.tkb --plugin %nvidia_plugin --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 --arg n=i32:128 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH-NOT: {{.}}
// LAUNCH: trident run: no 'nvidia' device is usable: the CUDA driver (libcuda.so.1) cannot be loaded: {{.*}}
// LAUNCH-NOT: {{.}}

module {
}

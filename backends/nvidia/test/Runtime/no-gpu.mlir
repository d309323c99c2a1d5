// The nvidia runtime on a machine without the CUDA driver: the plugin loads,
// compiles, and says why no device is available; launching is a one-line
// error, never a crash.
//
// REQUIRES: !cuda-driver
// RUN: trident targets --plugin %nvidia_plugin | FileCheck %s --check-prefix=TARGETS
// TARGETS: nvidia (aliases: cuda): plugin nvidia, device unavailable: the CUDA driver (libcuda.so.1) cannot be loaded: libcuda.so.1: {{.*}}; install the NVIDIA driver to run nvidia kernels

// A real bundle (the vadd kernel of ../Target, assembled by ptxas) does not
// launch, and says why.
// REQUIRES: ptxas
// RUN: trident-nvidia-translate %S/../Target/vadd.mlir --arch sm_90 --emit cubin -o %t.cubin
// RUN: %python %S/../Inputs/make_bundle.py %t.cubin %t.tkb --kernel vadd --target nvidia:sm_90 --param ptr:f32:x --param ptr:f32:y --param ptr:f32:out --param i32:n
// RUN: not trident run %t.tkb --plugin %nvidia_plugin --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 --arg n=i32:128 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH-NOT: {{.}}
// LAUNCH: trident run: no 'nvidia' device is usable: the CUDA driver (libcuda.so.1) cannot be loaded: {{.*}}
// LAUNCH-NOT: {{.}}

module {
}

// The runtime-only launcher (no LLVM), which finds the nvidia runtime from
// the plugin's manifest, says the same, and checks the arguments against the
// bundle's signature before touching the driver.
// RUN: not env TRIDENT_PLUGINS=%nvidia_plugin trident-run %t.tkb --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 --arg n=i32:128 2>&1 | FileCheck %s --check-prefix=STANDALONE
// STANDALONE: trident-run: no 'nvidia' device is usable: the CUDA driver (libcuda.so.1) cannot be loaded: {{.*}}
// RUN: not env TRIDENT_PLUGINS=%nvidia_plugin trident-run %t.tkb --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: trident-run: kernel 'vadd' takes 4 arguments, got 3: missing argument 4 ('n': i32); pass one --arg per parameter, in order
// RUN: not env TRIDENT_PLUGINS=%nvidia_plugin trident-run %t.tkb --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 --arg n=f32:1 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: trident-run: {{.*}}'n'{{.*}}i32
// RUN: not env TRIDENT_PLUGINS=%nvidia_plugin trident-run %t.tkb --grid 1 --arg x=zeros:f32:128 --arg y=zeros:f32:128 --arg out=zeros:f32:128 --arg n=i32:1 --runtime %t.missing.so 2>&1 | FileCheck %s --check-prefix=NORUNTIME
// NORUNTIME: trident-run: {{.*}}missing.so{{.*}}

// From TTIR: the kernel compiles, then the launch says why it cannot run.
// RUN: not trident run %kernels/vadd.ttir --plugin %nvidia_plugin --target nvidia --grid 1 --arg x=zeros:f32:256 --arg y=zeros:f32:256 --arg out=zeros:f32:256 --arg n=i32:256 2>&1 | FileCheck %s --check-prefix=FROMTTIR
// FROMTTIR: trident run: no 'nvidia' device is usable: the CUDA driver (libcuda.so.1) cannot be loaded: {{.*}}
// FROMTTIR-NOT: {{.}}

/*===- simt_runtime.h - Run lowered kernels on CPU threads ----------------===
 *
 * The test target of `test-convert-tritongpu-to-llvm` emits calls to
 * placeholder functions (@test_thread_id, @test_barrier,
 * @test_shuffle_xor_f32, ...). simt_runtime.c defines them over POSIX
 * threads -- one thread per GPU thread of a block, blocks one after the
 * other -- so that a kernel lowered by the core runs on the host and its
 * results can be compared with a reference. Shared memory is one static
 * array; shuffles exchange through a slot per thread between two barriers
 * (the lowering calls them uniformly).
 *
 *===----------------------------------------------------------------------===*/

#ifndef SIMT_RUNTIME_H
#define SIMT_RUNTIME_H

/* Runs `body(args)` on `numThreads` threads for every program id of the
 * grid (x only). */
void simt_launch(int gridX, int numThreads, void (*body)(void *), void *args);

#endif

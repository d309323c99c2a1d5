/*===- dpas_matmul_main.c - matmul_blockptr on DPAS, checked on CPU -------===
 *
 * C = A x B for 128 x 64 by 64 x 128 f16 matrices of small integers (every
 * partial sum exact in f32 and the result exact in f16) with the kernel of
 * test/kernels/matmul_blockptr.ttir as the intel target compiles it (DPAS
 * built-ins), run by opencl_simt_runtime.c over the core's CPU threads
 * (simt_runtime.h): 4 work-groups of 4 sub-groups
 * of 16, compared element by element with a reference computed in C.
 *
 *===----------------------------------------------------------------------===*/

#include "simt_runtime.h"

#include <stdint.h>
#include <stdio.h>

enum { M = 128, N = 128, K = 64, BLOCK = 64, WORK_ITEMS = 64 };

float half_to_float(uint16_t h);
uint16_t float_to_half(float f);
extern long dpasCalls;

void matmul_blockptr_kernel(uint16_t *a, uint16_t *b, uint16_t *c, int m, int n,
                            int k, int strideAM, int strideAK, int strideBK,
                            int strideBN, int strideCM, int strideCN);

static uint16_t a[M * K], b[K * N], c[M * N];

static void body(void *args) {
  (void)args;
  matmul_blockptr_kernel(a, b, c, M, N, K, K, 1, N, 1, N, 1);
}

int main(void) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      a[i * K + k] = float_to_half((float)((i * 3 + k * 5) % 7 - 3));
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      b[k * N + j] = float_to_half((float)((k * 2 + j * 7) % 5 - 2));
  simt_launch((M / BLOCK) * (N / BLOCK), WORK_ITEMS, body, NULL);
  int wrong = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float expected = 0;
      for (int k = 0; k < K; ++k)
        expected += half_to_float(a[i * K + k]) * half_to_float(b[k * N + j]);
      float got = half_to_float(c[i * N + j]);
      if (got != expected) {
        if (wrong < 5)
          printf("c[%d][%d] = %g, expected %g\n", i, j, got, expected);
        ++wrong;
      }
    }
  printf("dpas calls %ld\n", dpasCalls);
  printf("matmul wrong %d of %d\n", wrong, M * N);
  return wrong != 0;
}

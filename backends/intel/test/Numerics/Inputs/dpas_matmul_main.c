/*===- dpas_matmul_main.c - matmul_blockptr on DPAS, checked on CPU -------===
 *
 * C = A x B for 128 x 64 by 64 x 128 f16 (or, with -DBF16, bf16) matrices of
 * small integers (every partial sum exact in f32; the result exact in f16,
 * rounded to even in bf16) with the kernel of test/kernels/matmul_blockptr
 * (_bf16).ttir as the intel target compiles it (DPAS built-ins), run by opencl_simt_runtime.c over the core's CPU threads
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
float bf16_to_float(uint16_t h);
uint16_t float_to_bf16(float f);

/* The elements' format: f16 (matmul_blockptr) or, with -DBF16, bf16
 * (matmul_blockptr_bf16, whose results above 256 round to even). */
#ifdef BF16
#define TO_FLOAT bf16_to_float
#define FROM_FLOAT float_to_bf16
/* Operands up to 111 and 10 (exact in bf16), so that most results exceed
 * 256 and the conversion of the f32 accumulators has to round. */
#define SCALE_A 37
#define SCALE_B 5
#else
#define TO_FLOAT half_to_float
#define FROM_FLOAT float_to_half
#define SCALE_A 1
#define SCALE_B 1
#endif
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
      a[i * K + k] = FROM_FLOAT((float)(SCALE_A * ((i * 3 + k * 5) % 7 - 3)));
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      b[k * N + j] = FROM_FLOAT((float)(SCALE_B * ((k * 2 + j * 7) % 5 - 2)));
  simt_launch((M / BLOCK) * (N / BLOCK), WORK_ITEMS, body, NULL);
  int wrong = 0, rounded = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float exact = 0;
      for (int k = 0; k < K; ++k)
        exact += TO_FLOAT(a[i * K + k]) * TO_FLOAT(b[k * N + j]);
      float expected = TO_FLOAT(FROM_FLOAT(exact));
      rounded += expected != exact;
      float got = TO_FLOAT(c[i * N + j]);
      if (got != expected) {
        if (wrong < 5)
          printf("c[%d][%d] = %g, expected %g\n", i, j, got, expected);
        ++wrong;
      }
    }
  printf("dpas calls %ld\n", dpasCalls);
  printf("results rounded %d\n", rounded);
  printf("matmul wrong %d of %d\n", wrong, M * N);
  return wrong != 0;
}

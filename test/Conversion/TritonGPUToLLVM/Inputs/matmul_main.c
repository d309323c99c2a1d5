/* Runs the lowered matmul_kernel of test/kernels/matmul.ttir (f16 inputs,
 * f32 accumulation, f16 output, 64x64 blocks, 32-wide K steps, grouped
 * program order) on CPU threads against a reference in double, for shapes
 * whose M, N and K are not multiples of the blocks and whose K loop is
 * shorter than, as long as and longer than the pipeline's prologue: the
 * masks, the slots and the copies started past the end all matter. */
#include "simt_runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void matmul_kernel(_Float16 *a, _Float16 *b, _Float16 *c, int M, int N, int K,
                   int sam, int sak, int sbk, int sbn, int scm, int scn);

struct Args {
  _Float16 *a, *b, *c;
  int m, n, k;
};

static void body(void *p) {
  struct Args *x = p;
  matmul_kernel(x->a, x->b, x->c, x->m, x->n, x->k, x->k, 1, x->n, 1, x->n, 1);
}

/* Returns whether the product of random m x k and k x n matrices matches. */
static int check(int m, int n, int k, int numThreads) {
  _Float16 *a = malloc(sizeof(_Float16) * m * k);
  _Float16 *b = malloc(sizeof(_Float16) * k * n);
  /* One spare element after c: it must stay untouched. */
  _Float16 *c = malloc(sizeof(_Float16) * (m * n + 1));
  for (int i = 0; i < m * k; ++i)
    a[i] = (_Float16)(rand() / (double)RAND_MAX * 2 - 1);
  for (int i = 0; i < k * n; ++i)
    b[i] = (_Float16)(rand() / (double)RAND_MAX * 2 - 1);
  for (int i = 0; i <= m * n; ++i)
    c[i] = (_Float16)777;
  struct Args args = {a, b, c, m, n, k};
  int grid = ((m + 63) / 64) * ((n + 63) / 64);
  simt_launch(grid, numThreads, body, &args);

  double maxError = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = 0;
      for (int l = 0; l < k; ++l)
        ref += (double)a[i * k + l] * (double)b[l * n + j];
      double err = fabs(ref - (double)c[i * n + j]);
      if (!(err <= maxError))
        maxError = err;
    }
  int untouched = c[m * n] == (_Float16)777;
  /* f16 output: half an ulp of values up to ~8, plus the sum's order. */
  int ok = maxError <= 1e-2 && untouched;
  printf("%dx%dx%d: max abs error %g, tail untouched %d: %s\n", m, n, k,
         maxError, untouched, ok ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(c);
  return ok;
}

int main(int argc, char **argv) {
  int numThreads = argc > 1 ? atoi(argv[1]) : 128;
  srand(5);
  int ok = check(100, 72, 80, numThreads);   /* 3 K steps, last partial */
  ok &= check(64, 64, 16, numThreads);       /* 1 K step, partial */
  ok &= check(130, 70, 200, numThreads);     /* 7 K steps */
  printf(ok ? "ALL PASS\n" : "SOME FAIL\n");
  return 0;
}

// Harness of matmul_f32.ttir: f32 matmul (no tf32) with M, N, K not multiples
// of the blocks and 10 x 2 programs (a full and a partial GROUP_M group),
// within 1e-5 of max(1, |reference|) of a double-precision product.
#include "common.h"
void matmul_kernel(BUFT, BUFT, BUFT, int32_t, int32_t, int32_t, int32_t, int32_t,
                   int32_t, int32_t, int32_t, int32_t, GRID);
int main() {
  const int M = 584, N = 72, K = 40;
  float *a = malloc(4 * M * K), *b = malloc(4 * K * N), *c = calloc(M * N, 4);
  for (int i = 0; i < M * K; ++i) a[i] = frand();
  for (int i = 0; i < K * N; ++i) b[i] = frand();
  int g = ((M + 63) / 64) * ((N + 63) / 64);
  for (int p = 0; p < g; ++p)
    matmul_kernel(BUF(a), BUF(b), BUF(c), M, N, K, K, 1, N, 1, N, 1, g, 1, 1, p, 0, 0);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double r = 0;
      for (int p = 0; p < K; ++p) r += (double)a[i * K + p] * b[p * N + j];
      double scale = fabs(r) > 1 ? fabs(r) : 1;
      CHECK(fabs(c[i * N + j] - r) <= 1e-5 * scale, "c[%d][%d] = %g, expected %g", i, j, c[i * N + j], r);
    }
  free(a); free(b); free(c);
  DONE();
}

// Harness of transpose.ttir: a 70 x 45 transpose over a 3 x 2 grid of 32 x 32
// tiles, with padded rows on both sides (the padding stays 0), exactly.
#include "common.h"
void transpose_kernel(BUFT, BUFT, int32_t, int32_t, int32_t, int32_t, GRID);
int main() {
  const int M = 70, N = 45, sxm = 48, syn = 72;
  float *x = malloc(4 * M * sxm), *y = calloc(N * syn, 4);
  for (int i = 0; i < M * sxm; ++i) x[i] = frand();
  int gx = (M + 31) / 32, gy = (N + 31) / 32;
  for (int px = 0; px < gx; ++px)
    for (int py = 0; py < gy; ++py)
      transpose_kernel(BUF(x), BUF(y), M, N, sxm, syn, gx, gy, 1, px, py, 0);
  for (int n = 0; n < N; ++n)
    for (int m = 0; m < syn; ++m)
      CHECK(y[n * syn + m] == (m < M ? x[m * sxm + n] : 0.0f), "y[%d][%d]", n, m);
  free(x); free(y);
  DONE();
}

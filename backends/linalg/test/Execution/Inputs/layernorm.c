// Harness of layernorm.ttir: layer norm forward (f16), several rows and widths.
#include "common.h"
void layernorm_fwd_kernel(BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, int32_t, int32_t, float, GRID);
int main() {
  int cases[][2] = {{3, 100}, {2, 256}, {4, 700}, {1, 1}};
  for (int c = 0; c < 4; ++c) {
    int rows = cases[c][0], N = cases[c][1], stride = N + 7; float eps = 1e-5f;
    uint16_t *X = malloc(2*rows*stride), *Y = calloc(rows*stride+8, 2), *W = malloc(2*N), *B = malloc(2*N);
    float *mean = calloc(rows, 4), *rstd = calloc(rows, 4);
    for (int i = 0; i < rows*stride; ++i) X[i] = f2h(frand());
    for (int i = 0; i < N; ++i) { W[i] = f2h(frand()); B[i] = f2h(frand()); }
    for (int r = 0; r < rows; ++r) layernorm_fwd_kernel(BUF(X), BUF(Y), BUF(W), BUF(B), BUF(mean), BUF(rstd), stride, N, eps, rows, 1, 1, r, 0, 0);
    for (int r = 0; r < rows; ++r) {
      double m = 0, v = 0; for (int i = 0; i < N; ++i) m += h2f(X[r*stride+i]); m /= N;
      for (int i = 0; i < N; ++i) { double d = h2f(X[r*stride+i]) - m; v += d*d; } v /= N;
      double rs = 1.0 / sqrt(v + eps);
      CHECK(fabs(mean[r] - m) < 1e-4, "mean r=%d %g vs %g", r, mean[r], m);
      CHECK(fabs(rstd[r] - rs) < 1e-3 * rs, "rstd r=%d %g vs %g", r, rstd[r], rs);
      for (int i = 0; i < N; ++i) { double ref = (h2f(X[r*stride+i]) - m) * rs * h2f(W[i]) + h2f(B[i]);
        CHECK(fabs(h2f(Y[r*stride+i]) - ref) < 2e-2, "y r=%d i=%d %g vs %g", r, i, h2f(Y[r*stride+i]), ref); }
      for (int i = N; i < stride; ++i) CHECK(Y[r*stride+i] == 0, "overwrite");
    }
  }
  DONE();
}

// Harness of gelu.ttir: GELU (tanh form) over 5000 values in [-6, 6] against
// libm's tanh in double, within 1e-5 of max(1, |reference|).
#include "common.h"
void gelu_kernel(BUFT, BUFT, int32_t, GRID);
int main() {
  const int n = 5000;
  float *x = malloc(4 * n), *y = calloc(n, 4);
  for (int i = 0; i < n; ++i) x[i] = 6 * frand();
  int g = (n + 1023) / 1024;
  for (int p = 0; p < g; ++p) gelu_kernel(BUF(x), BUF(y), n, g, 1, 1, p, 0, 0);
  const double c = sqrt(2 / M_PI);
  for (int i = 0; i < n; ++i) {
    double v = x[i], r = 0.5 * v * (1 + tanh(c * (v + 0.044715 * v * v * v)));
    double scale = fabs(r) > 1 ? fabs(r) : 1;
    CHECK(fabs(y[i] - r) <= 1e-5 * scale, "i=%d x=%g: got %g, expected %g", i, v, y[i], r);
  }
  free(x); free(y);
  DONE();
}

// Harness of attention.ttir: flash-attention forward over 2 heads of 128
// positions against a double-precision softmax(Q K^T * sm_scale) V; the f16
// output within 2e-3.
#include "common.h"
void attention_kernel(BUFT, BUFT, BUFT, BUFT, float, int32_t, GRID);
int main() {
  const int heads = 2, n = 128, d = 64;
  const float scale = 0.125f;
  int size = heads * n * d;
  uint16_t *q = malloc(2 * size), *k = malloc(2 * size), *v = malloc(2 * size);
  uint16_t *o = calloc(size, 2);
  for (int i = 0; i < size; ++i) {
    q[i] = f2h(2 * frand()); k[i] = f2h(2 * frand()); v[i] = f2h(frand());
  }
  for (int h = 0; h < heads; ++h)
    for (int m = 0; m < n / 64; ++m)
      attention_kernel(BUF(q), BUF(k), BUF(v), BUF(o), scale, n, n / 64, heads, 1, m, h, 0);
  double *s = malloc(sizeof(double) * n);
  for (int h = 0; h < heads; ++h) {
    int base = h * n * d;
    for (int i = 0; i < n; ++i) {
      double top = -INFINITY, total = 0;
      for (int j = 0; j < n; ++j) {
        double dot = 0;
        for (int c = 0; c < d; ++c) dot += h2f(q[base + i * d + c]) * h2f(k[base + j * d + c]);
        s[j] = dot * scale;
        if (s[j] > top) top = s[j];
      }
      for (int j = 0; j < n; ++j) { s[j] = exp(s[j] - top); total += s[j]; }
      for (int c = 0; c < d; ++c) {
        double r = 0;
        for (int j = 0; j < n; ++j) r += s[j] * h2f(v[base + j * d + c]);
        r /= total;
        float got = h2f(o[base + i * d + c]);
        CHECK(fabs(got - r) <= 2e-3, "head %d row %d col %d: got %g, expected %g", h, i, c, got, r);
      }
    }
  }
  free(q); free(k); free(v); free(o); free(s);
  DONE();
}

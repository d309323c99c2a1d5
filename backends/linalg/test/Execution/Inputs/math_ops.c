// Harness of math_ops.ttir: the sixteen math functions against libm in double
// precision (transcendental functions within 1e-6 of max(1, |reference|),
// exactly rounded or exact operations exactly).
#include "common.h"
void math_ops_kernel(BUFT, BUFT, BUFT, BUFT, int32_t, GRID);
static double ref(int f, double x, double y, double z) {
  switch (f) {
  case 0: return exp(y);
  case 1: return exp2(y);
  case 2: return log(x);
  case 3: return log2(x);
  case 4: return sin(y);
  case 5: return cos(y);
  case 6: return sqrt(x);
  case 7: return 1 / sqrt(x);
  case 8: return erf(y);
  case 9: return floor(y);
  case 10: return ceil(y);
  case 11: return fabs(y);
  case 12: return (float)(x * y + z);  // x * y is exact in double
  case 13: return y > z ? y : z;
  case 14: return y < z ? y : z;
  default: return (float)(y / x);      // one rounding of the exact quotient
  }
}
int main() {
  const int n = 300;
  float *x = malloc(4 * n), *y = malloc(4 * n), *z = malloc(4 * n);
  float *o = calloc(16 * n, 4);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.01f + 50.0f * (frand() + 1.0f);
    y[i] = 10.0f * frand();
    z[i] = 10.0f * frand();
  }
  y[0] = 2.0f; y[1] = -2.0f; y[2] = 0.5f; y[3] = -0.0f;
  int g = (n + 127) / 128;
  for (int p = 0; p < g; ++p)
    math_ops_kernel(BUF(x), BUF(y), BUF(z), BUF(o), n, g, 1, 1, p, 0, 0);
  for (int f = 0; f < 16; ++f) {
    int exact = (f >= 9 && f <= 11) || f >= 13;
    for (int i = 0; i < n; ++i) {
      double r = ref(f, x[i], y[i], z[i]), got = o[f * n + i];
      double scale = fabs(r) > 1 ? fabs(r) : 1;
      if (exact)
        CHECK(got == r, "function %d i=%d: got %.9g, expected %.9g", f, i, got, r);
      else
        CHECK(fabs(got - r) <= 1e-6 * scale, "function %d i=%d: got %.9g, expected %.9g", f, i, got, r);
    }
  }
  free(x); free(y); free(z); free(o);
  DONE();
}

// Harness of scans.ttir: cumsum, cumprod and reverse cumsum.
#include "common.h"
void scans_kernel(BUFT, BUFT, BUFT, BUFT, int32_t, GRID);
int main() {
  int cases[][2] = {{3, 1}, {5, 100}, {2, 256}};
  for (int c = 0; c < 3; ++c) {
    int rows = cases[c][0], n = cases[c][1];
    float *x = malloc(4*rows*n), *s = calloc(rows*n, 4), *p = calloc(rows*n, 4), *rs = calloc(rows*n, 4);
    for (int i = 0; i < rows*n; ++i) x[i] = 1.0f + frand() * 0.01f;
    for (int r = 0; r < rows; ++r) scans_kernel(BUF(x), BUF(s), BUF(p), BUF(rs), n, rows, 1, 1, r, 0, 0);
    for (int r = 0; r < rows; ++r) { double a = 0, m = 1; for (int i = 0; i < n; ++i) { a += x[r*n+i]; m *= x[r*n+i];
        CHECK(fabs(s[r*n+i]-a) < 1e-3, "sum r=%d i=%d %g %g", r, i, s[r*n+i], a); CHECK(fabs(p[r*n+i]-m) < 1e-3*m, "prod r=%d i=%d", r, i); }
      double b = 0; for (int i = n-1; i >= 0; --i) { b += x[r*n+i]; CHECK(fabs(rs[r*n+i]-b) < 1e-3, "rsum r=%d i=%d %g %g", r, i, rs[r*n+i], b); } }
  }
  DONE();
}

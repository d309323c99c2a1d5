// Harness of call.ttir: row standardisation through device functions.
#include "common.h"
void call_kernel(BUFT, BUFT, int32_t, int32_t, float, GRID);
int main() {
  int rows = 3, n = 200, stride = 260; float eps = 1e-5f;
  float *x = malloc(4*rows*stride), *y = calloc(rows*stride, 4);
  for (int i = 0; i < rows*stride; ++i) x[i] = frand();
  for (int r = 0; r < rows; ++r) call_kernel(BUF(x), BUF(y), stride, n, eps, rows, 1, 1, r, 0, 0);
  for (int r = 0; r < rows; ++r) { double m = 0, v = 0; for (int i = 0; i < n; ++i) m += x[r*stride+i]; m /= n;
    for (int i = 0; i < n; ++i) v += (x[r*stride+i]-m)*(x[r*stride+i]-m); v /= n; double rs = 1/sqrt(v+eps);
    for (int i = 0; i < n; ++i) CHECK(fabs(y[r*stride+i] - (x[r*stride+i]-m)*rs) < 1e-4, "r=%d i=%d", r, i); }
  DONE();
}

// Harness of softmax.ttir: row softmax, rows shorter and longer than a block.
#include "common.h"
void softmax_kernel(BUFT, BUFT, int32_t, int32_t, int32_t, GRID);
int main() {
  int cases[][2] = {{3, 1}, {5, 100}, {4, 1000}, {2, 1024}, {7, 513}};
  for (int c = 0; c < 5; ++c) {
    int rows = cases[c][0], n = cases[c][1], sin = n + 3, sout = n + 5;
    float *x = malloc(4 * rows * sin), *y = calloc(rows * sout + 16, 4);
    for (int i = 0; i < rows * sin; ++i) x[i] = frand() * 5;
    for (int r = 0; r < rows; ++r) softmax_kernel(BUF(y), BUF(x), sin, sout, n, rows, 1, 1, r, 0, 0);
    for (int r = 0; r < rows; ++r) {
      float m = -INFINITY, s = 0; for (int i = 0; i < n; ++i) m = fmaxf(m, x[r*sin+i]);
      for (int i = 0; i < n; ++i) s += expf(x[r*sin+i] - m);
      for (int i = 0; i < n; ++i) { float ref = expf(x[r*sin+i]-m)/s; CHECK(fabsf(y[r*sout+i]-ref) < 1e-5f, "r=%d i=%d %g vs %g", r, i, y[r*sout+i], ref); }
      for (int i = n; i < sout; ++i) CHECK(y[r*sout+i] == 0, "overwrite");
    }
    free(x); free(y);
  }
  DONE();
}

// Harness of argmax.ttir: row max and argmax.
#include "common.h"
void argmax_kernel(BUFT, BUFT, BUFT, int32_t, int32_t, GRID);
int main() {
  int cases[][2] = {{3, 1}, {5, 100}, {4, 1000}, {2, 1024}};
  for (int c = 0; c < 4; ++c) {
    int rows = cases[c][0], n = cases[c][1], stride = n + 2;
    float *x = malloc(4*rows*stride), *v = calloc(rows, 4); int32_t *ix = calloc(rows, 4);
    for (int i = 0; i < rows*stride; ++i) x[i] = (float)(rand() % 50);
    for (int r = 0; r < rows; ++r) argmax_kernel(BUF(x), BUF(v), BUF(ix), stride, n, rows, 1, 1, r, 0, 0);
    for (int r = 0; r < rows; ++r) { int b = 0; for (int i = 1; i < n; ++i) if (x[r*stride+i] > x[r*stride+b]) b = i;
      CHECK(v[r] == x[r*stride+b] && ix[r] == b, "r=%d got %g@%d want %g@%d", r, v[r], ix[r], x[r*stride+b], b); }
  }
  DONE();
}

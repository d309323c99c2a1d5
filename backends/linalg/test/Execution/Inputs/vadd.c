// Harness of vadd.ttir: vector add over sizes around the block size.
#include "common.h"
void vadd_kernel(BUFT, BUFT, BUFT, int32_t, GRID);
int main() {
  for (int n = 1; n < 1300; n += 97) {
    float *x = malloc(4*n), *y = malloc(4*n), *o = calloc(n+300, 4);
    for (int i = 0; i < n; ++i) { x[i] = frand(); y[i] = frand(); }
    int g = (n + 255) / 256;
    for (int p = 0; p < g; ++p) vadd_kernel(BUF(x), BUF(y), BUF(o), n, g, 1, 1, p, 0, 0);
    for (int i = 0; i < n; ++i) CHECK(o[i] == x[i] + y[i], "n=%d i=%d", n, i);
    for (int i = n; i < n + 300; ++i) CHECK(o[i] == 0, "overwrite n=%d i=%d", n, i);
    free(x); free(y); free(o);
  }
  DONE();
}

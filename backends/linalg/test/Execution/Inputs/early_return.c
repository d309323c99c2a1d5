// Harness of early_return.ttir: an early return on the program id.
#include "common.h"
void early_return_kernel(BUFT, BUFT, int32_t, GRID);
int main() {
  int n = 600, g = (n + 255) / 256 + 2;
  float *x = malloc(4*n), *y = calloc(n + 600, 4);
  for (int i = 0; i < n; ++i) x[i] = frand();
  for (int p = 0; p < g; ++p) early_return_kernel(BUF(x), BUF(y), n, g, 1, 1, p, 0, 0);
  for (int i = 0; i < n; ++i) CHECK(y[i] == 2 * fabsf(x[i]), "i=%d", i);
  for (int i = n; i < n + 600; ++i) CHECK(y[i] == 0, "overwrite");
  DONE();
}

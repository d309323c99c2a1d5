// Harness of extern_asm.ttir: libdevice exp and a PTX register move.
#include "common.h"
void extern_asm_kernel(BUFT, BUFT, BUFT, int32_t, GRID);
int main() {
  int n = 150, g = (n + 63) / 64;
  float *x = malloc(4*n), *y = calloc(n, 4); int32_t *b = calloc(n, 4);
  for (int i = 0; i < n; ++i) x[i] = frand();
  for (int p = 0; p < g; ++p) extern_asm_kernel(BUF(x), BUF(y), BUF(b), n, g, 1, 1, p, 0, 0);
  for (int i = 0; i < n; ++i) { int32_t bits; memcpy(&bits, &x[i], 4); CHECK(fabsf(y[i] - expf(x[i])) < 1e-6f, "exp %d", i); CHECK(b[i] == bits, "bits %d", i); }
  DONE();
}

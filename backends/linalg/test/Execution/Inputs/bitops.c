// Harness of bitops.ttir: and, or, xor, not, shl, ashr and lshr on i32 and
// i64, exactly.
#include "common.h"
void bitops_kernel(BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, int32_t, GRID);
static uint64_t rand64(void) { return ((uint64_t)rand() << 42) ^ ((uint64_t)rand() << 21) ^ (uint64_t)rand(); }
int main() {
  const int n = 300;
  int32_t *a = malloc(4 * n), *b = malloc(4 * n), *o32 = calloc(7 * n, 4);
  int64_t *c = malloc(8 * n), *d = malloc(8 * n), *o64 = calloc(7 * n, 8);
  for (int i = 0; i < n; ++i) {
    a[i] = (int32_t)rand64(); b[i] = (int32_t)rand64();
    c[i] = (int64_t)rand64(); d[i] = (int64_t)rand64();
  }
  int g = (n + 127) / 128;
  for (int p = 0; p < g; ++p)
    bitops_kernel(BUF(a), BUF(b), BUF(c), BUF(d), BUF(o32), BUF(o64), n, g, 1, 1, p, 0, 0);
  for (int i = 0; i < n; ++i) {
    int s = b[i] & 31, t = (int)(d[i] & 63);
    int32_t r32[7] = {a[i] & b[i], a[i] | b[i], a[i] ^ b[i], ~a[i],
                      (int32_t)((uint32_t)a[i] << s), a[i] >> s, (int32_t)((uint32_t)a[i] >> s)};
    int64_t r64[7] = {c[i] & d[i], c[i] | d[i], c[i] ^ d[i], ~c[i],
                      (int64_t)((uint64_t)c[i] << t), c[i] >> t, (int64_t)((uint64_t)c[i] >> t)};
    for (int k = 0; k < 7; ++k) {
      CHECK(o32[k * n + i] == r32[k], "i32 op %d i=%d", k, i);
      CHECK(o64[k * n + i] == r64[k], "i64 op %d i=%d", k, i);
    }
  }
  free(a); free(b); free(c); free(d); free(o32); free(o64);
  DONE();
}

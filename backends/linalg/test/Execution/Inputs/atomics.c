// Harness of atomics.ttir: tensor fadd/max into buckets, scalar add, cas and exchange.
#include "common.h"
void atomics_kernel(BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, int32_t, GRID);
int main() {
  int n = 1000, g = (n + 255) / 256;
  float *v = malloc(4*n), sum[16] = {0}; int32_t *k = malloc(4*n), mx[16], cnt = 0, flag = 0, old[8], ticket[8];
  for (int i = 0; i < 16; ++i) mx[i] = INT32_MIN;
  for (int i = 0; i < n; ++i) { v[i] = (float)(i % 7); k[i] = rand() % 1000; }
  for (int p = 0; p < g; ++p) atomics_kernel(BUF(v), BUF(k), BUF(sum), BUF(mx), BUF(&cnt), BUF(&flag), BUF(old), BUF(ticket), n, g, 1, 1, p, 0, 0);
  float rs[16] = {0}; int32_t rm[16]; for (int i = 0; i < 16; ++i) rm[i] = INT32_MIN;
  for (int i = 0; i < n; ++i) { rs[k[i]&15] += v[i]; if (k[i] > rm[k[i]&15]) rm[k[i]&15] = k[i]; }
  for (int i = 0; i < 16; ++i) { CHECK(sum[i] == rs[i], "sum %d %g %g", i, sum[i], rs[i]); CHECK(mx[i] == rm[i], "max %d", i); }
  CHECK(cnt == g, "count %d", cnt); CHECK(flag == 1, "flag");
  for (int p = 0; p < g; ++p) { CHECK(old[p] == (p == 0 ? 0 : 1), "old %d = %d", p, old[p]); CHECK(ticket[p] == p, "ticket %d = %d", p, ticket[p]); }
  DONE();
}

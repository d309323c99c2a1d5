// Harness of shapes.ttir: trans, reshape, join, split, cat, gather, histogram, unsplat, int_to_ptr.
#include "common.h"
void shapes_kernel(BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, BUFT, GRID);
int main() {
  float x[512], t[512] = {0}, j[128] = {0}, ga[32] = {0}, misc[3] = {0}; int32_t idx[64], h[32] = {0}, np = 0;
  for (int i = 0; i < 512; ++i) x[i] = (float)(i % 37) - 11;
  for (int i = 0; i < 64; ++i) idx[i] = rand();
  shapes_kernel(BUF(x), BUF(idx), BUF(t), BUF(j), BUF(ga), BUF(h), BUF(misc), BUF(&np), 3, 1, 1, 0, 0, 0);
  for (int m = 0; m < 16; ++m) for (int n = 0; n < 32; ++n) CHECK(t[n*16+m] == x[m*32+n], "trans");
  float total = 0; for (int i = 0; i < 512; ++i) total += x[i];
  for (int i = 0; i < 64; ++i) { CHECK(j[2*i] == x[i] && j[2*i+1] == 2*x[i], "join %d", i); }
  float csum = 0; for (int i = 0; i < 64; ++i) csum += 3 * x[i];
  for (int i = 0; i < 32; ++i) CHECK(ga[i] == x[63 - 2*i], "gather %d", i);
  int hr[32] = {0}; for (int i = 0; i < 64; ++i) hr[idx[i] & 31]++;
  for (int i = 0; i < 32; ++i) CHECK(h[i] == hr[i], "hist %d", i);
  CHECK(misc[0] == csum, "csum %g %g", misc[0], csum); CHECK(misc[1] == total, "total %g %g", misc[1], total); CHECK(misc[2] == x[0], "corner");
  CHECK(np == 3, "num programs");
  DONE();
}

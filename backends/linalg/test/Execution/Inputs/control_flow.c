// Harness of control_flow.ttir: if / for / while.
#include "common.h"
void control_flow_kernel(BUFT, BUFT, BUFT, int32_t, int32_t, GRID);
int main() {
  int n = 700, g = (n + 255) / 256 + 1;
  for (int iters = 0; iters < 6; ++iters) {
    float *x = malloc(4*n), *y = calloc(n, 4); int32_t steps[8] = {0};
    for (int i = 0; i < n; ++i) x[i] = frand();
    for (int p = 0; p < g; ++p) control_flow_kernel(BUF(x), BUF(y), BUF(steps), n, iters, g, 1, 1, p, 0, 0);
    for (int i = 0; i < n; ++i) { int p = i / 256; double acc = 0, sc = 1; for (int t = 0; t < iters; ++t) { acc += x[i]*sc; sc *= 0.5; }
      double ref = p % 2 == 0 ? acc + 1 : acc - 1; CHECK(fabs(y[i]-ref) < 1e-5, "iters=%d i=%d %g %g", iters, i, y[i], ref); }
    for (int p = 0; p < g - 1; ++p) { int v = n - p*256, s = 0; while (v > 1) { v /= 2; s++; } CHECK(steps[p] == s, "steps %d", p); }
  }
  DONE();
}

/* Runs the lowered tt.print kernel of print.mlir on CPU threads for two
 * programs; the output is checked line by line. */
#include "simt_runtime.h"

void print_kernel(int *x, float *f);

static int x[8];
static float f[8];

static void body(void *p) { print_kernel(x, f); }

int main(void) {
  for (int i = 0; i < 8; ++i) {
    x[i] = 5 - 3 * i;
    f[i] = 0.5f * i + 0.25f;
  }
  simt_launch(2, 32, body, 0);
  return 0;
}

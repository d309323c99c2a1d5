/* Runs the lowered cumsum_rows (tt.scan, 4 warps, 1024 columns per
 * program) and histogram (tt.atomic_rmw add over 256 bins) kernels of
 * Triton 3.6 on CPU threads against references. */
#include "simt_runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef KERNEL_CUMSUM
void cumsum_rows(float *x, float *y, int nCols);
enum { Rows = 3, Cols = 1000 };
#else
void histogram(int *x, int *hist, int n);
enum { N = 2500, Bins = 256 };
#endif

struct Args {
  void *in, *out;
};

static void body(void *p) {
  struct Args *a = p;
#ifdef KERNEL_CUMSUM
  cumsum_rows(a->in, a->out, Cols);
#else
  histogram(a->in, a->out, N);
#endif
}

int main(void) {
  srand(5);
#ifdef KERNEL_CUMSUM
  /* The last row may be read up to 1024 columns: pad. */
  const int size = (Rows - 1) * Cols + 1024;
  float *x = aligned_alloc(64, size * 4), *y = aligned_alloc(64, size * 4);
  for (int i = 0; i < size; ++i) {
    x[i] = (float)(rand() / (double)RAND_MAX * 2 - 1);
    y[i] = 777;
  }
  struct Args args = {x, y};
  simt_launch(Rows, 128, body, &args);
  double maxError = 0;
  for (int r = 0; r < Rows; ++r) {
    double sum = 0;
    for (int c = 0; c < Cols; ++c) {
      sum += x[r * Cols + c];
      double err = fabs(sum - y[r * Cols + c]);
      if (err > maxError)
        maxError = err;
    }
  }
  int untouched = 1;
  for (int i = Rows * Cols; i < size; ++i)
    untouched &= y[i] == 777;
  const double tolerance = 1e-4;
#else
  const int padded = 3072;
  int *x = aligned_alloc(64, padded * 4), *hist = aligned_alloc(64, 512 * 4);
  int ref[Bins] = {0};
  for (int i = 0; i < padded; ++i)
    x[i] = rand() % 100000;
  for (int i = 0; i < N; ++i)
    ref[x[i] % Bins]++;
  for (int i = 0; i < 512; ++i)
    hist[i] = 0;
  struct Args args = {x, hist};
  simt_launch((N + 1023) / 1024, 128, body, &args);
  double maxError = 0;
  for (int b = 0; b < Bins; ++b)
    maxError = fmax(maxError, fabs((double)(ref[b] - hist[b])));
  int untouched = 1;
  for (int b = Bins; b < 512; ++b)
    untouched &= hist[b] == 0;
  const double tolerance = 0;
#endif
  printf("max abs error %g, tail untouched %d\n", maxError, untouched);
  printf(maxError <= tolerance && untouched ? "PASS\n" : "FAIL\n");
  return 0;
}

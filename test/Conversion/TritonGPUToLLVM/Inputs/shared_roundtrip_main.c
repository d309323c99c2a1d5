/* Runs the lowered Inputs/shared_roundtrip.mlir (4 warps, one 32x32 f32
 * tile through two shared-memory buffers) on CPU threads: both outputs
 * must equal the input, element for element. */
#include "simt_runtime.h"

#include <stdio.h>
#include <stdlib.h>

/* The vector shared accesses come from simt_runtime.c. */

void shared_roundtrip(float *in, float *out, float *out2);

struct Args {
  float *in, *out, *out2;
};

static void body(void *p) {
  struct Args *args = p;
  shared_roundtrip(args->in, args->out, args->out2);
}

int main(void) {
  float *in = aligned_alloc(64, 1024 * 4), *out = aligned_alloc(64, 1024 * 4),
        *out2 = aligned_alloc(64, 1024 * 4);
  for (int i = 0; i < 1024; ++i) {
    in[i] = (float)i * 0.5f - 100.0f;
    out[i] = out2[i] = -1.0f;
  }
  struct Args args = {in, out, out2};
  simt_launch(1, 128, body, &args);
  int wrong = 0, wrong2 = 0;
  for (int i = 0; i < 1024; ++i) {
    wrong += out[i] != in[i];
    wrong2 += out2[i] != in[i];
  }
  printf("local_alloc/local_load wrong %d, local_store/local_load wrong %d\n",
         wrong, wrong2);
  return wrong || wrong2;
}

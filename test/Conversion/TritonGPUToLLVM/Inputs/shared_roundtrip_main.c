/* Runs the lowered Inputs/shared_roundtrip.mlir (4 warps, one 32x32 f32
 * tile through two shared-memory buffers) on CPU threads: both outputs
 * must equal the input, element for element. Also provides the vector
 * shared-memory accesses the lowering emits for it. */
#include "simt_runtime.h"

#include <stdio.h>
#include <stdlib.h>

typedef float v4f32 __attribute__((vector_size(16)));

void test_store_shared_v4f32(v4f32 *ptr, v4f32 value, int pred) {
  if (pred)
    *ptr = value;
}
v4f32 test_load_shared_v4f32(v4f32 *ptr, int pred) { return *ptr; }

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

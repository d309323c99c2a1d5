// Harness of embedding.ttir: rows of a 50 x 100 table gathered by 37 loaded
// indices, exactly; the padding after the last token stays untouched.
#include "common.h"
void embedding_kernel(BUFT, BUFT, BUFT, int32_t, int32_t, GRID);
int main() {
  const int rows = 50, dim = 100, tokens = 37;
  float *w = malloc(4 * rows * dim), *o = calloc(tokens * dim + 200, 4);
  int32_t *ids = malloc(4 * tokens);
  for (int i = 0; i < rows * dim; ++i) w[i] = frand();
  for (int t = 0; t < tokens; ++t) ids[t] = rand() % rows;
  int g = (tokens + 15) / 16;
  for (int p = 0; p < g; ++p)
    embedding_kernel(BUF(ids), BUF(w), BUF(o), tokens, dim, g, 1, 1, p, 0, 0);
  for (int t = 0; t < tokens; ++t)
    for (int c = 0; c < dim; ++c)
      CHECK(o[t * dim + c] == w[ids[t] * dim + c], "token %d col %d", t, c);
  for (int i = tokens * dim; i < tokens * dim + 200; ++i) CHECK(o[i] == 0, "overwrite at %d", i);
  free(w); free(o); free(ids);
  DONE();
}

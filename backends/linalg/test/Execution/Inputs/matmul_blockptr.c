// Harness of matmul_blockptr.ttir: f16 matmul through block pointers, same shapes.
#include "common.h"
void matmul_blockptr_kernel(BUFT, BUFT, BUFT, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, GRID);
int main() {
  int cases[][3] = {{64, 64, 32}, {100, 70, 50}, {10, 130, 33}, {130, 5, 64}, {7, 9, 1}, {200, 200, 100}};
  for (int c = 0; c < 6; ++c) {
    int M = cases[c][0], N = cases[c][1], K = cases[c][2];
    int sam = K + 1, sak = 1, sbk = N + 2, sbn = 1, scm = N + 3, scn = 1;
    uint16_t *A = malloc(2*M*sam), *B = malloc(2*K*sbk), *C = calloc(M*scm + 64, 2);
    for (int i = 0; i < M*sam; ++i) A[i] = f2h(frand());
    for (int i = 0; i < K*sbk; ++i) B[i] = f2h(frand());
    int g = ((M+63)/64) * ((N+63)/64);
    for (int p = 0; p < g; ++p) matmul_blockptr_kernel(BUF(A), BUF(B), BUF(C), M, N, K, sam, sak, sbk, sbn, scm, scn, g, 1, 1, p, 0, 0);
    for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) {
      float ref = 0; for (int k = 0; k < K; ++k) ref += h2f(A[i*sam+k]) * h2f(B[k*sbk+j]);
      CHECK(fabsf(h2f(C[i*scm+j]) - ref) < 2e-2f + 1e-2f*fabsf(ref), "M=%d N=%d K=%d i=%d j=%d %g vs %g", M, N, K, i, j, h2f(C[i*scm+j]), ref);
    }
    for (int i = 0; i < M; ++i) for (int j = N; j < scm; ++j) CHECK(C[i*scm+j] == 0, "overwrite i=%d j=%d", i, j);
    free(A); free(B); free(C);
  }
  DONE();
}

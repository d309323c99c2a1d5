/* Runs the lowered tt.histogram and tt.gather kernels of
 * histogram_gather.mlir on CPU threads (one program of 128 threads each)
 * against references computed here with plain loops. Inputs include
 * negative and too-large bin values (not counted) and a masked tail. */
#include "simt_runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void histogram64(int32_t *x, int32_t *out, int32_t n);
void histogram8(int8_t *x, int32_t *out);
void gather_rows(float *src, int32_t *idx, float *out);
void gather_1d(float *src, int64_t *idx, float *out);
void gather_lanes(float *src, int32_t *idx, float *out);
void gather_thread(float *src, int32_t *idx, float *out);

enum { N64 = 512, Counted64 = 437, Bins64 = 64, N8 = 64, Bins8 = 8 };

static int32_t x64[N64], hist64[Bins64 + 8];
static int8_t x8[N8];
static int32_t hist8[Bins8 + 8];
static float src2[32 * 16], out2[8 * 16 + 8], src1[64], out1[128 + 8];
static int32_t idx2[8 * 16];
static int64_t idx1[128];
static float srcL[32 * 16], outL[32 * 8 + 8], srcT[128 * 8], outT[128 * 4 + 8];
static int32_t idxL[32 * 8], idxT[128 * 4];

static void runHistogram64(void *p) { histogram64(x64, hist64, Counted64); }
static void runHistogram8(void *p) { histogram8(x8, hist8); }
static void runGatherRows(void *p) { gather_rows(src2, idx2, out2); }
static void runGather1d(void *p) { gather_1d(src1, idx1, out1); }
static void runGatherLanes(void *p) { gather_lanes(srcL, idxL, outL); }
static void runGatherThread(void *p) { gather_thread(srcT, idxT, outT); }

int main(void) {
  srand(11);
  /* Mostly in range; some negative, some past the last bin. */
  for (int i = 0; i < N64; ++i)
    x64[i] = rand() % 80 - 8;
  for (int i = 0; i < N8; ++i)
    x8[i] = (int8_t)(rand() % 12 - 2);
  for (int i = 0; i < 32 * 16; ++i)
    src2[i] = (float)(rand() % 10000) / 8;
  for (int i = 0; i < 8 * 16; ++i)
    idx2[i] = rand() % 32;
  for (int i = 0; i < 64; ++i)
    src1[i] = (float)(rand() % 10000) / 4;
  for (int i = 0; i < 128; ++i)
    idx1[i] = rand() % 64;
  for (int i = 0; i < 32 * 16; ++i)
    srcL[i] = (float)(rand() % 10000) / 2;
  for (int i = 0; i < 32 * 8; ++i)
    idxL[i] = rand() % 16;
  for (int i = 0; i < 128 * 8; ++i)
    srcT[i] = (float)(rand() % 10000) / 16;
  for (int i = 0; i < 128 * 4; ++i)
    idxT[i] = rand() % 8;
  for (int i = 0; i < 32 * 8 + 8; ++i)
    outL[i] = -1;
  for (int i = 0; i < 128 * 4 + 8; ++i)
    outT[i] = -1;
  for (int i = 0; i < Bins64 + 8; ++i)
    hist64[i] = -1;
  for (int i = 0; i < Bins8 + 8; ++i)
    hist8[i] = -1;
  for (int i = 0; i < 8 * 16 + 8; ++i)
    out2[i] = -1;
  for (int i = 0; i < 128 + 8; ++i)
    out1[i] = -1;

  simt_launch(1, 128, runHistogram64, NULL);
  simt_launch(1, 128, runHistogram8, NULL);
  simt_launch(1, 128, runGatherRows, NULL);
  simt_launch(1, 128, runGather1d, NULL);
  simt_launch(1, 128, runGatherLanes, NULL);
  simt_launch(1, 128, runGatherThread, NULL);

  int ref64[Bins64] = {0}, ref8[Bins8] = {0};
  for (int i = 0; i < Counted64; ++i)
    if (x64[i] >= 0 && x64[i] < Bins64)
      ref64[x64[i]]++;
  for (int i = 0; i < N8; ++i)
    if (x8[i] >= 0 && x8[i] < Bins8)
      ref8[x8[i]]++;
  int wrong64 = 0, wrong8 = 0, wrongRows = 0, wrong1d = 0, tails = 1;
  for (int b = 0; b < Bins64; ++b)
    wrong64 += hist64[b] != ref64[b];
  for (int b = 0; b < Bins8; ++b)
    wrong8 += hist8[b] != ref8[b];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      wrongRows += out2[i * 16 + j] != src2[idx2[i * 16 + j] * 16 + j];
  for (int i = 0; i < 128; ++i)
    wrong1d += out1[i] != src1[idx1[i]];
  int wrongLanes = 0, wrongThread = 0;
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 8; ++j)
      wrongLanes += outL[i * 8 + j] != srcL[i * 16 + idxL[i * 8 + j]];
  for (int i = 0; i < 128; ++i)
    for (int j = 0; j < 4; ++j)
      wrongThread += outT[i * 4 + j] != srcT[i * 8 + idxT[i * 4 + j]];
  for (int i = 0; i < 8; ++i)
    tails &= outL[32 * 8 + i] == -1 && outT[128 * 4 + i] == -1 && hist64[Bins64 + i] == -1 && hist8[Bins8 + i] == -1 &&
             out2[8 * 16 + i] == -1 && out1[128 + i] == -1;
  int counted = 0;
  for (int b = 0; b < Bins64; ++b)
    counted += hist64[b];
  printf("histogram64: %d counted, %d bins wrong\n", counted, wrong64);
  printf("histogram8: %d bins wrong\n", wrong8);
  printf("gather_rows: %d wrong, gather_1d: %d wrong\n", wrongRows, wrong1d);
  printf("gather_lanes: %d wrong, gather_thread: %d wrong\n", wrongLanes,
         wrongThread);
  printf("tails untouched %d\n", tails);
  return 0;
}

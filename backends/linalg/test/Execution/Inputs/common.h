// Shared helpers of the execution harnesses (test/Execution): each harness
// calls a converted kernel once per program id, with the calling convention
// of linalg-triton-to-linalg (a memref<?xT> is five values: allocated and
// aligned pointers, offset, size, stride), and compares with a C reference.
// It prints OK, or FAIL lines and FAILED (exit status 1).
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
// A buffer argument: offset 0, stride 1 (the size is not read).
#define BUF(p) (void*)(p), (void*)(p), (int64_t)0, (int64_t)(1<<30), (int64_t)1
#define BUFT void*, void*, int64_t, int64_t, int64_t
#define GRID int32_t, int32_t, int32_t, int32_t, int32_t, int32_t
static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { if (failures++ < 10) { printf("FAIL: " __VA_ARGS__); printf("\n"); } } } while (0)
static float frand(void) { return (float)rand() / RAND_MAX * 2.0f - 1.0f; }
static uint16_t f2h(float f) { _Float16 h = (_Float16)f; uint16_t u; memcpy(&u, &h, 2); return u; }
static float h2f(uint16_t u) { _Float16 h; memcpy(&h, &u, 2); return (float)h; }
#define DONE() do { printf(failures ? "FAILED (%d)\n" : "OK\n", failures); return failures != 0; } while (0)

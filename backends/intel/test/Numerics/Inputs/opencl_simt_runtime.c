/*===- opencl_simt_runtime.c - OpenCL built-ins of the intel llir on CPU --===
 *
 * Runs a kernel of the intel `llir` stage, compiled for the host, on the
 * core's CPU threads (test/Conversion/TritonGPUToLLVM/Inputs/simt_runtime.c:
 * one thread per work-item of a work-group, work-groups one after the other),
 * sub-groups being 16 consecutive work-items. It defines the OpenCL built-ins
 * the kernel calls over that runtime: get_local_id, get_group_id, barrier,
 * and the DPAS built-ins intel_sub_group_f16_f16_matrix_mad_k16 and
 * intel_sub_group_bf16_bf16_matrix_mad_k16 of
 * cl_intel_subgroup_matrix_multiply_accumulate, which follow the extension's
 * operand layouts (a: lane k holds A[i][k] in element i; b: lane n holds
 * B[2j][n] and B[2j + 1][n] in the low and high halves of element j; acc and
 * result: lane n holds C[i][n] in element i) with the sub-group exchanging
 * its operands through memory between two barriers. Every work-item of the
 * work-group must call it together, as the lowering does.
 *
 *===----------------------------------------------------------------------===*/

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MAX_THREADS 1024
#define LANES 16

typedef short short8 __attribute__((ext_vector_type(8)));
typedef int int8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

/* The core's CPU runtime (simt_runtime.c). */
int test_thread_id(void);
int test_program_id_0(void);
void test_barrier(void);

static short8 slotsA[MAX_THREADS];
static int8 slotsB[MAX_THREADS];
long dpasCalls;
static pthread_mutex_t callsLock = PTHREAD_MUTEX_INITIALIZER;

/* IEEE half to float (every half is exact in a float). */
float half_to_float(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float value;
  if (exponent == 0)
    value = ldexpf((float)mantissa, -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = ldexpf((float)(mantissa | 1024), exponent - 25);
  return sign ? -value : value;
}

/* Float to IEEE half, for values a half holds exactly (small integers). */
uint16_t float_to_half(float f) {
  uint16_t sign = f < 0 ? 0x8000 : 0;
  f = fabsf(f);
  if (f == 0.0f)
    return sign;
  int exponent;
  float fraction = frexpf(f, &exponent);    /* f = fraction * 2^exponent */
  int mantissa = (int)ldexpf(fraction, 11); /* 1024..2047 */
  return sign | (uint16_t)((exponent + 14) << 10) | (uint16_t)(mantissa - 1024);
}

/* bf16 to float: the high half of a float's bits. */
float bf16_to_float(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Float to bf16, rounded to nearest even (for finite values). */
uint16_t float_to_bf16(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  bits += 0x7fff + ((bits >> 16) & 1);
  return (uint16_t)(bits >> 16);
}

size_t _Z12get_local_idj(unsigned dim) {
  return dim == 0 ? test_thread_id() : 0;
}
size_t _Z12get_group_idj(unsigned dim) {
  return dim == 0 ? test_program_id_0() : 0;
}
void _Z7barrierj(unsigned flags) { test_barrier(); }

/* One DPAS of the sub-group: 8 rows of A (a), 16 of K, 16 columns of B (b),
 * with elements decoded by `decode`. */
static float8 dpas(short8 a, int8 b, float8 acc, float (*decode)(uint16_t)) {
  int threadIndex = test_thread_id();
  slotsA[threadIndex] = a;
  slotsB[threadIndex] = b;
  test_barrier();
  int first = threadIndex - threadIndex % LANES;
  float8 result = acc;
  for (int i = 0; i < 8; ++i) {
    float sum = acc[i];
    for (int k = 0; k < 16; ++k) {
      float x = decode((uint16_t)slotsA[first + k][i]);
      uint32_t pair = (uint32_t)b[k / 2];
      float y = decode((uint16_t)(k % 2 ? pair >> 16 : pair));
      sum += x * y;
    }
    result[i] = sum;
  }
  test_barrier();
  pthread_mutex_lock(&callsLock);
  ++dpasCalls;
  pthread_mutex_unlock(&callsLock);
  return result;
}

float8 _Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f(short8 a,
                                                                 int8 b,
                                                                 float8 acc) {
  return dpas(a, b, acc, half_to_float);
}

float8 _Z40intel_sub_group_bf16_bf16_matrix_mad_k16Dv8_sDv8_iDv8_f(short8 a,
                                                                   int8 b,
                                                                   float8 acc) {
  return dpas(a, b, acc, bf16_to_float);
}

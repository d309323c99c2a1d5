/*===- simt_runtime.c - Run lowered kernels on CPU threads ----------------===
 * See simt_runtime.h. */

#include "simt_runtime.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 1024

/* The shared memory of the running block (the lowering addresses it as
 * @global_smem). */
_Alignas(16) char global_smem[1 << 16];

static __thread int threadIndex;
static int programIdX, numProgramsX;
static pthread_barrier_t barrier;
static uint64_t slots[MAX_THREADS];

int test_thread_id(void) { return threadIndex; }
int test_program_id_0(void) { return programIdX; }
int test_program_id_1(void) { return 0; }
int test_program_id_2(void) { return 0; }
int test_num_programs_0(void) { return numProgramsX; }
int test_num_programs_1(void) { return 1; }
int test_num_programs_2(void) { return 1; }

void test_barrier(void) { pthread_barrier_wait(&barrier); }

/* Every thread publishes its value, then reads its partner's. */
static uint64_t exchange(uint64_t bits, int partner) {
  slots[threadIndex] = bits;
  pthread_barrier_wait(&barrier);
  uint64_t result = slots[partner];
  pthread_barrier_wait(&barrier);
  return result;
}

float test_shuffle_xor_f32(float value, int mask) {
  uint32_t bits;
  memcpy(&bits, &value, 4);
  bits = (uint32_t)exchange(bits, threadIndex ^ mask);
  memcpy(&value, &bits, 4);
  return value;
}

int test_shuffle_xor_i32(int value, int mask) {
  return (int)(uint32_t)exchange((uint32_t)value, threadIndex ^ mask);
}

/* `lane` is an index within the warp of 32. */
float test_shuffle_idx_f32(float value, int lane) {
  uint32_t bits;
  memcpy(&bits, &value, 4);
  bits = (uint32_t)exchange(bits, (threadIndex & ~31) | (lane & 31));
  memcpy(&value, &bits, 4);
  return value;
}

int test_shuffle_idx_i32(int value, int lane) {
  return (int)(uint32_t)exchange((uint32_t)value,
                                 (threadIndex & ~31) | (lane & 31));
}

/* Bit l of the result: the predicate of lane l of this thread's warp. */
int test_ballot_i32(int pred) {
  slots[threadIndex] = pred & 1;
  pthread_barrier_wait(&barrier);
  uint32_t mask = 0;
  for (int l = 0; l < 32; ++l)
    mask |= (uint32_t)slots[(threadIndex & ~31) | l] << l;
  pthread_barrier_wait(&barrier);
  return (int)mask;
}

/* One whole line per call, whatever the other threads print. */
static pthread_mutex_t printLock = PTHREAD_MUTEX_INITIALIZER;
void test_printf(const char *format, ...) {
  va_list args;
  va_start(args, format);
  pthread_mutex_lock(&printLock);
  vprintf(format, args);
  fflush(stdout);
  pthread_mutex_unlock(&printLock);
  va_end(args);
}

/* i1 arguments arrive in the low bit of an int. */
void test_store_shared_f32(float *ptr, float value, int pred) {
  if (pred & 1)
    *ptr = value;
}
float test_load_shared_f32(float *ptr, int pred) { return *ptr; }
void test_store_shared_i32(int *ptr, int value, int pred) {
  if (pred & 1)
    *ptr = value;
}
int test_load_shared_i32(int *ptr, int pred) { return *ptr; }
void test_store_shared_i64(int64_t *ptr, int64_t value, int pred) {
  if (pred & 1)
    *ptr = value;
}
int64_t test_load_shared_i64(int64_t *ptr, int pred) { return *ptr; }

/* f16 scalars and the vectors the matmul kernel's staged tiles use. */
#define SHARED_ACCESS(name, type)                                              \
  void test_store_shared_##name(type *ptr, type value, int pred) {             \
    if (pred & 1)                                                              \
      __builtin_memcpy(ptr, &value, sizeof(type));                             \
  }                                                                            \
  type test_load_shared_##name(type *ptr, int pred) {                          \
    type value;                                                                \
    __builtin_memcpy(&value, ptr, sizeof(type));                               \
    return value;                                                              \
  }
typedef _Float16 v2f16 __attribute__((ext_vector_type(2)));
typedef _Float16 v4f16 __attribute__((ext_vector_type(4)));
typedef _Float16 v8f16 __attribute__((ext_vector_type(8)));
SHARED_ACCESS(f16, _Float16)
SHARED_ACCESS(v2f16, v2f16)
SHARED_ACCESS(v4f16, v4f16)
SHARED_ACCESS(v8f16, v8f16)

/* The vectors of up to 16 bytes that layout conversions move through their
   (swizzled) scratch buffers. */
typedef float v2f32 __attribute__((ext_vector_type(2)));
typedef float v4f32 __attribute__((ext_vector_type(4)));
typedef int v2i32 __attribute__((ext_vector_type(2)));
typedef int v4i32 __attribute__((ext_vector_type(4)));
typedef int64_t v2i64 __attribute__((ext_vector_type(2)));
typedef int8_t v2i8 __attribute__((ext_vector_type(2)));
typedef int8_t v4i8 __attribute__((ext_vector_type(4)));
typedef int8_t v8i8 __attribute__((ext_vector_type(8)));
typedef int8_t v16i8 __attribute__((ext_vector_type(16)));
typedef int16_t v2i16 __attribute__((ext_vector_type(2)));
typedef int16_t v4i16 __attribute__((ext_vector_type(4)));
typedef int16_t v8i16 __attribute__((ext_vector_type(8)));
SHARED_ACCESS(i8, int8_t)
SHARED_ACCESS(i16, int16_t)
SHARED_ACCESS(v2f32, v2f32)
SHARED_ACCESS(v4f32, v4f32)
SHARED_ACCESS(v2i32, v2i32)
SHARED_ACCESS(v4i32, v4i32)
SHARED_ACCESS(v2i64, v2i64)
SHARED_ACCESS(v2i8, v2i8)
SHARED_ACCESS(v4i8, v4i8)
SHARED_ACCESS(v8i8, v8i8)
SHARED_ACCESS(v16i8, v16i8)
SHARED_ACCESS(v2i16, v2i16)
SHARED_ACCESS(v4i16, v4i16)
SHARED_ACCESS(v8i16, v8i16)

struct Start {
  int index;
  void (*body)(void *);
  void *args;
};

static void *run(void *p) {
  struct Start *start = p;
  threadIndex = start->index;
  start->body(start->args);
  return NULL;
}

void simt_launch(int gridX, int numThreads, void (*body)(void *),
                 void *args) {
  if (numThreads > MAX_THREADS) {
    fprintf(stderr, "simt_launch: too many threads\n");
    exit(2);
  }
  pthread_t threads[MAX_THREADS];
  struct Start starts[MAX_THREADS];
  numProgramsX = gridX;
  for (int pid = 0; pid < gridX; ++pid) {
    programIdX = pid;
    memset(global_smem, 0xff, sizeof(global_smem));
    pthread_barrier_init(&barrier, NULL, numThreads);
    for (int t = 0; t < numThreads; ++t) {
      starts[t] = (struct Start){t, body, args};
      pthread_create(&threads[t], NULL, run, &starts[t]);
    }
    for (int t = 0; t < numThreads; ++t)
      pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&barrier);
  }
}

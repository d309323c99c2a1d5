// Plain C++ baselines for bench/cpu_bench.py: the same kernels as
// test/kernels/{vadd,softmax,layernorm,matmul,matmul_f32,attention}.ttir,
// written as ordinary
// loops, split over T threads of a persistent pool (contiguous ranges of
// elements / rows / row blocks), timed as the median of RUNS runs after 2
// warm-up runs.
//
//   clang++-22 -O3 -march=native -std=c++17 -pthread baselines.cpp \
//       [-DWITH_OPENBLAS -I/usr/include/x86_64-linux-gnu/openblas-pthread -lopenblas]
//
//   baselines vadd N RUNS THREADS
//   baselines softmax ROWS COLS RUNS THREADS
//   baselines layernorm ROWS COLS RUNS THREADS
//   baselines matmul M N K RUNS THREADS        (f16 in, f32 accumulate, f16 out)
//   baselines matmul_f32 M N K RUNS THREADS    (f32 in, accumulate, out)
//   baselines sgemm M N K RUNS THREADS         (OpenBLAS cblas_sgemm, f32)
//   baselines attention ZH NCTX RUNS THREADS   (f16 Q, K, V, Out [ZH, NCTX, 64])
//
// Prints one line: "<name>: median X ms (min Y, max Z, RUNS runs)".

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "BaselineTiming.h"

#ifdef WITH_OPENBLAS
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif

using f16 = _Float16;

static int g_threads = 2;

// A pool of g_threads - 1 workers, started on first use and kept: a timed
// run does not pay for starting threads, as Trident's runtime, OpenMP and
// oneDNN do not. run(t, job) calls job(i) for i in [0, t), job(0) on the
// calling thread, and returns when all have returned.
class Pool {
public:
  void run(int t, const std::function<void(int)> &job) {
    start(t - 1);
    {
      std::lock_guard<std::mutex> lock(mutex);
      current = &job;
      active = t;
      pending = t - 1;
      ++generation;
    }
    wake.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return pending == 0; });
  }

private:
  void start(int workers) {
    while (int(threads.size()) < workers) {
      int index = int(threads.size()) + 1;
      threads.emplace_back([this, index] { work(index); });
      threads.back().detach();
    }
  }

  void work(int index) {
    unsigned long seen = 0;
    for (;;) {
      const std::function<void(int)> *job;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return generation != seen; });
        seen = generation;
        if (index >= active)
          continue;
        job = current;
      }
      (*job)(index);
      {
        std::lock_guard<std::mutex> lock(mutex);
        --pending;
      }
      done.notify_one();
    }
  }

  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable wake, done;
  const std::function<void(int)> *current = nullptr;
  int active = 0, pending = 0;
  unsigned long generation = 0;
};

// Runs body(begin, end) over [0, n) split into g_threads contiguous parts,
// on the pool.
static void parallel_for(long n, const std::function<void(long, long)> &body) {
  static Pool *pool = new Pool; // never joined: workers outlive main
  int t = g_threads;
  if (t <= 1 || n < t) { body(0, n); return; }
  long chunk = (n + t - 1) / t;
  pool->run(t, [&](int i) {
    long b = i * chunk, e = std::min(n, b + chunk);
    if (b < e)
      body(b, e);
  });
}

int main(int argc, char **argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: see the header\n"); return 2; }
  std::string k = argv[1];
  auto arg = [&](int i) { return std::atol(argv[i]); };

  if (k == "vadd" && argc == 5) {
    long n = arg(2); int runs = arg(3); g_threads = arg(4);
    std::vector<float> x(n), y(n), out(n);
    for (long i = 0; i < n; ++i) { x[i] = frand(-1, 1); y[i] = frand(-1, 1); }
    report("vadd", runs, [&] {
      parallel_for(n, [&](long b, long e) {
        for (long i = b; i < e; ++i) out[i] = x[i] + y[i];
      });
    });
  } else if (k == "softmax" && argc == 6) {
    long rows = arg(2), cols = arg(3); int runs = arg(4); g_threads = arg(5);
    std::vector<float> in(rows * cols), out(rows * cols);
    for (auto &v : in) v = frand(-4, 4);
    report("softmax", runs, [&] {
      parallel_for(rows, [&](long b, long e) {
        for (long r = b; r < e; ++r) {
          const float *x = &in[r * cols];
          float *y = &out[r * cols];
          float m = -INFINITY;
          for (long c = 0; c < cols; ++c) m = std::max(m, x[c]);
          float s = 0;
          for (long c = 0; c < cols; ++c) { y[c] = std::exp(x[c] - m); s += y[c]; }
          for (long c = 0; c < cols; ++c) y[c] = y[c] / s;
        }
      });
    });
  } else if (k == "layernorm" && argc == 6) {
    long rows = arg(2), cols = arg(3); int runs = arg(4); g_threads = arg(5);
    std::vector<f16> X(rows * cols), Y(rows * cols), W(cols), B(cols);
    std::vector<float> Mean(rows), Rstd(rows);
    for (auto &v : X) v = (f16)frand(-2, 2);
    for (auto &v : W) v = (f16)frand(0.5, 1.5);
    for (auto &v : B) v = (f16)frand(-0.5, 0.5);
    const float eps = 1e-5f;
    report("layernorm", runs, [&] {
      parallel_for(rows, [&](long b, long e) {
        for (long r = b; r < e; ++r) {
          const f16 *x = &X[r * cols];
          f16 *y = &Y[r * cols];
          float s = 0;
          for (long c = 0; c < cols; ++c) s += (float)x[c];
          float mean = s / cols;
          float v = 0;
          for (long c = 0; c < cols; ++c) { float d = (float)x[c] - mean; v += d * d; }
          float rstd = 1.0f / std::sqrt(v / cols + eps);
          Mean[r] = mean; Rstd[r] = rstd;
          for (long c = 0; c < cols; ++c)
            y[c] = (f16)(((float)x[c] - mean) * rstd * (float)W[c] + (float)B[c]);
        }
      });
    });
  } else if (k == "matmul_f32" && argc == 7) {
    long M = arg(2), N = arg(3), K = arg(4); int runs = arg(5); g_threads = arg(6);
    std::vector<float> A(M * K), Bm(K * N), C(M * N);
    for (auto &v : A) v = frand(-1, 1);
    for (auto &v : Bm) v = frand(-1, 1);
    report("matmul_f32", runs, [&] {
      // Rows of C split over the threads, i-k-j order, an f32 row
      // accumulator per thread.
      parallel_for(M, [&](long b, long e) {
        std::vector<float> acc(N);
        for (long i = b; i < e; ++i) {
          std::fill(acc.begin(), acc.end(), 0.0f);
          for (long p = 0; p < K; ++p) {
            float a = A[i * K + p];
            const float *brow = &Bm[p * N];
            for (long j = 0; j < N; ++j) acc[j] += a * brow[j];
          }
          std::copy(acc.begin(), acc.end(), &C[i * N]);
        }
      });
    });
  } else if (k == "attention" && argc == 6) {
    // The math of test/kernels/attention.ttir, row by row: scores
    // s_j = (q . k_j) * sm_scale * log2(e) in f32, p_j = exp2(s_j - max s),
    // out = sum_j f16(p_j) v_j / sum_j p_j, stored as f16.
    long ZH = arg(2), NCTX = arg(3); int runs = arg(4); g_threads = arg(5);
    const long D = 64;
    std::vector<f16> Q(ZH * NCTX * D), Kt(ZH * NCTX * D), V(ZH * NCTX * D),
        O(ZH * NCTX * D);
    for (auto &v : Q) v = (f16)frand(-1, 1);
    for (auto &v : Kt) v = (f16)frand(-1, 1);
    for (auto &v : V) v = (f16)frand(-1, 1);
    const float scale = 0.125f * 1.44269504f;
    report("attention", runs, [&] {
      parallel_for(ZH * NCTX, [&](long b, long e) {
        std::vector<float> s(NCTX), q(D), kf(NCTX * D), acc(D);
        long loaded = -1;
        for (long r = b; r < e; ++r) {
          long hz = r / NCTX;
          const f16 *K = &Kt[hz * NCTX * D], *Vh = &V[hz * NCTX * D];
          if (hz != loaded) {  // keys of this head in f32, once per head
            for (long i = 0; i < NCTX * D; ++i) kf[i] = (float)K[i];
            loaded = hz;
          }
          for (long d = 0; d < D; ++d) q[d] = (float)Q[r * D + d];
          float m = -INFINITY;
          for (long j = 0; j < NCTX; ++j) {
            float dot = 0;
            for (long d = 0; d < D; ++d) dot += q[d] * kf[j * D + d];
            s[j] = dot * scale;
            m = std::max(m, s[j]);
          }
          float l = 0;
          std::fill(acc.begin(), acc.end(), 0.0f);
          for (long j = 0; j < NCTX; ++j) {
            float p = std::exp2(s[j] - m);
            l += p;
            float ph = (float)(f16)p;
            for (long d = 0; d < D; ++d) acc[d] += ph * (float)Vh[j * D + d];
          }
          for (long d = 0; d < D; ++d) O[r * D + d] = (f16)(acc[d] / l);
        }
      });
    });
  } else if ((k == "matmul" || k == "sgemm") && argc == 7) {
    long M = arg(2), N = arg(3), K = arg(4); int runs = arg(5); g_threads = arg(6);
    if (k == "matmul") {
      std::vector<f16> A(M * K), Bm(K * N), C(M * N);
      for (auto &v : A) v = (f16)frand(-1, 1);
      for (auto &v : Bm) v = (f16)frand(-1, 1);
      std::vector<float> Bf(K * N);
      report("matmul", runs, [&] {
        // B to f32 once per call (part of the timed work), then rows of C
        // split over the threads, i-k-j order with a 64-row block of A.
        parallel_for(K, [&](long b, long e) {
          for (long i = b * N; i < e * N; ++i) Bf[i] = (float)Bm[i];
        });
        parallel_for(M, [&](long b, long e) {
          std::vector<float> acc(N);
          for (long i = b; i < e; ++i) {
            std::fill(acc.begin(), acc.end(), 0.0f);
            for (long p = 0; p < K; ++p) {
              float a = (float)A[i * K + p];
              const float *brow = &Bf[p * N];
              for (long j = 0; j < N; ++j) acc[j] += a * brow[j];
            }
            for (long j = 0; j < N; ++j) C[i * N + j] = (f16)acc[j];
          }
        });
      });
    } else {
#ifdef WITH_OPENBLAS
      openblas_set_num_threads(g_threads);
      std::vector<float> A(M * K), Bm(K * N), C(M * N);
      for (auto &v : A) v = frand(-1, 1);
      for (auto &v : Bm) v = frand(-1, 1);
      report("sgemm", runs, [&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f,
                    A.data(), K, Bm.data(), N, 0.0f, C.data(), N);
      });
#else
      std::fprintf(stderr, "built without OpenBLAS\n");
      return 3;
#endif
    }
  } else {
    std::fprintf(stderr, "bad arguments; see the header of baselines.cpp\n");
    return 2;
  }
  return 0;
}

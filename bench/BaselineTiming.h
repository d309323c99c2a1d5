// What bench/baselines.cpp and bench/dnnl_baselines.cpp share: timing a
// baseline the way `trident run --bench` is timed (2 warm-up runs, then
// the median of RUNS), printed in the line bench/cpu_bench.py parses, and
// the inputs' pseudo-random values.
#ifndef TRIDENT_BENCH_BASELINETIMING_H
#define TRIDENT_BENCH_BASELINETIMING_H

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

/// Runs `fn` twice, then `runs` times, and prints
/// "<name>: median X ms (min Y, max Z, RUNS runs)".
static void report(const char *name, int runs,
                   const std::function<void()> &fn) {
  fn();
  fn();
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    fn();
    auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  double median = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  std::printf("%s: median %.4f ms (min %.4f, max %.4f, %d runs)\n", name,
              median, ms.front(), ms.back(), runs);
}

/// Uniform values in [lo, hi) from a fixed seed (an LCG: the same inputs on
/// every machine).
static float frand(float lo, float hi) {
  static unsigned seed = 1234;
  seed = seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * ((seed >> 8) * (1.0f / 16777216.0f));
}

#endif // TRIDENT_BENCH_BASELINETIMING_H

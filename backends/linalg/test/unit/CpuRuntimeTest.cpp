//===- CpuRuntimeTest.cpp - The cpu runtime's launches --------------------===//
//
// Launches through libTridentCpuRuntime's API, as the Python package does,
// a kernel that records which programs ran and on which threads
// (CountProgramsKernel.cpp): every program of a grid runs once, on the
// runtime's pool or on the threads a host lends it
// (trident_cpu_runtime_use_host_threads), a fake OpenMP here and the
// system's libgomp where it is installed.
//
//===----------------------------------------------------------------------===//

#include "CpuRuntime.h"
#include "trident-c/Runtime.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iterator>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <set>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

/// libTridentCpuRuntime's entry (RuntimeEntry.cpp), as a runtime library
/// exports it.
extern "C" const TridentRuntimeApi *trident_runtime_entry(void);

namespace {

/// A host parallel region in GOMP_parallel's shape that runs the body on
/// threads of its own and records what it was asked for.
struct FakeHost {
  static inline std::mutex mutex;
  static inline std::vector<unsigned> requests;
  static inline std::set<uint64_t> threadIds;
  static inline int maxThreads = 3;

  static void parallel(void (*body)(void *), void *data, unsigned threads,
                       unsigned flags) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      requests.push_back(threads);
      EXPECT_EQ(flags, 0u);
    }
    std::vector<std::thread> team;
    for (unsigned index = 1; index < threads; ++index)
      team.emplace_back([=] { run(body, data); });
    run(body, data);
    for (std::thread &member : team)
      member.join();
  }

  static int getMaxThreads() { return maxThreads; }

  static void reset() {
    requests.clear();
    threadIds.clear();
    maxThreads = 3;
  }

private:
  static void run(void (*body)(void *), void *data) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      threadIds.insert(uint64_t(pthread_self()));
    }
    body(data);
  }
};

class CpuRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    api = trident_runtime_entry();
    ASSERT_NE(api, nullptr);
    ASSERT_EQ(check(api->open_device(0, &device)), "");
    std::ifstream file(TRIDENT_TEST_KERNEL_LIBRARY, std::ios::binary);
    ASSERT_TRUE(file) << TRIDENT_TEST_KERNEL_LIBRARY;
    binary.assign(std::istreambuf_iterator<char>(file), {});
    TridentKernelImage image;
    std::memset(&image, 0, sizeof(image));
    image.struct_size = sizeof(image);
    image.kernel_name = "count_programs";
    image.target = "cpu";
    image.binary = binary.data();
    image.binary_size = binary.size();
    image.num_args = 2;
    image.arg_kinds = argKinds;
    ASSERT_EQ(check(api->load_kernel(device, &image, &kernel)), "");
    FakeHost::reset();
  }

  void TearDown() override {
    trident_cpu_runtime_use_host_threads(nullptr, nullptr);
    if (kernel)
      api->unload_kernel(kernel);
    if (device)
      api->close_device(device);
  }

  std::string check(TridentStatus *status) {
    std::string message = status && status->message ? status->message : "";
    if (status)
      api->release_status(status);
    return message;
  }

  /// Launches the kernel over `grid`; counts[p] and threads[p] say how
  /// often and where program p ran.
  std::string launch(uint32_t x, uint32_t y, uint32_t z) {
    size_t programs = size_t(x) * y * z;
    counts.assign(programs, 0);
    threads.assign(programs, 0);
    TridentArg args[2];
    std::memset(args, 0, sizeof(args));
    args[0].kind = TRIDENT_ARG_ADDRESS;
    args[0].value.i = int64_t(reinterpret_cast<uintptr_t>(counts.data()));
    args[1].kind = TRIDENT_ARG_ADDRESS;
    args[1].value.i = int64_t(reinterpret_cast<uintptr_t>(threads.data()));
    const uint32_t grid[3] = {x, y, z};
    return check(api->launch_on_stream(kernel, grid, args, 2, nullptr));
  }

  void expectEachProgramRanOnce() {
    for (size_t program = 0; program < counts.size(); ++program)
      ASSERT_EQ(counts[program], 1) << "program " << program;
  }

  std::set<uint64_t> threadsUsed() const {
    return std::set<uint64_t>(threads.begin(), threads.end());
  }

  const TridentRuntimeApi *api = nullptr;
  TridentDevice *device = nullptr;
  TridentKernel *kernel = nullptr;
  std::string binary;
  const uint32_t argKinds[2] = {TRIDENT_ARG_POINTER, TRIDENT_ARG_POINTER};
  std::vector<int32_t> counts;
  std::vector<uint64_t> threads;
};

TEST_F(CpuRuntimeTest, RunsEveryProgramOnceOnItsPool) {
  ASSERT_EQ(launch(37, 5, 3), "");
  expectEachProgramRanOnce();
  EXPECT_TRUE(FakeHost::requests.empty());
}

// The pool's threads spin between launches for a while, then block: each
// launch must still run every program once, whether it finds them spinning
// (back to back) or asleep (after a gap longer than their spin).
TEST_F(CpuRuntimeTest, RunsLaunchesBackToBackAndAfterIdleGaps) {
  for (int round = 0; round < 3; ++round) {
    for (int repeat = 0; repeat < 200; ++repeat) {
      ASSERT_EQ(launch(17, 2, 1), "");
      expectEachProgramRanOnce();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(launch(3, 1, 1), "");
    expectEachProgramRanOnce();
  }
}

// A child made by fork() has none of the pool's workers: it starts a pool
// of its own, and its launches run every program (they used to wait for the
// parent's workers forever).
TEST_F(CpuRuntimeTest, RunsInAForkedChild) {
  ASSERT_EQ(launch(37, 5, 3), "");
  expectEachProgramRanOnce();
  pid_t child = ::fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    ::alarm(20); // a hang ends the child with SIGALRM
    bool ran = launch(37, 5, 3).empty();
    for (int32_t count : counts)
      ran = ran && count == 1;
    ::_exit(ran ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status))
      << "the child ended with signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "a program did not run once";
  // The parent's pool still runs.
  ASSERT_EQ(launch(37, 5, 3), "");
  expectEachProgramRanOnce();
}

TEST_F(CpuRuntimeTest, RunsOnTheThreadsTheHostLends) {
  trident_cpu_runtime_use_host_threads(FakeHost::parallel,
                                       FakeHost::getMaxThreads);
  ASSERT_EQ(launch(37, 5, 3), "");
  expectEachProgramRanOnce();
  // One region per launch, as wide as the host allows.
  EXPECT_EQ(FakeHost::requests, std::vector<unsigned>{3});
  for (uint64_t id : threadsUsed())
    EXPECT_TRUE(FakeHost::threadIds.count(id)) << "a program ran on " << id
                                               << ", not a host thread";

  // The host's width is asked for on every launch.
  FakeHost::maxThreads = 2;
  ASSERT_EQ(launch(64, 1, 1), "");
  expectEachProgramRanOnce();
  EXPECT_EQ(FakeHost::requests, (std::vector<unsigned>{3, 2}));
}

TEST_F(CpuRuntimeTest, AsksForNoMoreHostThreadsThanPrograms) {
  trident_cpu_runtime_use_host_threads(FakeHost::parallel,
                                       FakeHost::getMaxThreads);
  FakeHost::maxThreads = 16;
  ASSERT_EQ(launch(2, 1, 1), "");
  expectEachProgramRanOnce();
  EXPECT_EQ(FakeHost::requests, std::vector<unsigned>{2});
  // One program runs on the launching thread, without a region.
  ASSERT_EQ(launch(1, 1, 1), "");
  expectEachProgramRanOnce();
  EXPECT_EQ(threads[0], uint64_t(pthread_self()));
  EXPECT_EQ(FakeHost::requests, std::vector<unsigned>{2});
}

TEST_F(CpuRuntimeTest, UsesThePoolsWidthWhenTheHostDoesNotSay) {
  trident_cpu_runtime_use_host_threads(FakeHost::parallel, nullptr);
  ASSERT_EQ(launch(4096, 1, 1), "");
  expectEachProgramRanOnce();
  // One thread a CPU of the affinity mask (ctest also runs this under
  // `taskset -c 0`, where the pool has one thread).
  cpu_set_t mask;
  ASSERT_EQ(::sched_getaffinity(0, sizeof(mask), &mask), 0);
  unsigned pool = unsigned(CPU_COUNT(&mask));
  if (const char *text = std::getenv("TRIDENT_CPU_THREADS"))
    pool = unsigned(std::strtoul(text, nullptr, 10));
  if (pool > 1)
    EXPECT_EQ(FakeHost::requests, std::vector<unsigned>{pool});
  else
    EXPECT_TRUE(FakeHost::requests.empty());
}

TEST_F(CpuRuntimeTest, GoesBackToItsPool) {
  trident_cpu_runtime_use_host_threads(FakeHost::parallel,
                                       FakeHost::getMaxThreads);
  trident_cpu_runtime_use_host_threads(nullptr, FakeHost::getMaxThreads);
  ASSERT_EQ(launch(37, 5, 3), "");
  expectEachProgramRanOnce();
  EXPECT_TRUE(FakeHost::requests.empty());
}

TEST_F(CpuRuntimeTest, RunsOnLibgompsThreads) {
  void *gomp = ::dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!gomp)
    GTEST_SKIP() << "libgomp.so.1 is not installed: " << ::dlerror();
  auto parallel =
      reinterpret_cast<TridentCpuParallelFn>(::dlsym(gomp, "GOMP_parallel"));
  auto maxThreads = reinterpret_cast<TridentCpuMaxThreadsFn>(
      ::dlsym(gomp, "omp_get_max_threads"));
  auto setNumThreads =
      reinterpret_cast<void (*)(int)>(::dlsym(gomp, "omp_set_num_threads"));
  ASSERT_TRUE(parallel && maxThreads && setNumThreads);
  setNumThreads(3);
  trident_cpu_runtime_use_host_threads(parallel, maxThreads);
  ASSERT_EQ(launch(1000, 3, 1), "");
  expectEachProgramRanOnce();
  EXPECT_LE(threadsUsed().size(), 3u);
  // A width of one runs the programs on the launching thread.
  setNumThreads(1);
  ASSERT_EQ(launch(1000, 3, 1), "");
  expectEachProgramRanOnce();
  EXPECT_EQ(threadsUsed(), std::set<uint64_t>{uint64_t(pthread_self())});
}

} // namespace

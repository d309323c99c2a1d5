//===- CpuRuntime.cpp - Runs cpu kernels over a thread pool ---------------===//
//
// TridentRuntimeApi for the cpu target, without LLVM or MLIR:
//
//   devices   one, the host
//   buffers   64-byte aligned host memory; copies are memcpy
//   kernels   the bundle's binary is a shared library exporting
//             `<kernel>_trident_cpu_entry` (CpuKernelABI.h); it is written
//             to a memfd (or, failing that, a private temporary file) and
//             opened with dlopen(RTLD_NOW | RTLD_LOCAL); before the first,
//             the process asks Linux for AMX's tile state, which kernels
//             compiled on a host with AMX use for bf16 matmuls
//   launches  every program (x, y, z) of the grid, each an independent call
//             of the entry, spread over a persistent pool of
//             threads, one per CPU the process may run on (the launching
//             thread included), or over the host's own threads when it
//             lends them (trident_cpu_runtime_use_host_threads); a launch
//             returns when all programs are done
//
//===----------------------------------------------------------------------===//

#include "CpuRuntime.h"
#include "CpuKernelABI.h"
#include "trident/Runtime/RuntimeSupport.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <functional>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

struct TridentDevice {
  int32_t index;
};

struct TridentBuffer {
  void *data;
  uint64_t bytes;
};

struct TridentKernel {
  void *library;
  /// The memfd the library was loaded from, open while it is loaded (-1
  /// when it came from a temporary file): dlopen knows a library by its
  /// path, and a closed memfd's number, hence its /proc/self/fd path, is
  /// soon reused by the next kernel's, which dlopen would then take for
  /// this one.
  int memfd;
  TridentCpuKernelFn entry;
  std::string name;
  std::vector<uint32_t> argKinds;
};

namespace {

using namespace trident::runtime_support;

constexpr uint64_t kAlignment = 64;

/// How long the pool's threads spin for the next launch before they block:
/// longer than the gap between launches of a Python loop, short enough
/// that an idle process soon stops using its cores.
constexpr std::chrono::microseconds kSpinBetweenLaunches(200);

//===----------------------------------------------------------------------===//
// Thread pool
//===----------------------------------------------------------------------===//

/// Spins until `ready()` holds or `budget` has passed; says whether it held.
/// Waking a thread blocked on a condition variable costs tens of
/// microseconds (70 on a 2-core VM, measured on a launch of a 2-program
/// kernel), a tenth of a memory-bound kernel's launch at 1 ms: between
/// back-to-back launches the pool's threads spin first, as OpenMP's do.
template <typename Ready>
bool spinUntil(std::chrono::microseconds budget, Ready ready) {
  if (budget.count() == 0)
    return ready();
  auto deadline = std::chrono::steady_clock::now() + budget;
  for (unsigned polls = 1;; ++polls) {
    if (ready())
      return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    // The clock is read every 64 polls: a poll is a few nanoseconds.
    if (polls % 64 == 0 && std::chrono::steady_clock::now() >= deadline)
      return ready();
  }
}

/// A fixed set of worker threads that run one job at a time: each job is a
/// function called once per thread (the caller's included) with the thread's
/// index; the job's programs are claimed from a shared counter.
///
/// Between jobs the workers spin for `spin` on an atomic ticket before they
/// block, and the caller spins as long for them to finish. The spinning
/// path takes no lock: 15 workers that took the pool's mutex as they woke
/// queued behind it, and a 16-program launch on 16 threads took 0.45 ms
/// instead of 0.07. The mutex and condition variables are for threads that
/// block.
class ThreadPool {
public:
  ThreadPool(unsigned size, std::chrono::microseconds spin)
      : size(std::max(1u, size)), spin(spin) {
    for (unsigned index = 1; index < this->size; ++index)
      workers.emplace_back([this, index] { work(index); });
  }

  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping.store(true);
    }
    wake.notify_all();
    for (std::thread &worker : workers)
      worker.join();
  }

  unsigned getSize() const { return size; }

  /// Runs `job(thread)` on `threads` threads (at most the pool's size) and
  /// returns when all have finished. One job at a time.
  void run(unsigned threads, const std::function<void(unsigned)> &job) {
    std::lock_guard<std::mutex> launchLock(launchMutex);
    threads = std::max(1u, std::min(threads, size));
    // No worker of the last job reads `current` any more: each decremented
    // `pending` after its call, and the others never read it.
    current.store(&job, std::memory_order_relaxed);
    pending.store(threads - 1, std::memory_order_relaxed);
    {
      // Under the mutex, so that a worker between its check and its wait
      // cannot miss the new ticket.
      std::lock_guard<std::mutex> lock(mutex);
      uint64_t next =
          (ticket.load(std::memory_order_relaxed) >> kWidthBits) + 1;
      ticket.store(next << kWidthBits | threads, std::memory_order_release);
    }
    if (threads > 1)
      wake.notify_all();
    job(0);
    auto finished = [this] { return pending.load() == 0; };
    if (!spinUntil(spin, finished)) {
      std::unique_lock<std::mutex> lock(mutex);
      callerBlocked.store(true);
      done.wait(lock, finished);
      callerBlocked.store(false);
    }
  }

private:
  /// The ticket's low bits hold the job's width, the others count the jobs:
  /// a worker reads both in one load.
  static constexpr unsigned kWidthBits = 16;

  void work(unsigned index) {
    uint64_t seen = 0, now = 0;
    auto published = [&] {
      now = ticket.load(std::memory_order_acquire);
      return now != seen || stopping.load(std::memory_order_relaxed);
    };
    for (;;) {
      if (!spinUntil(spin, published)) {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, published);
      }
      if (stopping.load())
        return;
      seen = now;
      if (index >= (now & ((uint64_t(1) << kWidthBits) - 1)))
        continue;
      (*current.load(std::memory_order_relaxed))(index);
      // The caller blocks only after its spin; the last worker then wakes it.
      // Both sides are sequentially consistent: either the worker sees the
      // caller blocked, or the caller sees `pending` at zero.
      if (pending.fetch_sub(1) == 1 && callerBlocked.load()) {
        std::lock_guard<std::mutex> lock(mutex);
        done.notify_one();
      }
    }
  }

  unsigned size;
  std::chrono::microseconds spin;
  std::vector<std::thread> workers;
  std::mutex launchMutex;
  std::mutex mutex;
  std::condition_variable wake, done;
  std::atomic<const std::function<void(unsigned)> *> current{nullptr};
  std::atomic<uint64_t> ticket{0};
  std::atomic<unsigned> pending{0};
  std::atomic<bool> callerBlocked{false};
  std::atomic<bool> stopping{false};
};

/// The CPUs this process may run on: its affinity mask (taskset, a
/// container's cpuset), as Python's `os.sched_getaffinity` counts them for
/// the cpu driver's multiprocessor count; the machine's hardware threads
/// where the mask cannot be read.
unsigned getAvailableCpus() {
  cpu_set_t mask;
  if (::sched_getaffinity(0, sizeof(mask), &mask) == 0 && CPU_COUNT(&mask) > 0)
    return unsigned(CPU_COUNT(&mask));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The pool's size: TRIDENT_CPU_THREADS when set, else the CPUs this process
/// may run on; `error` says why a set value was not taken.
struct PoolSize {
  unsigned threads;
  std::string error;
};

const PoolSize &getPoolSize() {
  static const PoolSize size = [] {
    constexpr unsigned long kMaxThreads = 1024;
    unsigned available = getAvailableCpus();
    const char *text = std::getenv("TRIDENT_CPU_THREADS");
    if (!text || !*text)
      return PoolSize{available, ""};
    char *end = nullptr;
    errno = 0;
    unsigned long value = std::strtoul(text, &end, 10);
    if (errno || *end || text[0] == '-' || text[0] == '+' || value == 0 ||
        value > kMaxThreads)
      return PoolSize{available, "TRIDENT_CPU_THREADS must be a number of "
                                 "threads from 1 to " +
                                     std::to_string(kMaxThreads) + ", got '" +
                                     text + "'"};
    return PoolSize{unsigned(value), ""};
  }();
  return size;
}

/// The pool, created on first launch and never destroyed: threads joined
/// from a static destructor could deadlock while the process exits. A child
/// made by fork() has none of its parent's workers, so it forgets the
/// parent's pool (leaked, with the mutex another thread may have held at
/// the fork) and starts its own on its first launch.
ThreadPool *currentPool = nullptr;
std::mutex *poolMutex = new std::mutex;

void forgetPoolInChild() {
  currentPool = nullptr;
  poolMutex = new std::mutex;
}

ThreadPool &getPool() {
  static std::once_flag forkHandler;
  std::call_once(forkHandler,
                 [] { ::pthread_atfork(nullptr, nullptr, forgetPoolInChild); });
  std::lock_guard<std::mutex> lock(*poolMutex);
  if (!currentPool) {
    // A pool larger than the machine does not spin: a spinning worker would
    // hold the core that a preempted one needs to finish its programs.
    unsigned threads = getPoolSize().threads;
    bool oversubscribed = threads > getAvailableCpus();
    currentPool =
        new ThreadPool(threads, oversubscribed ? std::chrono::microseconds(0)
                                               : kSpinBetweenLaunches);
  }
  return *currentPool;
}

//===----------------------------------------------------------------------===//
// The host's threads
//===----------------------------------------------------------------------===//

/// The parallel region a host lent (trident_cpu_runtime_use_host_threads);
/// `parallel` is null while launches run on the pool.
struct HostThreads {
  TridentCpuParallelFn parallel = nullptr;
  TridentCpuMaxThreadsFn maxThreads = nullptr;
};

std::mutex hostThreadsMutex;
HostThreads hostThreads;

HostThreads getHostThreads() {
  std::lock_guard<std::mutex> lock(hostThreadsMutex);
  return hostThreads;
}

/// `parallel`'s body: one thread's share of a launch.
void runHostThread(void *job) {
  (*static_cast<const std::function<void(unsigned)> *>(job))(0);
}

//===----------------------------------------------------------------------===//
// The API
//===----------------------------------------------------------------------===//

TridentStatus *probe(int32_t *count) {
  *count = 1;
  return nullptr;
}

TridentStatus *openDevice(int32_t index, TridentDevice **device) {
  if (index != 0)
    return makeStatus("the cpu runtime has one device, 0 (the host); got " +
                      std::to_string(index));
  *device = new TridentDevice{index};
  return nullptr;
}

void closeDevice(TridentDevice *device) { delete device; }

TridentStatus *alloc(TridentDevice *, uint64_t bytes, TridentBuffer **buffer) {
  uint64_t rounded =
      (std::max<uint64_t>(bytes, 1) + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded < bytes)
    return makeStatus("cannot allocate " + std::to_string(bytes) +
                      " bytes: the size overflows");
  void *data = std::aligned_alloc(kAlignment, rounded);
  if (!data)
    return makeStatus("cannot allocate " + std::to_string(bytes) +
                      " bytes of host memory for a cpu buffer");
  std::memset(data, 0, rounded);
  *buffer = new TridentBuffer{data, bytes};
  return nullptr;
}

void freeBuffer(TridentBuffer *buffer) {
  if (!buffer)
    return;
  std::free(buffer->data);
  delete buffer;
}

TridentStatus *copyToDevice(TridentBuffer *buffer, const void *host,
                            uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes into a cpu buffer of " +
                      std::to_string(buffer->bytes));
  if (bytes)
    std::memcpy(buffer->data, host, bytes);
  return nullptr;
}

TridentStatus *copyToHost(TridentBuffer *buffer, void *host, uint64_t bytes) {
  if (bytes > buffer->bytes)
    return makeStatus("copy of " + std::to_string(bytes) +
                      " bytes out of a cpu buffer of " +
                      std::to_string(buffer->bytes));
  if (bytes)
    std::memcpy(host, buffer->data, bytes);
  return nullptr;
}

/// Writes all of `data` to `fd`.
bool writeAll(int fd, const char *data, uint64_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    data += written;
    size -= uint64_t(written);
  }
  return true;
}

/// Writes `binary` to `fd` and dlopens it as `path`. Returns the handle, or
/// nullptr with `error` set.
void *openFrom(int fd, const std::string &path, const std::string &kernel,
               const void *binary, uint64_t size, std::string &error) {
  void *handle = nullptr;
  if (!writeAll(fd, static_cast<const char *>(binary), size)) {
    error = "cannot write the library of kernel '" + kernel +
            "': " + std::strerror(errno);
  } else {
    handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = ::dlerror();
      error = "cannot load the library of kernel '" + kernel +
              "': " + (why ? why : "dlopen failed");
    }
  }
  return handle;
}

/// dlopens `binary`: from a memfd, or from a private temporary file (removed
/// at once) where memfd_create or /proc/self/fd is not available. Returns the
/// handle, with `memfd` set to the memfd to close after dlclose (or -1), or
/// nullptr with `error` set.
void *openLibrary(const std::string &kernel, const void *binary, uint64_t size,
                  int &memfd, std::string &error) {
  memfd = -1;
  int fd = ::memfd_create(("trident-cpu-" + kernel).c_str(), MFD_CLOEXEC);
  if (fd >= 0) {
    if (void *handle = openFrom(fd, "/proc/self/fd/" + std::to_string(fd),
                                kernel, binary, size, error)) {
      memfd = fd;
      return handle;
    }
    ::close(fd);
  }
  const char *dir = std::getenv("TMPDIR");
  std::string pattern =
      std::string(dir && *dir ? dir : "/tmp") + "/trident-cpu-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd = ::mkstemp(name.data());
  if (fd < 0) {
    if (error.empty())
      error =
          "cannot create a file to load kernel '" + kernel +
          "' from (memfd_create and mkstemp failed: " + std::strerror(errno) +
          ")";
    return nullptr;
  }
  std::string memfdError = error;
  void *handle = openFrom(fd, name.data(), kernel, binary, size, error);
  ::close(fd);
  ::unlink(name.data());
  if (!handle && !memfdError.empty())
    error += " (from a memfd: " + memfdError + ")";
  return handle;
}

/// Asks Linux, once per process, for AMX's tile state (CpuKernelABI.h). A
/// refusal (a CPU without AMX) only concerns kernels that do not use it: the
/// compiler uses AMX only where the request succeeds.
void requestTileData() {
  static std::once_flag once;
  std::call_once(once, [] { (void)trident_cpu_request_tile_data(); });
}

TridentStatus *loadKernel(TridentDevice *, const TridentKernelImage *image,
                          TridentKernel **kernel) {
  requestTileData();
  if (!image || image->struct_size < sizeof(TridentKernelImage))
    return makeStatus("the cpu runtime got a kernel image it cannot read "
                      "(older ABI?)");
  std::string name = image->kernel_name ? image->kernel_name : "";
  static const char kElfMagic[4] = {0x7f, 'E', 'L', 'F'};
  if (image->binary_size < 4 ||
      std::memcmp(image->binary, kElfMagic, sizeof(kElfMagic)) != 0)
    return makeStatus("the binary of kernel '" + name +
                      "' is not a shared library; recompile it with "
                      "--target cpu");
  std::string error;
  int memfd = -1;
  void *library =
      openLibrary(name, image->binary, image->binary_size, memfd, error);
  if (!library)
    return makeStatus(error);
  std::string symbol = name + TRIDENT_CPU_ENTRY_SUFFIX;
  void *entry = ::dlsym(library, symbol.c_str());
  if (!entry) {
    ::dlclose(library);
    if (memfd >= 0)
      ::close(memfd);
    return makeStatus("the library of kernel '" + name + "' exports no '" +
                      symbol + "'; recompile it with --target cpu");
  }
  auto *result = new TridentKernel;
  result->library = library;
  result->memfd = memfd;
  result->entry = reinterpret_cast<TridentCpuKernelFn>(entry);
  result->name = name;
  if (image->arg_kinds)
    result->argKinds.assign(image->arg_kinds,
                            image->arg_kinds + image->num_args);
  *kernel = result;
  return nullptr;
}

void unloadKernel(TridentKernel *kernel) {
  if (!kernel)
    return;
  ::dlclose(kernel->library);
  if (kernel->memfd >= 0)
    ::close(kernel->memfd);
  delete kernel;
}

/// Kernels write large outputs with non-temporal stores
/// (linalg-cpu-streaming-stores), which no lock or atomic orders on x86:
/// each thread fences them after its last program, before the launch
/// (through the pool's or the host's join) reports them done.
void fenceStreamingStores() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#endif
}

TridentStatus *launch(TridentKernel *kernel, const uint32_t grid[3],
                      const TridentArg *args, uint32_t numArgs) {
  std::vector<uint64_t> slots;
  std::vector<void *> pointers;
  std::string problem = packLaunchArguments(
      kernel->name, kernel->argKinds, args, numArgs,
      [](TridentBuffer *buffer, std::string &) {
        uint64_t address = 0;
        std::memcpy(&address, &buffer->data, sizeof(buffer->data));
        return address;
      },
      slots, pointers);
  if (!problem.empty())
    return makeStatus(problem);
  if (!getPoolSize().error.empty())
    return makeStatus(getPoolSize().error);
  for (int axis = 0; axis < 3; ++axis)
    if (grid[axis] > uint32_t(INT32_MAX))
      return makeStatus("grid dimension " + std::to_string(axis) + " is " +
                        std::to_string(grid[axis]) +
                        "; the cpu runtime takes at most 2147483647");
  uint64_t total = uint64_t(grid[0]) * grid[1] * grid[2];
  if (total == 0)
    return nullptr;

  const int32_t numPrograms[3] = {int32_t(grid[0]), int32_t(grid[1]),
                                  int32_t(grid[2])};
  TridentCpuKernelFn entry = kernel->entry;
  void *const *argv = pointers.data();
  // The threads the launch runs on: the host's, when it lent them, else the
  // pool's (the host may run fewer or more than the pool has). The pool is
  // not started for a host that lends its threads.
  HostThreads host = getHostThreads();
  uint64_t available = std::max(1u, getPoolSize().threads);
  if (host.parallel && host.maxThreads)
    available = uint64_t(std::max(1, host.maxThreads()));
  unsigned threads = unsigned(std::min(total, available));
  std::atomic<uint64_t> next{0};
  // Programs are claimed in chunks: large enough to amortize the counter,
  // small enough to balance uneven programs.
  uint64_t chunk = std::max<uint64_t>(1, total / (uint64_t(threads) * 8));
  std::function<void(unsigned)> job = [&](unsigned) {
    for (;;) {
      uint64_t begin = next.fetch_add(chunk, std::memory_order_relaxed);
      if (begin >= total) {
        fenceStreamingStores();
        return;
      }
      uint64_t end = std::min(total, begin + chunk);
      // The ids of `begin`, then counted up (x fastest) without divisions.
      int32_t programId[3] = {
          int32_t(begin % grid[0]), int32_t((begin / grid[0]) % grid[1]),
          int32_t(begin / (uint64_t(grid[0]) * grid[1]))};
      for (uint64_t linear = begin; linear < end; ++linear) {
        entry(argv, numPrograms, programId);
        if (++programId[0] == numPrograms[0]) {
          programId[0] = 0;
          if (++programId[1] == numPrograms[1]) {
            programId[1] = 0;
            ++programId[2];
          }
        }
      }
    }
  };
  if (host.parallel && threads > 1)
    host.parallel(runHostThread, &job, threads, 0);
  else if (threads > 1)
    getPool().run(threads, job);
  else
    job(0);
  return nullptr;
}

/// The cpu has no streams: a launch on any stream is a launch, and it has
/// returned by the time the caller could wait on the stream.
TridentStatus *launchOnStream(TridentKernel *kernel, const uint32_t grid[3],
                              const TridentArg *args, uint32_t numArgs,
                              void * /*stream*/) {
  return launch(kernel, grid, args, numArgs);
}

TridentStatus *synchronize(TridentDevice *) { return nullptr; }

} // namespace

extern "C" __attribute__((visibility("default"))) void
trident_cpu_runtime_use_host_threads(TridentCpuParallelFn parallel,
                                     TridentCpuMaxThreadsFn maxThreads) {
  std::lock_guard<std::mutex> lock(hostThreadsMutex);
  hostThreads.parallel = parallel;
  hostThreads.maxThreads = parallel ? maxThreads : nullptr;
}

extern "C" const TridentRuntimeApi *tridentLinalgGetCpuRuntime(void) {
  static const TridentRuntimeApi api = makeRuntimeApi(
      "cpu", {probe, openDevice, closeDevice, alloc, freeBuffer, copyToDevice,
             copyToHost, loadKernel, unloadKernel, launch, synchronize,
             releaseStatus, launchOnStream});
  return &api;
}

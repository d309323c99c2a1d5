"""Running the cpu target's launches on the host program's OpenMP threads.

PyTorch runs its CPU kernels on an OpenMP team whose threads spin for a
while after each parallel region, waiting for the next. Trident's cpu
runtime has a pool of its own, one thread per core: under torch.compile the
two sets alternate on the same cores, and each spins while the other works.
Lending the OpenMP team to the runtime (`GOMP_parallel`, which libgomp,
libiomp5 and libomp all export) leaves one set of threads busy.
"""

import ctypes
import os
import re
import sys
import threading

from . import _runtime
from ._errors import TridentError

# libgomp.so.1, torch's bundled libgomp-<hash>.so.1, libiomp5.so, libomp.so.5
_OPENMP_LIBRARY = re.compile(r"lib(gomp|iomp5|omp)([-.][^/]*)?\.so(\.[0-9]+)*")

_lock = threading.Lock()
# The library whose threads launches run on, kept loaded while they do.
_lent = None


def loaded_openmp_libraries():
    """Paths of the OpenMP runtimes loaded in this process, in load order
    (from /proc/self/maps; empty where it cannot be read)."""
    paths = []
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                fields = line.split(None, 5)
                if len(fields) < 6:
                    continue
                path = fields[5].strip()
                name = os.path.basename(path)
                if _OPENMP_LIBRARY.fullmatch(name) and "plugin" not in name \
                        and path not in paths:
                    paths.append(path)
    except OSError:
        pass
    return paths


def _torch_openmp_library():
    """The OpenMP runtime torch's CPU kernels run on, or None."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        if not torch.backends.openmp.is_available():
            return None
    except AttributeError:
        return None
    loaded = loaded_openmp_libraries()
    # torch's wheels carry their own copy (torch/lib or torch.libs); prefer
    # it over one another library loaded.
    home = os.path.dirname(os.path.dirname(os.path.abspath(torch.__file__)))
    for path in loaded:
        if os.path.abspath(path).startswith(home + os.sep):
            return path
    return loaded[0] if loaded else None


def use_openmp_threads(library=None):
    """Runs every later cpu launch on the threads of an OpenMP runtime, as
    wide as it would run a parallel region of the launching thread
    (`omp_get_max_threads`), instead of on Trident's own pool. `library` is
    a path or a loaded ctypes.CDLL; by default, the one torch runs on when
    torch is imported, else the first loaded in the process. Returns the
    library's path; raises TridentError when there is none or it is not an
    OpenMP runtime."""
    global _lent
    if library is None:
        library = _torch_openmp_library()
        if library is None:
            loaded = loaded_openmp_libraries()
            library = loaded[0] if loaded else None
        if library is None:
            raise TridentError(
                "no OpenMP runtime (libgomp, libiomp5, libomp) is loaded in "
                "this process; load one or pass its path")
    if isinstance(library, ctypes.CDLL):
        handle, path = library, library._name
    elif isinstance(library, (str, os.PathLike)):
        path = os.fspath(library)
        try:
            handle = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        except OSError as error:
            raise TridentError("cannot load the OpenMP runtime '%s': %s"
                               % (path, error)) from None
    else:
        raise TypeError("use_openmp_threads takes a path or a ctypes.CDLL, "
                        "not %s" % type(library).__name__)
    try:
        parallel = ctypes.cast(handle.GOMP_parallel, ctypes.c_void_p).value
        max_threads = ctypes.cast(handle.omp_get_max_threads,
                                  ctypes.c_void_p).value
    except AttributeError:
        raise TridentError(
            "'%s' exports no GOMP_parallel and omp_get_max_threads; it is not "
            "an OpenMP runtime" % path) from None
    with _lock:
        _runtime.runtime_for("cpu").use_host_threads(parallel, max_threads)
        _lent = handle
    return path


def use_own_threads():
    """Runs every later cpu launch on Trident's own pool again."""
    global _lent
    with _lock:
        _runtime.runtime_for("cpu").use_host_threads(0, 0)
        _lent = None


def share_torch_threads():
    """Lends torch's OpenMP threads to the cpu runtime (the Triton backend
    does, for torch.compile's CPU path), unless TRIDENT_CPU_THREADS sizes
    Trident's own pool. Returns the library's path, or None where torch has
    no OpenMP runtime or the runtime cannot take it: the pool is then kept."""
    if os.environ.get("TRIDENT_CPU_THREADS"):
        return None
    library = _torch_openmp_library()
    if library is None:
        return None
    try:
        return use_openmp_threads(library)
    except TridentError:
        return None

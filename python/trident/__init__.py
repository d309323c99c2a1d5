"""Trident from Python: compile Triton kernels (TTIR) for any Trident target
and launch them on numpy arrays, torch tensors or DLPack buffers.

    import numpy as np, trident
    k = trident.compile("test/kernels/vadd.ttir", target="cpu")
    x, y = np.random.rand(2, 1000).astype(np.float32)
    out = np.empty_like(x)
    k[(1000 + 255) // 256](x, y, out, 1000)        # out = x + y, in place

Pure Python over Trident's C APIs (ctypes): libTridentRuntime reads and
launches bundles, libTridentCompiler compiles. docs/python.md describes the
API, how the libraries are found and the error model.
"""

from ._errors import BufferDeviceError, TridentError
from ._kernel import Kernel, Parameter, load
from ._compiler import (TargetInfo, compile, resolve_target, stages, targets,
                        warnings)
from ._host_threads import use_openmp_threads, use_own_threads
from . import _lib, _runtime

__all__ = [
    "BufferDeviceError", "Kernel", "Parameter", "TargetInfo", "TridentError", "compile", "load",
    "library_dir", "resolve_target", "stages", "synchronize", "targets",
    "use_openmp_threads", "use_own_threads", "version", "warnings",
]


def library_dir():
    """The directory the package loads Trident's libraries from."""
    return _lib.library_dir()


def version():
    """The compiler's version string, as bundles record it."""
    return _lib.compiler_lib().getVersion().decode()


def synchronize(target="cpu", device=0):
    """Waits until every kernel launched on the device of target kind
    `target` ("cpu", "nvidia", "intel") without a stream has finished."""
    _runtime.runtime_for(target.split(":", 1)[0]).synchronize(device)

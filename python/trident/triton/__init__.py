"""Trident as a Triton backend: every @triton.jit launch (and torch
Inductor's Triton kernels) compiled by Trident and launched by its runtime.

    import trident.triton
    trident.triton.activate("cpu")        # kernels take torch CPU tensors
    kernel[grid](x, y, out, n)            # compiled by Trident for cpu
    with trident.triton.target("nvidia:sm_90"):
        kernel[grid](xc, yc, outc, n)     # Trident's nvidia backend, on
                                          # torch's current CUDA stream
    trident.triton.deactivate()           # Triton's own driver again

How (docs/python.md has the long form):

- Triton finds backends through the `triton.backends` entry points. This
  package declares one, `cpu` -> trident.triton.cpu, so Triton's registry
  (triton.backends.backends) always holds Trident's cpu backend, and torch
  Inductor's `cpu_backend = "triton"` finds it (Inductor looks for "cpu").
- activate("cpu") installs a HostDriver with
  triton.runtime.driver.set_active(); its get_current_target() is
  GPUTarget("cpu", "", 32), which only Trident's cpu compiler accepts.
- activate("nvidia[:sm_NN]") also replaces the registry's `nvidia` entry by
  Trident's CUDA compiler and driver (Triton's are kept and put back by
  deactivate()), so GPUTarget("cuda", NN, 32) (the JIT's, and Inductor's,
  which builds its own target) compiles with Trident, and Inductor's
  set_driver_to_gpu() finds Trident's driver.
- deactivate() puts the registry entry back and calls
  triton.runtime.driver.reset_active().

Nothing here imports Triton until activate() is called, so the package
imports on machines without Triton (and inside the compile server).
"""

import contextlib

from . import _state, _targets
from ._targets import TargetError, parse_target

__all__ = ["activate", "active_target", "deactivate", "target",
           "TargetError", "compile_mode", "compiled_kernels"]

# The registry entries activate() replaced: {name: the original Backend or
# None when there was none}.
_replaced = {}


def compile_mode():
    """"subprocess" or "inprocess", as TRIDENT_TRITON_COMPILE selects."""
    return _targets.compile_mode()


def compiled_kernels(target=None):
    """How many kernels the backend compiled in this process: for one
    Trident target string, or in all (Triton's cache hits are not
    compiled, so count with a fresh TRITON_CACHE_DIR)."""
    with _state.lock:
        if target is None:
            return sum(_state.compiled.values())
        return _state.compiled.get(parse_target(target).trident, 0)


def active_target():
    """The Trident target string Triton launches through now ("cpu",
    "nvidia:sm_90"), or None while Triton's own driver is active."""
    active = _state.active_target()
    return None if active is None else active.trident


def _torch_capability():
    import torch
    if not torch.cuda.is_available():
        raise TargetError("target 'nvidia' needs a CUDA device that torch "
                          "can see; name the architecture "
                          "('nvidia:sm_90') to compile without one")
    return torch.cuda.get_device_capability()


def _restore_registry(backends):
    for name, original in _replaced.items():
        if original is None:
            backends.pop(name, None)
        else:
            backends[name] = original
    _replaced.clear()


def _install(backends, name, entry):
    if name not in _replaced:
        _replaced[name] = backends.get(name)
    backends[name] = entry


def _create_default_driver(driver):
    """Makes Triton create its default driver now, from its own registry:
    created lazily while a Trident entry stands in the registry, it would be
    Trident's, and deactivate() could not go back to Triton's. Where there
    is none to create (no GPU: no active driver) it stays uncreated."""
    try:
        default = driver.default
        initialize = getattr(default, "_initialize_obj", None)
        if initialize is not None:  # Triton < 3.5 wraps it in a LazyProxy
            initialize()
    except Exception:
        pass


def activate(target="cpu"):
    """Makes every later @triton.jit launch compile through Trident's
    `target` ("cpu", "nvidia", "nvidia:sm_90", "cuda:90") and launch through
    Trident's runtime. Returns the canonical target string."""
    import triton.backends as triton_backends
    from triton.backends import Backend
    from triton.runtime.driver import driver

    parsed = parse_target(target, _torch_capability)
    with _state.lock:
        backends = triton_backends.backends
        _restore_registry(backends)
        _create_default_driver(driver)
        if parsed.kind == "cpu":
            from .cpu import compiler as cpu_compiler, driver as cpu_driver
            entry = backends.get("cpu")
            if entry is None or entry.compiler is not cpu_compiler.CpuBackend:
                # Not discovered (the entry point is not on sys.path) or
                # another cpu backend (triton-cpu) holds the name.
                _install(backends, "cpu",
                         Backend(cpu_compiler.CpuBackend,
                                 cpu_driver.HostDriver))
            active_driver = cpu_driver.HostDriver(parsed)
        else:
            from .nvidia import compiler as nv_compiler, driver as nv_driver
            _install(backends, "nvidia",
                     Backend(nv_compiler.CudaBackend, nv_driver.CudaDriver))
            _state.set_active_target(parsed)
            active_driver = nv_driver.CudaDriver(parsed)
        _state.set_active_target(parsed)
        driver.set_active(active_driver)
    return parsed.trident


def deactivate():
    """Triton's own driver and backends again."""
    import triton.backends as triton_backends
    from triton.runtime.driver import driver
    with _state.lock:
        _restore_registry(triton_backends.backends)
        _state.set_active_target(None)
        driver.reset_active()


@contextlib.contextmanager
def target(name="cpu"):
    """activate(name) for the `with` block; the previous choice (another
    Trident target or Triton's own driver) afterwards."""
    previous = active_target()
    activate(name)
    try:
        yield active_target()
    finally:
        if previous is None:
            deactivate()
        else:
            activate(previous)

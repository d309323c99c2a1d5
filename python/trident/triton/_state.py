"""Which Trident target Triton launches through now (None: Triton's own).

Kept in a module of its own so the compiler and driver classes can read it
without importing the package's activation code.
"""

import threading

lock = threading.RLock()
_active = None


def active_target():
    """The activated trident.triton._targets.Target, or None."""
    return _active


def set_active_target(target):
    global _active
    _active = target


#: Kernels the backend compiled in this process, per Trident target (the
#: torch.compile demo checks that Inductor's kernels went through Trident).
compiled = {}


def count_compile(target):
    with lock:
        compiled[target] = compiled.get(target, 0) + 1

# Stand-in for triton/backends/__init__.py: discovery through the
# `triton.backends` entry points, importing <value>.compiler and
# <value>.driver and requiring exactly one concrete subclass in each.
import importlib
import inspect
from dataclasses import dataclass
from importlib.metadata import entry_points

from .compiler import BaseBackend
from .driver import DriverBase


def _find_concrete_subclasses(module, base_class):
    found = []
    for name in dir(module):
        attr = getattr(module, name)
        if (isinstance(attr, type) and issubclass(attr, base_class)
                and not inspect.isabstract(attr)):
            found.append(attr)
    if len(found) != 1:
        raise RuntimeError("found %d concrete subclasses of %s in %s" %
                           (len(found), base_class, module))
    return found[0]


@dataclass(frozen=True)
class Backend:
    compiler: type
    driver: type


def _discover_backends():
    backends = {}
    # The fake nvidia backend, as the wheel's built-in one.
    from .nvidia import compiler as nv_compiler, driver as nv_driver
    backends["nvidia"] = Backend(nv_compiler.CUDABackend, nv_driver.CudaDriver)
    for ep in entry_points().select(group="triton.backends"):
        compiler = importlib.import_module("%s.compiler" % ep.value)
        driver = importlib.import_module("%s.driver" % ep.value)
        backends[ep.name] = Backend(
            _find_concrete_subclasses(compiler, BaseBackend),
            _find_concrete_subclasses(driver, DriverBase))
    return backends


backends = _discover_backends()

# Stand-in for triton/runtime/driver.py (3.6): driver.active / set_active /
# reset_active over a default driver created on first use from the registry.
from ..backends import backends


def _create_driver():
    actives = [x.driver for x in backends.values() if x.driver.is_active()]
    if len(actives) != 1:
        raise RuntimeError("%d active drivers" % len(actives))
    return actives[0]()


class DriverConfig:

    def __init__(self):
        self._default = None
        self._active = None

    @property
    def default(self):
        if self._default is None:
            self._default = _create_driver()
        return self._default

    @property
    def active(self):
        if self._active is None:
            self._active = self.default
        return self._active

    def set_active(self, driver):
        self._active = driver

    def reset_active(self):
        self._active = self.default


driver = DriverConfig()

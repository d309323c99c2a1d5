# Stand-in for triton/runtime/driver.py: driver.active / set_active /
# reset_active over a lazily created default driver.
from ..backends import backends


def _create_driver():
    actives = [x.driver for x in backends.values() if x.driver.is_active()]
    if len(actives) != 1:
        raise RuntimeError("%d active drivers" % len(actives))
    return actives[0]()


class DriverConfig:

    def __init__(self):
        self.default = None
        self.active = None

    def _default(self):
        if self.default is None:
            self.default = _create_driver()
        return self.default

    def set_active(self, driver):
        self.active = driver

    def reset_active(self):
        self.active = self._default()


driver = DriverConfig()
driver.reset_active()

# Stand-in for triton/backends/driver.py: DriverBase's abstract interface.
from abc import ABCMeta, abstractmethod


class DriverBase(metaclass=ABCMeta):

    @classmethod
    @abstractmethod
    def is_active(cls):
        pass

    @abstractmethod
    def map_python_to_cpp_type(self, ty):
        pass

    @abstractmethod
    def get_current_target(self):
        pass

    @abstractmethod
    def get_active_torch_device(self):
        pass

    @abstractmethod
    def get_benchmarker(self):
        pass

    def __init__(self):
        pass

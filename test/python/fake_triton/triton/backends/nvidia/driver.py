# Stand-in for triton/backends/nvidia/driver.py: inactive (no GPU here).
from ..compiler import GPUTarget
from ..driver import DriverBase


class CudaDriver(DriverBase):

    @classmethod
    def is_active(cls):
        return True

    def map_python_to_cpp_type(self, ty):
        return "void*"

    def get_current_target(self):
        return GPUTarget("cuda", 90, 32)

    def get_active_torch_device(self):
        return None

    def get_benchmarker(self):
        return None

    def get_current_device(self):
        return 0

"""Triton's driver entry for Trident's `cpu` target: kernels take torch CPU
tensors and run on Trident's host thread pool (trident.triton._driver)."""

from .._driver import HostDriver

__all__ = ["HostDriver"]

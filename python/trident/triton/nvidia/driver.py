"""Triton's driver entry for Trident's `nvidia` targets: Trident's runtime
loads the cubin and launches it on the stream Triton (torch) passes."""

from .._driver import CudaDriver

__all__ = ["CudaDriver"]

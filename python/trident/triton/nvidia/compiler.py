"""Triton's compiler entry for Trident's `nvidia` targets:
GPUTarget("cuda", ...) compiles through Trident's nvidia plugin."""

from .._backend import CudaBackend

__all__ = ["CudaBackend"]

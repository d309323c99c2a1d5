"""Triton's compiler entry for Trident's `cpu` target: GPUTarget("cpu", ...)
compiles through Trident's linalg plugin (trident.triton._backend)."""

from .._backend import CpuBackend

__all__ = ["CpuBackend"]

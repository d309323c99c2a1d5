"""The package's exception types: TridentError, and the subclass for a
buffer on the wrong device."""


class TridentError(RuntimeError):
    """A compile, load or launch failed, or a call's arguments are wrong.

    The message is one line (or, from the compiler, its diagnostics, each
    starting with ``file:line:col: ``): what failed, why, and what to do.
    """


class BufferDeviceError(TridentError, ValueError):
    """A buffer argument lives where the kernel's target cannot reach it (a
    host tensor for a GPU kernel). Also a ValueError, as Triton's launcher
    raises for a CPU tensor passed to a CUDA kernel."""

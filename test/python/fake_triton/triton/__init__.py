# A stand-in for the parts of Triton 3.6 that trident.triton talks to, so the
# backend's plumbing (discovery, activation, stages, metadata, launcher) is
# tested on machines without Triton. It imitates the interfaces and the call
# sequence of triton.compile / CompiledKernel / the JIT launch; it has no
# frontend: the "frontend output" is TTIR text the test supplies.
__version__ = "3.6.0+fake"

# As Triton's own __init__ does (through triton.runtime): importing the
# package discovers the backends.
from . import backends  # noqa: E402,F401

# Stand-in for triton/compiler/compiler.py: compile() runs the backend's
# stages from "ttir" on, stores metadata through JSON as Triton's cache does,
# and CompiledKernel loads and launches through driver.active exactly as
# Triton 3.6 calls it.
import json
from collections import namedtuple

from .backends import backends
from .backends.compiler import GPUTarget, Language
from .runtime.driver import driver


def make_backend(target):
    actives = [x.compiler for x in backends.values()
               if x.compiler.supports_target(target)]
    if len(actives) != 1:
        raise RuntimeError("%d compatible backends for target (%s)" %
                           (len(actives), target.backend))
    return actives[0](target)


class ASTSource:
    """The frontend's output is given: `ttir` text."""

    def __init__(self, name, ttir, signature, constexprs):
        self.name = name
        self.ttir = ttir
        self.signature = signature
        self.constants = {(list(signature).index(k),): v
                          for k, v in constexprs.items()}
        self.language = Language.TRITON


def compile(src, target=None, options=None):
    target = target or driver.active.get_current_target()
    backend = make_backend(target)
    options = backend.parse_options(dict(options or {}))
    metadata = {"hash": backend.hash() + options.hash(), "target": target,
                **options.__dict__}
    stages = {}
    backend.add_stages(stages, options, src.language)
    module = src.ttir
    asm = {}
    for ext, stage in stages.items():
        module = stage(module, metadata)
        asm[ext] = module
    metadata = json.loads(json.dumps(metadata, default=vars))
    return CompiledKernel(src, metadata, asm)


class CompiledKernel:

    def __init__(self, src, metadata, asm):
        target = metadata["target"]
        metadata["target"] = GPUTarget(target["backend"], target["arch"],
                                       target["warp_size"])
        self.metadata = namedtuple("KernelMetadata",
                                   sorted(metadata))(**metadata)
        backend = make_backend(self.metadata.target)
        self.packed_metadata = backend.pack_metadata(self.metadata)
        self.src = src
        self.name = self.metadata.name
        self.asm = asm
        self.kernel = asm[backend.binary_ext]
        self.module = None
        self.function = None
        self._run = None

    def _init_handles(self):
        if self.module is not None:
            return
        device = driver.active.get_current_device()
        self._run = driver.active.launcher_cls(self.src, self.metadata)
        shared = driver.active.utils.get_device_properties(device)[
            "max_shared_mem"]
        assert self.metadata.shared <= shared
        (self.module, self.function, self.n_regs, self.n_spills,
         self.n_max_threads) = driver.active.utils.load_binary(
             self.name, self.kernel, self.metadata.shared, device)
        warp_size = driver.active.get_current_target().warp_size
        assert self.metadata.num_warps * warp_size <= self.n_max_threads

    @property
    def run(self):
        if self._run is None:
            self._init_handles()
        return self._run

    def __getitem__(self, grid):
        self._init_handles()

        def runner(*args, stream=None):
            if stream is None:
                device = driver.active.get_current_device()
                stream = driver.active.get_current_stream(device)
            self.run(grid[0], grid[1], grid[2], stream, self.function,
                     self.packed_metadata, None, None, None, *args)
        return runner

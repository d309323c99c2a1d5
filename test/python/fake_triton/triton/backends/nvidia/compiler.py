# Stand-in for triton/backends/nvidia/compiler.py: the options and the "ttir"
# stage Trident's backend borrows. The "ttir" stage passes the text through.
import hashlib
from dataclasses import dataclass

from ..compiler import BaseBackend, Language


@dataclass(frozen=True)
class CUDAOptions:
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 3
    debug: bool = False
    arch: str = None
    backend_name: str = "cuda"

    def hash(self):
        key = "_".join("%s-%s" % kv for kv in sorted(self.__dict__.items()))
        return hashlib.sha256(key.encode()).hexdigest()


class CUDABackend(BaseBackend):

    @staticmethod
    def supports_target(target):
        return target.backend == "cuda"

    def __init__(self, target):
        super().__init__(target)
        self.binary_ext = "cubin"

    def hash(self):
        return "cuda-%s" % self.target.arch

    def parse_options(self, opts):
        args = {"arch": "sm%s" % self.target.arch}
        args.update({k: opts[k] for k in CUDAOptions.__dataclass_fields__
                     if k in opts and opts[k] is not None})
        return CUDAOptions(**args)

    def add_stages(self, stages, options, language):
        assert language == Language.TRITON
        stages["ttir"] = lambda src, metadata: src
        stages["ttgir"] = lambda src, metadata: 1 / 0
        stages["cubin"] = lambda src, metadata: 1 / 0

    def load_dialects(self, context):
        pass

    def get_module_map(self):
        return {"triton.language.extra.libdevice": None}

    def get_codegen_implementation(self, options):
        return {"min_dot_size": lambda *a: (16, 16, 16)}

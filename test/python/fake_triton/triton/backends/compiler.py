# Stand-in for triton/backends/compiler.py: GPUTarget, Language, BaseBackend.
from abc import ABCMeta, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Union


@dataclass(frozen=True)
class GPUTarget(object):
    backend: str
    arch: Union[int, str]
    warp_size: int


class Language(Enum):
    TRITON = 0
    GLUON = 1


class BaseBackend(metaclass=ABCMeta):

    def __init__(self, target):
        self.target = target
        assert self.supports_target(target)

    @staticmethod
    @abstractmethod
    def supports_target(target):
        raise NotImplementedError

    @abstractmethod
    def hash(self):
        raise NotImplementedError

    @abstractmethod
    def parse_options(self, options):
        raise NotImplementedError

    @abstractmethod
    def add_stages(self, stages, options, language):
        raise NotImplementedError

    @abstractmethod
    def load_dialects(self, context):
        raise NotImplementedError

    @abstractmethod
    def get_module_map(self):
        raise NotImplementedError

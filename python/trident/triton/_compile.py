"""Compiling TTIR text with Trident, in this process or in a child.

Triton's libtriton carries its own copy of LLVM and MLIR; Trident's compiler
links Debian's shared libLLVM/libMLIR. Two modes (TRIDENT_TRITON_COMPILE):

- "subprocess" (default): one persistent child process (`python -m
  trident.triton._server`) that imports trident but never triton compiles
  every kernel; the two LLVMs never share an address space.
- "inprocess": trident.compile here. ctypes opens libTridentCompiler with
  RTLD_LOCAL and Python opens libtriton the same way, so neither LLVM's
  symbols are global; this saves a pipe round trip per kernel.

Both return a CompiledBundle: the bundle's bytes and what Triton's metadata
needs from it.
"""

import functools
import json
import os
import struct
import subprocess
import sys
import threading

from . import _targets


class CompiledBundle:
    """A compiled kernel as the backend stores it."""

    __slots__ = ("data", "name", "num_warps", "shared", "target",
                 "threads_per_warp", "notes")

    def __init__(self, data, name, num_warps, shared, target,
                 threads_per_warp, notes=""):
        self.data = data
        self.name = name
        self.num_warps = num_warps
        self.shared = shared
        self.target = target
        self.threads_per_warp = threads_per_warp
        self.notes = notes

    @classmethod
    def of_kernel(cls, kernel):
        return cls(bytes(kernel.bundle), kernel.name, int(kernel.num_warps),
                   int(kernel.shared_bytes), kernel.target,
                   int(getattr(kernel, "threads_per_warp", 0) or 0),
                   getattr(kernel, "notes", "") or "")

    def header(self):
        return {"name": self.name, "num_warps": self.num_warps,
                "shared": self.shared, "target": self.target,
                "threads_per_warp": self.threads_per_warp,
                "notes": self.notes, "size": len(self.data)}


def request(text, target, num_warps, num_stages, num_ctas, options,
            keep_stages=False):
    """The one compile request both modes take."""
    return {"src": text, "target": target, "num_warps": num_warps,
            "num_stages": num_stages, "num_ctas": num_ctas,
            "options": dict(options), "keep_stages": bool(keep_stages)}


def compile_request(req):
    """Runs one request with trident.compile in this process."""
    import trident
    if req.get("op") == "version":
        return CompiledBundle(b"", trident.version(), 0, 0, "", 0)
    if req.get("op") == "stages":
        return CompiledBundle(b"", ",".join(trident.stages(req["target"])),
                              0, 0, req["target"], 0)
    kernel = trident.compile(req["src"], target=req["target"],
                             num_warps=req["num_warps"] or None,
                             num_stages=req["num_stages"] or None,
                             num_ctas=req["num_ctas"] or None,
                             source_name=req.get("source_name") or None,
                             keep_stages=req.get("keep_stages", False),
                             **req["options"])
    return CompiledBundle.of_kernel(kernel)


_inprocess_lock = threading.Lock()


def _compile_inprocess(req):
    with _inprocess_lock:
        return compile_request(req)


# The wire format of the compile server, both ways: a 4-byte little-endian
# length, then that many bytes of JSON; a reply to a compile that succeeded
# is followed by the bundle's bytes (its length is the JSON's "size").
def write_message(stream, message, payload=b""):
    data = json.dumps(message).encode("utf-8")
    stream.write(struct.pack("<I", len(data)))
    stream.write(data)
    if payload:
        stream.write(payload)
    stream.flush()


def _read_exactly(stream, size):
    chunks = []
    while size:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_message(stream):
    head = _read_exactly(stream, 4)
    if head is None:
        return None
    (size,) = struct.unpack("<I", head)
    body = _read_exactly(stream, size)
    if body is None:
        return None
    return json.loads(body.decode("utf-8"))


class CompileServer:
    """The persistent child process of the "subprocess" mode. Started on the
    first kernel; one request at a time (a lock serializes threads); a child
    that died is started again on the next request."""

    def __init__(self):
        self._lock = threading.Lock()
        self._process = None
        self._owner = None

    def _start(self):
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [package_root] + [p for p in env.get("PYTHONPATH", "").split(
                os.pathsep) if p])
        self._process = subprocess.Popen(
            [sys.executable, "-m", "trident.triton._server"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
            close_fds=True)
        self._owner = os.getpid()

    def compile(self, req):
        from trident import TridentError
        with self._lock:
            if self._owner != os.getpid():
                # A fork (a compile worker) shares the parent's pipes: it
                # starts a server of its own and leaves the parent's alone.
                self._process = None
            if self._process is None or self._process.poll() is not None:
                self._start()
            process = self._process
            try:
                write_message(process.stdin, req)
                reply = read_message(process.stdout)
                payload = None
                if reply is not None and reply.get("ok"):
                    payload = _read_exactly(process.stdout, reply["size"])
            except (BrokenPipeError, OSError):
                reply = None
            except BaseException:
                # Interrupted mid-exchange (KeyboardInterrupt, a test
                # timeout's exception): the reply still on its way would be
                # read as the next request's, handing that kernel this
                # one's bundle. The server goes; the next request starts one.
                self._process = None
                process.kill()
                process.wait()
                raise
            if reply is None or (reply.get("ok") and payload is None):
                code = process.poll()
                self._process = None
                raise TridentError(
                    "the Trident compile server stopped (exit status %s) "
                    "while compiling; its diagnostics are on stderr; "
                    "TRIDENT_TRITON_COMPILE=inprocess compiles in this "
                    "process instead" % code)
        if not reply["ok"]:
            raise TridentError(reply["error"])
        return CompiledBundle(payload, reply["name"], reply["num_warps"],
                              reply["shared"], reply["target"],
                              reply["threads_per_warp"], reply["notes"])

    def close(self):
        with self._lock:
            process, self._process = self._process, None
            mine = self._owner == os.getpid()
        if mine and process is not None and process.poll() is None:
            try:
                process.stdin.close()
                process.wait(timeout=5)
            except Exception:
                process.kill()


_server = CompileServer()


def compile_ttir(text, target, num_warps=None, num_stages=None, num_ctas=None,
                 options=(), mode=None, source_name=None, keep_stages=False):
    """Compiles TTIR text for a Trident target string into a
    CompiledBundle, in the mode TRIDENT_TRITON_COMPILE selects (or
    `mode`); with `keep_stages` the bundle carries every IR stage's text."""
    mode = mode or _targets.compile_mode()
    req = request(text, target, num_warps, num_stages, num_ctas, options,
                  keep_stages)
    if source_name:
        req["source_name"] = source_name
    if mode == "inprocess":
        return _compile_inprocess(req)
    return _server.compile(req)


@functools.lru_cache(maxsize=None)
def compiler_version(mode=None):
    """The Trident compiler's version string, asked where kernels are
    compiled (so "subprocess" never loads libTridentCompiler here)."""
    mode = mode or _targets.compile_mode()
    req = {"op": "version"}
    if mode == "inprocess":
        return _compile_inprocess(req).name
    return _server.compile(req).name


@functools.lru_cache(maxsize=None)
def stage_names(target, mode=None):
    """The names of a Trident target's stages, "ttir" first, asked where
    kernels are compiled."""
    mode = mode or _targets.compile_mode()
    req = {"op": "stages", "target": target}
    reply = (_compile_inprocess(req) if mode == "inprocess"
             else _server.compile(req))
    return tuple(reply.name.split(","))


def shutdown():
    """Stops the compile server (it also stops when this process ends)."""
    _server.close()

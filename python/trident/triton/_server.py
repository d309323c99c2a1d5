"""The compile server of TRIDENT_TRITON_COMPILE=subprocess.

Run by trident.triton._compile as `python -m trident.triton._server`: reads
compile requests on stdin and answers on stdout (the framing of
_compile.write_message). It imports trident only, never triton, so Trident's
LLVM is the only one in this process. Anything else that writes to stdout
(a library's stray print) is sent to stderr so it cannot corrupt a reply.
"""

import os
import sys


def main():
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    protocol_in = sys.stdin.buffer

    from trident.triton import _compile

    try:
        return serve(_compile, protocol_in, protocol_out)
    except BrokenPipeError:
        # The client went away (its process ended, or a timeout killed it)
        # while a reply was being written: nothing is left to answer.
        return 0


def serve(_compile, protocol_in, protocol_out):
    while True:
        req = _compile.read_message(protocol_in)
        if req is None:
            return 0
        try:
            result = _compile.compile_request(req)
        except Exception as error:  # a reply for every request, never a crash
            message = str(error) or type(error).__name__
            _compile.write_message(protocol_out, {"ok": False,
                                                  "error": message})
            continue
        header = result.header()
        header["ok"] = True
        _compile.write_message(protocol_out, header, result.data)


if __name__ == "__main__":
    sys.exit(main())

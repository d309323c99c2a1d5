"""Runs a command and checks its exit status: `exit-code.py N CMD ARGS...`.

The command's stdout and stderr pass through unchanged. Succeeds only if the
command exited by itself with status N: a command killed by a signal fails,
whatever N is, so no test can pass on a crash.
"""

import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status < 0:
    sys.stderr.write("exit-code.py: %s was killed by signal %d\n" % (sys.argv[2], -status))
    sys.exit(1)
if status != expected:
    sys.stderr.write("exit-code.py: %s exited with %d, expected %d\n" % (sys.argv[2], status, expected))
    sys.exit(1)

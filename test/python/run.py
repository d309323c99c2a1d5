#!/usr/bin/env python3
# Runs one module of the `trident` package's tests with unittest, as ctest
# does (test/python/CMakeLists.txt):
#
#   run.py MODULE [unittest arguments]
#
# The package comes from PYTHONPATH (the source tree's python/) and the
# libraries from TRIDENT_BUILD_DIR. Without numpy the tests cannot make
# buffers: this prints why and exits 77, which ctest reports as skipped. So
# does a build without the cpu target these tests run on: CMake then sets
# TRIDENT_TEST_SKIP to the reason.

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) < 2:
        print("usage: run.py MODULE [unittest arguments]", file=sys.stderr)
        return 2
    if os.environ.get("TRIDENT_TEST_SKIP"):
        print("SKIP: " + os.environ["TRIDENT_TEST_SKIP"])
        return 77
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("SKIP: numpy is not installed for %s (%s); install Debian's "
              "python3-numpy, or configure with -DTRIDENT_PYTHON=<an interpreter that "
              "has it>" % (sys.executable, sys.version.split()[0]))
        return 77
    sys.path.insert(0, HERE)
    program = unittest.main(module=sys.argv[1], argv=[sys.argv[0]] + sys.argv[2:],
                            exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())

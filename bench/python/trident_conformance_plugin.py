"""pytest plugin of bench/python/conformance.py: activates the Trident target
named by TRIDENT_CONFORMANCE_TARGET ("cpu", "nvidia", "nvidia:sm_90") before
any test module is imported, in the main process and in every pytest-xdist
worker (each loads the plugins named with -p), so upstream Triton's tests
compile and launch every kernel through Trident.

    TRIDENT_CONFORMANCE_TARGET=cpu python -m pytest -p trident_conformance_plugin ...
"""

import os


def pytest_configure(config):
    target = os.environ.get("TRIDENT_CONFORMANCE_TARGET")
    if not target:
        return
    import trident.triton
    name = trident.triton.activate(target)
    config.stash_trident_target = name


def pytest_report_header(config):
    target = getattr(config, "stash_trident_target", None)
    if target is None:
        return "trident: not active (TRIDENT_CONFORMANCE_TARGET unset)"
    import trident.triton
    return "trident: target %s, compile mode %s" % (
        target, trident.triton.compile_mode())

"""Runs one upstream Triton tutorial with a Trident target active, for
bench/python/conformance.py:

    python tutorial_runner.py TARGET TUTORIAL.py

The tutorial's correctness part runs as written (it reads its device from
triton.runtime.driver.active, which is Trident's driver here). Its benchmark
section (triton.testing.perf_report) runs each provider on the first
TRIDENT_TUTORIAL_POINTS x values (default 1) and prints the numbers, with no
plots and no pandas/matplotlib, so a tutorial takes seconds, not minutes.
With TRIDENT_TUTORIAL_CONFIGS=N (default 0: all), @triton.autotune tries
only the first N configurations left after the tutorial's own pruning: on
the cpu target each configuration costs a compile and seconds of timing,
and tutorial 06 lists 36 of them.
torch.cpu has Stream and current_stream but no set_stream, which tutorial
02's benchmark calls for its device type: on cpu the runner adds one that
does nothing (the cpu device has one stream).
Exit status 0 when the script ran to its end.
"""

import os
import runpy
import sys


def _reduced_run(points):

    def run(self, show_plots=False, print_data=False, save_path="",
            return_df=False, **kwargs):
        benchmarks = (self.benchmarks if isinstance(self.benchmarks, list)
                      else [self.benchmarks])
        for bench in benchmarks:
            names = (bench.x_names if isinstance(bench.x_names, list)
                     else [bench.x_names])
            for x in list(bench.x_vals)[:points]:
                values = x if isinstance(x, (list, tuple)) else [x] * len(
                    names)
                x_args = dict(zip(names, values))
                for provider in bench.line_vals:
                    result = self.fn(**x_args, **{bench.line_arg: provider},
                                     **bench.args, **kwargs)
                    print("%s %s %s: %s" % (bench.plot_name, x_args,
                                            provider, result), flush=True)
        return None

    return run


def _capped_autotuning(limit):
    from triton.runtime.autotuner import Autotuner
    prune = Autotuner.prune_configs

    def prune_configs(self, kwargs):
        return list(prune(self, kwargs))[:limit]

    Autotuner.prune_configs = prune_configs


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    target, path = sys.argv[1], os.path.abspath(sys.argv[2])
    import triton.testing
    import trident.triton
    trident.triton.activate(target)
    points = int(os.environ.get("TRIDENT_TUTORIAL_POINTS", "1"))
    triton.testing.Mark.run = _reduced_run(points)
    import torch
    if not hasattr(torch.cpu, "set_stream"):
        torch.cpu.set_stream = lambda stream: None
    configs = int(os.environ.get("TRIDENT_TUTORIAL_CONFIGS", "0"))
    if configs > 0:
        _capped_autotuning(configs)
    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")
    print("tutorial finished: %s on %s" % (os.path.basename(path),
                                           trident.triton.active_target()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

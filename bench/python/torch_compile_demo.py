#!/usr/bin/env python3
"""torch.compile through Trident: an MLP and a transformer block, eager
against compiled, with Inductor's Triton kernels compiled by Trident.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build \\
        python3 bench/python/torch_compile_demo.py [--device cpu|cuda]

--device cpu (default): torch._inductor.config.cpu_backend = "triton", so
Inductor writes Triton kernels for CPU tensors; Trident's `cpu` target (the
entry point `cpu` in group triton.backends) compiles and runs them.
--device cuda: Trident's nvidia target for the GPU (or --target
nvidia:sm_NN) replaces Triton's CUDA backend for the run.

Prints one PASS/FAIL line per case (the largest difference against eager and
how many kernels Trident compiled) and exits 1 when any case fails. A case
in which Trident compiled no kernel fails too: Inductor then ran something
else. Triton's cache is a fresh temporary directory, so every kernel is
compiled here.
"""

import argparse
import os
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                "python"))
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(
    prefix="trident-demo-triton-cache-"))


def build_cases(torch, device, dtype):
    nn = torch.nn
    torch.manual_seed(0)

    class MLP(nn.Module):

        def __init__(self, d, hidden):
            super().__init__()
            self.fc1 = nn.Linear(d, hidden)
            self.fc2 = nn.Linear(hidden, d)

        def forward(self, x):
            return self.fc2(torch.nn.functional.gelu(self.fc1(x)))

    class Block(nn.Module):
        """Pre-norm transformer block: attention written out (softmax
        and the masks become Triton kernels) and a GELU MLP."""

        def __init__(self, d, heads):
            super().__init__()
            self.heads = heads
            self.ln1 = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)
            self.ln2 = nn.LayerNorm(d)
            self.mlp = MLP(d, 4 * d)

        def forward(self, x):
            b, t, d = x.shape
            h = self.heads
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
            q = q.view(b, t, h, d // h).transpose(1, 2)
            k = k.view(b, t, h, d // h).transpose(1, 2)
            v = v.view(b, t, h, d // h).transpose(1, 2)
            scores = (q @ k.transpose(-2, -1)) * (d // h) ** -0.5
            causal = torch.ones(t, t, dtype=torch.bool,
                                device=x.device).tril()
            scores = scores.masked_fill(~causal, float("-inf"))
            attn = torch.softmax(scores, dim=-1) @ v
            x = x + self.proj(attn.transpose(1, 2).reshape(b, t, d))
            return x + self.mlp(self.ln2(x))

    mlp = MLP(64, 256).to(device, dtype).eval()
    block = Block(64, 4).to(device, dtype).eval()
    return [
        ("mlp", mlp, (torch.randn(32, 64, device=device, dtype=dtype),)),
        ("transformer_block", block,
         (torch.randn(2, 16, 64, device=device, dtype=dtype),)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--target", help="Trident target (default: cpu for "
                        "--device cpu, nvidia for --device cuda)")
    parser.add_argument("--atol", type=float, default=1e-4)
    parser.add_argument("--rtol", type=float, default=1e-4)
    args = parser.parse_args()

    import torch
    import torch._dynamo
    import torch._inductor.config as inductor_config
    import trident.triton

    target = args.target or ("cpu" if args.device == "cpu" else "nvidia")
    if args.device == "cuda" and not torch.cuda.is_available():
        print("FAIL setup: --device cuda but torch sees no CUDA device")
        return 1
    inductor_config.cpu_backend = "triton"
    # Compile in this process: Inductor's worker processes would not have
    # Trident activated (a cpu kernel would still find the `cpu` entry
    # point, a CUDA one would go to Triton's own backend).
    inductor_config.compile_threads = 1
    # Generated code from an earlier run (cached by Inductor) would hide
    # whether this run compiles through Trident.
    inductor_config.fx_graph_cache = False
    if hasattr(inductor_config, "use_static_cuda_launcher"):
        # The static launcher loads cubins itself; Trident's kernels are
        # bundles launched through the Triton driver.
        inductor_config.use_static_cuda_launcher = False
    print("trident target %s, compile mode %s, Triton cache %s" % (
        trident.triton.activate(target), trident.triton.compile_mode(),
        os.environ["TRITON_CACHE_DIR"]), flush=True)

    failures = 0
    with torch.no_grad():
        for name, model, inputs in build_cases(torch, args.device,
                                               torch.float32):
            torch._dynamo.reset()
            before = trident.triton.compiled_kernels()
            try:
                expected = model(*inputs)
                compiled = torch.compile(model)
                got = compiled(*inputs)
                got = compiled(*inputs)  # a second call reuses the kernels
                if args.device == "cuda":
                    torch.cuda.synchronize()
                kernels = trident.triton.compiled_kernels() - before
                error = (got - expected).abs().max().item()
                close = torch.allclose(got, expected, atol=args.atol,
                                       rtol=args.rtol)
                ok = close and kernels > 0
                why = "" if close else " (outside atol %g rtol %g)" % (
                    args.atol, args.rtol)
                if kernels == 0:
                    why += " (Trident compiled no kernel)"
                print("%s %s on %s: max abs error %.3g, %d Trident kernels%s"
                      % ("PASS" if ok else "FAIL", name, target, error,
                         kernels, why), flush=True)
            except Exception as error:  # one line per case, then go on
                ok = False
                traceback.print_exc()
                print("FAIL %s on %s: %s: %s" % (
                    name, target, type(error).__name__,
                    str(error).splitlines()[0] if str(error) else ""),
                    flush=True)
            failures += not ok
    trident.triton.deactivate()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""trident.triton against the real Triton: a @triton.jit vector add on
torch CPU tensors through Trident's cpu target. Skipped, with the reason,
where Triton or torch is not installed (this machine's CI has neither; the
GPU machine has both, see docs/python.md)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                "python"))

try:
    import torch
    import triton
    import triton.language as tl
    MISSING = None
except Exception as error:  # ImportError, or a broken install
    MISSING = "%s: %s" % (type(error).__name__, error)


@unittest.skipIf(MISSING is not None, "Triton and torch are needed (%s)" %
                 MISSING)
class RealTriton(unittest.TestCase):

    def test_vadd_cpu(self):
        import trident.triton

        @triton.jit
        def vadd(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            x = tl.load(x_ptr + offs, mask=mask)
            y = tl.load(y_ptr + offs, mask=mask)
            tl.store(out_ptr + offs, x + y, mask=mask)

        n = 4099
        x = torch.rand(n)
        y = torch.rand(n)
        out = torch.empty(n)
        with trident.triton.target("cpu"):
            vadd[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
        torch.testing.assert_close(out, x + y, rtol=0, atol=0)


if __name__ == "__main__":
    unittest.main()

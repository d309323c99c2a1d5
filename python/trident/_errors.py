"""The one exception type of the package."""


class TridentError(RuntimeError):
    """A compile, load or launch failed, or a call's arguments are wrong.

    The message is one line (or, from the compiler, its diagnostics, each
    starting with ``file:line:col: ``): what failed, why, and what to do.
    """

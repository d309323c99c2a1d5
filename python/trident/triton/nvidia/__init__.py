"""The compiler and driver that activate("nvidia...") puts in the `nvidia`
entry of Triton's backend registry (Triton's own entry is put back by
deactivate()). Laid out like a discovered backend, so an entry point could
name it too; none does, because two backends accepting GPUTarget("cuda")
would make Triton refuse both.
"""

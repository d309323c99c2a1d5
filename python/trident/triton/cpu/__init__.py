"""The `cpu` entry of Triton's backend registry (entry point group
`triton.backends`, name `cpu`): Triton imports `trident.triton.cpu.compiler`
and `trident.triton.cpu.driver`. torch Inductor looks the backend up under
this name when `torch._inductor.config.cpu_backend = "triton"`.
"""

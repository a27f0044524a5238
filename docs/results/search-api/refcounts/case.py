"""The warmed-up case of a workloads file, for symbols.py and target.py."""

import importlib.util


def warmed_case(path: str, name: str):
    """The function running case ``name`` (``"uct 9"``) of the workloads file ``path``, run
    once already (its kernels loaded or compiled)."""
    spec = importlib.util.spec_from_file_location("workloads", path)
    workloads = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(workloads)
    case = next(c for c in workloads.CASES if f"{c[0]} {c[1]}" == name)
    run = workloads.workload(case)
    run()
    return run

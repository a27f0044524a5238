"""numba's on-disk cache: a second process start loads the kernels instead of compiling them."""

import json
import os
import subprocess
import sys

PROBE = """
import json
from hexswarm.engine.warmup import run_group
from hexswarm.engine.kernels.playout import playout_batch
from hexswarm.engine.kernels.winner import gale_winner_of_cells
run_group("playouts")
print(json.dumps({
    "misses": sum(k.stats.cache_misses.get(s, 0) for k in (playout_batch, gale_winner_of_cells)
                  for s in k.signatures),
    "hits": sum(k.stats.cache_hits.get(s, 0) for k in (playout_batch, gale_winner_of_cells)
                for s in k.signatures),
}))
"""


def run_probe(cache_dir):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_dir)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_second_start_loads_kernels_from_the_cache(tmp_path):
    first = run_probe(tmp_path)
    second = run_probe(tmp_path)
    assert first["misses"] >= 2 and first["hits"] == 0
    assert second["misses"] == 0 and second["hits"] >= 2


def test_source_fingerprint_follows_every_kernel_file(tmp_path):
    """The cache folder name changes when any kernel source changes (a helper inlined from
    another file included), and only then."""
    import importlib.util
    import shutil

    import hexswarm.engine.kernels as kernels_module

    copy = tmp_path / "kernels"
    shutil.copytree(
        os.path.dirname(kernels_module.__file__), copy, ignore=shutil.ignore_patterns("__pycache__")
    )

    def fingerprint() -> str:
        spec = importlib.util.spec_from_file_location("kernels_copy", copy / "__init__.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.source_fingerprint()

    first = fingerprint()
    assert first == kernels_module.source_fingerprint() and len(first) == 12
    assert fingerprint() == first
    helper = copy / "environment.py"
    helper.write_text(helper.read_text() + "\n# an edit\n")
    assert fingerprint() != first

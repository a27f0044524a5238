"""Private numba kernels on numpy arrays. Use them through the Python wrappers in ``engine``
(``engine.playout``, ``engine.search``); their signatures may change without notice."""

import hashlib
from pathlib import Path


def source_fingerprint() -> str:
    """A short hash of every kernel source file, to name numba's on-disk cache folder.

    numba re-validates a cached kernel against its own file only: a kernel that inlines a
    helper from another file keeps its stale machine code when only the helper changes (seen
    here). A cache folder named by this fingerprint is never shared by two different kernel
    sources, whatever the version number says. Reads files only; importing numba is not needed.
    """
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]

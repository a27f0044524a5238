"""Private numba kernels on numpy arrays. Use them through the Python wrappers in ``engine``
(``engine.playout``, ``engine.search``); their signatures may change without notice."""

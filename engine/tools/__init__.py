"""HexSwarm's tools, built on the library in :mod:`hexswarm.engine`: matches and round robins
(``match``, ``tournament``, ``distributed`` on Dask), the tuner (``tune``), benchmarks
(``bench``, ``search_bench``, the C reference in ``benchref``), the swarm lab (``lab``), the
sources' experiments (``thesis_match``, ``cluster_formation``), the tactics suites
(``tactics_suite``), match statistics (``stats``), slow reference implementations
(``reference``) and the OpenSpiel peer (``openspiel_peer``).

The library never imports anything from here (``tests/test_architecture.py`` holds the rules).
"""

"""HexSwarm's tools, built on the library in :mod:`hexswarm.engine`: matches and round robins
(``match``, ``games``, ``series``, ``tournament``, ``distributed`` on Dask), the tuner
(``tune``), benchmarks (``bench``, ``search_bench``, ``compile_bench``, ``analysis_bench``,
``dfpn_bench``, ``mohex_speed``, the C reference in ``benchref``), the swarm lab (``lab``), the
playout lab (``playout_lab``), pattern learning (``patterns``), the sources' experiments
(``thesis_match``, ``cluster_formation``), the tactics suites (``tactics_suite``,
``tactics_real``: positions from MoHex self-play labelled by MoHex's DFPN; ``mistakes``: the
decisive mistakes of lost games, found by the same solver), rectangular boards checked
(``rectangles``), match statistics (``stats``), the docs' tables (``report``), slow reference
implementations (``reference``, ``second_solver``) and the OpenSpiel peer (``openspiel_peer``).

The library never imports anything from here (``tests/test_architecture.py`` holds the rules).
"""

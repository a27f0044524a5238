"""The swarm lab's Qt side: charts of lab runs (``charts``), the ``hexswarm-lab`` command
(``cli``) and the Lab window (``window``). The experiments are in ``engine.tools.lab``."""

"""Bundled agent databases of the multi-agent playout policy (``engine.knowledge``)."""

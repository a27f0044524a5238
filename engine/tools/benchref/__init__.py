"""Benchmark-only compiled reference (C), built on demand with the system C compiler."""

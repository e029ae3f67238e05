"""Benchmarks: speed comparisons, run as scripts (``python -m benchmarks.compare``)."""

"""Benchmark: speed and cost as history and tables grow. Run with `python -m bench`."""

"""The benchmarks behind docs/performance.md: ``python -m bench`` (``make bench``)."""

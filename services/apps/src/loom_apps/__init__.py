"""Loom's app host: tests, loads and serves the modules the code generator writes."""

"""Dry run: a model run on the engine in a throwaway in-memory store against the live organisation."""

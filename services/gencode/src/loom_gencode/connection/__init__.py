"""Reaching a database: the kinds and their drivers, URLs, a cache of engines, passwords sealed at rest."""

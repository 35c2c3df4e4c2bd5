"""Persistence of the engine: Flowable-shaped tables and the PostgreSQL store."""

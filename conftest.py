"""Shared pytest fixtures for every service: real PostgreSQL and NATS."""

pytest_plugins = ["loom_platform.testing.fixtures"]

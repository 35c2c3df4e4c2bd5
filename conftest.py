"""Shared pytest fixtures for every service: real PostgreSQL and NATS."""

from hypothesis import settings

pytest_plugins = ["loom_platform.testing.fixtures"]

# Property tests check what is generated, not how fast: on a busy two-core machine one example may
# take longer than Hypothesis's default 200 ms deadline, which then fails a correct test.
settings.register_profile("loom", deadline=None)
settings.load_profile("loom")

"""Alembic environment of sys: every table of ``loom_sys.models``."""

import loom_sys.models  # noqa: F401  (registers the tables)
from loom_platform.migrations import run_env
from sqlmodel import SQLModel

run_env(SQLModel.metadata)

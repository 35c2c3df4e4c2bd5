"""Alembic environment of sys: every table of ``loom_sys.models``."""

from sqlmodel import SQLModel

import loom_sys.models  # noqa: F401  (registers the tables)
from loom_platform.migrations import run_env

run_env(SQLModel.metadata)

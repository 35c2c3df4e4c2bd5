"""Alembic environment of workflow: every table of ``loom_workflow.models``."""

from sqlmodel import SQLModel

import loom_workflow.models  # noqa: F401  (registers the tables)
from loom_platform.migrations import run_env

run_env(SQLModel.metadata)

"""Alembic environment of the apps service."""

from sqlmodel import SQLModel

import loom_apps.models  # noqa: F401  (registers every table)
from loom_platform.migrations import run_env

run_env(SQLModel.metadata)

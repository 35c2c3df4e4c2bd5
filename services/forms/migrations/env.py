"""Alembic environment of the forms service."""

from sqlmodel import SQLModel

import loom_forms.models  # noqa: F401  (registers every table)
from loom_platform.migrations import run_env

run_env(SQLModel.metadata)

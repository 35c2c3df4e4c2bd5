"""Where migrations are kept: each batch (the plan it ran with, who asked, how far it got) and one
row per instance of it (moved, or left in place with the reason): the report."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now

QUEUED, RUNNING, DONE = "queued", "running", "done"
MOVED, LEFT = "moved", "left"


class MigrationBatch(SQLModel, table=True):
    """A migration of instances from one version to another: the mapping by hand (JSON), the
    variables to set, and the counts once its instances are done."""

    __tablename__ = "wf_migration_batch"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    source_def_id: str = Field(max_length=64, index=True)
    target_def_id: str = Field(max_length=64)
    mapping: str = Field(sa_column=Column(Text, nullable=False))
    variables: str = Field(sa_column=Column(Text, nullable=False))
    status: str = Field(default=QUEUED, max_length=16)
    total: int = 0
    moved: int = 0
    left_in_place: int = 0
    create_by: str | None = Field(default=None, max_length=64)
    create_date: datetime = Field(
        default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    finish_date: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))


class MigrationItem(SQLModel, table=True):
    """One instance of a batch: queued, moved (with what changed, JSON) or left (with the reason)."""

    __tablename__ = "wf_migration_item"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    batch_id: str = Field(max_length=64, index=True)
    proc_inst_id: str = Field(max_length=64)
    status: str = Field(default=QUEUED, max_length=16)
    reason: str | None = Field(default=None, sa_column=Column(Text))
    changes: str | None = Field(default=None, sa_column=Column(Text))
    finish_date: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))

"""Where process tests are kept: a model's cases (the draft, and a copy per deployed version) and
each publication that went ahead over failing cases, with its reason."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class ProcessTestSuite(SQLModel, table=True):
    """A model's cases as JSON (``CaseSuite``): version 0 is the draft the designer edits; deploying
    copies it under the version it deployed, so each version keeps the cases it was published with."""

    __tablename__ = "wf_process_test"
    __table_args__ = (UniqueConstraint("model_id", "version", name="uq_wf_process_test"),)

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    model_id: str = Field(max_length=64)
    version: int = Field(default=0)
    cases: str = Field(sa_column=Column(Text, nullable=False))
    update_by: str | None = Field(default=None, max_length=64)
    update_date: datetime = Field(
        default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False)
    )


class ProcessTestOverride(SQLModel, table=True):
    """A publication over failing cases: who, why, which version, and which cases failed."""

    __tablename__ = "wf_process_test_override"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    model_id: str = Field(max_length=64, index=True)
    process_key: str = Field(max_length=255)
    version: int
    reason: str = Field(sa_column=Column(Text, nullable=False))
    failed: str = Field(sa_column=Column(Text, nullable=False))
    create_by: str | None = Field(default=None, max_length=64)
    create_date: datetime = Field(
        default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False)
    )

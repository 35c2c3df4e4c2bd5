"""Form data of processes: one JSON document per definition version and business key."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field

from loom_platform.records import Authored


class ProcessFormData(Authored, table=True):
    """The values a process holds for one form version and business key."""

    __tablename__ = "form_process_data"
    __table_args__ = (UniqueConstraint("json_id", "business_key"),)

    json_id: str = Field(max_length=64, index=True)
    business_key: str = Field(max_length=128, index=True)
    process_instance_id: str | None = Field(default=None, max_length=64, index=True)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))


class ProcessFormSubmission(Authored, table=True):
    """One task's write of process form data, a version of its history (who changed what); the task
    id makes a retried call change nothing."""

    __tablename__ = "form_process_submission"

    task_id: str = Field(max_length=64, unique=True)
    data_id: str = Field(max_length=64, index=True)
    fields: list[str] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    user_id: str | None = Field(default=None, max_length=64)
    process_instance_id: str | None = Field(default=None, max_length=64, index=True)
    # [{field, label, before, after}] of the fields whose value this save changed.
    changes: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSONB, nullable=False, server_default="[]")
    )

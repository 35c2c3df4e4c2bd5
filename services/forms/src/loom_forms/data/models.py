"""Form data of processes: one JSON document per definition version and business key."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field

from loom_forms.common import Stamped


class ProcessFormData(Stamped, table=True):
    """The values a process holds for one form version and business key."""

    __tablename__ = "form_process_data"
    __table_args__ = (UniqueConstraint("json_id", "business_key"),)

    json_id: str = Field(max_length=64, index=True)
    business_key: str = Field(max_length=128, index=True)
    process_instance_id: str | None = Field(default=None, max_length=64)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))


class ProcessFormSubmission(Stamped, table=True):
    """One task's write of process form data; the task id makes a retried call change nothing."""

    __tablename__ = "form_process_submission"

    task_id: str = Field(max_length=64, unique=True)
    data_id: str = Field(max_length=64)
    fields: list[str] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))

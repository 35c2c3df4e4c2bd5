"""In-app notices: one row per user and thing they should hear of (a new task, a copy, an urge, a
deadline, the result of their request), read or unread."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from loom_platform.wire import now

TASK, COPY, URGE, DEADLINE, RESULT = "task", "copy", "urge", "deadline", "result"
KINDS = (TASK, COPY, URGE, DEADLINE, RESULT)


class Notice(SQLModel, table=True):
    """A notice for one user. ``source`` makes a redelivered event (or a task both created and
    assigned in one command) add nothing: one notice per user and source."""

    __tablename__ = "wf_notice"
    __table_args__ = (
        UniqueConstraint("user_id", "source", name="uq_wf_notice_source"),
        Index("ix_wf_notice_user", "user_id", "read_flag", "create_date"),
    )

    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=64)
    kind: str = Field(max_length=16)
    source: str = Field(max_length=160)
    proc_inst_id: str = Field(default="", max_length=64)
    task_id: str = Field(default="", max_length=64)
    # The request's title, and what happened (the task's name, the urge's message, the result).
    title: str = Field(default="", max_length=255)
    detail: str = Field(default="", max_length=500)
    # '0' unread, '1' read.
    read_flag: str = Field(default="0", max_length=1)
    create_date: datetime = Field(
        default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False)
    )

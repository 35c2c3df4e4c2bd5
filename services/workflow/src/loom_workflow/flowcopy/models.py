from __future__ import annotations

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field

from loom_platform.records import Record


class FlowCopy(Record, table=True):
    """One copy of an instance for one receiver (``create_by`` is the sender). ``status`` '0'
    unread, '1' read. Copying the same node of an instance to the same user again adds nothing."""

    __tablename__ = "wf_flow_copy"
    __table_args__ = (
        UniqueConstraint("user_id", "proc_ins_id", "task_id", name="uq_wf_flow_copy"),
        Index("ix_wf_flow_copy_user", "user_id", "status", "create_date"),
    )

    user_id: str = Field(max_length=64)
    proc_def_id: str = Field(max_length=64)
    proc_ins_id: str = Field(max_length=64, index=True)
    proc_def_name: str | None = Field(default=None, max_length=255)
    proc_ins_name: str | None = Field(default=None, max_length=255)
    task_id: str = Field(default="", max_length=64)
    task_name: str | None = Field(default=None, max_length=255)
    status: str = Field(default="0", max_length=1)

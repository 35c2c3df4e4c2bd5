"""Operation and login logs (JeePlus ``sys_log``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, Text
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now

# Log types, as JeePlus's dictionary ``sys_log_type``.
LOGIN = "1"
ACCESS = "2"
EXCEPTION = "3"
OPERATION = "4"


class Log(SQLModel, table=True):
    """Who did what, when, through which route, on which records, and how it ended."""

    __tablename__ = "sys_log"
    __table_args__ = (
        Index("ix_sys_log_create_date", "create_date"),
        Index("ix_sys_log_type_create_date", "type", "create_date"),
        Index("ix_sys_log_create_by_create_date", "create_by", "create_date"),
        # a "contains" search becomes ``= ANY(values)`` over these (``log/terms.py``); sort by title
        Index("ix_sys_log_request_uri_create_date", "request_uri", "create_date"),
        Index("ix_sys_log_create_by_name_create_date", "create_by_name", "create_date"),
        Index("ix_sys_log_title", "title"),
        # the other sortable columns (log/service.py SORTABLE): a sort reads a page of each month
        Index("ix_sys_log_record_time", "record_time"),
        Index("ix_sys_log_request_type", "request_type"),
        Index("ix_sys_log_remote_addr", "remote_addr"),
    )

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    type: str = Field(default=OPERATION, max_length=1)
    # the zh-CN title ("请假单 · 修改") and the en-US one (``log/titles.py``)
    title: str | None = Field(default=None, max_length=255)
    title_en: str | None = Field(default=None, max_length=255)
    service: str | None = Field(default=None, max_length=50)
    remote_addr: str | None = Field(default=None, max_length=255)
    user_agent: str | None = Field(default=None, max_length=255)
    request_uri: str | None = Field(default=None, max_length=1000)
    request_type: str | None = Field(default=None, max_length=10)
    method: str | None = Field(default=None, max_length=255)
    params: str | None = Field(default=None, sa_type=Text)
    record_ids: str | None = Field(default=None, max_length=2000)
    before: str | None = Field(default=None, sa_type=Text)
    after: str | None = Field(default=None, sa_type=Text)
    # the labels of the fields before and after name: {table: {field: label}} as JSON
    labels: str | None = Field(default=None, sa_type=Text)
    result: str | None = Field(default=None, max_length=20)
    exception: str | None = Field(default=None, sa_type=Text)
    record_time: int | None = None
    create_by: str | None = Field(default=None, max_length=64)
    create_by_name: str | None = Field(default=None, max_length=100)
    # partitioned by month of create_date (migration 0007, ``log/partitions.py``): part of the key
    create_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True), primary_key=True)


class LogTerm(SQLModel, table=True):
    """A route or login name that some log row holds (``log/terms.py``)."""

    __tablename__ = "sys_log_term"

    kind: str = Field(primary_key=True, max_length=10)
    value: str = Field(primary_key=True, max_length=1000)

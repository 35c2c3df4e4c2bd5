"""The log of statements run with ``executeSql``: the text, who ran it, when, and what came of it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class SqlRun(SQLModel, table=True):
    """One run of a user's statement on a data source."""

    __tablename__ = "gen_sql_run"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    data_source_id: str = Field(max_length=64, index=True)
    sql_text: str = Field(sa_column=Column(Text, nullable=False))
    user_id: str = Field(max_length=64)
    login_name: str = Field(default="", max_length=100)
    ran_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    duration_ms: int = 0
    row_count: int | None = None
    error: str | None = Field(default=None, max_length=500)

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text
from sqlmodel import Field

from loom_platform.records import Record


class ExternalWorker(Record, table=True):
    """A worker's credentials: the topics it may fetch and the hash of its token (the token itself is
    shown once, when issued)."""

    __tablename__ = "wf_external_worker"

    name: str = Field(max_length=100, unique=True)
    topics: str = Field(sa_column=Column(Text, nullable=False))  # comma-separated
    enabled: str = Field(default="1", max_length=1)
    token_hash: str | None = Field(default=None, max_length=64)
    token_hint: str | None = Field(default=None, max_length=8)
    last_seen: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))

    def topic_set(self) -> frozenset[str]:
        """The topics as a set."""
        return frozenset(t.strip() for t in self.topics.split(",") if t.strip())

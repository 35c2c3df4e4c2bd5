"""What the generator wrote last: the base of the next regeneration's three-way merge."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text
from sqlmodel import Field, SQLModel


class GeneratedFile(SQLModel, table=True):
    """A file as it was rendered when last written (not as merged or hand-edited since)."""

    __tablename__ = "gen_generated_file"

    path: str = Field(primary_key=True, max_length=1000)  # relative to the workspace root
    gen_table_id: str = Field(max_length=64, index=True, foreign_key="gen_table.id", ondelete="CASCADE")
    content: str = Field(sa_column=Column(Text, nullable=False))
    update_date: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
